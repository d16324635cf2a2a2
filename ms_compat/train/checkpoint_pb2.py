"""``mindspore.train.checkpoint_pb2``: the messages of MindSpore 2.10's ``checkpoint.proto``, built from its
recorded schema (see ms_compat/train/_pb2.py)."""
from ._pb2 import module_namespace as _namespace

globals().update(_namespace(__name__))
del _namespace

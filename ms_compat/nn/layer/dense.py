"""``mindspore.nn.layer.dense`` path: ``BiDense`` lives in ``basic.py``."""
from .basic import BiDense

__all__ = ["BiDense"]

"""Mirrors ``mindspore.mindrecord``: the MindRecord file format (``FileWriter``, ``FileReader``), readable and
writable without MindSpore, byte-compatible with it. Conversion tools (``Cifar10ToMR``...) are not provided."""
from .._missing import module_getattr as _mg
from .filereader import FileReader  # noqa: F401
from .filewriter import FileWriter  # noqa: F401

__all__ = ["FileWriter", "FileReader", "SUCCESS", "FAILED"]
SUCCESS = 0
FAILED = 1


def __getattr__(name):
    return _mg(__name__, name, {})

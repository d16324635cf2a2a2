"""``mindspore.nn``: Cell, layers, losses, optimizers, wrappers."""
from .cell import Cell
from .._missing import module_getattr as _mg

_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

"""``mindspore.experimental``: the PyTorch-style optimizers (``experimental.optim``)."""
from ..porting._missing import module_getattr as _mg

_LAZY = {"optim": "ms_compat.experimental.optim"}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

"""``mindspore._c_expression``: the names of MindSpore's C++ extension module that real packages import.
``TensorPy`` (the C++ base of ``mindspore.Tensor``, used in ``isinstance`` checks) is ms_compat's Tensor; the
dtype kinds are in ``typing``; ``amp`` is served by ``ms_compat.amp``. The other names are not provided yet."""
from ..porting._missing import module_getattr as _mg
from ..common.tensor import Tensor as TensorPy
from . import typing

_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

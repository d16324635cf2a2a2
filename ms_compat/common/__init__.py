"""``mindspore.common``: dtype, Tensor, Parameter, initializer."""
from . import dtype
from .parameter import Parameter, ParameterTuple
from .tensor import Tensor, tensor, is_tensor
from .._missing import module_getattr as _mg

_LAZY = {"initializer": "ms_compat.common.initializer", "set_seed": "ms_compat.context:set_seed",
         "jit": "ms_compat.common.jit:jit", "JitConfig": "ms_compat.common.jit:JitConfig"}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

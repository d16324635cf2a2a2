"""``mindspore.common``: dtype, Tensor, Parameter, initializer."""
from . import dtype
from .parameter import Parameter, ParameterTuple
from .tensor import Tensor, tensor, is_tensor
from ..porting._missing import module_getattr as _mg

_LAZY = {"initializer": "ms_compat.common.initializer", "set_seed": "ms_compat.context:set_seed",
         "jit": "ms_compat.common.jit:jit", "JitConfig": "ms_compat.common.jit:JitConfig"}

for _n in ("Int", "TensorType", "list_", "tuple_", "get_py_obj_dtype", "QuantDtype"):
    _LAZY[_n] = f"ms_compat.common.dtype_kinds:{_n}"
for _n in ("byte", "ubyte", "short", "ushort", "intc", "uintc", "intp", "uintp", "long", "cfloat", "cdouble",
           "float8_e4m3fn", "float8_e5m2", "dtype_to_pytype", "Type"):
    _LAZY[_n] = f"ms_compat.common.dtype_aliases:{_n}"
_LAZY.update({"DeviceCtx": "ms_compat.common.device_ctx:DeviceCtx", "_Function": "ms_compat.common._grad_function:_Function",
              "swap_tensors": "ms_compat.common.tensor_memory:swap_tensors",
              "RowTensor": "ms_compat.common.sparse_tensor:RowTensor"})


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

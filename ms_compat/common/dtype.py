"""MindSpore data types (``mindspore.common.dtype``, usually imported as ``mstype``).

Mirrors ``mindspore.common.dtype``. Difference: every concrete MindSpore dtype *is* the matching
``torch.dtype`` object (``mstype.float32 is torch.float32``), so it works wherever PyTorch expects a
dtype and tensors report it from ``.dtype`` without conversion. The price is the repr:
``repr(mstype.float32)`` is ``torch.float32`` (MindSpore prints ``mindspore.float32``); use
:func:`dtype_repr` / :func:`dtype_str` for MindSpore's spellings (``mindspore.float32`` / ``Float32``),
which ms_compat uses in every Tensor/Parameter repr and checkpoint.
"""
from __future__ import annotations

import warnings

import numpy as np
import torch

__all__ = [
    "float16", "half", "float32", "single", "float", "float64", "double", "bfloat16",
    "int8", "int16", "int32", "int64", "int", "uint8", "uint16", "uint32", "uint64",
    "bool_", "complex64", "complex128", "float_", "int_", "uint", "number", "string",
    "type_none", "tensor_type", "float_type", "int_type", "uint_type", "all_types",
    "dtype_to_nptype", "pytype_to_dtype", "dtype_str", "dtype_repr", "to_torch_dtype",
    "to_dtype", "is_mindspore_dtype", "Type",
]

float16 = half = torch.float16
float32 = single = torch.float32
float64 = double = torch.float64
bfloat16 = torch.bfloat16
int8, int16, int32, int64 = torch.int8, torch.int16, torch.int32, torch.int64
uint8 = torch.uint8
uint16, uint32, uint64 = torch.uint16, torch.uint32, torch.uint64
bool_ = torch.bool
complex64, complex128 = torch.complex64, torch.complex128
# MindSpore's `mindspore.float` / `mindspore.int` are float32 / int32 (the module-level names shadow
# the builtins only inside this module's namespace as exported attributes).
globals()["float"] = torch.float32
globals()["int"] = torch.int32


class Type:
    """A MindSpore type object with no tensor dtype counterpart (``mindspore.float_``, ``string`` ...).

    Mirrors the generic ``mindspore.common.dtype`` types. They compare equal only to themselves
    (``float_ == float32`` is ``False`` in MindSpore too) and cannot be used as a torch dtype.
    """

    __slots__ = ("_name", "_str")

    def __init__(self, name: str, text: str):
        self._name, self._str = name, text

    def __repr__(self):
        return f"mindspore.{self._name}"

    def __str__(self):
        return self._str

    def __reduce__(self):
        return (_generic, (self._name,))


float_ = Type("float", "Float")
int_ = Type("int", "Int")
uint = Type("uint", "UInt")
number = Type("number", "Number")
string = Type("string_", "String")
type_none = Type("type_none", "None")
tensor_type = Type("tensor", "Tensor")
_GENERIC = {t._name: t for t in (float_, int_, uint, number, string, type_none, tensor_type)}


def _generic(name):
    return _GENERIC[name]


# MindSpore str() names: also the dtype strings of the .ckpt format.
_STR = {
    torch.float16: "Float16", torch.float32: "Float32", torch.float64: "Float64",
    torch.bfloat16: "BFloat16", torch.int8: "Int8", torch.int16: "Int16", torch.int32: "Int32",
    torch.int64: "Int64", torch.uint8: "UInt8", torch.uint16: "UInt16", torch.uint32: "UInt32",
    torch.uint64: "UInt64", torch.bool: "Bool", torch.complex64: "Complex64",
    torch.complex128: "Complex128",
}
# float8 dtypes are names of mindspore.common.dtype (str as MindSpore's) but not Tensor dtypes here
_F8_STR = {torch.float8_e4m3fn: "Float8E4M3FN", torch.float8_e5m2: "Float8E5M2"}
_REPR = {d: "mindspore." + ("bool" if d is torch.bool else str(d).split(".")[1]) for d in _STR}
_FROM_NAME = {}
for _d, _s in _STR.items():
    _FROM_NAME[_s.lower()] = _d
    _FROM_NAME[_REPR[_d].split(".")[1]] = _d
_FROM_NAME.update({"bool_": torch.bool, "float": torch.float32, "int": torch.int32,
                   "half": torch.float16, "single": torch.float32, "double": torch.float64})

_NP = {
    torch.float16: np.float16, torch.float32: np.float32, torch.float64: np.float64,
    torch.int8: np.int8, torch.int16: np.int16, torch.int32: np.int32, torch.int64: np.int64,
    torch.uint8: np.uint8, torch.uint16: np.uint16, torch.uint32: np.uint32,
    torch.uint64: np.uint64, torch.bool: np.bool_, torch.complex64: np.complex64,
    torch.complex128: np.complex128,
}
_FROM_NP = {np.dtype(v): k for k, v in _NP.items()}

float_type = (float16, float32, float64, bfloat16)
int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
all_types = tuple(_STR)


def is_mindspore_dtype(obj) -> bool:
    """True for the dtype objects MindSpore accepts as a Tensor dtype."""
    return obj in _STR if isinstance(obj, torch.dtype) else False


def dtype_str(dtype) -> str:
    """MindSpore's ``str(dtype)`` spelling: ``Float32``, ``BFloat16``, ``Bool`` ..."""
    if isinstance(dtype, Type):
        return str(dtype)
    if dtype in _F8_STR:
        return _F8_STR[dtype]
    return _STR[dtype]


def dtype_repr(dtype) -> str:
    """MindSpore's ``repr(dtype)`` spelling: ``mindspore.float32``."""
    if isinstance(dtype, Type):
        return repr(dtype)
    return _REPR[dtype]


def to_torch_dtype(dtype, *, allow_str: bool = True, where: str = "Tensor") -> torch.dtype:
    """Turn a MindSpore dtype (or its name such as ``'float16'``) into the torch dtype.

    Raises ``TypeError`` in MindSpore's words for anything else.
    """
    if isinstance(dtype, torch.dtype):
        if dtype in _STR:
            return dtype
    elif allow_str and isinstance(dtype, str):
        d = _FROM_NAME.get(dtype.lower())
        if d is not None:
            return d
    raise TypeError(
        f"For '{where}', the 'dtype' should be one of [mindspore.int8, mindspore.int16, "
        "mindspore.int32, mindspore.int64, mindspore.uint8, mindspore.uint16, mindspore.uint32, "
        "mindspore.uint64, mindspore.float16, mindspore.float32, mindspore.float64, "
        "mindspore.bfloat16, mindspore.complex64, mindspore.complex128, mindspore.bool], "
        f"but got {dtype!r}.")


to_dtype = to_torch_dtype


def from_str(name: str) -> torch.dtype:
    """dtype from a MindSpore dtype string (``'Float32'``; old ``'Uint8'`` spellings accepted)."""
    d = _FROM_NAME.get(name.lower())
    if d is None:
        raise ValueError(f"Unknown MindSpore dtype string {name!r}.")
    return d


def np_to_dtype(np_dtype) -> torch.dtype:
    """dtype for a numpy dtype; ``ValueError`` if MindSpore has none."""
    try:
        return _FROM_NP[np.dtype(np_dtype)]
    except (KeyError, TypeError):
        raise TypeError(f"For 'Tensor', the numpy dtype {np_dtype} is not supported.") from None


def dtype_to_nptype(type_):
    """Mirrors ``mindspore.dtype_to_nptype`` (deprecated in MindSpore 2.7; warns like it)."""
    warnings.warn("dtype_to_nptype is deprecated.", DeprecationWarning, stacklevel=2)
    if type_ is torch.bfloat16:
        raise TypeError("numpy has no bfloat16 dtype; use float32.")
    return _NP[type_]


def pytype_to_dtype(obj):
    """Mirrors ``mindspore.pytype_to_dtype`` (deprecated in MindSpore 2.7)."""
    warnings.warn("pytype_to_dtype is deprecated.", DeprecationWarning, stacklevel=2)
    if isinstance(obj, torch.dtype):
        return obj
    if obj is bool:
        return torch.bool
    if obj is __builtins__["int"] if isinstance(__builtins__, dict) else obj is __import__("builtins").int:
        return torch.int64
    if obj is __import__("builtins").float:
        return torch.float64
    return np_to_dtype(obj)


def itemsize(dtype) -> "int":
    return torch.empty((), dtype=dtype).element_size()


# NumPy-style aliases (``byte`` is int8 in MindSpore), kinds (``Float``/``Int``/``TensorType``...), ``bool``
from .dtype_aliases import (byte, ubyte, short, ushort, intc, uintc, intp, uintp, long, cfloat,  # noqa: E402,F401
                            cdouble, float8_e4m3fn, float8_e5m2)
from .dtype_kinds import (Float, Int, UInt, TensorType, list_, tuple_, number_type, QuantDtype,  # noqa: E402,F401
                          get_py_obj_dtype, dtype_to_pytype)
globals()["bool"] = torch.bool  # mindspore.common.dtype.bool (MindSpore 2.10's name for bool_)

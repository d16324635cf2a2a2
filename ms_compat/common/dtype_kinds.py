"""MindSpore's dtype *kinds* and type objects of ``mindspore.common.dtype``: ``Float``/``Int``/``UInt``
(``Float(32)`` is ``float32``; ``isinstance(mindspore.float16, Float)``), ``TensorType`` (``Tensor[Float32]``),
``list_``/``tuple_``, ``number_type``, ``QuantDtype``, ``get_py_obj_dtype`` and ``dtype_to_pytype``.

The concrete dtypes are torch dtypes (see ms_compat/common/dtype.py), so the kinds are classes whose
``isinstance`` checks look at the torch dtype and whose constructor returns the torch dtype of that width.
``hifloat8`` and ``qint4x2`` (``int4``) have no PyTorch dtype: they are *will not* names.
"""
from __future__ import annotations

import builtins
import enum
import inspect

import numpy as np
import torch

from . import dtype as _d

__all__ = ["Float", "Int", "UInt", "BFloat", "Complex", "TensorType", "list_", "tuple_", "number_type", "QuantDtype",
           "get_py_obj_dtype", "dtype_to_pytype"]

_FLOATS = {16: torch.float16, 32: torch.float32, 64: torch.float64}
_INTS = {8: torch.int8, 16: torch.int16, 32: torch.int32, 64: torch.int64}
_UINTS = {8: torch.uint8, 16: torch.uint16, 32: torch.uint32, 64: torch.uint64}


class _KindMeta(type):
    def __instancecheck__(cls, obj):
        return obj is cls._generic or (isinstance(obj, torch.dtype) and obj in cls._members)


def _kind(name, bits_table, members, generic, text):
    def __new__(cls, nbits=None):
        if nbits is None:
            return generic
        if nbits not in bits_table:
            widths = sorted(bits_table)
            allowed = ", ".join(f"{w}bits" for w in widths[:-1]) + f" and {widths[-1]}bits"
            raise RuntimeError(f"For {text} type only support number of {allowed}, but got {nbits}bits")
        return bits_table[nbits]

    doc = (f"Mirrors ``mindspore.common.dtype.{name}``: ``{name}(nbits)`` is the {text} dtype of that width "
           f"(a torch dtype), ``{name}()`` the generic ``{generic!r}``; ``isinstance(dtype, {name})`` tells the kind.")
    return _KindMeta(name, (), {"__new__": __new__, "__doc__": doc, "_members": frozenset(members),
                                "_generic": generic, "__module__": __name__})


Float = _kind("Float", _FLOATS, (*_FLOATS.values(), torch.float8_e4m3fn, torch.float8_e5m2), _d.float_, "Float")
Int = _kind("Int", _INTS, _INTS.values(), _d.int_, "Int")
UInt = _kind("UInt", _UINTS, _UINTS.values(), _d.uint, "UInt")
BFloat = _kind("BFloat", {16: torch.bfloat16}, (torch.bfloat16,), _d.Type("bfloat", "BFloat"), "BFloat")
Complex = _kind("Complex", {64: torch.complex64, 128: torch.complex128}, (torch.complex64, torch.complex128),
                _d.Type("complex", "Complex"), "Complex")


class TensorType:
    """Mirrors ``mindspore.common.dtype.TensorType(element_type)``: the type of a Tensor with that element dtype
    (``str`` is ``Tensor[Float32]``)."""

    __slots__ = ("_element",)

    def __init__(self, element_type=None):
        self._element = element_type

    def element_type(self):
        return self._element

    def __eq__(self, other):
        return isinstance(other, TensorType) and other._element == self._element

    def __hash__(self):
        return hash(("TensorType", self._element))

    def __str__(self):
        return "Tensor" if self._element is None else f"Tensor[{_d.dtype_str(self._element)}]"

    __repr__ = __str__


list_ = _d.Type("list_", "List")
tuple_ = _d.Type("tuple_", "Tuple")
function = _d.Type("function", "Func")
type_type = _d.Type("type_type", "TypeType")
_d._GENERIC.update({t._name: t for t in (list_, tuple_, function, type_type)})

# MindSpore 2.10 lists int4, float8_e4m3fn, float8_e5m2, hifloat8 after complex128; int4/hifloat8 have no torch dtype.
number_type = (_d.int8, _d.int16, _d.int32, _d.int64, _d.uint8, _d.uint16, _d.uint32, _d.uint64, _d.float16,
               _d.float32, _d.float64, _d.bfloat16, _d.complex64, _d.complex128, torch.float8_e4m3fn,
               torch.float8_e5m2)

QuantDtype = enum.Enum("QuantDtype", [(f"INT{i}", i - 1) for i in range(1, 17)]
                       + [(f"UINT{i}", 99 + i) for i in range(1, 17)], module=__name__)
QuantDtype.__doc__ = "Mirrors ``mindspore.common.dtype.QuantDtype`` (INT1..INT16 = 0..15, UINT1..UINT16 = 100..115)."

_SIMPLE = {
    list: list_, tuple: tuple_, type(None): _d.type_none, builtins.bool: torch.bool, builtins.int: torch.int64,
    builtins.float: torch.float64, complex: torch.complex128, str: _d.string, np.bool_: torch.bool,
    np.str_: _d.string, np.int8: torch.int8, np.int16: torch.int16, np.int32: torch.int32, np.int64: torch.int64,
    np.uint8: torch.uint8, np.uint16: torch.uint16, np.uint32: torch.uint32, np.uint64: torch.uint64,
    np.float16: torch.float16, np.float32: torch.float32, np.float64: torch.float64,
}


def _pytype_to_dtype(obj):
    if obj in _SIMPLE:
        return _SIMPLE[obj]
    raise NotImplementedError(f"The python type {obj} cannot be converted to MindSpore type.")


def get_py_obj_dtype(obj):
    """Mirrors ``mindspore.get_py_obj_dtype(obj)`` (deprecated in MindSpore 2.7): the MindSpore type of a Python
    object or type (``1`` -> ``int64``, a Tensor -> ``TensorType``, a Cell/function -> ``function``)."""
    if isinstance(obj, torch.Tensor):
        return TensorType(obj.dtype)
    if hasattr(obj, "__primitive_flag__") or hasattr(obj, "construct") or inspect.isfunction(obj):
        return function
    if isinstance(obj, (torch.dtype, _d.Type, TensorType)):
        return type_type
    if isinstance(obj, type):
        return _pytype_to_dtype(obj)
    return _pytype_to_dtype(type(obj))


_TO_PY = {torch.bool: bool, _d.int_: int, _d.float_: float, list_: list, tuple_: tuple, _d.string: str,
          _d.type_none: type(None), torch.complex64: complex, torch.complex128: complex}
_TO_PY.update({t: int for t in (*_INTS.values(), torch.uint8, torch.uint16, torch.uint32, torch.uint64)})
_TO_PY.update({t: float for t in (*_FLOATS.values(), torch.bfloat16)})


def dtype_to_pytype(type_):
    """Mirrors ``mindspore.dtype_to_pytype(type_)`` (deprecated in MindSpore 2.7): the Python type of a dtype
    (``KeyError`` for a dtype without one, e.g. ``float8_e4m3fn``)."""
    try:
        return _TO_PY[type_]
    except KeyError:
        if isinstance(type_, torch.dtype):  # the key as MindSpore prints it (mindspore.float8_e4m3fn)
            type_ = type("_DtypeName", (), {"__repr__": lambda s, n=str(type_).rpartition(".")[2]: f"mindspore.{n}"})()
        raise KeyError(type_) from None

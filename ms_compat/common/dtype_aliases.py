"""NumPy-style dtype aliases of the ``mindspore`` top level (``byte``, ``short``, ``long``, ``cfloat``...) and
``dtype_to_pytype``. They ARE torch dtypes, like every ms_compat dtype. ``hifloat8``/``qint4x2`` have no
PyTorch dtype and are not provided."""
from __future__ import annotations

import torch

__all__ = ["byte", "ubyte", "short", "ushort", "intc", "uintc", "intp", "uintp", "long", "cfloat", "cdouble",
           "float8_e4m3fn", "float8_e5m2", "dtype_to_pytype"]

byte, ubyte, short, ushort = torch.int8, torch.uint8, torch.int16, torch.uint16
intc, uintc, intp, uintp, long = torch.int32, torch.uint32, torch.int64, torch.uint64, torch.int64
cfloat, cdouble = torch.complex64, torch.complex128
float8_e4m3fn, float8_e5m2 = torch.float8_e4m3fn, torch.float8_e5m2


from .dtype_kinds import dtype_to_pytype  # noqa: E402,F401  (MindSpore's table, KeyError for others)


class _TypeMeta(type):
    def __instancecheck__(cls, obj):
        from .dtype import Type as _Generic, is_mindspore_dtype
        return isinstance(obj, _Generic) or is_mindspore_dtype(obj)


class Type(metaclass=_TypeMeta):
    """Mirrors ``mindspore.Type``, the class of MindSpore's dtype objects: ``isinstance(mindspore.float32,
    mindspore.Type)`` is True (ms_compat's dtypes are ``torch.dtype`` objects, and the generic types such as
    ``mindspore.float_`` are :class:`ms_compat.common.dtype.Type`); mostly used in annotations
    (``dtype: mindspore.Type``). As in MindSpore, user code does not create instances."""

    def __new__(cls, *args, **kwargs):
        raise TypeError("mindspore.Type cannot be instantiated: use a dtype such as mindspore.float32")

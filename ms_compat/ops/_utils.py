"""Small helpers shared by the ``ms_compat.ops`` functions (argument checks and conversions)."""
from __future__ import annotations

import numbers

import numpy as np
import torch

from ..common.tensor import Tensor, as_ms, _PlainTensor, _as_subclass
from ..common import dtype as mstype

__all__ = ["to_tensor", "check_tensor", "shape_tuple", "check_axis", "ms_dtype", "default_device"]


def default_device():
    global _context
    if _context is None:  # imported on first use (the context imports ops' siblings); then one attribute read
        from .. import context as _context
    return _context._default_device()


_context = None


def to_tensor(x, dtype=None):
    """A torch tensor for ``x``: tensors pass through (cast to ``dtype`` if given); Python numbers,
    lists and numpy arrays become ms ``Tensor`` with MindSpore's dtype rules (float → float32)."""
    if isinstance(x, torch.Tensor):
        return x if dtype is None or x.dtype == dtype else x.to(dtype)
    return Tensor(x, dtype)


def check_tensor(op, x, arg="input"):
    """``TypeError`` in MindSpore's words when ``x`` is not a Tensor."""
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{op}', the type of '{arg}' must be Tensor, but got {type(x).__name__}.")
    return x


def shape_tuple(op, shape, arg="shape"):
    """Normalise a shape given as int / tuple / list / Tensor to a tuple of ints."""
    if type(shape) is tuple and all(type(s) is int for s in shape):  # fast path
        return shape
    if isinstance(shape, torch.Tensor):
        return tuple(int(v) for v in shape.reshape(-1).tolist())
    if isinstance(shape, numbers.Integral) and not isinstance(shape, bool):
        return (int(shape),)
    if isinstance(shape, (tuple, list, torch.Size)):
        out = []
        for s in shape:
            if isinstance(s, torch.Tensor):
                s = int(s)
            if not isinstance(s, numbers.Integral) or isinstance(s, bool):
                raise TypeError(f"For '{op}', the element of '{arg}' must be int, but got {type(s).__name__}.")
            out.append(int(s))
        return tuple(out)
    raise TypeError(f"For '{op}', the type of '{arg}' must be tuple, list or int, but got {type(shape).__name__}.")


def check_axis(op, axis, ndim, arg="axis"):
    """Validate an int axis against ``ndim`` (MindSpore raises ValueError when out of range)."""
    if not isinstance(axis, numbers.Integral) or isinstance(axis, bool):
        raise TypeError(f"For '{op}', the type of '{arg}' must be int, but got {type(axis).__name__}.")
    lo, hi = (-ndim, ndim - 1) if ndim else (-1, 0)
    if axis < lo or axis > hi:
        raise ValueError(f"For '{op}', the '{arg}' must be in range [{lo}, {hi}], but got {axis}.")
    return axis % ndim if ndim else 0


def ms_dtype(op, dtype):
    """Validate a MindSpore dtype argument (None passes through)."""
    if dtype is None:
        return None
    return mstype.to_torch_dtype(dtype, where=op)


def axes_arg(axis):
    """``axis`` as None / int / tuple (lists become tuples; () means all dims → None)."""
    if isinstance(axis, list):
        axis = tuple(axis)
    if isinstance(axis, tuple) and len(axis) == 0:
        return None
    if isinstance(axis, torch.Tensor):
        axis = tuple(int(a) for a in axis.reshape(-1).tolist()) if axis.dim() else int(axis)
    return axis


def wrap(t):
    """View a plain torch result as an ms Tensor (creation ops)."""
    return _as_subclass(t, Tensor) if type(t) is _PlainTensor else t


def np_scalar(v):
    if isinstance(v, np.generic):
        return v.item()
    return v

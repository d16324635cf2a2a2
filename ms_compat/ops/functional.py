"""``mindspore.ops.functional`` (usually imported as ``F``): the functional API plus the older
lower-case operator aliases (``F.tensor_add``, ``F.depend``, ``F.scalar_to_tensor`` ...)."""
from __future__ import annotations

import functools

import torch

from .function import *  # noqa: F401,F403
from .function import array_func as _a, math_func as _m
from .function.grad_func import grad, value_and_grad, stop_gradient  # noqa: F401
from ..common.tensor import Tensor

tensor_add = _m.add
tensor_sub = _m.sub
tensor_mul = _m.mul
tensor_div = _m.div
tensor_pow = _m.pow
tensor_gt = _m.greater
tensor_ge = _m.greater_equal
tensor_lt = _m.less
tensor_le = _m.less_equal
tensor_mod = _m.remainder
tensor_floordiv = _m.floor_div
square = _m.square
sqrt = _m.sqrt
neg_tensor = _m.neg
logical_not = _m.logical_not
dtype = _a.dtype
shape = _a.shape
rank = _a.rank
size = _a.size
cast = _a.cast
fill = _a.fill
select = _a.select
partial = functools.partial


def depend(value, expr):
    """``F.depend(value, expr)``: returns ``value`` (eager execution already orders side effects)."""
    return value


def scalar_to_tensor(input_x, dtype=torch.float32):
    """``F.scalar_to_tensor(input_x, dtype=float32)``."""
    return Tensor(input_x, dtype)


def tuple_to_array(input_x):
    """``F.tuple_to_array(tuple)`` → 1-D Tensor (ints → int64, floats → float32)."""
    return Tensor(list(input_x))


def typeof(x):
    """``F.typeof(x)``: the dtype of a Tensor, else the Python type."""
    return x.dtype if isinstance(x, torch.Tensor) else type(x)


def identity(x):
    return x


def isconstant(x):
    return not isinstance(x, torch.Tensor)


def hyper_map(fn, *args):
    from .composite import HyperMap
    return HyperMap()(fn, *args)


def tensor_slice(x, index):
    return x[index]

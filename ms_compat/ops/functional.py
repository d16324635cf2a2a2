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


def tensor_div(x, y):
    """``F.tensor_div(x, y)``: MindSpore's ``RealDiv`` Primitive instance, ``ops.div(x, y)``."""
    return _m.div(x, y)


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
    """``F.isconstant(x)``: True. MindSpore 2.10 answers True for every value outside a compiled graph (in
    PyNative everything is a constant); torch.compile has no such notion."""
    return True


def hyper_map(fn, *args):
    from .composite import HyperMap
    return HyperMap()(fn, *args)


def tensor_slice(x, index):
    return x[index]


# the same objects under MindSpore's functional spellings (mindspore.ops.functional re-exports them)
from . import operations as P  # noqa: E402
from .operations import array_ops, linalg_ops, other_ops  # noqa: E402,F401
from .operations import AdaptiveMaxPool2D, Median, Roll, UniqueConsecutive  # noqa: E402,F401
from .operations import Shape as _Shape  # noqa: E402

shape_ = _Shape()  # F.shape_: MindSpore's Shape Primitive instance
from .operations import TensorToTuple  # noqa: E402,F401
from .operations.choice_move_ops import choice_with_mask  # noqa: E402,F401
from .operations.tensor_dump_ops import tensordump  # noqa: E402,F401
from .operations.deformable_offsets_ops import deformable_conv2d  # noqa: E402,F401
from .operations.candidate_sampler_ops import (  # noqa: E402,F401
    uniform_candidate_sampler, log_uniform_candidate_sampler)


def __getattr__(name):
    if name == "auto_generate":
        import importlib
        return importlib.import_module("ms_compat.ops")  # what mindspore.ops.auto_generate resolves to
    if name == "reshard":
        from ..parallel.layout import reshard
        return reshard
    from ..porting._missing import module_getattr
    return module_getattr(__name__, name, {})

"""MindSpore's scalar / tuple / list / dict primitives (``ops.scalar_add``, ``F.tuple_getitem``, ``F.make_tuple``,
``F.in_dict``, ``F.switch``...). MindSpore's graph compiler uses them for Python syntax; in PyNative mode
MindSpore 2.10 runs each with plain Python semantics, which is what these functions do (results checked against
MindSpore 2.10 in tests/ops/test_ops_wide_reference.py). The ones MindSpore 2.10 cannot run outside a graph
(``bool_and``, ``string_eq``, ``scalar_ne``, ``array_reduce``...) are classified *will not*."""
from __future__ import annotations

import math
import operator

import torch

from .._utils import wrap

__all__ = ["scalar_add", "scalar_sub", "scalar_mul", "scalar_div", "scalar_floordiv", "scalar_mod", "scalar_pow",
           "scalar_log", "scalar_uadd", "scalar_usub", "scalar_eq", "scalar_lt", "scalar_gt", "scalar_le",
           "scalar_ge", "scalar_max", "scalar_min", "tuple_getitem", "tuple_setitem", "tuple_len", "tuple_reversed",
           "tuple_equal", "tuple_div", "list_getitem", "list_setitem", "list_len", "list_equal", "make_tuple",
           "make_list", "make_slice", "make_range", "dict_getitem", "in_dict", "not_in_dict", "is_", "is_not",
           "hastype", "switch", "shape_mul", "reduced_shape", "broadcast_gradient_args", "SliceGetItem",
           "is_sequence_shape_unknown", "is_sequence_value_unknown", "is_dynamic_sequence_element_unknown",
           "bool_not", "is_tensor_bool_cond", "augassign_add", "augassign_sub", "augassign_mul", "augassign_div", "augassign_floordiv",
           "augassign_mod", "hyper_add"]


def scalar_add(x, y):
    """Mirrors ``ops.scalar_add(x, y)``: ``x + y``."""
    return x + y


def scalar_sub(x, y):
    """Mirrors ``ops.scalar_sub(x, y)``: ``x - y``."""
    return x - y


def scalar_mul(x, y):
    """Mirrors ``ops.scalar_mul(x, y)``: ``x * y``."""
    return x * y


def scalar_div(x, y):
    """Mirrors ``ops.scalar_div(x, y)``: true division (a float)."""
    if y == 0:
        raise ValueError("The divisor could not be zero. But the divisor is zero now.")
    return x / y


def scalar_floordiv(x, y):
    """Mirrors ``ops.scalar_floordiv(x, y)``: ``x // y``."""
    if y == 0:
        raise ValueError("The divisor could not be zero. But the divisor is zero now.")
    return x // y


def scalar_mod(x, y):
    """Mirrors ``ops.scalar_mod(x, y)``: Python's ``x % y`` (sign of the divisor)."""
    if y == 0:
        raise ValueError("Cannot perform modulo operation on zero.")
    return x % y


def scalar_pow(x, y):
    """Mirrors ``ops.scalar_pow(x, y)``: ``x ** y``."""
    return x ** y


def scalar_log(x):
    """Mirrors ``ops.scalar_log(x)``: the natural logarithm (a float)."""
    return math.log(x)


def scalar_uadd(x):
    """Mirrors ``ops.scalar_uadd(x)``: ``+x``."""
    return +x


def scalar_usub(x):
    """Mirrors ``ops.scalar_usub(x)``: ``-x``."""
    return -x


def scalar_eq(x, y):
    """Mirrors ``ops.scalar_eq(x, y)``."""
    return x == y


def scalar_lt(x, y):
    """Mirrors ``ops.scalar_lt(x, y)``."""
    return x < y


def scalar_gt(x, y):
    """Mirrors ``ops.scalar_gt(x, y)``."""
    return x > y


def scalar_le(x, y):
    """Mirrors ``ops.scalar_le(x, y)``."""
    return x <= y


def scalar_ge(x, y):
    """Mirrors ``ops.scalar_ge(x, y)``."""
    return x >= y


def scalar_max(x, y):
    """Mirrors ``ops.scalar_max(x, y)``."""
    return max(x, y)


def scalar_min(x, y):
    """Mirrors ``ops.scalar_min(x, y)``."""
    return min(x, y)


def tuple_getitem(data, index):
    """Mirrors ``F.tuple_getitem(data, index)``: ``data[index]``."""
    return data[index]


def tuple_setitem(data, index, value):
    """Mirrors ``F.tuple_setitem(data, index, value)``: a new tuple with ``data[index]`` replaced."""
    out = list(data)
    out[index] = value
    return tuple(out)


def tuple_len(data):
    """Mirrors ``F.tuple_len(data)``."""
    return len(data)


def tuple_reversed(data):
    """Mirrors ``F.tuple_reversed(data)``: the reversed tuple."""
    return tuple(reversed(data))


def tuple_equal(x, y):
    """Mirrors ``F.tuple_equal(x, y)``."""
    return tuple(x) == tuple(y)


def tuple_div(x, y):
    """Mirrors ``F.tuple_div(x, y)``: element-wise integer division of two shapes (each must divide exactly)."""
    if len(x) != len(y):
        raise ValueError(f"The size of inputs of 'tuple_div' must be the same, but got {len(x)} and {len(y)}.")
    out = []
    for a, b in zip(x, y):
        if b == 0 or a % b != 0:
            raise ValueError(f"The 'tuple_div' requires x[i] % y[i] == 0, but got {a} and {b}.")
        out.append(a // b)
    return tuple(out)


def list_getitem(data, index):
    """Mirrors ``F.list_getitem(data, index)``."""
    return data[index]


def list_setitem(data, index, value):
    """Mirrors ``F.list_setitem(data, index, value)``: a new list with ``data[index]`` replaced."""
    out = list(data)
    out[index] = value
    return out


def list_len(data):
    """Mirrors ``F.list_len(data)``."""
    return len(data)


def list_equal(x, y):
    """Mirrors ``F.list_equal(x, y)``."""
    return list(x) == list(y)


def make_tuple(*args):
    """Mirrors ``F.make_tuple(*args)``."""
    return tuple(args)


def make_list(*args):
    """Mirrors ``F.make_list(*args)``."""
    return list(args)


def make_slice(start, stop, step):
    """Mirrors ``F.make_slice(start, stop, step)``."""
    return slice(start, stop, step)


def make_range(*args):
    """Mirrors ``F.make_range(start=0, stop, step=1)``: the range as a tuple."""
    return tuple(range(*args))


def dict_getitem(data, key):
    """Mirrors ``F.dict_getitem(data, key)``."""
    return data[key]


def in_dict(key, data):
    """Mirrors ``F.in_dict(key, data)``: ``key in data``."""
    return key in data


def not_in_dict(key, data):
    """Mirrors ``F.not_in_dict(key, data)``: ``key not in data``."""
    return key not in data


def is_(x, y):
    """Mirrors ``F.is_(x, y)``: ``x is y``."""
    return x is y


def is_not(x, y):
    """Mirrors ``F.is_not(x, y)``: ``x is not y``."""
    return x is not y


def hastype(x, dtype):
    """Mirrors ``F.hastype(x, type)``: whether ``x``'s type is ``type`` (``mindspore.int64`` for a Python int,
    ``float32`` for a float, ``bool_`` for a bool); a Tensor's type is a tensor type, never a number type, so
    a Tensor gives False."""
    if isinstance(x, torch.Tensor):
        return False
    if isinstance(x, bool):
        t = torch.bool
    elif isinstance(x, int):
        t = torch.int64
    elif isinstance(x, float):
        t = torch.float32
    else:
        return False
    return t == dtype


def switch(cond, true_branch, false_branch):
    """Mirrors ``F.switch(cond, true_branch, false_branch)``: ``true_branch if cond else false_branch``."""
    return true_branch if cond else false_branch


def shape_mul(input_data):
    """Mirrors ``F.shape_mul(input_data)``: the product of the dimensions."""
    out = 1
    for d in input_data:
        out *= d
    return out


def reduced_shape(shape, axis):
    """Mirrors ``F.reduced_shape(shape, axis)``: ``shape`` with the reduced axes set to 1 (all axes when
    ``axis`` is ``()``)."""
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    n = len(shape)
    axes = {a % n for a in axes} if axes else set(range(n))
    return tuple(1 if i in axes else d for i, d in enumerate(shape))


def broadcast_gradient_args(x_shape, y_shape):
    """Mirrors ``F.broadcast_gradient_args(x_shape, y_shape)``: the axes each input's gradient is summed over
    after broadcasting."""
    n = max(len(x_shape), len(y_shape))
    xs = (1,) * (n - len(x_shape)) + tuple(x_shape)
    ys = (1,) * (n - len(y_shape)) + tuple(y_shape)
    rx, ry = [], []
    for i, (a, b) in enumerate(zip(xs, ys)):
        if a == 1 and b == 1:
            continue
        if a == 1:
            rx.append(i)
        elif b == 1:
            ry.append(i)
    return tuple(rx), tuple(ry)


def SliceGetItem(data, attr):  # noqa: N802 - MindSpore's name
    """Mirrors ``F.SliceGetItem(slice, attr)``: ``getattr(slice, attr)`` for ``'start'``/``'stop'``/``'step'``."""
    return getattr(data, attr)


def is_sequence_shape_unknown(x):
    """Mirrors ``F.is_sequence_shape_unknown(seq)``: False (an eager sequence always has a known length)."""
    return False


def is_sequence_value_unknown(x):
    """Mirrors ``F.is_sequence_value_unknown(seq)``: False (eager values are always known)."""
    return False


def is_dynamic_sequence_element_unknown(x):
    """Mirrors ``F.is_dynamic_sequence_element_unknown(seq)``: only defined for variable-length sequences, which
    eager code never has, so (as MindSpore 2.10 in PyNative) it raises ``TypeError``."""
    raise TypeError("The input of IsElementUnknown should be variable length sequence.")


def bool_not(x):
    """Mirrors ``F.bool_not(x)``: ``not x`` as a 0-d bool Tensor (as MindSpore 2.10 returns)."""
    return wrap(torch.tensor(not bool(x)))


def augassign_add(x, y):
    """Mirrors ``ops.augassign_add`` (the ``+=`` MultitypeFuncGraph): ``x + y``."""
    return operator.add(x, y)


def augassign_sub(x, y):
    """Mirrors ``ops.augassign_sub`` (``-=``)."""
    return operator.sub(x, y)


def augassign_mul(x, y):
    """Mirrors ``ops.augassign_mul`` (``*=``)."""
    return operator.mul(x, y)


def augassign_div(x, y):
    """Mirrors ``ops.augassign_div`` (``/=``)."""
    return operator.truediv(x, y)


def augassign_floordiv(x, y):
    """Mirrors ``ops.augassign_floordiv`` (``//=``)."""
    return operator.floordiv(x, y)


def augassign_mod(x, y):
    """Mirrors ``ops.augassign_mod`` (``%=``)."""
    return operator.mod(x, y)


def hyper_add(x, y):
    """Mirrors ``ops.hyper_add`` (``HyperMap`` of ``add``): element-wise ``+`` through nested tuples/lists."""
    if isinstance(x, (tuple, list)):
        return type(x)(hyper_add(a, b) for a, b in zip(x, y))
    return x + y


def is_tensor_bool_cond(x):
    """Mirrors ``F.is_tensor_bool_cond(x)``: True for a Tensor that can be a condition (shape ``()`` or ``(1,)``);
    ``ValueError`` for another shape, ``TypeError`` for a non-Tensor, as MindSpore 2.10."""
    if not isinstance(x, torch.Tensor):
        kind = {bool: "Bool", int: "Int64", float: "Float32"}.get(type(x))
        shown = (str(x).lower() if isinstance(x, bool) else x) if kind else type(x).__name__
        raise TypeError(f"The input of IsTensorBoolCond should be a tensor but got AbstractScalar(Type: {kind}, "
                        f"Value: {shown}, Shape: NoShape)" if kind else
                        f"The input of IsTensorBoolCond should be a tensor but got {shown}")
    if tuple(x.shape) not in ((), (1,)):
        raise ValueError("Only tensor which shape is () or (1,) can be converted to bool, but got tensor shape is "
                         f"({', '.join(str(d) for d in x.shape)})")
    return True

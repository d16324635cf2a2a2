"""Math Primitive classes of ``mindspore.ops.operations`` (elementwise, comparison, reductions,
matmul family)."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from ..function import math_func as _m
from .._utils import axes_arg, check_tensor

__all__ = [
    "Add", "TensorAdd", "Sub", "Mul", "RealDiv", "Div", "DivNoNan", "FloorDiv", "FloorMod", "Mod", "Pow",
    "Maximum", "Minimum", "Atan2", "SquaredDifference", "Xdivy", "Xlogy", "Equal", "NotEqual", "Less",
    "LessEqual", "Greater", "GreaterEqual", "LogicalAnd", "LogicalOr", "LogicalXor", "BitwiseAnd",
    "BitwiseOr", "BitwiseXor", "Sqrt", "Rsqrt", "Exp", "Expm1", "Log", "Log1p", "Square", "Abs", "Neg",
    "Floor", "Ceil", "Round", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Asinh",
    "Acosh", "Atanh", "Erf", "Erfc", "Erfinv", "Reciprocal", "Inv", "Sign", "LogicalNot", "IsNan",
    "IsInf", "IsFinite", "Trunc", "ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd",
    "ReduceAll", "ReduceAny", "MatMul", "BatchMatMul", "Einsum", "AddN", "CumSum", "CumProd", "Cummax",
    "Argmax", "Argmin", "ArgMaxWithValue", "ArgMinWithValue", "ClipByValue", "LpNorm", "Addcmul",
    "Addcdiv", "Lerp", "SquareSumAll", "MulNoNan", "Rint", "ApproximateEqual", "IsClose", "Cross",
]


def _unary(name, fn):
    def __init__(self):
        Primitive.__init__(self, name)

    def __call__(self, input):
        return fn(input)

    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__module__": __name__,
                                     "__doc__": f"Mirrors ``ops.{name}()``: ``{name}()(input)``."})


def _binary(name, fn):
    def __init__(self):
        Primitive.__init__(self, name)

    def __call__(self, input, other):
        return fn(input, other)

    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__module__": __name__,
                                     "__doc__": f"Mirrors ``ops.{name}()``: ``{name}()(x, y)`` with broadcasting."})


Add = _binary("Add", _m.add)
TensorAdd = Add
Sub = _binary("Sub", _m.sub)
Mul = _binary("Mul", _m.mul)
RealDiv = _binary("RealDiv", _m.div)
Div = _binary("Div", _m.div)
DivNoNan = _binary("DivNoNan", lambda x, y: torch.where(torch.as_tensor(y) == 0, torch.zeros((), dtype=(
    _m.div(x, y)).dtype), _m.div(x, y)))
FloorDiv = _binary("FloorDiv", _m.floor_div)
FloorMod = _binary("FloorMod", _m.remainder)
Mod = _binary("Mod", _m.fmod)
Pow = _binary("Pow", _m.pow)
Maximum = _binary("Maximum", _m.maximum)
Minimum = _binary("Minimum", _m.minimum)
Atan2 = _binary("Atan2", _m.atan2)
SquaredDifference = _binary("SquaredDifference", lambda x, y: torch.square(_m.sub(x, y)))
Xdivy = _binary("Xdivy", lambda x, y: torch.where(x == 0, torch.zeros_like(x), x / y))
Xlogy = _binary("Xlogy", _m.xlogy)
MulNoNan = _binary("MulNoNan", lambda x, y: torch.where(y == 0, torch.zeros_like(x * y), x * y))
Equal = _binary("Equal", _m.equal)
NotEqual = _binary("NotEqual", _m.not_equal)
Less = _binary("Less", _m.less)
LessEqual = _binary("LessEqual", _m.less_equal)
Greater = _binary("Greater", _m.greater)
GreaterEqual = _binary("GreaterEqual", _m.greater_equal)
LogicalAnd = _binary("LogicalAnd", _m.logical_and)
LogicalOr = _binary("LogicalOr", _m.logical_or)
LogicalXor = _binary("LogicalXor", _m.logical_xor)
BitwiseAnd = _binary("BitwiseAnd", _m.bitwise_and)
BitwiseOr = _binary("BitwiseOr", _m.bitwise_or)
BitwiseXor = _binary("BitwiseXor", _m.bitwise_xor)


class Cross(Primitive):
    """Mirrors ``ops.Cross(dim=-65530)``: ``(input, other)`` → cross product along ``dim``; the default -65530
    means the first dimension of size 3, as in MindSpore."""

    def __init__(self, dim=-65530):
        Primitive.__init__(self, "Cross")
        self.add_prim_attr("dim", dim)

    def __call__(self, input, other):
        return _m.cross(input, other, None if self.dim == -65530 else self.dim)


Sqrt = _unary("Sqrt", _m.sqrt)
Rsqrt = _unary("Rsqrt", _m.rsqrt)
Exp = _unary("Exp", _m.exp)
Expm1 = _unary("Expm1", _m.expm1)
Log = _unary("Log", _m.log)
Log1p = _unary("Log1p", _m.log1p)
Square = _unary("Square", _m.square)
Abs = _unary("Abs", _m.abs)
Neg = _unary("Neg", _m.neg)
Floor = _unary("Floor", _m.floor)
Ceil = _unary("Ceil", _m.ceil)
Rint = _unary("Rint", torch.round)
Sin = _unary("Sin", _m.sin)
Cos = _unary("Cos", _m.cos)
Tan = _unary("Tan", _m.tan)
Asin = _unary("Asin", _m.asin)
Acos = _unary("Acos", _m.acos)
Atan = _unary("Atan", _m.atan)
Sinh = _unary("Sinh", _m.sinh)
Cosh = _unary("Cosh", _m.cosh)
Asinh = _unary("Asinh", _m.asinh)
Acosh = _unary("Acosh", _m.acosh)
Atanh = _unary("Atanh", _m.atanh)
Erf = _unary("Erf", _m.erf)
Erfc = _unary("Erfc", _m.erfc)
Erfinv = _unary("Erfinv", _m.erfinv)
Reciprocal = _unary("Reciprocal", _m.reciprocal)
Inv = Reciprocal
Sign = _unary("Sign", _m.sign)
LogicalNot = _unary("LogicalNot", _m.logical_not)
IsNan = _unary("IsNan", _m.isnan)
IsInf = _unary("IsInf", _m.isinf)
IsFinite = _unary("IsFinite", _m.isfinite)
Trunc = _unary("Trunc", _m.trunc)


class Round(Primitive):
    """Mirrors ``ops.Round()``: ``Round()(input, decimals=0)``."""

    def __init__(self):
        Primitive.__init__(self, "Round")

    def __call__(self, input, decimals=0):
        return torch.round(input, decimals=decimals)


class _Reduce(Primitive):
    _fn = None

    def __init__(self, keep_dims=False):
        Primitive.__init__(self, type(self).__name__)
        if not isinstance(keep_dims, bool):
            raise TypeError(f"For '{self.name}', the type of 'keep_dims' must be bool, but got "
                            f"{type(keep_dims).__name__}.")
        self.add_prim_attr("keep_dims", keep_dims)

    def __call__(self, x, axis=()):
        check_tensor(self.name, x, "x")
        axis = axes_arg(axis)
        fn = type(self)._fn
        if axis is None:
            out = fn(x)
            return torch.reshape(out, (1,) * x.dim()) if self.keep_dims else out
        if isinstance(axis, tuple) and fn is torch.prod:
            out = x
            for a in sorted((a % x.dim() for a in axis), reverse=True):
                out = torch.prod(out, a, self.keep_dims)
            return out
        return fn(x, axis, self.keep_dims)


def _mean(x, *a):
    if not x.is_floating_point():
        x = x.to(torch.float32)
    return torch.mean(x, *a)


class ReduceMean(_Reduce):
    """Mirrors ``ops.ReduceMean(keep_dims=False)``: ``ReduceMean(kd)(x, axis=())``; ``()`` reduces all."""
    _fn = staticmethod(_mean)


class ReduceSum(_Reduce):
    """Mirrors ``ops.ReduceSum(keep_dims=False, skip_mode=False)``; with ``skip_mode`` an empty
    ``axis`` returns ``x`` unchanged."""
    _fn = staticmethod(torch.sum)

    def __init__(self, keep_dims=False, skip_mode=False):
        _Reduce.__init__(self, keep_dims)
        self.add_prim_attr("skip_mode", skip_mode)

    def __call__(self, x, axis=()):
        if self.skip_mode and (axis == () or axis == []):
            return x
        return _Reduce.__call__(self, x, axis)


class ReduceMax(_Reduce):
    """Mirrors ``ops.ReduceMax(keep_dims=False)`` (values only)."""
    _fn = staticmethod(torch.amax)


class ReduceMin(_Reduce):
    """Mirrors ``ops.ReduceMin(keep_dims=False)`` (values only)."""
    _fn = staticmethod(torch.amin)


class ReduceProd(_Reduce):
    """Mirrors ``ops.ReduceProd(keep_dims=False)``."""
    _fn = staticmethod(torch.prod)


class ReduceAll(_Reduce):
    """Mirrors ``ops.ReduceAll(keep_dims=False)``."""
    _fn = staticmethod(torch.all)


class ReduceAny(_Reduce):
    """Mirrors ``ops.ReduceAny(keep_dims=False)``."""
    _fn = staticmethod(torch.any)


class MatMul(Primitive):
    """Mirrors ``ops.MatMul(transpose_a=False, transpose_b=False)``: 2-D matrix product."""

    def __init__(self, transpose_a=False, transpose_b=False):
        Primitive.__init__(self, "MatMul")
        self.add_prim_attr("transpose_a", transpose_a)
        self.add_prim_attr("transpose_b", transpose_b)

    def __call__(self, x, y):
        a = x.mT if self.transpose_a else x
        b = y.mT if self.transpose_b else y
        if a.shape[-1] != b.shape[-2]:
            raise ValueError(f"For 'MatMul', the input dimensions must be equal, but got 'x1_col': {a.shape[-1]} "
                             f"and 'x2_row': {b.shape[-2]}.")
        return torch.matmul(a, b)


class BatchMatMul(Primitive):
    """Mirrors ``ops.BatchMatMul(transpose_a=False, transpose_b=False)``: matmul over the last two
    dims, batch dims broadcast; ``transpose_*`` swap the last two dims first."""

    def __init__(self, transpose_a=False, transpose_b=False):
        Primitive.__init__(self, "BatchMatMul")
        self.add_prim_attr("transpose_a", transpose_a)
        self.add_prim_attr("transpose_b", transpose_b)

    def __call__(self, x, y):
        a = x.mT if self.transpose_a else x
        b = y.mT if self.transpose_b else y
        try:
            return torch.matmul(a, b)
        except RuntimeError:
            if a.shape[-1] != b.shape[-2]:
                raise ValueError(f"For 'BatchMatMul', the input dimensions must be equal, but got 'x1_col': "
                                 f"{a.shape[-1]} and 'x2_row': {b.shape[-2]}.") from None
            raise


class Einsum(Primitive):
    """Mirrors ``ops.Einsum(equation)``: ``Einsum(eq)(inputs_tuple)``."""

    def __init__(self, equation):
        Primitive.__init__(self, "Einsum")
        self.add_prim_attr("equation", equation)

    def __call__(self, *inputs):
        if len(inputs) == 1 and isinstance(inputs[0], (tuple, list)):
            inputs = tuple(inputs[0])
        return torch.einsum(self.equation, *inputs)


class AddN(Primitive):
    """Mirrors ``ops.AddN()``: ``AddN()(tuple_of_tensors)``."""

    def __init__(self):
        Primitive.__init__(self, "AddN")

    def __call__(self, *inputs):
        if len(inputs) == 1 and isinstance(inputs[0], (tuple, list)):
            inputs = inputs[0]
        return _m.addn(list(inputs))


class CumSum(Primitive):
    """Mirrors ``ops.CumSum(exclusive=False, reverse=False)``: ``CumSum()(x, axis)``."""

    def __init__(self, exclusive=False, reverse=False):
        Primitive.__init__(self, "CumSum")
        self.add_prim_attr("exclusive", exclusive)
        self.add_prim_attr("reverse", reverse)

    def __call__(self, input, axis):
        axis = int(axis)
        x = torch.flip(input, (axis,)) if self.reverse else input
        out = torch.cumsum(x, axis)
        if self.exclusive:
            out = out - x
        return torch.flip(out, (axis,)) if self.reverse else out


class CumProd(Primitive):
    """Mirrors ``ops.CumProd(exclusive=False, reverse=False)``."""

    def __init__(self, exclusive=False, reverse=False):
        Primitive.__init__(self, "CumProd")
        self.add_prim_attr("exclusive", exclusive)
        self.add_prim_attr("reverse", reverse)

    def __call__(self, x, axis):
        axis = int(axis)
        t = torch.flip(x, (axis,)) if self.reverse else x
        if self.exclusive:
            pad = torch.ones_like(torch.narrow(t, axis, 0, 1))
            t = torch.cat([pad, torch.narrow(t, axis, 0, t.shape[axis] - 1)], axis)
        out = torch.cumprod(t, axis)
        return torch.flip(out, (axis,)) if self.reverse else out


class Cummax(Primitive):
    """Mirrors ``ops.Cummax(axis)``."""

    def __init__(self, axis):
        Primitive.__init__(self, "Cummax")
        self.add_prim_attr("axis", axis)

    def __call__(self, input):
        v, i = torch.cummax(input, self.axis)
        return v, i


class Argmax(Primitive):
    """Mirrors ``ops.Argmax(axis=-1, output_type=mstype.int32)`` (indices are int32 by default)."""

    def __init__(self, axis=-1, output_type=torch.int32):
        Primitive.__init__(self, "Argmax")
        if output_type not in (torch.int32, torch.int64):
            raise TypeError(f"For 'Argmax', the 'output_type' must be int32 or int64, but got {output_type}.")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("output_type", output_type)

    def __call__(self, input_x):
        return torch.argmax(input_x, self.axis).to(self.output_type)


class Argmin(Primitive):
    """Mirrors ``ops.Argmin(axis=-1, output_type=mstype.int32)``."""

    def __init__(self, axis=-1, output_type=torch.int32):
        Primitive.__init__(self, "Argmin")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("output_type", output_type)

    def __call__(self, x):
        return torch.argmin(x, self.axis).to(self.output_type)


class ArgMaxWithValue(Primitive):
    """Mirrors ``ops.ArgMaxWithValue(axis=0, keep_dims=False)`` → ``(index, values)`` (index first)."""

    def __init__(self, axis=0, keep_dims=False):
        Primitive.__init__(self, "ArgMaxWithValue")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("keep_dims", keep_dims)

    def __call__(self, input):
        v, i = torch.max(input, self.axis, self.keep_dims)
        return i, v


class ArgMinWithValue(Primitive):
    """Mirrors ``ops.ArgMinWithValue(axis=0, keep_dims=False)`` → ``(index, values)``."""

    def __init__(self, axis=0, keep_dims=False):
        Primitive.__init__(self, "ArgMinWithValue")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("keep_dims", keep_dims)

    def __call__(self, input):
        v, i = torch.min(input, self.axis, self.keep_dims)
        return i, v


class ClipByValue(Primitive):
    """Mirrors ``ops.ClipByValue()``: ``ClipByValue()(x, min, max)``."""

    def __init__(self):
        Primitive.__init__(self, "ClipByValue")

    def __call__(self, x, clip_value_min, clip_value_max):
        return _m.clip_by_value(x, clip_value_min, clip_value_max)


class LpNorm(Primitive):
    """Mirrors ``ops.LpNorm(axis, p=2, keep_dims=False, epsilon=1e-12)``."""

    def __init__(self, axis, p=2, keep_dims=False, epsilon=1e-12):
        Primitive.__init__(self, "LpNorm")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("p", p)
        self.add_prim_attr("keep_dims", keep_dims)
        self.add_prim_attr("epsilon", epsilon)

    def __call__(self, input):
        ax = tuple(self.axis) if isinstance(self.axis, (list, tuple)) else self.axis
        return torch.linalg.vector_norm(input, self.p, ax, self.keep_dims)


class Addcmul(Primitive):
    """Mirrors ``ops.Addcmul()``: ``(input, x1, x2, value)``."""

    def __init__(self):
        Primitive.__init__(self, "Addcmul")

    def __call__(self, input_data, x1, x2, value):
        return input_data + value * x1 * x2


class Addcdiv(Primitive):
    """Mirrors ``ops.Addcdiv()``."""

    def __init__(self):
        Primitive.__init__(self, "Addcdiv")

    def __call__(self, input_data, x1, x2, value):
        return input_data + value * x1 / x2


class Lerp(Primitive):
    """Mirrors ``ops.Lerp()``."""

    def __init__(self):
        Primitive.__init__(self, "Lerp")

    def __call__(self, start, end, weight):
        return torch.lerp(start, end, weight)


class SquareSumAll(Primitive):
    """Mirrors ``ops.SquareSumAll()``."""

    def __init__(self):
        Primitive.__init__(self, "SquareSumAll")

    def __call__(self, x, y):
        return _m.square_sum_all(x, y)


class ApproximateEqual(Primitive):
    """Mirrors ``ops.ApproximateEqual(tolerance=1e-05)``."""

    def __init__(self, tolerance=1e-05):
        Primitive.__init__(self, "ApproximateEqual")
        self.add_prim_attr("tolerance", tolerance)

    def __call__(self, x, y):
        return torch.abs(x - y) < self.tolerance


class IsClose(Primitive):
    """Mirrors ``ops.IsClose(rtol=1e-05, atol=1e-08, equal_nan=False)``."""

    def __init__(self, rtol=1e-05, atol=1e-08, equal_nan=False):
        Primitive.__init__(self, "IsClose")
        self.add_prim_attr("rtol", rtol)
        self.add_prim_attr("atol", atol)
        self.add_prim_attr("equal_nan", equal_nan)

    def __call__(self, input, other):
        return torch.isclose(input, other, self.rtol, self.atol, self.equal_nan)

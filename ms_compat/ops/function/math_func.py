"""``mindspore.ops`` math functions (elementwise, comparison, reductions, matmul family) on PyTorch.

Python numbers given as the first operand are turned into Tensors with MindSpore's dtype rules
(float → float32, int → int64); int / int division gives float32 as in MindSpore.
"""
from __future__ import annotations

import builtins
import numbers

import torch
import torch.nn.functional as _F

from ...common.tensor import Tensor
from ...common import dtype as _mstype
from ...common.op_errors import same_dtype_error
from .._utils import axes_arg, check_tensor, ms_dtype, to_tensor, wrap

__all__ = [
    "add", "sub", "subtract", "mul", "multiply", "div", "divide", "true_divide", "floor_div", "floordiv",
    "remainder", "fmod", "pow", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "rsqrt",
    "square", "abs", "absolute", "neg", "negative", "reciprocal", "sign", "maximum", "minimum",
    "clip_by_value", "clamp", "clip", "mean", "reduce_mean", "sum", "reduce_sum", "prod", "max", "min",
    "amax", "amin", "argmax", "argmin", "std", "var", "std_mean", "var_mean", "norm", "logsumexp",
    "einsum", "cumprod", "cummax", "cummin", "sin", "cos", "tan", "asin", "acos", "atan", "atan2",
    "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "erf", "erfc", "erfinv", "floor", "ceil", "round",
    "trunc", "equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "eq", "ne", "gt",
    "ge", "lt", "le", "logical_and", "logical_or", "logical_not", "logical_xor", "isnan", "isinf",
    "isfinite", "isclose", "all", "any", "matmul", "bmm", "mm", "dense", "addmm", "baddbmm", "outer",
    "inner", "dot", "tensor_dot", "batch_dot", "cross", "diff", "lerp", "addcmul", "addcdiv",
    "bias_add", "trace", "inverse", "det", "cdist", "square_sum_all", "median", "xlogy", "hypot",
    "bitwise_and", "bitwise_or", "bitwise_xor", "sigmoid", "relu", "scalar_cast", "addn", "tensor_add",
    "matrix_band_part", "kron", "logaddexp", "frac", "deg2rad", "rad2deg", "square_sum",
]

_isnum = lambda v: isinstance(v, numbers.Number) and not isinstance(v, torch.Tensor)  # noqa: E731


def _pair(op, a, b):
    """Operands of a binary op: at least one must be a Tensor; Python numbers on the left become Tensors."""
    if isinstance(a, torch.Tensor):
        if isinstance(b, (list, tuple)):
            b = to_tensor(b)
        return a, b
    if isinstance(b, torch.Tensor):
        return to_tensor(a), b
    if _isnum(a) and _isnum(b):
        return to_tensor(a), b
    raise TypeError(f"For '{op}', the type of 'input' and 'other' must be Tensor or number, but got "
                    f"{type(a).__name__} and {type(b).__name__}.")


# ---------------------------------------------------------------------------------- arithmetic
def add(input, other):
    """``ops.add(input, other)`` with broadcasting."""
    a, b = _pair("add", input, other)
    return torch.add(a, b)


tensor_add = add


def sub(input, other):
    """``ops.sub(input, other)``."""
    a, b = _pair("sub", input, other)
    if a.dtype == torch.bool and (isinstance(b, torch.Tensor) and b.dtype == torch.bool):
        return torch.logical_xor(a, b)
    return torch.sub(a, b)


def subtract(input, other, *, alpha=1):
    """``ops.subtract(input, other, *, alpha=1)``: ``input - alpha * other``."""
    return sub(input, other if alpha == 1 else alpha * other)


def mul(input, other):
    """``ops.mul(input, other)``."""
    a, b = _pair("mul", input, other)
    return torch.mul(a, b)


multiply = mul


def div(input, other, *, rounding_mode=None):
    """``ops.div(input, other, *, rounding_mode=None)``: true division gives float32 for ints."""
    a, b = _pair("div", input, other)
    if rounding_mode not in (None, "floor", "trunc"):
        raise ValueError(f"For 'div', the 'rounding_mode' must be None, 'floor' or 'trunc', but got {rounding_mode}.")
    return torch.div(a, b, rounding_mode=rounding_mode)


divide = div


def true_divide(dividend, divisor):
    """``ops.true_divide(dividend, divisor)``."""
    return div(dividend, divisor)


def floor_div(x, y):
    """``ops.floor_div(x, y)``."""
    a, b = _pair("floor_div", x, y)
    return torch.floor_divide(a, b)


def floordiv(input, other):
    """``ops.floordiv(input, other)``."""
    return floor_div(input, other)


def remainder(input, other):
    """``ops.remainder(input, other)`` (sign of the divisor, like Python's %)."""
    a, b = _pair("remainder", input, other)
    return torch.remainder(a, b)


def fmod(input, other):
    """``ops.fmod(input, other)``."""
    a, b = _pair("fmod", input, other)
    return torch.fmod(a, b)


def pow(input, exponent):
    """``ops.pow(input, exponent)``."""
    a, b = _pair("pow", input, exponent)
    return torch.pow(a, b)


def _unary(name, fn, float_only=False):
    def op(input):
        if not isinstance(input, torch.Tensor):
            raise TypeError(f"For '{name}', the type of 'input' must be Tensor, but got {type(input).__name__}.")
        if float_only and not input.is_floating_point() and not input.is_complex():
            input = input.to(torch.float32)
        return fn(input)
    op.__name__ = name
    op.__qualname__ = name
    op.__doc__ = f"``ops.{name}(input)`` (torch.{fn.__name__}); integer inputs give float32."
    return op


exp = _unary("exp", torch.exp, True)
exp2 = _unary("exp2", torch.exp2, True)
expm1 = _unary("expm1", torch.expm1, True)
log = _unary("log", torch.log, True)
log2 = _unary("log2", torch.log2, True)
log10 = _unary("log10", torch.log10, True)
log1p = _unary("log1p", torch.log1p, True)
_sqrt = _unary("sqrt", torch.sqrt, True)


def sqrt(x):
    """``ops.sqrt(x)`` (torch.sqrt); integer inputs give float32."""
    return _sqrt(x)


rsqrt = _unary("rsqrt", torch.rsqrt, True)
sin = _unary("sin", torch.sin, True)
cos = _unary("cos", torch.cos, True)
tan = _unary("tan", torch.tan, True)
asin = _unary("asin", torch.asin, True)
acos = _unary("acos", torch.acos, True)
atan = _unary("atan", torch.atan, True)
sinh = _unary("sinh", torch.sinh, True)
cosh = _unary("cosh", torch.cosh, True)
tanh = _unary("tanh", torch.tanh, True)
asinh = _unary("asinh", torch.asinh, True)
acosh = _unary("acosh", torch.acosh, True)
atanh = _unary("atanh", torch.atanh, True)
erf = _unary("erf", torch.erf, True)
erfc = _unary("erfc", torch.erfc, True)
erfinv = _unary("erfinv", torch.erfinv, True)
sigmoid = _unary("sigmoid", torch.sigmoid, True)
reciprocal = _unary("reciprocal", torch.reciprocal, True)
square = _unary("square", torch.square)
abs = _unary("abs", torch.abs)
absolute = abs
neg = _unary("neg", torch.neg)
negative = neg
sign = _unary("sign", torch.sign)
floor = _unary("floor", torch.floor)
ceil = _unary("ceil", torch.ceil)
trunc = _unary("trunc", torch.trunc)
_frac = _unary("frac", torch.frac)
_deg2rad = _unary("deg2rad", torch.deg2rad, True)
_rad2deg = _unary("rad2deg", torch.rad2deg, True)


def frac(x):
    """``ops.frac(x)`` (torch.frac)."""
    return _frac(x)


def deg2rad(x):
    """``ops.deg2rad(x)`` (torch.deg2rad); integer inputs give float32."""
    return _deg2rad(x)


def rad2deg(x):
    """``ops.rad2deg(x)`` (torch.rad2deg); integer inputs give float32."""
    return _rad2deg(x)


isnan = _unary("isnan", torch.isnan)
isinf = _unary("isinf", torch.isinf)
isfinite = _unary("isfinite", torch.isfinite)
logical_not = _unary("logical_not", torch.logical_not)
relu = _unary("relu", torch.relu)


def round(input, *, decimals=0):
    """``ops.round(input, *, decimals=0)`` (half to even, as MindSpore and torch)."""
    check_tensor("round", input)
    return torch.round(input, decimals=decimals)


def atan2(input, other):
    """``ops.atan2(input, other)``."""
    a, b = _pair("atan2", input, other)
    return torch.atan2(a, b)


def maximum(input, other):
    """``ops.maximum(input, other)`` (NaN propagates)."""
    a, b = _pair("maximum", input, other)
    return torch.maximum(a, to_tensor(b, None))


def minimum(input, other):
    """``ops.minimum(input, other)``."""
    a, b = _pair("minimum", input, other)
    return torch.minimum(a, to_tensor(b, None))


def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    """``ops.clip_by_value(x, clip_value_min=None, clip_value_max=None)``; ``x`` may be a list/tuple
    of Tensors (each is clipped)."""
    if clip_value_min is None and clip_value_max is None:
        raise ValueError("For 'clip_by_value', at least one of 'clip_value_min' or 'clip_value_max' must not be None")
    if isinstance(x, (list, tuple)):
        return type(x)(clip_by_value(t, clip_value_min, clip_value_max) for t in x)
    check_tensor("clip_by_value", x, "x")
    out = x
    if clip_value_min is not None:
        out = torch.maximum(out, to_tensor(clip_value_min, None).to(x.dtype)) if isinstance(
            clip_value_min, torch.Tensor) else torch.clamp_min(out, clip_value_min)
    if clip_value_max is not None:
        out = torch.minimum(out, to_tensor(clip_value_max, None).to(x.dtype)) if isinstance(
            clip_value_max, torch.Tensor) else torch.clamp_max(out, clip_value_max)
    return out


def clamp(input, min=None, max=None):
    """``ops.clamp(input, min=None, max=None)``."""
    if min is None and max is None:
        raise ValueError("For 'clamp', at least one of 'min' or 'max' must not be None")
    if isinstance(input, (list, tuple)):
        return type(input)(clamp(t, min, max) for t in input)
    check_tensor("clamp", input)
    return torch.clamp(input, min, max)


clip = clamp


# ---------------------------------------------------------------------------------- comparison / logic
def _cmp(name, fn):
    def op(input, other):
        a, b = _pair(name, input, other)
        return fn(a, b)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"``ops.{name}(input, other)`` → Bool Tensor, with broadcasting."
    return op


equal = eq = _cmp("equal", torch.eq)
not_equal = ne = _cmp("not_equal", torch.ne)
greater = gt = _cmp("greater", torch.gt)
greater_equal = ge = _cmp("greater_equal", torch.ge)
less = lt = _cmp("less", torch.lt)
less_equal = le = _cmp("less_equal", torch.le)
logical_and = _cmp("logical_and", torch.logical_and)
logical_or = _cmp("logical_or", torch.logical_or)
logical_xor = _cmp("logical_xor", torch.logical_xor)
bitwise_and = _cmp("bitwise_and", torch.bitwise_and)
bitwise_or = _cmp("bitwise_or", torch.bitwise_or)
bitwise_xor = _cmp("bitwise_xor", torch.bitwise_xor)
xlogy = _cmp("xlogy", torch.xlogy)
hypot = _cmp("hypot", torch.hypot)
logaddexp = _cmp("logaddexp", torch.logaddexp)


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """``ops.isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)``."""
    return torch.isclose(input, to_tensor(other, input.dtype), rtol, atol, equal_nan)


# ---------------------------------------------------------------------------------- reductions
def _reduce(fn, x, axis, keep):
    axis = axes_arg(axis)
    if axis is None:
        out = fn(x)
        return torch.reshape(out, (1,) * x.dim()) if keep else out
    return fn(x, axis, keep)


def mean(x, axis=None, keep_dims=False):
    """``ops.mean(x, axis=None, keep_dims=False)``: as measured on MindSpore 2.10 CPU, an integer input
    gives a result of its own integer dtype (the mean truncated toward zero)."""
    check_tensor("mean", x, "x")
    if x.dtype is torch.bool:
        raise RuntimeError("For 'ReduceMean', unsupported reduce operation for bool.")
    if not x.is_floating_point() and not x.is_complex():
        return _reduce(torch.mean, x.to(torch.float32), axis, keep_dims).to(x.dtype)
    return _reduce(torch.mean, x, axis, keep_dims)


def reduce_mean(x, axis=()):
    """``ops.reduce_mean(x, axis=())``."""
    return mean(x, axis)


def sum(input, dim=None, keepdim=False, *, dtype=None):
    """``ops.sum(input, dim=None, keepdim=False, *, dtype=None)``."""
    check_tensor("sum", input)
    d = ms_dtype("sum", dtype)
    if d is not None:
        input = input.to(d)
    return _reduce(torch.sum, input, dim, keepdim)


def reduce_sum(x, axis=()):
    """``ops.reduce_sum(x, axis=())``."""
    return sum(x, axis)


def prod(input, axis=None, keep_dims=False, dtype=None):
    """``ops.prod(input, axis=None, keep_dims=False, dtype=None)``; tuple axes reduce one by one."""
    check_tensor("prod", input)
    d = ms_dtype("prod", dtype)
    if d is not None:
        input = input.to(d)
    axis = axes_arg(axis)
    if axis is None:
        out = torch.prod(input)
        return torch.reshape(out, (1,) * input.dim()) if keep_dims else out
    if isinstance(axis, tuple):
        out = input
        for a in sorted((a % input.dim() for a in axis), reverse=True):
            out = torch.prod(out, a, keep_dims)
        return out
    return torch.prod(input, axis, keep_dims)


def _maxmin(name, fn, afn, input, axis, keepdims, initial, where):
    check_tensor(name, input)
    if where is not None:
        fill = float("-inf") if fn is torch.amax else float("inf")
        if initial is None:
            raise ValueError(f"For '{name}', 'initial' must be given when 'where' is used.")
        input = torch.where(where, input, torch.as_tensor(fill, dtype=input.dtype, device=input.device))
    if axis is None:
        out = fn(input)
        # measured on MindSpore 2.10 CPU: without an axis the returned index is always 0
        idx = torch.zeros_like(out, dtype=torch.int64)
        if keepdims:
            out = torch.reshape(out, (1,) * input.dim())
            idx = torch.reshape(idx, (1,) * input.dim())
        if initial is not None:
            out = (torch.clamp_min if fn is torch.amax else torch.clamp_max)(out, initial)
        return out, idx
    if isinstance(axis, (tuple, list)):
        out = fn(input, tuple(axis), keepdims)
        if initial is not None:
            out = (torch.clamp_min if fn is torch.amax else torch.clamp_max)(out, initial)
        return out
    values = fn(input, axis, keepdims)
    if initial is not None:
        values = (torch.clamp_min if fn is torch.amax else torch.clamp_max)(values, initial)
    return values, afn(input, axis, keepdims)


def max(input, axis=None, keepdims=False, *, initial=None, where=None):
    """``ops.max(input, axis=None, keepdims=False, *, initial=None, where=None)`` →
    ``(values, int64 indices)``, also without ``axis``: then, as measured on MindSpore 2.10 CPU, the index
    is always 0 (use ``argmax`` for the position)."""
    return _maxmin("max", torch.amax, torch.argmax, input, axis, keepdims, initial, where)


def min(input, axis=None, keepdims=False, *, initial=None, where=None):
    """``ops.min(input, axis=None, keepdims=False, *, initial=None, where=None)``: with an int
    ``axis`` → ``(values, indices)``."""
    return _maxmin("min", torch.amin, torch.argmin, input, axis, keepdims, initial, where)


def amax(input, axis=None, keepdims=False, *, initial=None, where=None):
    """``ops.amax(input, axis=None, keepdims=False, *, initial=None, where=None)``: values only."""
    check_tensor("amax", input)
    axis = axes_arg(axis)
    out = _reduce(torch.amax, input, axis, keepdims) if axis is not None else (
        torch.reshape(torch.amax(input), (1,) * input.dim()) if keepdims else torch.amax(input))
    return torch.clamp_min(out, initial) if initial is not None else out


def amin(input, axis=None, keepdims=False, *, initial=None, where=None):
    """``ops.amin(input, axis=None, keepdims=False, *, initial=None, where=None)``: values only."""
    check_tensor("amin", input)
    axis = axes_arg(axis)
    out = _reduce(torch.amin, input, axis, keepdims) if axis is not None else (
        torch.reshape(torch.amin(input), (1,) * input.dim()) if keepdims else torch.amin(input))
    return torch.clamp_max(out, initial) if initial is not None else out


def argmax(input, dim=None, keepdim=False):
    """``ops.argmax(input, dim=None, keepdim=False)`` → int64 indices."""
    check_tensor("argmax", input)
    if input.dtype is torch.bool:
        input = input.to(torch.int32)
    return torch.argmax(input, dim, keepdim)


def argmin(input, axis=None, keepdims=False):
    """``ops.argmin(input, axis=None, keepdims=False)`` → int32 indices (MindSpore 2.10; argmax gives int64)."""
    check_tensor("argmin", input)
    return torch.argmin(input, axis, keepdims).to(torch.int32)


def _moment(fn, name, input, axis, ddof, keepdims):
    check_tensor(name, input)
    if not (input.is_floating_point() or input.is_complex()):  # MindSpore 2.10: no integer/bool kernel
        raise TypeError(f"For '{name}', the input must be a floating point Tensor, but got "
                        f"{_mstype.dtype_str(input.dtype)}.")
    if isinstance(ddof, bool):
        ddof = int(ddof)
    axis = axes_arg(axis)
    return fn(input, axis, correction=ddof, keepdim=keepdims)


def std(input, axis=None, ddof=0, keepdims=False):
    """``ops.std(input, axis=None, ddof=0, keepdims=False)``: population std by default (torch: ddof=1)."""
    return _moment(torch.std, "std", input, axis, ddof, keepdims)


def var(input, axis=None, ddof=0, keepdims=False):
    """``ops.var(input, axis=None, ddof=0, keepdims=False)``: population variance by default."""
    return _moment(torch.var, "var", input, axis, ddof, keepdims)


def std_mean(input, axis=None, ddof=0, keepdims=False):
    """``ops.std_mean(input, axis=None, ddof=0, keepdims=False)`` → ``(std, mean)``."""
    return tuple(_moment(torch.std_mean, "std_mean", input, axis, ddof, keepdims))


def var_mean(input, axis=None, ddof=0, keepdims=False):
    """``ops.var_mean(input, axis=None, ddof=0, keepdims=False)`` → ``(var, mean)``."""
    return tuple(_moment(torch.var_mean, "var_mean", input, axis, ddof, keepdims))


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """``ops.norm(A, ord=None, dim=None, keepdim=False, *, dtype=None)`` (torch.linalg.norm
    semantics; ``dim=None`` on >2-D input takes the 2-norm of the flattened tensor)."""
    check_tensor("norm", A, "A")
    d = ms_dtype("norm", dtype)
    if d is not None:
        A = A.to(d)
    if isinstance(dim, list):
        dim = tuple(dim)
    if dim is None and (A.dim() > 2 or ord is None):
        if ord is None or ord == 2 or A.dim() == 1:
            out = torch.linalg.vector_norm(A, 2 if ord is None else ord)
            return torch.reshape(out, (1,) * A.dim()) if keepdim else out
    return torch.linalg.norm(A, ord, dim, keepdim)


def logsumexp(input, dim, keepdim=False):
    """``ops.logsumexp(input, dim, keepdim=False)``."""
    return torch.logsumexp(input, dim, keepdim)


def cumprod(input, dim, dtype=None):
    """``ops.cumprod(input, dim, dtype=None)``."""
    return torch.cumprod(input, dim, dtype=ms_dtype("cumprod", dtype))


def cummax(input, axis):
    """``ops.cummax(input, axis)`` → ``(values, indices)``."""
    v, i = torch.cummax(input, axis)
    return v, i


def cummin(input, axis):
    """``ops.cummin(input, axis)`` → ``(values, indices)``."""
    v, i = torch.cummin(input, axis)
    return v, i


def all(input, axis=None, keep_dims=False):
    """``ops.all(input, axis=None, keep_dims=False)``."""
    check_tensor("all", input)
    return _reduce(torch.all, input, axis, keep_dims)


def any(input, axis=None, keep_dims=False):
    """``ops.any(input, axis=None, keep_dims=False)``."""
    check_tensor("any", input)
    return _reduce(torch.any, input, axis, keep_dims)


def median(input, axis=-1, keepdims=False):
    """``ops.median(input, axis=-1, keepdims=False)`` → ``(values, indices)``."""
    v, i = torch.median(input, axis, keepdims)
    return v, i


def square_sum_all(x, y):
    """``ops.square_sum_all(x, y)`` → ``(sum(x**2), sum(y**2))``."""
    return torch.sum(x * x), torch.sum(y * y)


def square_sum(x):
    return torch.sum(x * x)


# ---------------------------------------------------------------------------------- matmul family
def matmul(input, other):
    """``ops.matmul(input, other)``: numpy ``matmul`` broadcasting (as torch.matmul). Operands of different
    dtypes raise MindSpore 2.10's TypeError (``For 'MatMulExt', the type of 'x2' should be same as 'x1'``);
    shape and dtype errors are checked only when torch rejects the call (no cost otherwise)."""
    try:
        return torch.matmul(input, other)
    except (RuntimeError, TypeError):
        pass
    check_tensor("matmul", input)
    check_tensor("matmul", other, "other")
    if input.dim() == 0 or other.dim() == 0:
        raise ValueError("For 'matmul', the input tensors can not be scalars (0-D).")
    a_k = input.shape[-1]
    b_k = other.shape[-2] if other.dim() > 1 else other.shape[0]
    if a_k != b_k:
        raise RuntimeError(f"For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2], but got {a_k} and {b_k}.")
    err = same_dtype_error("MatMulExt", input, other)
    if err is not None:
        raise err
    return torch.matmul(input, other)  # torch's own error (another cause)


def mm(input, mat2):
    """``ops.mm(input, mat2)`` (2-D only)."""
    return torch.mm(input, mat2)


def bmm(input_x, mat2):
    """``ops.bmm(input_x, mat2)``: batched matmul; batch dims broadcast (MindSpore BatchMatMul)."""
    check_tensor("bmm", input_x, "input_x")
    check_tensor("bmm", mat2, "mat2")
    if input_x.dim() < 3 or mat2.dim() < 2:
        raise ValueError(f"For 'bmm', 'input_x' must be at least 3-D and 'mat2' at least 2-D, but got "
                         f"{input_x.dim()}-D and {mat2.dim()}-D.")
    return torch.matmul(input_x, mat2)


def dense(input, weight, bias=None):
    """``ops.dense(input, weight, bias=None)``: ``input @ weight.T + bias`` (torch ``F.linear``)."""
    return _F.linear(input, weight, bias)


def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """``ops.addmm(input, mat1, mat2, *, beta=1, alpha=1)``."""
    return torch.addmm(input, mat1, mat2, beta=beta, alpha=alpha)


def baddbmm(input, batch1, batch2, beta=1, alpha=1):
    """``ops.baddbmm(input, batch1, batch2, beta=1, alpha=1)``."""
    return torch.baddbmm(input, batch1, batch2, beta=beta, alpha=alpha)


def outer(input, vec2):
    """``ops.outer(input, vec2)``."""
    return torch.outer(input, vec2)


def inner(input, other):
    """``ops.inner(input, other)``."""
    return torch.inner(input, other)


def dot(input, other):
    """``ops.dot(input, other)``: 1-D · 1-D, else the last dim of ``input`` with the second-to-last of
    ``other`` (numpy ``dot``)."""
    if input.dim() == 1 and other.dim() == 1:
        return torch.dot(input, other)
    if other.dim() == 1:
        return torch.matmul(input, other)
    return torch.tensordot(input, other, ([input.dim() - 1], [other.dim() - 2]))


def tensor_dot(x1, x2, axes):
    """``ops.tensor_dot(x1, x2, axes)``."""
    if isinstance(axes, (list, tuple)) and len(axes) == 2 and not builtins.all(
            isinstance(a, int) for a in axes):
        axes = [list(a) if isinstance(a, (list, tuple)) else [a] for a in axes]
    return torch.tensordot(x1, x2, axes)


def batch_dot(x1, x2, axes=None):
    """``ops.batch_dot(x1, x2, axes=None)``: per-batch dot over the given axes (default: last of
    x1 with last of x2 for 2-D, else last of x1 with second-to-last of x2)."""
    if axes is None:
        axes = (x1.dim() - 1, x2.dim() - 1 if x2.dim() == 2 else x2.dim() - 2)
    if isinstance(axes, int):
        axes = (axes, axes)
    a1, a2 = axes[0] % x1.dim(), axes[1] % x2.dim()
    a = torch.movedim(x1, a1, -1)
    b = torch.movedim(x2, a2, 1)
    b2 = b.reshape(b.shape[0], b.shape[1], -1)
    out = torch.matmul(a.reshape(a.shape[0], -1, a.shape[-1]), b2)
    shp = tuple(a.shape[1:-1]) + tuple(b.shape[2:])
    out = out.reshape((x1.shape[0],) + shp)
    if x1.dim() == 2 and x2.dim() == 2:
        out = out.reshape(x1.shape[0], 1)
    return out


def cross(input, other, dim=None):
    """``ops.cross(input, other, dim=None)``; ``dim=None`` is the first dimension of size 3, as in MindSpore."""
    if dim is None:
        dim = next((i for i, n in enumerate(torch.broadcast_shapes(input.shape, other.shape)) if n == 3), -1)
    return torch.linalg.cross(input, other, dim=dim)


def diff(x, n=1, axis=-1, prepend=None, append=None):
    """``ops.diff(x, n=1, axis=-1, prepend=None, append=None)``."""
    return torch.diff(x, n, axis, prepend, append)


def lerp(input, end, weight):
    """``ops.lerp(input, end, weight)``."""
    return torch.lerp(input, end, weight)


def addcmul(input, tensor1, tensor2, value=1):
    """``ops.addcmul(input, tensor1, tensor2, value=1)``."""
    return input + value * tensor1 * tensor2


def addcdiv(input, tensor1, tensor2, value=1):
    """``ops.addcdiv(input, tensor1, tensor2, value=1)``."""
    return input + value * tensor1 / tensor2


def bias_add(input_x, bias):
    """``ops.bias_add(input_x, bias)``: adds ``bias`` along dim 1 (NCHW)."""
    if input_x.dim() < 2:
        raise ValueError("For 'bias_add', the dimension of 'input_x' must be at least 2.")
    return input_x + bias.reshape((1, -1) + (1,) * (input_x.dim() - 2))


def trace(input):
    """``ops.trace(input)``."""
    return torch.trace(input)


def inverse(input):
    """``ops.inverse(input)``."""
    return torch.linalg.inv(input)


def det(input):
    """``ops.det(input)``."""
    return torch.linalg.det(input)


def cdist(x1, x2, p=2.0):
    """``ops.cdist(x1, x2, p=2.0)``."""
    return torch.cdist(x1, x2, p)


def kron(input, other):
    """``ops.kron(input, other)``."""
    return torch.kron(input, other)


def matrix_band_part(x, lower, upper):
    """``ops.matrix_band_part(x, lower, upper)``: keep a band (negative = keep all)."""
    m, n = x.shape[-2], x.shape[-1]
    i = torch.arange(m, device=x.device).unsqueeze(-1)
    j = torch.arange(n, device=x.device).unsqueeze(0)
    keep = torch.ones(m, n, dtype=torch.bool, device=x.device)
    if int(lower) >= 0:
        keep &= (i - j) <= int(lower)
    if int(upper) >= 0:
        keep &= (j - i) <= int(upper)
    return torch.where(keep, x, torch.zeros((), dtype=x.dtype, device=x.device))


def einsum(equation, *operands):
    """``ops.einsum(equation, *operands)``."""
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    return torch.einsum(equation, *operands)


def addn(x):
    """``ops.addn(x)``: sum of a list/tuple of Tensors."""
    if not isinstance(x, (list, tuple)) or not x:
        raise TypeError("For 'addn', the 'x' must be a non-empty tuple or list of Tensor.")
    out = x[0]
    for t in x[1:]:
        out = out + t
    return out


def scalar_cast(input_x, input_y):
    """``ops.scalar_cast(input_x, input_y)``: cast a Python scalar to a MindSpore dtype."""
    if input_y in (torch.float16, torch.float32, torch.float64, torch.bfloat16):
        return float(input_x)
    if input_y is torch.bool:
        return bool(input_x)
    return int(input_x)

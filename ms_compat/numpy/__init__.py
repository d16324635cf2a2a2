"""``mindspore.numpy`` basics on PyTorch: numpy-style functions returning ms ``Tensor``.

MindSpore's dtype rules apply: Python floats → float32, Python ints → int32 for ``array``/``asarray``
(mindspore.numpy's default int type), numpy arrays keep their dtype except float64 → float32.
"""
from __future__ import annotations

import builtins
import numbers

import numpy as _np
import torch

from ..common.tensor import Tensor
from ..common import dtype as mstype
from ..ops._utils import wrap as _wrap, default_device as _dev
from ..ops.function import array_func as _a, math_func as _m
from ..porting._missing import module_getattr as _mg

__all__ = [
    "array", "asarray", "asfarray", "zeros", "ones", "full", "empty", "zeros_like", "ones_like", "full_like",
    "empty_like", "arange", "linspace", "eye", "identity", "concatenate", "stack", "hstack", "vstack", "reshape",
    "transpose", "expand_dims", "squeeze", "where", "sum", "mean", "prod", "amax", "amin", "max", "min",
    "argmax", "argmin", "std", "var", "dot", "matmul", "outer", "exp", "log", "sqrt", "abs", "absolute",
    "maximum", "minimum", "clip", "isclose", "allclose", "tile", "repeat", "cumsum", "pad", "add", "subtract",
    "multiply", "divide", "true_divide", "power", "square", "tanh", "sin", "cos", "floor", "ceil", "sign",
    "negative", "flip", "split", "ravel", "swapaxes", "moveaxis", "broadcast_to", "meshgrid", "diag", "tril",
    "triu", "unique", "sort", "argsort", "take", "isnan", "isinf", "isfinite", "logical_and", "logical_or",
    "logical_not", "equal", "not_equal", "greater", "less", "greater_equal", "less_equal", "count_nonzero",
    "size", "shape", "ndim", "float32", "float16", "float64", "int32", "int64", "bool_", "pi", "e", "inf", "nan",
    "newaxis", "average", "atleast_1d", "atleast_2d", "rand", "randn", "randint", "floor_divide", "remainder",
    "log1p", "log2", "exp2", "around", "empty", "roll", "append", "cross", "norm",
]

float16, float32, float64 = torch.float16, torch.float32, torch.float64
int8, int16, int32, int64 = torch.int8, torch.int16, torch.int32, torch.int64
uint8, bool_ = torch.uint8, torch.bool
pi, e, inf, nan, newaxis = _np.pi, _np.e, _np.inf, _np.nan, None


def _dtype_of_py(obj):
    arr = _np.asarray(obj)
    if arr.dtype == _np.float64:
        return torch.float32
    if arr.dtype.kind in "iu" and arr.dtype.itemsize == 8:
        return torch.int32 if isinstance(obj, (numbers.Integral, list, tuple)) else torch.int64
    return None


def array(obj, dtype=None, copy=True, ndmin=0):
    """``mindspore.numpy.array(obj, dtype=None, copy=True, ndmin=0)``: Python floats → float32,
    Python ints → int32 (mindspore.numpy's defaults), numpy float64 → float32."""
    d = mstype.to_torch_dtype(dtype) if dtype is not None else None
    if isinstance(obj, torch.Tensor):
        t = obj.clone() if copy else obj
        t = _wrap(t.to(d) if d is not None else t)
    else:
        if d is None:
            d = _dtype_of_py(obj)
        t = Tensor(obj if not isinstance(obj, _np.ndarray) else obj, d)
    while t.dim() < ndmin:
        t = t.unsqueeze(0)
    return t


def asarray(a, dtype=None):
    """``mindspore.numpy.asarray(a, dtype=None)`` (no copy for Tensors of the right dtype)."""
    return array(a, dtype, copy=False)


def asfarray(a, dtype=torch.float32):
    """``mindspore.numpy.asfarray(a, dtype=float32)``."""
    return array(a, dtype)


def _t(x):
    return x if isinstance(x, torch.Tensor) else asarray(x)


def _shape(shape):
    return (shape,) if isinstance(shape, int) else tuple(shape)


def _dt(dtype, default=torch.float32):
    return mstype.to_torch_dtype(dtype) if dtype is not None else default


def zeros(shape, dtype=torch.float32):
    """``mindspore.numpy.zeros(shape, dtype=float32)``."""
    return _wrap(torch.zeros(_shape(shape), dtype=_dt(dtype), device=_dev()))


def ones(shape, dtype=torch.float32):
    """``mindspore.numpy.ones(shape, dtype=float32)``."""
    return _wrap(torch.ones(_shape(shape), dtype=_dt(dtype), device=_dev()))


def empty(shape, dtype=torch.float32):
    """``mindspore.numpy.empty`` (zero-filled, as MindSpore)."""
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None):
    """``mindspore.numpy.full(shape, fill_value, dtype=None)``."""
    if dtype is None:
        dtype = torch.float32 if isinstance(fill_value, float) else torch.bool if isinstance(
            fill_value, bool) else torch.int32 if isinstance(fill_value, int) else fill_value.dtype
    v = fill_value.item() if isinstance(fill_value, torch.Tensor) else fill_value
    return _wrap(torch.full(_shape(shape), v, dtype=_dt(dtype), device=_dev()))


def zeros_like(a, dtype=None, shape=None):
    return _wrap(torch.zeros(shape or tuple(_t(a).shape), dtype=_dt(dtype, _t(a).dtype), device=_t(a).device))


def ones_like(a, dtype=None, shape=None):
    return _wrap(torch.ones(shape or tuple(_t(a).shape), dtype=_dt(dtype, _t(a).dtype), device=_t(a).device))


def full_like(a, fill_value, dtype=None, shape=None):
    return _wrap(torch.full(shape or tuple(_t(a).shape), fill_value, dtype=_dt(dtype, _t(a).dtype),
                            device=_t(a).device))


def empty_like(prototype, dtype=None, shape=None):
    return zeros_like(prototype, dtype, shape)


def arange(start, stop=None, step=None, dtype=None):
    """``mindspore.numpy.arange(start, stop=None, step=None, dtype=None)``: ints → int32, floats → float32."""
    if stop is None:
        start, stop = 0, start
    step = 1 if step is None else step
    if dtype is None:
        dtype = torch.float32 if builtins.any(isinstance(v, float) for v in (start, stop, step)) else torch.int32
    return _wrap(torch.arange(start, stop, step, dtype=_dt(dtype), device=_dev()))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """``mindspore.numpy.linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0)``."""
    n = num if endpoint else num + 1
    out = torch.linspace(float(start), float(stop), n, dtype=torch.float32, device=_dev())
    if not endpoint:
        out = out[:-1]
    out = _wrap(out.to(_dt(dtype)))
    if retstep:
        step = (float(stop) - float(start)) / ((num - 1) if endpoint else num)
        return out, step
    return out


def eye(N, M=None, k=0, dtype=torch.float32):
    """``mindspore.numpy.eye(N, M=None, k=0, dtype=float32)``."""
    M = N if M is None else M
    return _wrap(torch.ones(N, M, device=_dev()).tril(k).triu(k).to(_dt(dtype)))


def identity(n, dtype=torch.float32):
    return eye(n, dtype=dtype)


def concatenate(arrays, axis=0):
    """``mindspore.numpy.concatenate(arrays, axis=0)``; ``axis=None`` flattens first."""
    arrays = [_t(a) for a in arrays]
    if axis is None:
        arrays = [a.reshape(-1) for a in arrays]
        axis = 0
    return torch.cat(arrays, axis)


def stack(arrays, axis=0):
    return torch.stack([_t(a) for a in arrays], axis)


def hstack(tup):
    return torch.hstack([_t(a) for a in tup])


def vstack(tup):
    return torch.vstack([_t(a) for a in tup])


def append(arr, values, axis=None):
    if axis is None:
        return torch.cat([_t(arr).reshape(-1), _t(values).reshape(-1)])
    return torch.cat([_t(arr), _t(values)], axis)


def reshape(x, new_shape):
    return torch.reshape(_t(x), _shape(new_shape))


def ravel(x):
    return torch.reshape(_t(x), (-1,))


def transpose(a, axes=None):
    """``mindspore.numpy.transpose(a, axes=None)``: reverses dims when ``axes`` is None."""
    a = _t(a)
    if axes is None:
        axes = tuple(builtins.range(a.dim() - 1, -1, -1))
    return torch.permute(a, tuple(axes))


def swapaxes(x, axis1, axis2):
    return torch.transpose(_t(x), axis1, axis2)


def moveaxis(a, source, destination):
    return torch.movedim(_t(a), source, destination)


def expand_dims(a, axis):
    a = _t(a)
    if isinstance(axis, int):
        return torch.unsqueeze(a, axis)
    for ax in sorted(axis):
        a = torch.unsqueeze(a, ax)
    return a


def squeeze(a, axis=None):
    return _a.squeeze(_t(a), axis)


def broadcast_to(array, shape):
    return _t(array).expand(_shape(shape))


def atleast_1d(*arys):
    res = [_t(a).reshape(1) if _t(a).dim() == 0 else _t(a) for a in arys]
    return res[0] if len(res) == 1 else res


def atleast_2d(*arys):
    res = [torch.atleast_2d(_t(a)) for a in arys]
    return res[0] if len(res) == 1 else res


def where(condition, x=None, y=None):
    """``mindspore.numpy.where(condition, x=None, y=None)``."""
    c = _t(condition).bool()
    if x is None and y is None:
        return tuple(torch.nonzero(c, as_tuple=True))
    return torch.where(c, _t(x), _t(y))


def _red(fn, a, axis, keepdims, dtype=None):
    a = _t(a)
    if dtype is not None:
        a = a.to(_dt(dtype))
    if isinstance(axis, list):
        axis = tuple(axis)
    if axis is None:
        out = fn(a)
        return out.reshape((1,) * a.dim()) if keepdims else out
    return fn(a, axis, keepdim=keepdims)


def sum(a, axis=None, dtype=None, keepdims=False, initial=None):
    """``mindspore.numpy.sum(a, axis=None, dtype=None, keepdims=False, initial=None)``."""
    out = _red(torch.sum, a, axis, keepdims, dtype)
    return out + initial if initial is not None else out


def mean(a, axis=None, keepdims=False, dtype=None):
    """``mindspore.numpy.mean(a, axis=None, keepdims=False, dtype=None)``: as measured on MindSpore
    2.10, an integer input gives a result of the input's integer dtype (the mean truncated)."""
    a = _t(a)
    if not a.is_floating_point():
        out = _red(torch.mean, a.to(torch.float32), axis, keepdims)
        return out.to(_dt(dtype) if dtype is not None else a.dtype)
    return _red(torch.mean, a, axis, keepdims, dtype)


def average(x, axis=None, weights=None, returned=False):
    x = _t(x)
    if weights is None:
        avg = mean(x, axis)
        wsum = torch.tensor(float(x.numel() if axis is None else x.shape[axis]))
    else:
        w = _t(weights).to(x.dtype)
        if axis is not None and w.dim() == 1 and x.dim() > 1:
            shp = [1] * x.dim()
            shp[axis] = -1
            w = w.reshape(shp)
        wsum = _red(torch.sum, w.expand_as(x), axis, False)
        avg = _red(torch.sum, x * w, axis, False) / wsum
    return (avg, wsum) if returned else avg


def prod(a, axis=None, keepdims=False, initial=None, dtype=None):
    a = _t(a)
    if dtype is not None:
        a = a.to(_dt(dtype))
    out = _m.prod(a, axis, keepdims)
    return out * initial if initial is not None else out


def amax(a, axis=None, keepdims=False, initial=None, where=True):
    return _m.amax(_t(a), axis, keepdims, initial=initial)


def amin(a, axis=None, keepdims=False, initial=None, where=True):
    return _m.amin(_t(a), axis, keepdims, initial=initial)


max = amax
min = amin


def argmax(a, axis=None):
    return torch.argmax(_t(a), axis)


def argmin(a, axis=None):
    return torch.argmin(_t(a), axis)


def std(x, axis=None, ddof=0, keepdims=False):
    """``mindspore.numpy.std`` (ddof=0 by default, as numpy)."""
    return _m.std(_t(x), axis, ddof, keepdims)


def var(x, axis=None, ddof=0, keepdims=False):
    return _m.var(_t(x), axis, ddof, keepdims)


def norm(x, ord=None, axis=None, keepdims=False):
    return _m.norm(_t(x), ord, axis, keepdims)


def dot(a, b):
    """``mindspore.numpy.dot(a, b)``: numpy semantics (sum over last of a and second-to-last of b)."""
    a, b = _t(a), _t(b)
    if a.dim() == 0 or b.dim() == 0:
        return a * b
    if b.dim() == 1 or a.dim() == 1:
        return torch.matmul(a, b)
    return torch.tensordot(a, b, ([a.dim() - 1], [b.dim() - 2]))


def matmul(x1, x2, dtype=None):
    out = torch.matmul(_t(x1), _t(x2))
    return out.to(_dt(dtype)) if dtype is not None else out


def outer(a, b):
    return torch.outer(_t(a).reshape(-1), _t(b).reshape(-1))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    return torch.linalg.cross(_t(a), _t(b), dim=-1 if axis is None else axis)


def _u(fn, float_only=True):
    def op(x, dtype=None):
        x = _t(x)
        if float_only and not x.is_floating_point():
            x = x.to(torch.float32)
        out = fn(x)
        return out.to(_dt(dtype)) if dtype is not None else out
    op.__name__ = fn.__name__
    op.__doc__ = f"``mindspore.numpy.{fn.__name__}(x, dtype=None)``."
    return op


exp, log, sqrt, tanh, sin, cos = (_u(f) for f in (torch.exp, torch.log, torch.sqrt, torch.tanh, torch.sin,
                                                  torch.cos))
log1p, log2, exp2 = _u(torch.log1p), _u(torch.log2), _u(torch.exp2)
abs = absolute = _u(torch.abs, False)
floor, ceil, sign, negative, square = (_u(f, False) for f in (torch.floor, torch.ceil, torch.sign, torch.neg,
                                                              torch.square))
isnan, isinf, isfinite, logical_not = (_u(f, False) for f in (torch.isnan, torch.isinf, torch.isfinite,
                                                              torch.logical_not))


def _b(fn):
    def op(x1, x2, dtype=None):
        a, b = _t(x1), _t(x2)
        out = fn(a, b)
        return out.to(_dt(dtype)) if dtype is not None else out
    op.__name__ = fn.__name__
    op.__doc__ = f"``mindspore.numpy.{fn.__name__}(x1, x2, dtype=None)``."
    return op


add, subtract, multiply, divide, power = (_b(f) for f in (torch.add, torch.sub, torch.mul, torch.true_divide,
                                                          torch.pow))
true_divide = divide
maximum, minimum = _b(torch.maximum), _b(torch.minimum)
floor_divide, remainder = _b(torch.floor_divide), _b(torch.remainder)
logical_and, logical_or = _b(torch.logical_and), _b(torch.logical_or)
equal, not_equal, greater, less, greater_equal, less_equal = (_b(f) for f in (
    torch.eq, torch.ne, torch.gt, torch.lt, torch.ge, torch.le))


def around(a, decimals=0):
    return torch.round(_t(a), decimals=decimals)


def clip(x, xmin, xmax, dtype=None):
    """``mindspore.numpy.clip(x, xmin, xmax, dtype=None)``."""
    if xmin is None and xmax is None:
        raise ValueError("One of max or min must be given.")
    out = torch.clamp(_t(x), xmin, xmax)
    return out.to(_dt(dtype)) if dtype is not None else out


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    a = _t(a)
    return torch.isclose(a, _t(b).to(a.dtype), rtol, atol, equal_nan)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """``mindspore.numpy.allclose`` → a 0-d Bool Tensor."""
    return torch.all(isclose(a, b, rtol, atol, equal_nan))


def tile(a, reps):
    return torch.tile(_t(a), _shape(reps))


def repeat(a, repeats, axis=None):
    """``mindspore.numpy.repeat(a, repeats, axis=None)`` (numpy element repeat)."""
    a = _t(a)
    if isinstance(repeats, (list, tuple)):
        repeats = torch.as_tensor(repeats)
    if axis is None:
        return torch.repeat_interleave(a.reshape(-1), repeats)
    return torch.repeat_interleave(a, repeats, axis)


def cumsum(a, axis=None, dtype=None):
    a = _t(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    return torch.cumsum(a, axis, dtype=_dt(dtype) if dtype is not None else None)


def pad(arr, pad_width, mode="constant", stat_length=None, constant_values=0, end_values=0, reflect_type="even",
        **kwargs):
    """``mindspore.numpy.pad(arr, pad_width, mode='constant', stat_length=None, constant_values=0, end_values=0,
    reflect_type='even', **kwargs)``: numpy's ``pad_width`` (per dim, first dim first); modes
    constant/edge/reflect/wrap (``stat_length``, ``end_values``, an odd ``reflect_type`` and a callable ``mode``
    belong to modes ms_compat does not have: NotImplementedError)."""
    if stat_length is not None or end_values != 0 or reflect_type != "even" or kwargs:
        raise NotImplementedError("mindspore.numpy.pad: stat_length, end_values, reflect_type='odd' and the keyword "
                                  "arguments of a callable mode are not supported by ms_compat.")
    arr = _t(arr)
    nd = arr.dim()
    if isinstance(pad_width, int):
        pw = [(pad_width, pad_width)] * nd
    else:
        pw = list(pad_width)
        if len(pw) and isinstance(pw[0], int):
            pw = [tuple(pw)] * nd if len(pw) == 2 else [(pw[0], pw[0])] * nd
        elif len(pw) == 1:
            pw = [tuple(pw[0])] * nd
    flat = []
    for lo, hi in reversed(pw):
        flat += [lo, hi]
    tm = {"constant": "constant", "edge": "replicate", "reflect": "reflect", "wrap": "circular"}
    if mode not in tm:
        raise NotImplementedError(f"mindspore.numpy.pad mode '{mode}' is not supported by ms_compat.")
    if mode == "constant":
        return torch.nn.functional.pad(arr, flat, "constant", constant_values)
    # torch's non-constant modes pad only trailing spatial dims of batched input: go via a batch view
    x = arr.reshape((1, 1) + tuple(arr.shape)) if nd <= 3 else arr
    out = torch.nn.functional.pad(x.float() if not x.is_floating_point() else x, flat, tm[mode])
    return out.reshape(out.shape[2:]).to(arr.dtype) if nd <= 3 else out.to(arr.dtype)


def flip(m, axis=None):
    m = _t(m)
    axes = tuple(builtins.range(m.dim())) if axis is None else ((axis,) if isinstance(axis, int) else tuple(axis))
    return torch.flip(m, axes)


def roll(a, shift, axis=None):
    return torch.roll(_t(a), shift, axis)


def split(x, indices_or_sections, axis=0):
    """``mindspore.numpy.split``: numpy semantics (number of equal sections, or split indices)."""
    x = _t(x)
    if isinstance(indices_or_sections, int):
        if x.shape[axis] % indices_or_sections:
            raise ValueError("array split does not result in an equal division")
        return tuple(torch.tensor_split(x, indices_or_sections, axis))
    return list(torch.tensor_split(x, list(indices_or_sections), axis))  # a list here, as MindSpore 2.10


def meshgrid(*xi, sparse=False, indexing="xy"):
    out = torch.meshgrid(*[_t(x) for x in xi], indexing=indexing)
    return tuple(out)


def diag(v, k=0):
    return torch.diag(_t(v), k)


def tril(m, k=0):
    return torch.tril(_t(m), k)


def triu(m, k=0):
    return torch.triu(_t(m), k)


def unique(x, return_inverse=False):
    out = torch.unique(_t(x).reshape(-1), sorted=True, return_inverse=return_inverse)
    return tuple(out) if return_inverse else out


def sort(a, axis=-1, kind=None, order=None):
    a = _t(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    return torch.sort(a, axis, stable=True)[0]


def argsort(a, axis=-1, kind="quicksort", order=None):
    return torch.argsort(_t(a), axis, stable=True)


def take(a, indices, axis=None, mode="clip"):
    a = _t(a)
    idx = _t(indices).long()
    if axis is None:
        a, axis = a.reshape(-1), 0
    n = a.shape[axis]
    idx = idx.clamp(0, n - 1) if mode == "clip" else idx % n
    return _a.gather(a, idx, axis)


def count_nonzero(x, axis=None, keepdims=False):
    return _red(torch.sum, (_t(x) != 0).to(torch.int32), axis, keepdims)


def size(a, axis=None):
    a = _t(a)
    return a.numel() if axis is None else a.shape[axis]


def shape(a):
    return tuple(_t(a).shape)


def ndim(a):
    return _t(a).dim()


def _global_seed_kernel(name):
    """``mindspore.numpy``'s random functions build a fresh ``name`` Primitive seeded with
    ``_get_seed(global seed, name)`` (the global seed as op seed too); ``None`` without a global seed
    (MindSpore: nondeterministic; here torch's generator)."""
    from ..common import op_random, op_seed
    from ..context import get_seed
    g = get_seed()
    seeds = None if g is None else op_seed.graph_seed(g, name, g)
    return None if seeds is None else op_random.RandomKernel(*seeds)


def _rand_shape(shape):
    return tuple(shape[0]) if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else tuple(shape)


def rand(*shape, dtype=torch.float32):
    """``mindspore.numpy.rand(*shape, dtype=mstype.float32)``: after ``set_seed``, MindSpore's numbers (its
    ``UniformReal`` kernel, ``common/op_random.py``); torch's generator without a global seed."""
    shp, kernel = _rand_shape(shape), _global_seed_kernel("UniformReal")
    if kernel is None:
        return _wrap(torch.rand(shp, dtype=_dt(dtype)))
    return _wrap(torch.from_numpy(kernel.uniform_real(shp)).to(_dev() or "cpu", _dt(dtype)))


def randn(*shape, dtype=torch.float32):
    """``mindspore.numpy.randn(*shape, dtype=mstype.float32)``: after ``set_seed``, MindSpore's numbers (its
    ``StandardNormal`` kernel); torch's generator without a global seed."""
    shp, kernel = _rand_shape(shape), _global_seed_kernel("StandardNormal")
    if kernel is None:
        return _wrap(torch.randn(shp, dtype=_dt(dtype)))
    return _wrap(torch.from_numpy(kernel.standard_normal(shp)).to(_dev() or "cpu", _dt(dtype)))


def randint(minval, maxval=None, shape=None, dtype=torch.int32):
    """``mindspore.numpy.randint(minval, maxval=None, shape=None, dtype=mstype.int32)``: after ``set_seed``,
    MindSpore's numbers (its ``UniformInt`` kernel, shape ``(1,)`` when none is given); torch's generator
    without a global seed."""
    if maxval is None:
        minval, maxval = 0, minval
    kernel = _global_seed_kernel("UniformInt")
    if kernel is None:
        return _wrap(torch.randint(minval, maxval, _shape(shape or ()), dtype=_dt(dtype)))
    shp = (1,) if shape is None else _shape(shape)
    values = kernel.uniform_int(shp, int(minval), int(maxval))
    return _wrap(torch.from_numpy(values).to(_dev() or "cpu", _dt(dtype)))


def __getattr__(name):
    return _mg(__name__, name, {})


# ------------------------------------------------------------------------------- more numpy names
arccos, arccosh, arcsin, arcsinh, arctan, arctanh = (_u(f) for f in (torch.acos, torch.acosh, torch.asin, torch.asinh,
                                                                     torch.atan, torch.atanh))
cosh, sinh, tan, expm1, log10 = (_u(f) for f in (torch.cosh, torch.sinh, torch.tan, torch.expm1, torch.log10))
cbrt = _u(lambda x: torch.sign(x) * torch.abs(x) ** (1.0 / 3))
cbrt.__name__ = "cbrt"
deg2rad = radians = _u(torch.deg2rad)
rad2deg = _u(torch.rad2deg)
reciprocal = _u(torch.reciprocal)
fabs = _u(torch.abs)
rint = _u(torch.round, False)
trunc = _u(torch.trunc, False)
_positive = _u(lambda x: x.clone(), False)
_arccos, _negative, _logical_not = arccos, negative, logical_not


def fix(x):
    """``mindspore.numpy.fix(x)``: rounded towards zero."""
    return trunc(x)


def positive(a, dtype=None):
    """``mindspore.numpy.positive(a, dtype=None)``."""
    return _positive(a, dtype)


def negative(a, dtype=None):
    """``mindspore.numpy.negative(a, dtype=None)``."""
    return _negative(a, dtype)


def logical_not(a, dtype=None):
    """``mindspore.numpy.logical_not(a, dtype=None)``."""
    return _logical_not(a, dtype)


def arccos(input, dtype=None):  # noqa: A002 - MindSpore's parameter name
    """``mindspore.numpy.arccos(input, dtype=None)``."""
    return _arccos(input, dtype)

signbit = _u(torch.signbit, False)
invert = bitwise_not = _u(torch.bitwise_not, False)
arctan2, copysign, fmod, hypot, logaddexp, logaddexp2, heaviside = (_b(f) for f in (
    torch.atan2, torch.copysign, torch.fmod, torch.hypot, torch.logaddexp, torch.logaddexp2, torch.heaviside))
mod = remainder
float_power = _b(lambda a, b: torch.pow(a.double(), b.double() if isinstance(b, torch.Tensor) else b))
bitwise_and, bitwise_or, bitwise_xor, gcd, lcm, logical_xor = (_b(f) for f in (
    torch.bitwise_and, torch.bitwise_or, torch.bitwise_xor, torch.gcd, torch.lcm, torch.logical_xor))
float_, int_ = torch.float32, torch.int32
uint16, uint32, uint64 = torch.uint16, torch.uint32, torch.uint64


def divmod(x1, x2, dtype=None):
    """``mindspore.numpy.divmod`` → ``(floor_divide, remainder)``."""
    return floor_divide(x1, x2, dtype), remainder(x1, x2, dtype)


def argwhere(a):
    return torch.argwhere(_t(a))


def array_equal(a1, a2, equal_nan=False):
    """``mindspore.numpy.array_equal`` → a 0-d Bool Tensor."""
    a1, a2 = _t(a1), _t(a2)
    if tuple(a1.shape) != tuple(a2.shape):
        return _wrap(torch.tensor(False))
    return torch.all(a1 == a2.to(a1.dtype))


def array_equiv(a1, a2):
    a1, a2 = _t(a1), _t(a2)
    try:
        torch.broadcast_shapes(a1.shape, a2.shape)
    except RuntimeError:
        return False  # shapes that do not broadcast are not equivalent (devices that differ still raise)
    return bool(torch.all(a1 == a2))


def array_split(x, indices_or_sections, axis=0):
    """``mindspore.numpy.array_split`` (sections may be unequal) → tuple."""
    return tuple(torch.tensor_split(_t(x), indices_or_sections if isinstance(indices_or_sections, int)
                                   else list(indices_or_sections), axis))


def hsplit(x, indices_or_sections):
    return split(x, indices_or_sections, 1 if _t(x).dim() > 1 else 0)


def vsplit(x, indices_or_sections):
    return split(x, indices_or_sections, 0)


def dsplit(x, indices_or_sections):
    return split(x, indices_or_sections, 2)


def atleast_3d(*arys):
    res = [torch.atleast_3d(_t(a)) for a in arys]
    return res[0] if len(res) == 1 else res


def broadcast_arrays(*args):
    return list(torch.broadcast_tensors(*[_t(a) for a in args]))


def column_stack(tup):
    return torch.column_stack([_t(a) for a in tup])


def dstack(tup):
    return torch.dstack([_t(a) for a in tup])


def cumprod(a, axis=None, dtype=None):
    a = _t(a)
    if axis is None:
        a, axis = a.reshape(-1), 0
    return torch.cumprod(a, axis, dtype=_dt(dtype) if dtype is not None else None)


def diagonal(a, offset=0, axis1=0, axis2=1):
    return torch.diagonal(_t(a), offset, axis1, axis2)


def diagflat(v, k=0):
    return torch.diagflat(_t(v), k)


def diff(a, n=1, axis=-1, prepend=None, append=None):
    return torch.diff(_t(a), n, axis, None if prepend is None else _t(prepend), None if append is None else _t(append))


def ediff1d(ary, to_end=None, to_begin=None):
    d = torch.diff(_t(ary).reshape(-1))
    parts = ([_t(to_begin).reshape(-1)] if to_begin is not None else []) + [d] + (
        [_t(to_end).reshape(-1)] if to_end is not None else [])
    return torch.cat(parts)


def fliplr(m):
    return torch.fliplr(_t(m))


def flipud(m):
    return torch.flipud(_t(m))


def inner(a, b):
    return torch.inner(_t(a), _t(b))


def kron(a, b):
    return torch.kron(_t(a), _t(b))


def tensordot(a, b, axes=2):
    """``mindspore.numpy.tensordot(a, b, axes=2)``: ``axes`` an int (the last / first ``axes`` dims), a pair of
    ints (one axis each, as ``[1, 1]``), or a pair of sequences of axes."""
    if not isinstance(axes, int):
        axes = tuple([x] if isinstance(x, int) else list(x) for x in axes)
    return torch.tensordot(_t(a), _t(b), axes)


def multi_dot(arrays):
    return torch.linalg.multi_dot([_t(a) for a in arrays])


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    return torch.sum(torch.diagonal(_t(a), offset, axis1, axis2), -1)


def tri(N, M=None, k=0, dtype=torch.float32):
    return _wrap(torch.ones(N, N if M is None else M).tril(k).to(_dt(dtype)))


def tril_indices(n, k=0, m=None):
    return tuple(_wrap(t.to(torch.int32)) for t in torch.tril_indices(n, n if m is None else m, k))


def triu_indices(n, k=0, m=None):
    return tuple(_wrap(t.to(torch.int32)) for t in torch.triu_indices(n, n if m is None else m, k))


def tril_indices_from(arr, k=0):
    return tril_indices(_t(arr).shape[-2], k, _t(arr).shape[-1])


def triu_indices_from(arr, k=0):
    return triu_indices(_t(arr).shape[-2], k, _t(arr).shape[-1])


def isin(element, test_elements, invert=False):
    """``mindspore.numpy.isin(element, test_elements, invert=False)``."""
    return torch.isin(_t(element), _t(test_elements), invert=invert)


def in1d(ar1, ar2, invert=False):
    return isin(_t(ar1).reshape(-1), ar2, invert=invert)


def isneginf(x):
    return torch.isneginf(_t(x))


def isposinf(x):
    return torch.isposinf(_t(x))


def isscalar(element):
    return isinstance(element, (numbers.Number, bool, str))


def nansum(a, axis=None, dtype=None, keepdims=False):
    return _red(torch.nansum, a, axis, keepdims, dtype)


def nanmean(a, axis=None, dtype=None, keepdims=False):
    return _red(torch.nanmean, a, axis, keepdims, dtype)


def nanmax(a, axis=None, dtype=None, keepdims=False):
    a = _t(a)
    return amax(torch.where(torch.isnan(a), torch.full_like(a, float("-inf")), a), axis, keepdims)


def nanmin(a, axis=None, dtype=None, keepdims=False):
    a = _t(a)
    return amin(torch.where(torch.isnan(a), torch.full_like(a, float("inf")), a), axis, keepdims)


def nancumsum(a, axis=None, dtype=None):
    a = _t(a)
    return cumsum(torch.nan_to_num(a, nan=0.0, posinf=float("inf"), neginf=float("-inf")), axis, dtype)


def nanvar(a, axis=None, dtype=None, ddof=0, keepdims=False):
    a = _t(a)
    m = nanmean(a, axis, keepdims=True)
    sq = torch.where(torch.isnan(a), torch.zeros_like(a), (a - m) ** 2)
    n = _red(torch.sum, (~torch.isnan(a)).to(a.dtype), axis, keepdims)
    return _red(torch.sum, sq, axis, keepdims) / (n - ddof)


def nanstd(a, axis=None, dtype=None, ddof=0, keepdims=False):
    return torch.sqrt(nanvar(a, axis, dtype, ddof, keepdims))


def ptp(x, axis=None, keepdims=False):
    return amax(x, axis, keepdims) - amin(x, axis, keepdims)


def rot90(a, k=1, axes=(0, 1)):
    return torch.rot90(_t(a), k, list(axes))


def rollaxis(x, axis, start=0):
    x = _t(x)
    n = x.dim()
    axis, start = axis % n, start % (n + 1)
    if axis < start:
        start -= 1
    return torch.movedim(x, axis, start)


def searchsorted(a, v, side="left", sorter=None):
    return torch.searchsorted(_t(a), _t(v), side=side, out_int32=True,
                              sorter=None if sorter is None else _t(sorter).long())


def digitize(x, bins, right=False):
    return torch.bucketize(_t(x), _t(bins), right=not right, out_int32=True)  # numpy and torch flip "right"


def bincount(x, weights=None, minlength=0, length=None):
    return torch.bincount(_t(x), None if weights is None else _t(weights), minlength)


def take_along_axis(arr, indices, axis):
    return torch.take_along_dim(_t(arr), _t(indices).long(), axis)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    return power(base, linspace(start, stop, num, endpoint), dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    import math as _math
    return power(10.0, linspace(_math.log10(start), _math.log10(stop), num, endpoint), dtype)


def sometrue(a, axis=None, keepdims=False):
    return _red(torch.any, a, axis, keepdims)


def vander(x, N=None, increasing=False):
    return torch.vander(_t(x), N, increasing)


def promote_types(type1, type2):
    return torch.promote_types(mstype.to_torch_dtype(type1), mstype.to_torch_dtype(type2))


def result_type(*arrays_and_dtypes):
    out = None
    for a in arrays_and_dtypes:
        d = a.dtype if isinstance(a, torch.Tensor) else mstype.to_torch_dtype(a) if isinstance(
            a, (torch.dtype, str)) else _t(a).dtype
        out = d if out is None else torch.promote_types(out, d)
    return out


def interp(x, xp, fp, left=None, right=None):
    """``mindspore.numpy.interp``: 1-D piecewise linear interpolation."""
    x, xp, fp = _t(x), _t(xp).to(torch.float32), _t(fp).to(torch.float32)
    idx = torch.clamp(torch.searchsorted(xp, x.to(xp.dtype)), 1, xp.numel() - 1)
    x0, x1, y0, y1 = xp[idx - 1], xp[idx], fp[idx - 1], fp[idx]
    out = y0 + (x - x0) * (y1 - y0) / (x1 - x0)
    out = torch.where(x < xp[0], torch.as_tensor(fp[0] if left is None else left), out)
    return torch.where(x > xp[-1], torch.as_tensor(fp[-1] if right is None else right), out)


def trapz(y, x=None, dx=1.0, axis=-1):
    y = _t(y)
    return torch.trapezoid(y, _t(x), dim=axis) if x is not None else torch.trapezoid(y, dx=dx, dim=axis)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, dtype=None):
    m = _t(m)
    if y is not None:
        m = torch.cat([m if m.dim() > 1 else m[None], _t(y) if _t(y).dim() > 1 else _t(y)[None]], 0)
    if not rowvar and m.dim() > 1:
        m = m.T
    corr = ddof if ddof is not None else (0 if bias else 1)
    return torch.cov(m, correction=corr)


def corrcoef(x, y=None, rowvar=True, dtype=None):
    x = _t(x)
    if y is not None:
        x = torch.cat([x if x.dim() > 1 else x[None], _t(y) if _t(y).dim() > 1 else _t(y)[None]], 0)
    if not rowvar:
        x = x.T
    return torch.corrcoef(x)


def unravel_index(indices, shape, order="C"):
    return tuple(torch.unravel_index(_t(indices), tuple(shape)))


def select(condlist, choicelist, default=0):
    """``mindspore.numpy.select``: the first true condition picks its choice."""
    out = None
    for c, v in reversed(list(zip(condlist, choicelist))):
        base = out if out is not None else torch.as_tensor(default, dtype=_t(v).dtype)
        out = torch.where(_t(c).bool(), _t(v), base)
    return out


def choose(a, choices, mode="clip"):
    """``mindspore.numpy.choose``."""
    a = _t(a).long()
    ch = torch.stack([_t(c) for c in choices]) if isinstance(choices, (list, tuple)) else _t(choices)
    n = ch.shape[0]
    a = a.clamp(0, n - 1) if mode == "clip" else a % n
    ch, a = torch.broadcast_tensors(ch, a.unsqueeze(0).expand((n,) + tuple(a.shape)))
    return torch.gather(ch, 0, a[:1]).squeeze(0)


def indices(dimensions, dtype=torch.int32, sparse=False):
    """``mindspore.numpy.indices``."""
    grids = torch.meshgrid(*[torch.arange(d, dtype=_dt(dtype)) for d in dimensions], indexing="ij")
    if sparse:
        return tuple(_wrap(torch.arange(d, dtype=_dt(dtype)).reshape([-1 if i == j else 1
                                                                      for j in builtins.range(len(dimensions))]))
                     for i, d in enumerate(dimensions))
    return [_wrap(g) for g in grids]  # a list of grids, as MindSpore 2.10


def ix_(*args):
    """``mindspore.numpy.ix_``."""
    n = len(args)
    return tuple(_t(a).reshape([-1 if i == j else 1 for j in builtins.range(n)]) for i, a in enumerate(args))


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    a, b = torch.unique(_t(ar1)), torch.unique(_t(ar2))
    return a[torch.isin(a, b)]


def setdiff1d(ar1, ar2, assume_unique=False):
    a = torch.unique(_t(ar1))
    return a[~torch.isin(a, _t(ar2))]


def _window(fn, M):
    return _wrap(fn(M, periodic=False, dtype=torch.float32)) if M > 1 else ones((M,))


def hamming(M):
    return _window(torch.hamming_window, M)


def hanning(M):
    return _window(torch.hann_window, M)


def bartlett(M):
    return _window(torch.bartlett_window, M)


def blackman(M):
    return _window(torch.blackman_window, M)


def polyval(p, x):
    """``mindspore.numpy.polyval`` (Horner)."""
    p, x = _t(p), _t(x)
    out = torch.zeros_like(x, dtype=torch.promote_types(p.dtype, x.dtype))
    for c in p:
        out = out * x + c
    return out


def _poly_pad(a1, a2):
    a1, a2 = _t(a1).reshape(-1), _t(a2).reshape(-1)
    n = builtins.max(a1.numel(), a2.numel())
    return (torch.nn.functional.pad(a1, (n - a1.numel(), 0)), torch.nn.functional.pad(a2, (n - a2.numel(), 0)))


def polyadd(a1, a2):
    x, y = _poly_pad(a1, a2)
    return x + y


def polysub(a1, a2):
    x, y = _poly_pad(a1, a2)
    return x - y


def polymul(a1, a2):
    a1, a2 = _t(a1).reshape(-1), _t(a2).reshape(-1)
    return convolve(a1, a2)


def polyder(p, m=1):
    p = _t(p)
    for _ in builtins.range(m):
        n = p.numel() - 1
        p = p[:-1] * torch.arange(n, 0, -1, dtype=p.dtype)
    return p


def polyint(p, m=1, k=None):
    p = _t(p).to(torch.float32)
    for _ in builtins.range(m):
        n = p.numel()
        p = torch.cat([p / torch.arange(n, 0, -1, dtype=p.dtype), torch.zeros(1, dtype=p.dtype)])
        if k is not None:
            p[-1] = float(k)
    return p


def convolve(a, v, mode="full"):
    """``mindspore.numpy.convolve`` (1-D; modes full/same/valid)."""
    a, v = _t(a).reshape(-1), _t(v).reshape(-1)
    if a.numel() < v.numel():
        a, v = v, a
    dt = torch.promote_types(torch.promote_types(a.dtype, v.dtype), torch.float32)
    n, m = a.numel(), v.numel()
    full = torch.nn.functional.conv1d(a.to(dt).reshape(1, 1, -1), v.to(dt).flip(0).reshape(1, 1, -1),
                                      padding=m - 1).reshape(-1)
    if mode == "full":
        return full
    if mode == "same":
        start = (m - 1) // 2
        return full[start:start + n]
    if mode == "valid":
        return full[m - 1:n]
    raise ValueError(f"mode must be 'full', 'same' or 'valid', but got {mode}")


def correlate(a, v, mode="valid"):
    """``mindspore.numpy.correlate`` (1-D)."""
    return convolve(a, _t(v).reshape(-1).flip(0), mode)


def diag_indices(n, ndim=2):
    idx = _wrap(torch.arange(n, dtype=torch.int32))
    return (idx,) * ndim


def ravel_multi_index(multi_index, dims, mode="clip", order="C"):
    idx = [_t(i).long() for i in multi_index]
    out = torch.zeros_like(idx[0])
    for i, d in zip(idx, dims):
        out = out * d + (i.clamp(0, d - 1) if mode == "clip" else i % d)
    return out.to(torch.float32)  # MindSpore 2.10 returns float32 here


def histogram(a, bins=10, range=None, weights=None, density=False):
    """``mindspore.numpy.histogram`` → ``(hist, bin_edges)``."""
    a = _t(a).reshape(-1).to(torch.float32)
    lo, hi = (float(a.min()), float(a.max())) if range is None else (float(range[0]), float(range[1]))
    if isinstance(bins, int):
        edges = torch.linspace(lo, hi, bins + 1)
    else:
        edges = _t(bins).to(torch.float32)
    hist, edges = torch.histogram(a, edges, weight=None if weights is None else _t(weights).reshape(-1).float(),
                                  density=density)
    return _wrap(hist), _wrap(edges)  # counts are float32 in MindSpore 2.10


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    return histogram(a, bins, range, weights)[1]


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    arr = _t(arr)
    moved = torch.movedim(arr, axis, -1)
    flat = moved.reshape(-1, moved.shape[-1])
    res = torch.stack([_t(func1d(r, *args, **kwargs)) for r in flat])
    res = res.reshape(tuple(moved.shape[:-1]) + tuple(res.shape[1:]))
    return torch.movedim(res, -1, axis) if res.dim() == moved.dim() else res


def apply_over_axes(func, a, axes):
    a = _t(a)
    for ax in ([axes] if isinstance(axes, int) else axes):
        res = func(a, ax)
        a = res if res.dim() == a.dim() else torch.unsqueeze(res, ax)
    return a


def gradient(f, *varargs, axis=None, edge_order=1):
    f = _t(f).to(torch.float32)
    dims = builtins.range(f.dim()) if axis is None else ([axis] if isinstance(axis, int) else list(axis))
    sp = list(varargs) if varargs else [1.0]
    out = torch.gradient(f, spacing=sp if len(sp) > 1 or len(list(dims)) == 1 else sp * len(list(dims)),
                         dim=list(dims), edge_order=edge_order)
    return out[0] if len(out) == 1 else list(out)


def unwrap(p, discont=3.141592653589793, axis=-1):
    """``mindspore.numpy.unwrap(p, discont=pi, axis=-1)`` (period 2*pi)."""
    period = 6.283185307179586
    p = _t(p)
    dd = torch.diff(p, dim=axis)
    ddmod = torch.remainder(dd + period / 2, period) - period / 2
    ddmod = torch.where((ddmod == -period / 2) & (dd > 0), torch.full_like(ddmod, period / 2), ddmod)
    corr = torch.where(torch.abs(dd) < discont, torch.zeros_like(dd), ddmod - dd)
    first = torch.narrow(p, axis, 0, 1)
    return torch.cat([first, torch.narrow(p, axis, 1, p.shape[axis] - 1) + torch.cumsum(corr, axis)], axis)


def array_str(a):
    """``mindspore.numpy.array_str(a)``."""
    return _np.array_str(_t(a).asnumpy() if hasattr(_t(a), "asnumpy") else _t(a).numpy())


def piecewise(x, condlist, funclist, *args, **kw):
    x = _t(x)
    out = torch.zeros_like(x)
    if len(funclist) == len(condlist) + 1:
        otherwise = ~torch.stack([_t(c).bool() for c in condlist]).any(0)
        condlist = list(condlist) + [otherwise]
    for c, f in zip(condlist, funclist):
        val = f(x, *args, **kw) if callable(f) else torch.full_like(x, f)
        out = torch.where(_t(c).bool(), _t(val).to(x.dtype), out)
    return out

from .grids import mgrid, ogrid, histogram2d, histogramdd  # noqa: E402,F401

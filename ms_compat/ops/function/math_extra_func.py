"""Elementwise and reduction math of ``mindspore.ops`` beyond math_func: special functions
(gamma family, Bessel, zeta), integer ops (gcd/lcm, truncating division, shifts, population count),
NaN-aware reductions, ``logit``, ``sinc``, ``heaviside``, ``nan_to_num`` and friends. Each is one
PyTorch call with MindSpore's argument names and defaults."""
from __future__ import annotations

import torch

from .._utils import check_tensor, to_tensor, axes_arg, ms_dtype, wrap

__all__ = ["heaviside", "logit", "sinc", "gcd", "lcm", "truncate_div", "truncate_mod", "bitwise_left_shift",
           "bitwise_right_shift", "nan_to_num", "copysign", "signbit", "float_power", "fmax", "fmin", "logaddexp2",
           "lgamma", "digamma", "i0", "igamma", "igammac", "zeta", "polygamma", "mvlgamma", "sgn", "positive",
           "xdivy", "floor_divide", "floor_mod", "floormod", "ldexp", "inv", "invert", "arccos", "arccosh",
           "arcsin", "arcsinh", "arctan", "arctan2", "arctanh", "isneginf", "isposinf", "isreal", "is_complex",
           "is_floating_point", "nansum", "nanmean", "nanmedian", "quantile", "nanquantile", "aminmax",
           "logcumsumexp", "count_nonzero", "population_count", "reduce_max", "reduce_min", "dist", "cov",
           "trapz", "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1", "bessel_k0",
           "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_y0", "bessel_y1", "real", "imag", "conj", "angle",
           "polar", "logspace", "renorm"]


def heaviside(input, values):
    """Mirrors ``ops.heaviside(input, values)``: 0 where input<0, ``values`` where 0, 1 where >0."""
    return torch.heaviside(input, to_tensor(values).to(input.dtype))


def logit(input, eps=None):
    """Mirrors ``ops.logit(input, eps=None)``: ``log(p / (1 - p))`` with ``p`` clamped to
    ``[eps, 1 - eps]`` when ``eps`` is given."""
    check_tensor("logit", input)
    return torch.logit(input, eps=eps)


def sinc(input):
    """Mirrors ``ops.sinc(input)``: ``sin(pi x) / (pi x)``, 1 at 0 (integer input gives float32)."""
    if not input.is_floating_point() and not input.is_complex():
        input = input.float()
    return torch.sinc(input)


def gcd(input, other):
    """Mirrors ``ops.gcd(input, other)`` (integer tensors, broadcasting)."""
    return torch.gcd(input, other)


def lcm(input, other):
    """Mirrors ``ops.lcm(input, other)`` (integer tensors, broadcasting)."""
    return torch.lcm(input, other)


def truncate_div(x, y):
    """Mirrors ``ops.truncate_div(x, y)``: division rounded toward zero."""
    return torch.div(to_tensor(x), to_tensor(y), rounding_mode="trunc")


def truncate_mod(x, y):
    """Mirrors ``ops.truncate_mod(x, y)``: remainder with the sign of ``x`` (C ``fmod``)."""
    return torch.fmod(to_tensor(x), to_tensor(y))


def bitwise_left_shift(input, other):
    """Mirrors ``ops.bitwise_left_shift(input, other)``."""
    return torch.bitwise_left_shift(input, other)


def bitwise_right_shift(input, other):
    """Mirrors ``ops.bitwise_right_shift(input, other)`` (arithmetic shift for signed types)."""
    return torch.bitwise_right_shift(input, other)


def nan_to_num(input, nan=None, posinf=None, neginf=None):
    """Mirrors ``ops.nan_to_num(input, nan=None, posinf=None, neginf=None)``: NaN → ``nan`` (0.0 when
    None), ±inf → ``posinf``/``neginf`` (the dtype's largest/lowest value when None)."""
    check_tensor("nan_to_num", input)
    return torch.nan_to_num(input, nan=0.0 if nan is None else nan, posinf=posinf, neginf=neginf)


def copysign(x, other):
    """Mirrors ``ops.copysign(x, other)``."""
    return torch.copysign(x, other)


def signbit(input):
    """Mirrors ``ops.signbit(input)``."""
    return torch.signbit(input)


def float_power(input, exponent):
    """Mirrors ``ops.float_power(input, exponent)``: computed in float64 (complex128 for complex)."""
    return torch.float_power(input, exponent)


def fmax(input, other):
    """Mirrors ``ops.fmax(input, other)``: maximum ignoring NaN."""
    return torch.fmax(input, other)


def fmin(input, other):
    """Mirrors ``ops.fmin(input, other)``: minimum ignoring NaN (MindSpore 2.10 has no CPU kernel)."""
    return torch.fmin(input, other)


def logaddexp2(input, other):
    """Mirrors ``ops.logaddexp2(input, other)``."""
    return torch.logaddexp2(input, other)


def lgamma(input):
    """Mirrors ``ops.lgamma(input)``."""
    return torch.lgamma(input)


def digamma(input):
    """Mirrors ``ops.digamma(input)``."""
    return torch.digamma(input)


def i0(input):
    """Mirrors ``ops.i0(input)``: modified Bessel function of the first kind, order 0."""
    return torch.special.i0(input)


def igamma(input, other):
    """Mirrors ``ops.igamma(input, other)``: regularized lower incomplete gamma P(input, other)."""
    return torch.special.gammainc(input, other)


def igammac(input, other):
    """Mirrors ``ops.igammac(input, other)``: regularized upper incomplete gamma Q(input, other)."""
    return torch.special.gammaincc(input, other)


def zeta(input, other):
    """Mirrors ``ops.zeta(input, other)``: Hurwitz zeta function."""
    return torch.special.zeta(input, other)


def polygamma(n, input):
    """Mirrors ``ops.polygamma(n, input)`` (``n`` an int or 0-d integer Tensor)."""
    return torch.polygamma(int(n), input)


def mvlgamma(input, p):
    """Mirrors ``ops.mvlgamma(input, p)``: multivariate log-gamma of dimension ``p``."""
    return torch.mvlgamma(input, p)


def sgn(input):
    """Mirrors ``ops.sgn(input)`` (``x/|x|`` for complex, sign for real)."""
    return torch.sgn(input)


def positive(input):
    """Mirrors ``ops.positive(input)``."""
    return torch.positive(input)


def xdivy(x, y):
    """Mirrors ``ops.xdivy(x, y)``: ``x / y``, 0 where ``x`` is 0."""
    x, y = to_tensor(x), to_tensor(y)
    q = x / y
    return torch.where(x == 0, torch.zeros((), dtype=q.dtype, device=q.device), q)


def floor_divide(input, other):
    """Mirrors ``ops.floor_divide(input, other)``."""
    return torch.floor_divide(to_tensor(input), to_tensor(other))


def floor_mod(x, y):
    """Mirrors ``ops.floor_mod(x, y)``: remainder with the sign of ``y``."""
    return torch.remainder(to_tensor(x), to_tensor(y))


floormod = floor_mod


def ldexp(x, other):
    """Mirrors ``ops.ldexp(x, other)``: ``x * 2**other``."""
    return torch.ldexp(x, other)


def inv(x):
    """Mirrors ``ops.inv(x)``: ``1 / x``."""
    return torch.reciprocal(x)


def invert(x):
    """Mirrors ``ops.invert(x)``: bitwise NOT of an integer tensor."""
    return torch.bitwise_not(x)


arccos, arccosh, arcsin, arcsinh = torch.arccos, torch.arccosh, torch.arcsin, torch.arcsinh
arctan, arctan2, arctanh = torch.arctan, torch.arctan2, torch.arctanh


def isneginf(input):
    """Mirrors ``ops.isneginf(input)`` (MindSpore 2.10 has no CPU kernel for it)."""
    return torch.isneginf(input)


def isposinf(input):
    """Mirrors ``ops.isposinf(input)`` (MindSpore 2.10 has no CPU kernel for it)."""
    return torch.isposinf(input)


def isreal(input):
    """Mirrors ``ops.isreal(input)``."""
    return torch.isreal(input)


def is_complex(input):
    """Mirrors ``ops.is_complex(input)``: a Python bool."""
    return bool(input.is_complex())


def is_floating_point(input):
    """Mirrors ``ops.is_floating_point(input)``: a Python bool."""
    return bool(input.is_floating_point())


def _dims(axis):
    axis = axes_arg(axis)
    return axis


def nansum(input, axis=None, keepdims=False, *, dtype=None):
    """Mirrors ``ops.nansum(input, axis=None, keepdims=False, *, dtype=None)``: NaN counted as 0."""
    axis = _dims(axis)
    return torch.nansum(input, dim=axis, keepdim=keepdims, dtype=ms_dtype("nansum", dtype))


def nanmean(input, axis=None, keepdims=False, *, dtype=None):
    """Mirrors ``ops.nanmean(input, axis=None, keepdims=False, *, dtype=None)``."""
    axis = _dims(axis)
    return torch.nanmean(input, dim=axis, keepdim=keepdims, dtype=ms_dtype("nanmean", dtype))


def nanmedian(input, axis=-1, keepdims=False):
    """Mirrors ``ops.nanmedian(input, axis=-1, keepdims=False)``: ``(values, indices)`` along ``axis``."""
    r = torch.nanmedian(input, dim=axis, keepdim=keepdims)
    return wrap(r.values), wrap(r.indices)


def quantile(input, q, axis=None, keepdims=False):
    """Mirrors ``ops.quantile(input, q, axis=None, keepdims=False)`` (linear interpolation).
    MindSpore 2.10 has no CPU kernel for it; the formula is numpy's/torch's."""
    q = to_tensor(q, input.dtype) if not isinstance(q, float) else q
    return torch.quantile(input, q, dim=axis, keepdim=keepdims)


def nanquantile(input, q, axis=None, keepdims=False):
    """Mirrors ``ops.nanquantile(input, q, axis=None, keepdims=False)`` (NaNs ignored; see ``quantile``)."""
    q = to_tensor(q, input.dtype) if not isinstance(q, float) else q
    return torch.nanquantile(input, q, dim=axis, keepdim=keepdims)


def aminmax(input, *, axis=0, keepdims=False):
    """Mirrors ``ops.aminmax(input, *, axis=0, keepdims=False)``: ``(min, max)`` along ``axis``."""
    r = torch.aminmax(input, dim=axis, keepdim=keepdims)
    return wrap(r.min), wrap(r.max)


def logcumsumexp(input, axis):
    """Mirrors ``ops.logcumsumexp(input, axis)``."""
    return torch.logcumsumexp(input, axis)


def count_nonzero(x, axis=(), keep_dims=False, dtype=torch.int32):
    """Mirrors ``ops.count_nonzero(x, axis=(), keep_dims=False, dtype=mstype.int32)``."""
    axis = axes_arg(axis)
    nz = (x != 0)
    dims = tuple(range(x.dim())) if axis is None else ((axis,) if isinstance(axis, int) else tuple(axis))
    out = nz.sum(dim=dims, keepdim=keep_dims) if dims else nz
    return out.to(ms_dtype("count_nonzero", dtype))


def population_count(input_x):
    """Mirrors ``ops.population_count(input_x)``: number of set bits per element, as uint8."""
    bits = input_x.element_size() * 8
    v = input_x.to(torch.int64) & ((1 << bits) - 1)
    out = torch.zeros_like(v)
    for _ in range(bits):
        out += v & 1
        v = v >> 1
    return out.to(torch.uint8)


def _reduce_axes(x, axis):
    axis = axes_arg(axis)
    if axis is None:
        return tuple(range(x.dim()))
    return (axis,) if isinstance(axis, int) else tuple(axis)


def reduce_max(x, axis=()):
    """Mirrors ``ops.reduce_max(x, axis=())`` (``()`` reduces every axis)."""
    return torch.amax(x, dim=_reduce_axes(x, axis))


def reduce_min(x, axis=()):
    """Mirrors ``ops.reduce_min(x, axis=())``."""
    return torch.amin(x, dim=_reduce_axes(x, axis))


def dist(input, other, p=2):
    """Mirrors ``ops.dist(input, other, p=2)``: p-norm of ``input - other``."""
    return torch.dist(input, other, p=p)


def cov(input, *, correction=1, fweights=None, aweights=None):
    """Mirrors ``ops.cov(input, *, correction=1, fweights=None, aweights=None)`` (rows are variables)."""
    return torch.cov(input, correction=correction, fweights=fweights, aweights=aweights)


def trapz(y, x=None, *, dx=1.0, dim=-1):
    """Mirrors ``ops.trapz(y, x=None, *, dx=1.0, dim=-1)``: trapezoidal rule."""
    if x is not None:
        return torch.trapezoid(y, x, dim=dim)
    return torch.trapezoid(y, dx=dx, dim=dim)


def _special(name, fn):
    def f(x):
        return fn(x)
    f.__name__ = name
    f.__doc__ = f"Mirrors ``ops.{name}(x)`` (``torch.special.{fn.__name__}``)."
    return f


_sp = torch.special
bessel_i0 = _special("bessel_i0", _sp.i0)
bessel_i0e = _special("bessel_i0e", _sp.i0e)
bessel_i1 = _special("bessel_i1", _sp.i1)
bessel_i1e = _special("bessel_i1e", _sp.i1e)
bessel_j0 = _special("bessel_j0", _sp.bessel_j0)
bessel_j1 = _special("bessel_j1", _sp.bessel_j1)
bessel_k0 = _special("bessel_k0", _sp.modified_bessel_k0)
bessel_k0e = _special("bessel_k0e", _sp.scaled_modified_bessel_k0)
bessel_k1 = _special("bessel_k1", _sp.modified_bessel_k1)
bessel_k1e = _special("bessel_k1e", _sp.scaled_modified_bessel_k1)
bessel_y0 = _special("bessel_y0", _sp.bessel_y0)
bessel_y1 = _special("bessel_y1", _sp.bessel_y1)


def real(input):
    """Mirrors ``ops.real(input)`` (a real input is returned as is)."""
    return torch.real(input)


def imag(input):
    """Mirrors ``ops.imag(input)`` (zeros for real input)."""
    return torch.imag(input) if input.is_complex() else torch.zeros_like(input)


def conj(input):
    """Mirrors ``ops.conj(input)``."""
    return torch.conj(input).resolve_conj()


def angle(input):
    """Mirrors ``ops.angle(input)``."""
    return torch.angle(input)


def polar(abs, angle):
    """Mirrors ``ops.polar(abs, angle)``: ``abs * exp(i * angle)``."""
    return torch.polar(abs, angle)


def logspace(start, end, steps, base=10, *, dtype=torch.float32):
    """Mirrors ``ops.logspace(start, end, steps, base=10, *, dtype=mstype.float32)``."""
    return wrap(torch.logspace(float(start), float(end), int(steps), base=base,
                               dtype=ms_dtype("logspace", dtype)))


def renorm(input, p, axis, maxnorm):
    """Mirrors ``ops.renorm(input, p, axis, maxnorm)``: each sub-tensor along ``axis`` rescaled to p-norm
    at most ``maxnorm``."""
    return torch.renorm(input, p, axis, maxnorm)

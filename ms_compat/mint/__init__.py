"""``mindspore.mint``: MindSpore's PyTorch-shaped functional API, on PyTorch.

Every function keeps MindSpore 2.10's name, signature (argument names, defaults, keyword-only markers)
and returns MindSpore Tensors. Most are the PyTorch function of the same name (``mint`` was designed
after it), written as one table line each (``_thin.define_all``); the few whose MindSpore behaviour
needs more (overloads such as ``max(input, dim)``, creation functions that follow the context device,
``dim=None`` reductions) are written out below the table.

Submodules: ``mint.nn`` (layers), ``mint.nn.functional``, ``mint.optim``, ``mint.linalg``,
``mint.special``, ``mint.distributed``. See migration_guides/mint.md.
"""
from __future__ import annotations

import torch

from ..common.tensor import Tensor, _wrap
from ..common import dtype as _mstype
from ..porting._missing import module_getattr as _mg
from ._thin import define_all as _define_all

# name(MindSpore signature) [: PyTorch call expression]   (default call: torch.<name>(same arguments))
_TABLE = r"""
abs(input)
acos(input)
acosh(input)
arccos(input)
arccosh(input)
asin(input)
arcsin(x) : torch.arcsin(x)
asinh(input)
arcsinh(input)
atan(input)
arctan(input)
atanh(input)
arctanh(input)
atan2(input, other)
arctan2(input, other)
cos(input)
cosh(input)
sin(input)
sinh(input)
tan(input)
tanh(input)
sigmoid(input)
sinc(input)
erf(input)
erfc(input)
erfinv(input)
exp(input)
exp2(input)
expm1(input)
log(input)
log1p(input)
log2(input)
log10(input)
sqrt(input)
rsqrt(input)
square(input)
reciprocal(input)
neg(input)
negative(input)
sign(input)
ceil(input)
floor(input)
frac(input)
trunc(input)
fix(input)
round(input, *, decimals=0)
isfinite(input)
isinf(input)
isnan(tensor) : torch.isnan(tensor)
isneginf(input)
logical_not(input)
logical_and(input, other)
logical_or(input, other)
logical_xor(input, other)
bitwise_not(input)
bitwise_and(input, other)
bitwise_or(input, other)
bitwise_xor(input, other)
clone(input)
real(input)
imag(input)
t(input)
ravel(input)
# ---- binary arithmetic / comparison
add(input, other, *, alpha=1)
sub(input, other, *, alpha=1)
mul(input, other)
div(input, other, *, rounding_mode=None)
divide(input, other, *, rounding_mode=None)
floor_divide(input, other)
remainder(input, other)
fmod(input, other)
pow(input, exponent)
float_power(input, exponent)
xlogy(input, other)
maximum(input, other)
minimum(input, other)
logaddexp(input, other)
logaddexp2(input, other)
gcd(input, other)
lerp(input, end, weight)
addcdiv(input, tensor1, tensor2, *, value=1)
addcmul(input, tensor1, tensor2, *, value=1)
eq(input, other)
ne(input, other)
not_equal(input, other)
gt(input, other)
greater(input, other)
ge(input, other)
greater_equal(input, other)
lt(input, other)
less(input, other)
le(input, other)
less_equal(input, other)
isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) : torch.isclose(input, other, rtol, atol, equal_nan)
allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) : torch.allclose(input, other, rtol, atol, equal_nan)
equal(input, other) : torch.eq(input, other)
clamp(input, min=None, max=None) : torch.clamp(input, min, max)
clip(input, min=None, max=None) : torch.clamp(input, min, max)
nan_to_num(input, nan=None, posinf=None, neginf=None) : torch.nan_to_num(input, 0.0 if nan is None else nan, posinf, neginf)
where(condition, input=None, other=None) : torch.where(condition) if input is None and other is None else torch.where(condition, input, other)
# ---- matrix products
matmul(input, other)
mm(input, mat2)
bmm(input, mat2)
mv(input, vec)
dot(input, other)
vdot(input, other)
outer(input, vec2)
baddbmm(input, batch1, batch2, *, beta=1, alpha=1)
addbmm(input, batch1, batch2, *, beta=1, alpha=1)
addmm(input, mat1, mat2, *, beta=1, alpha=1)
addmv(input, mat, vec, *, beta=1, alpha=1)
addr_(input, vec1, vec2, beta=1, alpha=1) : input.addr_(vec1, vec2, beta=beta, alpha=alpha)
einsum(equation, *operands)
inverse(input)
trace(input)
cross(input, other, dim=None) : torch.linalg.cross(input, other, dim=_first3(input, other) if dim is None else dim)
cdist(x1, x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary')
triangular_solve(b, A, upper=True, transpose=False, unitriangular=False) : (torch.linalg.solve_triangular(A.mT if transpose else A, b, upper=upper != transpose, unitriangular=unitriangular), A.clone())
polar(abs, angle)
# ---- reductions
argmax(input, dim=None, keepdim=False)
argmin(input, dim=None, keepdim=False)
amax(input, dim=(), keepdim=False)
amin(input, dim=(), keepdim=False)
all(input, dim=None, keepdim=False) : torch.all(input) if dim is None else torch.all(input, dim, keepdim)
any(input, dim=None, keepdim=False) : torch.any(input) if dim is None else torch.any(input, dim, keepdim)
mean(input, dim=None, keepdim=False, *, dtype=None)
sum(input, dim=None, keepdim=False, *, dtype=None)
nansum(input, dim=None, keepdim=False, *, dtype=None) : torch.nansum(input, dtype=dtype) if dim is None else torch.nansum(input, dim, keepdim, dtype=dtype)
prod(input, dim=None, keepdim=False, *, dtype=None) : torch.prod(input, dtype=dtype) if dim is None else torch.prod(input, dim, keepdim, dtype=dtype)
std(input, dim=None, *, correction=1, keepdim=False)
var(input, dim=None, *, correction=1, keepdim=False)
std_mean(input, dim=None, *, correction=1, keepdim=False)
var_mean(input, dim=None, *, correction=1, keepdim=False)
median(input, dim=None, keepdim=False) : torch.median(input) if dim is None else torch.median(input, dim, keepdim)
kthvalue(input, k, dim=-1, keepdim=False)
logsumexp(input, dim, keepdim=False)
norm(input, p='fro', dim=None, keepdim=False, *, dtype=None)
count_nonzero(input, dim=None)
cumsum(input, dim, dtype=None) : torch.cumsum(input, dim, dtype=_int_keep(input, dtype))
cumprod(input, dim, dtype=None) : torch.cumprod(input, dim, dtype=dtype)
cummax(input, dim)
cummin(input, dim)
softmax(input, dim, *, dtype=None) : torch.softmax(input, dim, dtype=dtype)
histc(input, bins=100, min=0, max=0)
bincount(input, weights=None, minlength=0)
diff(input, n=1, dim=-1, prepend=None, append=None)
# ---- sorting / selection
topk(input, k, dim=-1, largest=True, sorted=True)
sort(input, *, dim=-1, descending=False, stable=False) : torch.sort(input, dim=dim, descending=descending, stable=stable)
argsort(input, dim=-1, descending=False, stable=False) : torch.argsort(input, dim=dim, descending=descending, stable=stable)
searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None, sorter=None)
unique_consecutive(input, return_inverse=False, return_counts=False, dim=None) : torch.unique_consecutive(input, return_inverse, return_counts, dim)
unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None) : torch.unique(input, sorted, return_inverse, return_counts, dim)
nonzero(input, *, as_tuple=False)
masked_select(input, mask)
index_select(input, dim, index)
index_add(input, dim, index, source, *, alpha=1)
gather(input, dim, index)
scatter(input, dim, index, src)
scatter_add(input, dim, index, src)
take(input, index)
select(input, dim, index)
narrow(input, dim, start, length)
# ---- shape
reshape(input, shape)
flatten(input, start_dim=0, end_dim=-1)
squeeze(input, dim)
unsqueeze(input, dim)
transpose(input, dim0, dim1)
swapaxes(input, axis0, axis1)
permute(input, dims)
broadcast_to(input, shape)
tile(input, dims)
flip(input, dims)
roll(input, shifts, dims=None)
repeat_interleave(input, repeats, dim=None, *, output_size=None)
tril(input, diagonal=0)
triu(input, diagonal=0)
diag(input, diagonal=0)
cat(tensors, dim=0)
concat(tensors, dim=0) : torch.cat(tensors, dim)
stack(tensors, dim=0)
hstack(tensors)
dstack(tensors)
split(tensor, split_size_or_sections, dim=0)
chunk(input, chunks, dim=0)
unbind(input, dim=0)
meshgrid(*tensors, indexing=None) : torch.meshgrid(*tensors, indexing='ij' if indexing is None else indexing)
# ---- creation from an input (its device)
ones_like(input, *, dtype=None)
zeros_like(input, *, dtype=None)
full_like(input, fill_value, *, dtype=None)
empty_like(input, *, dtype=None, device=None, pin_memory=False)
rand_like(input, *, dtype=None, device=None)
randn_like(input, *, dtype=None, device=None)
# ---- random
bernoulli(input, *, generator=None)
multinomial(input, num_samples, replacement=False, *, generator=None)
# ---- nn-flavoured functions mint exposes at the top level
conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)
conv_tbc(input, weight, bias, pad=0)
npu_gelu(input, approximate='none') : F.gelu(input, approximate=approximate)
batch_norm_stats(input, eps) : _bn_stats(input, eps)
batch_norm_elemt(input, weight=None, bias=None, mean=None, invstd=None, eps=1e-05) : _bn_elemt(input, weight, bias, mean, invstd, eps)
batch_norm_gather_stats_with_counts(input, mean, invstd, running_mean=None, running_var=None, momentum=0.1, eps=1e-05, counts=None) : _bn_gather(input, mean, invstd, running_mean, running_var, momentum, eps, counts)
"""


def _int_keep(input, dtype):
    """``cumsum`` of an integer Tensor keeps its dtype (MindSpore; PyTorch widens to int64)."""
    if dtype is None and not input.is_floating_point() and input.dtype != torch.bool:
        return input.dtype
    return dtype


# PyTorch has CUDA kernels only for the synchronised-batch-norm helpers; on other devices their formulas:
def _bn_stats(input, eps):
    if input.is_cuda:
        return torch.batch_norm_stats(input, eps)
    dims = [d for d in range(input.dim()) if d != 1]
    var, mean = torch.var_mean(input, dims, correction=0)
    return mean, torch.rsqrt(var + eps)


def _bn_elemt(input, weight, bias, mean, invstd, eps):
    if input.is_cuda:
        return torch.batch_norm_elemt(input, weight, bias, mean, invstd, eps)
    shape = [1, -1] + [1] * (input.dim() - 2)
    out = (input - mean.reshape(shape)) * invstd.reshape(shape)
    if weight is not None:
        out = out * weight.reshape(shape)
    return out + bias.reshape(shape) if bias is not None else out


def _bn_gather(input, mean, invstd, running_mean, running_var, momentum, eps, counts):
    if input.is_cuda:
        return torch.batch_norm_gather_stats_with_counts(input, mean, invstd, running_mean, running_var, momentum,
                                                         eps, counts)
    counts = counts.to(mean.dtype).reshape(-1, 1)
    total = counts.sum()
    mu = (mean * counts).sum(0) / total
    var = ((1 / invstd ** 2 - eps + mean ** 2) * counts).sum(0) / total - mu ** 2
    with torch.no_grad():
        if running_mean is not None:
            running_mean.mul_(1 - momentum).add_(mu, alpha=momentum)
        if running_var is not None:
            running_var.mul_(1 - momentum).add_(var * total / (total - 1), alpha=momentum)
    return mu, torch.rsqrt(var + eps)


def _first3(input, other):
    """``dim=None`` of ``cross``: the first dimension of size 3 (MindSpore and PyTorch's documented rule)."""
    shape = torch.broadcast_shapes(input.shape, other.shape)
    for i, s in enumerate(shape):
        if s == 3:
            return i
    raise ValueError(f"For 'cross', no dimension of size 3 in input with shape {tuple(shape)}.")


_NAMES = _define_all(_TABLE, globals(), __name__)


# ---------------------------------------------------------------------------------------------- overloads
def max(input, dim=None, keepdim=False):
    """Mirrors ``mindspore.mint.max``: ``max(input)`` → the maximum (0-d Tensor); ``max(input, dim,
    keepdim=False)`` → ``(values, indices)``; ``max(input, other)`` (a Tensor) → ``maximum``."""
    if dim is None:
        return _wrap(torch.max(input))
    if isinstance(dim, torch.Tensor):
        return _wrap(torch.maximum(input, dim))
    return _wrap(tuple(torch.max(input, dim, keepdim)))


def min(input, dim=None, keepdim=False):
    """Mirrors ``mindspore.mint.min`` (overloads as :func:`max`)."""
    if dim is None:
        return _wrap(torch.min(input))
    if isinstance(dim, torch.Tensor):
        return _wrap(torch.minimum(input, dim))
    return _wrap(tuple(torch.min(input, dim, keepdim)))


def item(input):
    """Mirrors ``mindspore.mint.item(input)``: the value of a one-element Tensor as a Python number."""
    return input.item()


# ---------------------------------------------------------------------------------------------- creation
def _dev(device=None):
    if device is not None:
        from ..context import _resolve_device
        return _resolve_device(device)
    from ..context import _default_device
    return _default_device()


def _size(size):
    if len(size) == 1 and isinstance(size[0], (tuple, list, torch.Size)):
        return tuple(size[0])
    return size


def _creation_dtype(name, dtype):
    return None if dtype is None else _mstype.to_torch_dtype(dtype, where=name)


def zeros(size, *, dtype=None):
    """Mirrors ``mindspore.mint.zeros(size, *, dtype=None)`` (float32 by default; on the context device)."""
    return _wrap(torch.zeros(size, dtype=_creation_dtype("zeros", dtype), device=_dev()))


def ones(size, *, dtype=None):
    """Mirrors ``mindspore.mint.ones(size, *, dtype=None)``."""
    return _wrap(torch.ones(size, dtype=_creation_dtype("ones", dtype), device=_dev()))


def full(size, fill_value, *, dtype=None):
    """Mirrors ``mindspore.mint.full(size, fill_value, *, dtype=None)``: the dtype follows ``fill_value``
    (bool, int64, float32) unless given."""
    if isinstance(fill_value, torch.Tensor):
        fill_value = fill_value.item()
    return _wrap(torch.full(size, fill_value, dtype=_creation_dtype("full", dtype), device=_dev()))


def empty(*size, dtype=None, device=None, pin_memory=False):
    """Mirrors ``mindspore.mint.empty(*size, *, dtype=None, device=None, pin_memory=False)``."""
    return _wrap(torch.empty(_size(size), dtype=_creation_dtype("empty", dtype), device=_dev(device),
                             pin_memory=pin_memory))


def arange(start=0, end=None, step=1, *, dtype=None):
    """Mirrors ``mindspore.mint.arange(start=0, end=None, step=1, *, dtype=None)``: int64 for integer
    arguments, float32 when any is a float."""
    if end is None:
        start, end = 0, start
    vals = [v.item() if isinstance(v, torch.Tensor) else v for v in (start, end, step)]
    return _wrap(torch.arange(*vals, dtype=_creation_dtype("arange", dtype), device=_dev()))


def linspace(start, end, steps, *, dtype=None):
    """Mirrors ``mindspore.mint.linspace(start, end, steps, *, dtype=None)``."""
    return _wrap(torch.linspace(start, end, steps, dtype=_creation_dtype("linspace", dtype), device=_dev()))


def eye(n, m=None, dtype=None):
    """Mirrors ``mindspore.mint.eye(n, m=None, dtype=None)`` (float32 by default)."""
    dtype = _creation_dtype("eye", dtype)
    return _wrap(torch.eye(n, n if m is None else m, dtype=dtype, device=_dev()))


def _gen(generator):
    return generator if isinstance(generator, torch.Generator) else None


def rand(*size, generator=None, dtype=None, device=None):
    """Mirrors ``mindspore.mint.rand(*size, generator=None, dtype=None, device=None)``."""
    return _wrap(torch.rand(_size(size), generator=_gen(generator), dtype=_creation_dtype("rand", dtype),
                            device=_dev(device)))


def randn(*size, generator=None, dtype=None, device=None):
    """Mirrors ``mindspore.mint.randn(*size, generator=None, dtype=None, device=None)``."""
    return _wrap(torch.randn(_size(size), generator=_gen(generator), dtype=_creation_dtype("randn", dtype),
                             device=_dev(device)))


def randint(*args, generator=None, dtype=None, device=None):
    """Mirrors ``mindspore.mint.randint(low=0, high, size, *, generator=None, dtype=None, device=None)``
    (int64 by default)."""
    return _wrap(torch.randint(*args, generator=_gen(generator), dtype=_creation_dtype("randint", dtype) or torch.int64,
                               device=_dev(device)))


def randint_like(*args, dtype=None, device=None):
    """Mirrors ``mindspore.mint.randint_like(input, low=0, high, *, dtype=None, device=None)``."""
    return _wrap(torch.randint_like(*args, dtype=_creation_dtype("randint_like", dtype),
                                    device=None if device is None else _dev(device)))


def randperm(n, *, generator=None, dtype=torch.int64):
    """Mirrors ``mindspore.mint.randperm(n, *, generator=None, dtype=mindspore.int64)``."""
    return _wrap(torch.randperm(n, generator=_gen(generator), dtype=_creation_dtype("randperm", dtype), device=_dev()))


def normal(mean=0.0, std=1.0, size=None, generator=None):
    """Mirrors ``mindspore.mint.normal(mean=0.0, std=1.0, size=None, generator=None)``: Tensor ``mean``/``std``
    broadcast; with two floats, ``size`` gives the shape."""
    g = _gen(generator)
    if isinstance(mean, torch.Tensor) or isinstance(std, torch.Tensor):
        return _wrap(torch.normal(mean, std, generator=g))
    return _wrap(torch.normal(float(mean), float(std), size=tuple(size or ()), generator=g, device=_dev()))


_LAZY = {"nn": "ms_compat.mint.nn", "optim": "ms_compat.mint.optim", "linalg": "ms_compat.mint.linalg",
         "special": "ms_compat.mint.special", "distributed": "ms_compat.mint.distributed"}

__all__ = sorted(set(_NAMES) | {"max", "min", "item", "zeros", "ones", "full", "empty", "arange", "linspace",
                                "eye", "rand", "randn", "randint", "randint_like", "randperm", "normal", "Tensor"})


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

"""``mindspore.ops`` random functions on torch's RNG.

``seed=None`` draws from torch's global generator (``ms.set_seed`` seeds it); an explicit ``seed``
uses a fresh ``torch.Generator`` seeded with it, so the same call with the same seed repeats.
Difference from MindSpore: the numbers differ from MindSpore's generator for the same seed (only
shapes, dtypes and distributions match).
"""
from __future__ import annotations

import torch

from .._utils import default_device, ms_dtype, shape_tuple, to_tensor, wrap

__all__ = ["standard_normal", "normal", "uniform", "randint", "randint_like", "rand", "rand_like", "randn",
           "randn_like", "multinomial", "shuffle", "randperm", "bernoulli", "random_categorical",
           "standard_laplace", "gamma", "poisson"]


def _gen(seed):
    if seed is None:
        return None
    g = torch.Generator()
    g.manual_seed(int(seed))
    return g


def _place(t):
    dev = default_device()
    return wrap(t.to(dev) if dev is not None and t.device != dev else t)


def _size(op, size):
    if len(size) == 1 and isinstance(size[0], (tuple, list, torch.Size)):
        size = tuple(size[0])
    return shape_tuple(op, size, "size")


def standard_normal(shape, seed=None):
    """``ops.standard_normal(shape, seed=None)`` → float32 N(0, 1)."""
    return _place(torch.randn(shape_tuple("standard_normal", shape), generator=_gen(seed)))


def normal(shape, mean, stddev, seed=None):
    """``ops.normal(shape, mean, stddev, seed=None)``: ``mean``/``stddev`` broadcast with ``shape``."""
    shp = shape_tuple("normal", shape)
    mean_t, std_t = to_tensor(mean, torch.float32), to_tensor(stddev, torch.float32)
    out_shape = torch.broadcast_shapes(shp, mean_t.shape, std_t.shape)
    z = torch.randn(out_shape, generator=_gen(seed))
    return _place(z).to(mean_t.device) * std_t + mean_t


def uniform(shape, minval, maxval, seed=None, dtype=torch.float32):
    """``ops.uniform(shape, minval, maxval, seed=None, dtype=mstype.float32)``: [minval, maxval);
    int dtypes draw integers."""
    d = ms_dtype("uniform", dtype)
    shp = shape_tuple("uniform", shape)
    lo, hi = to_tensor(minval), to_tensor(maxval)
    if not d.is_floating_point:
        return _place(torch.randint(int(lo), int(hi), shp, generator=_gen(seed), dtype=d))
    u = torch.rand(shp, generator=_gen(seed), dtype=d)
    return _place(u) * (hi.to(d) - lo.to(d)) + lo.to(d)


def randint(low, high, size, seed=None, *, dtype=None):
    """``ops.randint(low, high, size, seed=None, *, dtype=None)`` → int64 by default, [low, high)."""
    d = ms_dtype("randint", dtype) or torch.int64
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"For 'randint', the type of 'size' must be tuple, but got {type(size).__name__}.")
    return _place(torch.randint(low, high, tuple(size), generator=_gen(seed), dtype=d))


def randint_like(input, low, high, seed=None, *, dtype=None):
    """``ops.randint_like(input, low, high, seed=None, *, dtype=None)``."""
    d = ms_dtype("randint_like", dtype) or input.dtype
    return _place(torch.randint(low, high, tuple(input.shape), generator=_gen(seed), dtype=d))


def rand(*size, dtype=None, seed=None):
    """``ops.rand(*size, dtype=None, seed=None)`` → float32 U[0, 1)."""
    return _place(torch.rand(_size("rand", size), generator=_gen(seed), dtype=ms_dtype("rand", dtype) or
                             torch.float32))


def rand_like(input, seed=None, *, dtype=None):
    """``ops.rand_like(input, seed=None, *, dtype=None)``."""
    return _place(torch.rand(tuple(input.shape), generator=_gen(seed), dtype=ms_dtype("rand_like", dtype) or
                             input.dtype))


def randn(*size, dtype=None, seed=None):
    """``ops.randn(*size, dtype=None, seed=None)`` → float32 N(0, 1)."""
    return _place(torch.randn(_size("randn", size), generator=_gen(seed), dtype=ms_dtype("randn", dtype) or
                              torch.float32))


def randn_like(input, seed=None, *, dtype=None):
    """``ops.randn_like(input, seed=None, *, dtype=None)``."""
    return _place(torch.randn(tuple(input.shape), generator=_gen(seed), dtype=ms_dtype("randn_like", dtype) or
                              input.dtype))


def multinomial(input, num_samples, replacement=True, seed=None):
    """``ops.multinomial(input, num_samples, replacement=True, seed=None)`` → int32 indices; note
    the default ``replacement=True`` (torch: False)."""
    g = _gen(seed)
    p = input.detach().float().cpu() if g is not None else input.detach().float()
    return _place(torch.multinomial(p, num_samples, replacement, generator=g).to(torch.int32))


def shuffle(x, seed=None):
    """``ops.shuffle(x, seed=None)``: random permutation along dim 0."""
    perm = torch.randperm(x.shape[0], generator=_gen(seed)).to(x.device)
    return x[perm]


def randperm(n, seed=0, offset=0, dtype=torch.int64):
    """``ops.randperm(n, seed=0, offset=0, dtype=mstype.int64)``; ``seed=0`` (the default) uses the
    global generator."""
    n = int(n.item()) if isinstance(n, torch.Tensor) else int(n)
    g = _gen(seed) if seed else None
    return _place(torch.randperm(n, generator=g).to(ms_dtype("randperm", dtype)))


def bernoulli(input, p=0.5, seed=None):
    """``ops.bernoulli(input, p=0.5, seed=None)``: 0/1 samples with probability ``p`` (float or
    Tensor), shaped and typed like ``input``."""
    pt = to_tensor(p, torch.float32).to(input.device)
    probs = torch.broadcast_to(pt, input.shape) if pt.dim() <= input.dim() else pt
    g = _gen(seed)
    if g is not None:
        out = (torch.rand(probs.shape, generator=g).to(input.device) < probs)
    else:
        out = torch.bernoulli(probs.float()).bool()
    return wrap(out.to(input.dtype))


def random_categorical(logits, num_sample, seed=0, dtype=torch.int64):
    """``ops.random_categorical(logits, num_sample, seed=0, dtype=mstype.int64)``."""
    probs = torch.softmax(logits.float(), -1)
    g = _gen(seed) if seed else None
    return _place(torch.multinomial(probs.cpu() if g else probs, num_sample, True, generator=g).to(dtype))


def standard_laplace(shape, seed=None):
    """``ops.standard_laplace(shape, seed=None)``."""
    u = torch.rand(shape_tuple("standard_laplace", shape), generator=_gen(seed)) - 0.5
    return _place(-torch.sign(u) * torch.log1p(-2 * torch.abs(u)))


def gamma(shape, alpha, beta, seed=None):
    """``ops.gamma(shape, alpha, beta, seed=None)``."""
    shp = shape_tuple("gamma", shape)
    a, b = to_tensor(alpha, torch.float32), to_tensor(beta, torch.float32)
    full = torch.broadcast_shapes(shp, a.shape, b.shape)
    return wrap(torch._standard_gamma(a.expand(full).contiguous()) / b)


def poisson(shape, mean, seed=None):
    """``ops.poisson(shape, mean, seed=None)``."""
    shp = shape_tuple("poisson", shape)
    m = to_tensor(mean, torch.float32)
    return wrap(torch.poisson(m.expand(torch.broadcast_shapes(shp, m.shape)).contiguous()))

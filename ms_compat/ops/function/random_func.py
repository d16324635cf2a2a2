"""``mindspore.ops`` random functions.

``uniform``, ``standard_normal``, ``normal``, ``rand``, ``rand_like``, ``randn``, ``randn_like``,
``randint``, ``randint_like``, ``shuffle``, ``randperm``, ``multinomial`` and ``standard_laplace`` draw
MindSpore 2.10's numbers: the kernel seeds come from the global seed, the op seed and a per-function call
counter (``common/op_seed.py``) and feed MindSpore's CPU kernels' engines (``common/op_random.py``), so the
same seed gives MindSpore's numbers on CPU and CUDA alike; torch's generator is left untouched. With neither
``set_seed`` nor ``seed`` (MindSpore: nondeterministic) they draw from torch's global generator.
``random_categorical`` with a nonzero ``seed`` and ``bernoulli`` with a ``seed`` draw MindSpore's numbers from
the op seed alone, as its kernels do.

The other functions draw from torch's generator: ``seed=None`` uses the global one (``ms.set_seed``
seeds it); an explicit ``seed`` a fresh ``torch.Generator`` seeded with it. Their numbers differ from
MindSpore's for the same seed (only shapes, dtypes and distributions match).
"""
from __future__ import annotations

import numpy as np
import torch

import ms_compat.common.op_random as op_random
from ...common.tensor import run_plain
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


kernel_seeds = op_random.kernel_seeds


def from_kernel(array):
    """A kernel's numpy result as an ms Tensor on the default device."""
    return _place(torch.from_numpy(array))


def _place(t):
    dev = default_device()
    return wrap(t.to(dev) if dev is not None and t.device != dev else t)


def _affine(draws, scale, shift, dtype, device):
    """``draws * scale + shift`` in ``dtype`` on ``device`` for a kernel's numpy ``draws``; run through
    ``run_plain`` so the arithmetic skips MindSpore Tensor dispatch."""
    u = torch.from_numpy(draws).to(device)
    scale, shift = scale.to(device, dtype), shift.to(device, dtype)
    if u.dtype == dtype and scale.numel() == 1 == shift.numel() and max(scale.dim(), shift.dim()) <= u.dim():
        return u.mul_(scale).add_(shift)  # the fresh draws' own memory: same float arithmetic, no new buffers
    return u * scale + shift


def _size(op, size):
    if len(size) == 1 and isinstance(size[0], (tuple, list, torch.Size)):
        size = tuple(size[0])
    return shape_tuple(op, size, "size")


def standard_normal(shape, seed=None):
    """``ops.standard_normal(shape, seed=None)`` → float32 N(0, 1), MindSpore's numbers."""
    seeds = kernel_seeds(seed, "standard_normal")
    shp = shape_tuple("standard_normal", shape)
    if seeds is not None:
        return from_kernel(op_random.RandomKernel(*seeds).standard_normal(shp))
    return _place(torch.randn(shp))


def normal(shape, mean, stddev, seed=None):
    """``ops.normal(shape, mean, stddev, seed=None)``: ``mean``/``stddev`` broadcast with ``shape``."""
    mean_t, std_t = to_tensor(mean, torch.float32), to_tensor(stddev, torch.float32)
    seeds = kernel_seeds(seed, "normal")
    shp = shape_tuple("normal", shape)
    if seeds is not None:  # MindSpore: StandardNormal(shape) * stddev + mean
        draws = op_random.RandomKernel(*seeds).standard_normal(shp)
        return run_plain(_affine, draws, std_t, mean_t, torch.float32, mean_t.device)
    out_shape = torch.broadcast_shapes(shp, mean_t.shape, std_t.shape)
    z = torch.randn(out_shape)
    return _place(z).to(mean_t.device) * std_t + mean_t


def uniform(shape, minval, maxval, seed=None, dtype=torch.float32):
    """``ops.uniform(shape, minval, maxval, seed=None, dtype=mstype.float32)``: [minval, maxval);
    int dtypes draw integers."""
    d = ms_dtype("uniform", dtype)
    shp = shape_tuple("uniform", shape)
    lo, hi = to_tensor(minval), to_tensor(maxval)
    seeds = kernel_seeds(seed, "uniform")
    if seeds is not None and d in (torch.int32, torch.float32):
        kernel = op_random.RandomKernel(*seeds)
        if d == torch.int32:  # UniformInt(shape, minval, maxval)
            return from_kernel(kernel.uniform_int(shp, int(lo), int(hi)))
        # UniformReal(shape) * (maxval - minval) + minval
        return run_plain(lambda u: _affine(u, hi.to(d) - lo.to(d), lo, d, default_device() or hi.device),
                         kernel.uniform_real(shp))
    g = _gen(seed)
    if not d.is_floating_point:
        return _place(torch.randint(int(lo), int(hi), shp, generator=g, dtype=d))
    u = torch.rand(shp, generator=g, dtype=d)
    return _place(u) * (hi.to(d) - lo.to(d)) + lo.to(d)


def randint(low, high, size, seed=None, *, dtype=None):
    """``ops.randint(low, high, size, seed=None, *, dtype=None)`` → int64 by default, [low, high)."""
    d = ms_dtype("randint", dtype) or torch.int64
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"For 'randint', the type of 'size' must be tuple, but got {type(size).__name__}.")
    return _uniform_int("randint", seed, tuple(size), low, high, d)


def _uniform_int(name, seed, shape, low, high, dtype):
    seeds = kernel_seeds(seed, name)
    if seeds is not None:  # UniformInt(shape, int32 low, int32 high), cast
        draws = op_random.RandomKernel(*seeds).uniform_int(shape, int(low), int(high))
        return _place(torch.from_numpy(draws).to(dtype))
    return _place(torch.randint(low, high, shape, dtype=dtype))


def randint_like(input, low, high, seed=None, *, dtype=None):
    """``ops.randint_like(input, low, high, seed=None, *, dtype=None)``."""
    d = ms_dtype("randint_like", dtype) or input.dtype
    return _uniform_int("randint_like", seed, tuple(input.shape), low, high, d)


def rand(*size, dtype=None, seed=None):
    """``ops.rand(*size, dtype=None, seed=None)`` → float32 U[0, 1)."""
    return _uniform_real("rand", seed, _size("rand", size), ms_dtype("rand", dtype) or torch.float32)


def _uniform_real(name, seed, shape, dtype):
    seeds = kernel_seeds(seed, name)
    if seeds is not None:  # UniformReal(shape), cast
        return _place(torch.from_numpy(op_random.RandomKernel(*seeds).uniform_real(shape)).to(dtype))
    return _place(torch.rand(shape, dtype=dtype))


def _standard_normal(name, seed, shape, dtype):
    seeds = kernel_seeds(seed, name)
    if seeds is not None:  # StandardNormal(shape), cast
        return _place(torch.from_numpy(op_random.RandomKernel(*seeds).standard_normal(shape)).to(dtype))
    return _place(torch.randn(shape, dtype=dtype))


def rand_like(input, seed=None, *, dtype=None):
    """``ops.rand_like(input, seed=None, *, dtype=None)``."""
    return _uniform_real("rand_like", seed, tuple(input.shape), ms_dtype("rand_like", dtype) or input.dtype)


def randn(*size, dtype=None, seed=None):
    """``ops.randn(*size, dtype=None, seed=None)`` → float32 N(0, 1)."""
    return _standard_normal("randn", seed, _size("randn", size), ms_dtype("randn", dtype) or torch.float32)


def randn_like(input, seed=None, *, dtype=None):
    """``ops.randn_like(input, seed=None, *, dtype=None)``."""
    return _standard_normal("randn_like", seed, tuple(input.shape), ms_dtype("randn_like", dtype) or input.dtype)


def multinomial(input, num_samples, replacement=True, seed=None):
    """``ops.multinomial(input, num_samples, replacement=True, seed=None)`` → int32 indices; note
    the default ``replacement=True`` (torch: False). MindSpore's numbers with a global or op seed: with
    replacement its ``Multinomial`` kernel, without ``top_k(log(UniformReal) / (input + 1e-6))``."""
    if input.dim() not in (1, 2):
        raise ValueError(f"For 'multinomial', the dimension of inputs must be 1d or 2d, but got {input.dim()}.")
    seeds = kernel_seeds(seed, "multinomial")
    if seeds is None:
        p = input.detach().float()
        return _place(torch.multinomial(p, num_samples, replacement).to(torch.int32))
    kernel = op_random.RandomKernel(*seeds)
    if not replacement:
        if input.shape[-1] < num_samples:
            raise ValueError(f"For 'multinomial', the 'num_samples' must be less than the last dimension of input "
                             f"without 'replacement', but got 'num_samples': {num_samples} and 'replacement': "
                             f"{replacement}")
        u = from_kernel(kernel.uniform_real((input.numel(),))).reshape(input.shape).to(input.device)
        vals = torch.log(u) / (input + 1e-6)
        return wrap(torch.topk(vals, num_samples)[1].to(torch.int32))
    probs = input.detach().cpu().numpy()
    out = kernel.multinomial(probs.reshape(-1, probs.shape[-1]), int(num_samples))
    return from_kernel(out.reshape(input.shape[:-1] + (int(num_samples),)).astype(np.int32)).to(input.device)


def shuffle(x, seed=None):
    """``ops.shuffle(x, seed=None)``: random permutation along dim 0, MindSpore's (``RandomShuffle``)."""
    seeds = kernel_seeds(seed, "shuffle")
    if x.dim() == 0 or x.shape[0] <= 1:
        return x.clone()
    if seeds is not None:
        perm = torch.from_numpy(op_random.RandomKernel(*seeds).shuffle(x.shape[0])).to(x.device)
    else:
        perm = torch.randperm(x.shape[0]).to(x.device)
    return x[perm]


def randperm(n, seed=0, offset=0, dtype=torch.int64):
    """``ops.randperm(n, seed=0, offset=0, dtype=mstype.int64)``: MindSpore's ``RandpermV2`` numbers, from
    ``offset`` if nonzero, else ``seed`` (so the default is the same permutation every call, as in
    MindSpore; the global seed plays no part); ``seed=-1`` (MindSpore: nondeterministic) uses torch's
    generator."""
    n = int(n.item()) if isinstance(n, torch.Tensor) else int(n)
    final = offset if offset != 0 else seed
    if final == -1:
        perm = torch.randperm(n)
    else:
        perm = torch.from_numpy(op_random.shuffle_permutation(op_random.Mt19937(final), n))
    return _place(perm.to(ms_dtype("randperm", dtype)))


_BERNOULLI = {}  # ops.bernoulli's kernels
BERNOULLI_PRIMITIVE = {}  # the Bernoulli Primitive's: MindSpore keeps them apart from the function's


def bernoulli_kernel(input, pt, seed, offset, kernels=_BERNOULLI):
    """MindSpore's ``Bernoulli(seed, offset)`` kernel on ``input`` with probabilities ``pt`` (a scalar or shaped
    like ``input``): kept in ``kernels`` per (seed, offset, signature) for the process — MindSpore shares one
    between all Primitive instances with those attributes (``common/op_random.py``)."""
    key = (seed, offset, tuple(input.shape), input.dtype, tuple(pt.shape), pt.dtype)
    kernel = kernels.get(key)
    if kernel is None:
        kernel = kernels[key] = op_random.Bernoulli(seed)  # the offset only tells kernels apart
    probs = pt.detach().cpu().numpy().reshape(-1 if pt.numel() != 1 else 1)
    draws = kernel.draws(input.numel()).astype(probs.dtype)
    ones = torch.from_numpy(~(draws > probs)).reshape(input.shape)
    return wrap(ones.to(input.device, input.dtype))


def bernoulli(input, p=0.5, seed=None):
    """``ops.bernoulli(input, p=0.5, seed=None)``: 0/1 samples with probability ``p`` (float or
    Tensor), shaped and typed like ``input``. With a ``seed`` (MindSpore uses the op seed alone, not the
    global seed) and ``p`` a scalar or shaped like ``input``: MindSpore's numbers; otherwise torch's
    generator (MindSpore: nondeterministic without a seed; a ValueError for other ``p`` shapes)."""
    pt = to_tensor(p, torch.float32).to(input.device)
    if seed is not None and seed != -1 and (pt.numel() == 1 and pt.dim() <= 1 or pt.shape == input.shape):
        return bernoulli_kernel(input, pt, int(seed), 0)
    probs = torch.broadcast_to(pt, input.shape) if pt.dim() <= input.dim() else pt
    g = _gen(seed)
    if g is not None:
        out = (torch.rand(probs.shape, generator=g).to(input.device) < probs)
    else:
        out = torch.bernoulli(probs.float()).bool()
    return wrap(out.to(input.dtype))


def random_categorical(logits, num_sample, seed=0, dtype=torch.int64):
    """``ops.random_categorical(logits, num_sample, seed=0, dtype=mstype.int64)``: ``num_sample`` classes per row
    of 2-D ``logits``. A nonzero ``seed``: MindSpore's numbers (its ``RandomCategorical`` kernel reseeds from
    ``seed`` alone every call, so the same ``seed`` gives the same samples; the global seed plays no part);
    ``seed=0`` (MindSpore: nondeterministic) and other ranks: torch's generator."""
    d = ms_dtype("random_categorical", dtype)
    seed = int(seed.item()) if isinstance(seed, torch.Tensor) else int(seed)
    n = int(num_sample.item()) if isinstance(num_sample, torch.Tensor) else int(num_sample)
    if seed != 0 and logits.dim() == 2 and logits.dtype in (torch.float32, torch.float64):
        out = op_random.random_categorical(logits.detach().cpu().numpy(), n, seed)
        return from_kernel(out).to(logits.device, d)
    probs = torch.softmax(logits.float(), -1)
    g = _gen(seed) if seed else None
    return _place(torch.multinomial(probs.cpu() if g else probs, n, True, generator=g).to(d))


def standard_laplace(shape, seed=None):
    """``ops.standard_laplace(shape, seed=None)`` → float32 Laplace(0, 1), MindSpore's numbers with a global or
    op seed (its ``StandardLaplace`` kernel, ``common/op_random.py``); torch's generator with neither."""
    shp = shape_tuple("standard_laplace", shape)
    seeds = kernel_seeds(seed, "standard_laplace")
    if seeds is not None:
        return from_kernel(op_random.RandomKernel(*seeds).standard_laplace(shp))
    u = torch.rand(shp) - 0.5
    return _place(-torch.sign(u) * torch.log1p(-2 * torch.abs(u)))


def gamma(shape, alpha, beta, seed=None):
    """``ops.gamma(shape, alpha, beta, seed=None)``, on torch's generator: MindSpore 2.10 CPU has no kernel for it
    (``Gamma``: "Unsupported op [Gamma] on CPU")."""
    shp = shape_tuple("gamma", shape)
    a, b = to_tensor(alpha, torch.float32), to_tensor(beta, torch.float32)
    full = torch.broadcast_shapes(shp, a.shape, b.shape)
    return wrap(torch._standard_gamma(a.expand(full).contiguous()) / b)


def poisson(shape, mean, seed=None):
    """``ops.poisson(shape, mean, seed=None)``, on torch's generator: MindSpore 2.10 CPU has no kernel for it
    (``Poisson``: "Unsupported op [Poisson] on CPU")."""
    shp = shape_tuple("poisson", shape)
    m = to_tensor(mean, torch.float32)
    return wrap(torch.poisson(m.expand(torch.broadcast_shapes(shp, m.shape)).contiguous()))

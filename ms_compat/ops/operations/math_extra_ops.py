"""Math, creation, random and array-rearranging Primitives of ``mindspore.ops.operations`` beyond
math_ops/array_ops (``Hypot``, ``Logit``, ``Gcd``, ``TruncateDiv``, ``NanToNum``, ``SearchSorted``,
``Bincount``, ``UniqueConsecutive``, ``SpaceToDepth``, ``MirrorPad``, ``Randperm``, windows, Bessel...).
Each ``Xxx(attrs)(inputs)`` call runs the matching PyTorch op eagerly."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from .._utils import check_tensor, ms_dtype, wrap, to_tensor
from ..function import math_func as _m, array_func as _a, math_extra_func as _x, array_extra_func as _ax, \
    nn_extra_func as _n

__all__ = ["StopGradient", "Randperm", "Multinomial", "RandomCategorical", "LinSpace", "LogSpace", "Trace", "Cdist",
           "Pdist", "Renorm", "Hypot", "Heaviside", "Logit", "Sinc", "Gcd", "Lcm", "TruncateDiv", "TruncateMod",
           "LeftShift", "RightShift", "NanToNum", "SearchSorted", "Bincount", "UniqueConsecutive", "ReverseSequence",
           "SpaceToDepth", "DepthToSpace", "MirrorPad", "Expand", "DiagPart", "MatrixBandPart", "Digamma", "Lgamma",
           "Igamma", "Igammac", "Zeta", "Polygamma", "Mvlgamma", "Fmax", "Fmin", "Invert", "PopulationCount",
           "EuclideanNorm", "ReduceStd", "Cummin", "CumulativeLogsumexp", "Bucketize", "InTopK", "EqualCount",
           "NextAfter", "Ger", "ACos", "Eps", "TrilIndices", "TriuIndices", "HammingWindow", "BartlettWindow",
           "BlackmanWindow", "BesselI0", "BesselI0e", "BesselI1", "BesselI1e", "BesselJ0", "BesselJ1", "BesselK0",
           "BesselK0e", "BesselK1", "BesselK1e", "BesselY0", "BesselY1", "Real", "Imag", "Conj", "Angle",
           "ComplexAbs", "Complex"]


def _plain(name, fn, doc=None):
    def __init__(self):
        Primitive.__init__(self, name)

    def __call__(self, *args):
        return fn(*args)

    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__module__": __name__,
                                     "__doc__": doc or f"Mirrors ``ops.{name}()`` (no attributes)."})


StopGradient = _plain("StopGradient", lambda x: x.detach(), "Mirrors ``ops.StopGradient()``: ``x`` without gradient.")
Trace = _plain("Trace", _m.trace)
Hypot = _plain("Hypot", torch.hypot)
Heaviside = _plain("Heaviside", _x.heaviside)
Sinc = _plain("Sinc", _x.sinc)
Gcd = _plain("Gcd", _x.gcd)
Lcm = _plain("Lcm", _x.lcm)
TruncateDiv = _plain("TruncateDiv", _x.truncate_div)
TruncateMod = _plain("TruncateMod", _x.truncate_mod)
LeftShift = _plain("LeftShift", _x.bitwise_left_shift)
RightShift = _plain("RightShift", _x.bitwise_right_shift)
Expand = _plain("Expand", lambda x, shape: x.expand(tuple(int(v) for v in to_tensor(shape).reshape(-1).tolist())),
                "Mirrors ``ops.Expand()``: ``(x, shape)`` broadcasts ``x`` to ``shape`` (a Tensor).")
MatrixBandPart = _plain("MatrixBandPart", _m.matrix_band_part)
Digamma = _plain("Digamma", _x.digamma)
Lgamma = _plain("Lgamma", _x.lgamma)
Igamma = _plain("Igamma", _x.igamma)
Igammac = _plain("Igammac", _x.igammac)
Zeta = _plain("Zeta", _x.zeta)
Polygamma = _plain("Polygamma", lambda a, x: _x.polygamma(a, x))
Fmax = _plain("Fmax", _x.fmax)
Fmin = _plain("Fmin", _x.fmin, "Mirrors ``ops.Fmin()`` (MindSpore 2.10 has no CPU kernel for it).")
Invert = _plain("Invert", _x.invert)
PopulationCount = _plain("PopulationCount", _x.population_count)
NextAfter = _plain("NextAfter", torch.nextafter)
Ger = _plain("Ger", torch.outer)
ACos = _plain("ACos", torch.acos)
Eps = _plain("Eps", lambda x: torch.full_like(x, torch.finfo(x.dtype).eps),
             "Mirrors ``ops.Eps()``: a tensor like ``x`` filled with its dtype's machine epsilon.")
EqualCount = _plain("EqualCount", lambda x, y: (x == y).sum().reshape(1).to(x.dtype),
                    "Mirrors ``ops.EqualCount()``: number of equal elements, shape (1,), dtype of ``x``.")
InTopK = None  # defined below (has an attribute)
Real = _plain("Real", _x.real)
Imag = _plain("Imag", _x.imag)
Conj = _plain("Conj", _x.conj)
Angle = _plain("Angle", _x.angle)
ComplexAbs = _plain("ComplexAbs", torch.abs)
Complex = _plain("Complex", torch.complex)
BesselI0, BesselI0e, BesselI1, BesselI1e = (_plain(n, f) for n, f in (
    ("BesselI0", _x.bessel_i0), ("BesselI0e", _x.bessel_i0e), ("BesselI1", _x.bessel_i1), ("BesselI1e", _x.bessel_i1e)))
BesselJ0, BesselJ1, BesselY0, BesselY1 = (_plain(n, f) for n, f in (
    ("BesselJ0", _x.bessel_j0), ("BesselJ1", _x.bessel_j1), ("BesselY0", _x.bessel_y0), ("BesselY1", _x.bessel_y1)))
BesselK0, BesselK0e, BesselK1, BesselK1e = (_plain(n, f) for n, f in (
    ("BesselK0", _x.bessel_k0), ("BesselK0e", _x.bessel_k0e), ("BesselK1", _x.bessel_k1), ("BesselK1e", _x.bessel_k1e)))


class _AttrPrim(Primitive):
    """A Primitive whose constructor keyword arguments become prim attributes."""

    def __init__(self, **attrs):
        super().__init__(type(self).__name__)
        for k, v in attrs.items():
            self.add_prim_attr(k, v)


class InTopK(_AttrPrim):
    """Mirrors ``ops.InTopK(k)``: ``(x1, x2)`` → whether each target ``x2[i]`` is in row ``i``'s top ``k``."""

    def __init__(self, k):
        super().__init__(k=k)

    def __call__(self, x1, x2):
        return _ax.intopk(x1, x2, self.k)


class Randperm(_AttrPrim):
    """Mirrors ``ops.Randperm(max_length=1, pad=-1, dtype=mstype.int32)``: ``(n)`` → a length-``max_length``
    tensor holding a random permutation of ``0..n-1`` followed by ``pad`` (MindSpore 2.10 has no CPU
    kernel for it). Uses torch's global generator (``ms_compat.set_seed``)."""

    def __init__(self, max_length=1, pad=-1, dtype=torch.int32):
        super().__init__(max_length=max_length, pad=pad, dtype=ms_dtype("Randperm", dtype))

    def __call__(self, n):
        n = int(to_tensor(n).reshape(-1)[0])
        if n > self.max_length:
            raise ValueError(f"For 'Randperm', n ({n}) must be <= max_length ({self.max_length}).")
        out = torch.full((self.max_length,), self.pad, dtype=self.dtype)
        out[:n] = torch.randperm(n).to(self.dtype)
        return wrap(out)


class Multinomial(_AttrPrim):
    """Mirrors ``ops.Multinomial(seed=0, seed2=0, dtype=mstype.int32)``: ``(x, num_samples)`` draws
    ``num_samples`` class indices per row with replacement from the (unnormalised) probabilities ``x``.
    With a nonzero seed: MindSpore 2.10's numbers (its kernel, ``common/op_random.py``: one per input shape, dtype
    and ``num_samples``, continuing call after call); both seeds 0 (MindSpore: nondeterministic): torch's
    generator."""

    def __init__(self, seed=0, seed2=0, dtype=torch.int32):
        super().__init__(seed=seed, seed2=seed2, dtype=ms_dtype("Multinomial", dtype))

    def __call__(self, x, num_samples):
        from .nn_ops import _kernel
        from ..function.random_func import from_kernel
        n = int(num_samples)
        kernel = _kernel(self, (tuple(x.shape), x.dtype, n))
        if kernel is None:
            return torch.multinomial(x, n, replacement=True).to(self.dtype)
        probs = x.detach().cpu().numpy()
        out = kernel.multinomial(probs.reshape(-1, probs.shape[-1]), n).reshape(tuple(x.shape[:-1]) + (n,))
        return from_kernel(out).to(x.device, self.dtype)


class RandomCategorical(_AttrPrim):
    """Mirrors ``ops.RandomCategorical(dtype=mstype.int64)``: ``(logits, num_sample, seed=0)`` draws
    ``num_sample`` categories per row from ``softmax(logits)``: MindSpore's numbers for a nonzero ``seed``, as
    ``ops.random_categorical``; torch's generator for ``seed=0`` (MindSpore: nondeterministic)."""

    def __init__(self, dtype=torch.int64):
        super().__init__(dtype=ms_dtype("RandomCategorical", dtype))

    def __call__(self, logits, num_sample, seed=0):
        from ..function.random_func import random_categorical
        return random_categorical(logits, num_sample, seed, self.dtype)


class LinSpace(_AttrPrim):
    """Mirrors ``ops.LinSpace()``: ``(start, stop, num)``."""

    def __call__(self, start, stop, num):
        return _a.linspace(start, stop, num)


class LogSpace(_AttrPrim):
    """Mirrors ``ops.LogSpace(steps=10, base=10, dtype=mstype.float32)``: ``(start, end)``."""

    def __init__(self, steps=10, base=10, dtype=torch.float32):
        super().__init__(steps=steps, base=base, dtype=ms_dtype("LogSpace", dtype))

    def __call__(self, start, end):
        return _x.logspace(start, end, self.steps, self.base, dtype=self.dtype)


class Cdist(_AttrPrim):
    """Mirrors ``ops.Cdist(p=2.0)``: ``(x1, x2)`` batched pairwise p-norm distances."""

    def __init__(self, p=2.0):
        super().__init__(p=p)

    def __call__(self, x1, x2):
        return _m.cdist(x1, x2, self.p)


class Pdist(_AttrPrim):
    """Mirrors ``ops.Pdist(p=2.0)``: ``(x)`` → condensed pairwise distances of the rows of ``x``."""

    def __init__(self, p=2.0):
        super().__init__(p=p)

    def __call__(self, x):
        return torch.pdist(x, self.p)


class Renorm(_AttrPrim):
    """Mirrors ``ops.Renorm(p, dim, maxnorm)``: ``(x)`` sub-tensors along ``dim`` rescaled to p-norm ≤ maxnorm."""

    def __init__(self, p, dim, maxnorm):
        super().__init__(p=p, dim=dim, maxnorm=maxnorm)

    def __call__(self, x):
        return torch.renorm(x, self.p, self.dim, self.maxnorm)


class Logit(_AttrPrim):
    """Mirrors ``ops.Logit(eps=-1.0)``: a negative ``eps`` means no clamping."""

    def __init__(self, eps=-1.0):
        super().__init__(eps=eps)

    def __call__(self, x):
        return _x.logit(x, None if self.eps < 0 else self.eps)


class NanToNum(_AttrPrim):
    """Mirrors ``ops.NanToNum(nan=None, posinf=None, neginf=None)``."""

    def __init__(self, nan=None, posinf=None, neginf=None):
        super().__init__(nan=nan, posinf=posinf, neginf=neginf)

    def __call__(self, x):
        return _x.nan_to_num(x, self.nan, self.posinf, self.neginf)


class SearchSorted(_AttrPrim):
    """Mirrors ``ops.SearchSorted(dtype=mstype.int64, right=False)``: ``(sorted_sequence, values)``."""

    def __init__(self, dtype=torch.int64, right=False):
        super().__init__(dtype=ms_dtype("SearchSorted", dtype), right=right)

    def __call__(self, sorted_sequence, values):
        return torch.searchsorted(sorted_sequence, values, right=self.right).to(self.dtype)


class Bincount(_AttrPrim):
    """Mirrors ``ops.Bincount()``: ``(array, size, weights)`` → length-``size`` counts (weighted sums
    when ``weights`` is non-empty; values ≥ size are dropped); dtype of ``weights``."""

    def __call__(self, array, size, weights):
        size = int(to_tensor(size).reshape(-1)[0])
        w = weights if weights.numel() else torch.ones(array.shape, dtype=weights.dtype, device=array.device)
        keep = (array >= 0) & (array < size)
        out = torch.zeros(size, dtype=w.dtype, device=array.device)
        return wrap(out).index_add(0, array[keep].long(), w.reshape(array.shape)[keep])


class UniqueConsecutive(_AttrPrim):
    """Mirrors ``ops.UniqueConsecutive(return_inverse=False, return_counts=False, dim=None)``: always
    ``(output, inverse, counts)``; an unrequested one is a 0-d int64 zero, as MindSpore returns."""

    def __init__(self, return_inverse=False, return_counts=False, dim=None):
        super().__init__(return_inverse=return_inverse, return_counts=return_counts, dim=dim)

    def __call__(self, x):
        out, inv, cnt = torch.unique_consecutive(x, return_inverse=True, return_counts=True, dim=self.dim)
        zero = wrap(torch.zeros((), dtype=torch.int64))
        return (out, wrap(inv) if self.return_inverse else zero, wrap(cnt) if self.return_counts else zero)


class ReverseSequence(_AttrPrim):
    """Mirrors ``ops.ReverseSequence(seq_dim, batch_dim=0)``: ``(x, seq_lengths)``."""

    def __init__(self, seq_dim, batch_dim=0):
        super().__init__(seq_dim=seq_dim, batch_dim=batch_dim)

    def __call__(self, x, seq_lengths):
        return _a.reverse_sequence(x, seq_lengths, self.seq_dim, self.batch_dim)


class SpaceToDepth(_AttrPrim):
    """Mirrors ``ops.SpaceToDepth(block_size)`` (NCHW, TensorFlow channel order: output channel
    ``(i * block + j) * C + c``; differs from ``torch.pixel_unshuffle``'s order)."""

    def __init__(self, block_size):
        if not isinstance(block_size, int) or block_size < 2:
            raise ValueError(f"For 'SpaceToDepth', the 'block_size' must be >= 2, but got {block_size}.")
        super().__init__(block_size=block_size)

    def __call__(self, x):
        b = self.block_size
        n, c, h, w = x.shape
        return x.reshape(n, c, h // b, b, w // b, b).permute(0, 3, 5, 1, 2, 4).reshape(n, c * b * b, h // b, w // b)


class DepthToSpace(_AttrPrim):
    """Mirrors ``ops.DepthToSpace(block_size)`` (NCHW, TensorFlow channel order; inverse of SpaceToDepth)."""

    def __init__(self, block_size):
        if not isinstance(block_size, int) or block_size < 2:
            raise ValueError(f"For 'DepthToSpace', the 'block_size' must be >= 2, but got {block_size}.")
        super().__init__(block_size=block_size)

    def __call__(self, x):
        b = self.block_size
        n, c, h, w = x.shape
        co = c // (b * b)
        return x.reshape(n, b, b, co, h, w).permute(0, 3, 4, 1, 5, 2).reshape(n, co, h * b, w * b)


class MirrorPad(_AttrPrim):
    """Mirrors ``ops.MirrorPad(mode='REFLECT')``: ``(x, paddings)``."""

    def __init__(self, mode="REFLECT"):
        super().__init__(mode=mode)

    def __call__(self, x, paddings):
        return _ax.mirror_pad(x, paddings, self.mode)


class DiagPart(_AttrPrim):
    """Mirrors ``ops.DiagPart()``: for ``x`` of shape ``D + D``, the ``D``-shaped diagonal."""

    def __call__(self, x):
        check_tensor("DiagPart", x, "input_x")
        k = x.dim() // 2
        if x.dim() % 2 or tuple(x.shape[:k]) != tuple(x.shape[k:]):
            raise ValueError(f"For 'DiagPart', the shape of input must be D + D, but got {tuple(x.shape)}.")
        n = 1
        for s in x.shape[:k]:
            n *= s
        return torch.diagonal(x.reshape(n, n)).reshape(x.shape[:k])


class Mvlgamma(_AttrPrim):
    """Mirrors ``ops.Mvlgamma(p)``: ``(x)``."""

    def __init__(self, p):
        super().__init__(p=p)

    def __call__(self, x):
        return torch.mvlgamma(x, self.p)


class EuclideanNorm(_AttrPrim):
    """Mirrors ``ops.EuclideanNorm(keep_dims=False)``: ``(x, axes)`` with ``axes`` a Tensor."""

    def __init__(self, keep_dims=False):
        super().__init__(keep_dims=keep_dims)

    def __call__(self, x, axes):
        dims = tuple(int(a) for a in to_tensor(axes).reshape(-1).tolist())
        return torch.linalg.vector_norm(x, 2, dim=dims, keepdim=self.keep_dims)


class ReduceStd(_AttrPrim):
    """Mirrors ``ops.ReduceStd(axis=[], unbiased=True, keep_dims=False)``: ``(x)`` → ``(std, mean)``."""

    def __init__(self, axis=[], unbiased=True, keep_dims=False):  # noqa: B006 - MindSpore's default, never mutated
        super().__init__(axis=axis, unbiased=unbiased, keep_dims=keep_dims)

    def __call__(self, x):
        ax = self.axis
        dims = None if ax in ((), []) else ((ax,) if isinstance(ax, int) else tuple(ax))
        std, mean = torch.std_mean(x, dim=dims, correction=1 if self.unbiased else 0, keepdim=self.keep_dims)
        return wrap(std), wrap(mean)


class Cummin(_AttrPrim):
    """Mirrors ``ops.Cummin(axis)``: ``(x)`` → ``(values, indices)`` (indices int32)."""

    def __init__(self, axis):
        super().__init__(axis=axis)

    def __call__(self, x):
        r = torch.cummin(x, self.axis)
        return wrap(r.values), wrap(r.indices.to(torch.int32))


class CumulativeLogsumexp(_AttrPrim):
    """Mirrors ``ops.CumulativeLogsumexp(exclusive=False, reverse=False)``: ``(x, axis)``; ``exclusive``
    leaves out the current element (the dtype's lowest value first, as MindSpore), ``reverse`` accumulates from the end."""

    def __init__(self, exclusive=False, reverse=False):
        super().__init__(exclusive=exclusive, reverse=reverse)

    def __call__(self, x, axis):
        axis = int(to_tensor(axis).reshape(-1)[0]) if isinstance(axis, torch.Tensor) else int(axis)
        y = x.flip(axis) if self.reverse else x
        out = torch.logcumsumexp(y, axis)
        if self.exclusive:
            pad = torch.full_like(out.narrow(axis, 0, 1), torch.finfo(out.dtype).min)
            out = torch.cat([pad, out.narrow(axis, 0, out.shape[axis] - 1)], axis)
        return out.flip(axis) if self.reverse else out


class Bucketize(_AttrPrim):
    """Mirrors ``ops.Bucketize(boundaries)``: ``(input)`` → int32 bucket indices."""

    def __init__(self, boundaries):
        super().__init__(boundaries=list(boundaries))

    def __call__(self, x):
        return torch.bucketize(x, torch.tensor(self.boundaries, dtype=x.dtype), right=True).to(torch.int32)


class _Indices(_AttrPrim):
    _fn = None

    def __init__(self, row, col, offset=0, dtype=torch.int32):
        super().__init__(row=row, col=col, offset=offset, dtype=ms_dtype(type(self).__name__, dtype))

    def __call__(self):
        return wrap(type(self)._fn(self.row, self.col, self.offset, dtype=self.dtype))


class TrilIndices(_Indices):
    """Mirrors ``ops.TrilIndices(row, col, offset=0, dtype=mstype.int32)``: called with no input."""
    _fn = staticmethod(torch.tril_indices)


class TriuIndices(_Indices):
    """Mirrors ``ops.TriuIndices(row, col, offset=0, dtype=mstype.int32)``: called with no input."""
    _fn = staticmethod(torch.triu_indices)


class HammingWindow(_AttrPrim):
    """Mirrors ``ops.HammingWindow(periodic=True, alpha=0.54, beta=0.46, dtype=mstype.float32)``: ``(length)``."""

    def __init__(self, periodic=True, alpha=0.54, beta=0.46, dtype=torch.float32):
        super().__init__(periodic=periodic, alpha=alpha, beta=beta, dtype=ms_dtype("HammingWindow", dtype))

    def __call__(self, length):
        return _n.hamming_window(length, self.periodic, self.alpha, self.beta, dtype=self.dtype)


class BartlettWindow(_AttrPrim):
    """Mirrors ``ops.BartlettWindow(periodic=True, dtype=mstype.float32)``: ``(window_length)``."""

    def __init__(self, periodic=True, dtype=torch.float32):
        super().__init__(periodic=periodic, dtype=ms_dtype("BartlettWindow", dtype))

    def __call__(self, window_length):
        return _n.bartlett_window(window_length, self.periodic, dtype=self.dtype)


class BlackmanWindow(_AttrPrim):
    """Mirrors ``ops.BlackmanWindow(periodic=True, dtype=mstype.float32)``: ``(window_length)``."""

    def __init__(self, periodic=True, dtype=torch.float32):
        super().__init__(periodic=periodic, dtype=ms_dtype("BlackmanWindow", dtype))

    def __call__(self, window_length):
        return _n.blackman_window(window_length, self.periodic, dtype=self.dtype)

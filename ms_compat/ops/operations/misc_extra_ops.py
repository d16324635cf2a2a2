"""Further Primitives of ``mindspore.ops.operations``: dropout masks (``Dropout2D/3D``), block
rearrangements (``BatchToSpace``/``SpaceToBatch`` and ND forms), ``SplitV``, bounds/median/quantile,
LU/QR helpers, random samplers, bounding boxes, the ``Apply*`` optimizer update Primitives (which update
their Parameters in place and return them) and ``RmsNorm``/``LerpScalar``."""
from __future__ import annotations

import torch

import ms_compat.common.op_random as op_random

from ..primitive import Primitive
from .._utils import ms_dtype, wrap, to_tensor, shape_tuple
from ...common.tensor import run_plain
from ..function import array_extra_func as _ax, misc_extra_func as _mx, random_func as _r
from .nn_ops import _kernel

__all__ = ["Dropout2D", "Dropout3D", "IOU", "ChannelShuffle", "BatchToSpace", "SpaceToBatch", "BatchToSpaceND",
           "SpaceToBatchND", "SplitV", "IdentityN", "FillDiagonal", "LowerBound", "UpperBound", "Median", "NuclearNorm",
           "Polar", "Quantile", "UnravelIndex", "ScalarToTensor", "TupleToArray", "ScalarCast", "NthElement",
           "UniqueWithPad", "ConjugateTranspose", "Histogram", "HistogramFixedWidth", "Lstsq", "LuSolve", "LuUnpack",
           "Geqrf", "Orgqr", "Ormqr", "StandardLaplace", "RandomGamma", "RandomPoisson", "Poisson", "TruncatedNormal",
           "RandomShuffle", "ParameterizedTruncatedNormal", "Bernoulli", "Gamma", "MultinomialWithReplacement", "RandpermV2", "CheckNumerics",
           "BoundingBoxEncode", "BoundingBoxDecode", "CheckValid", "ApplyGradientDescent", "ApplyRMSProp",
           "ApplyCenteredRMSProp", "ApplyAdagrad", "ApplyAdagradV2", "ApplyAdaMax", "ApplyAddSign", "ApplyPowerSign",
           "ApplyProximalGradientDescent", "ApplyKerasMomentum", "ApplyAdadelta", "RmsNorm", "LerpScalar"]


class _P(Primitive):
    """A Primitive whose constructor keyword arguments become prim attributes."""

    def __init__(self, **attrs):
        super().__init__(type(self).__name__)
        for k, v in attrs.items():
            self.add_prim_attr(k, v)


class _DropoutND(_P):
    _nd = 2

    def __init__(self, keep_prob=0.5):
        if not 0.0 <= keep_prob <= 1.0:
            raise ValueError(f"For '{type(self).__name__}', the 'keep_prob' must be in range [0, 1], but got "
                             f"{keep_prob}.")
        super().__init__(keep_prob=keep_prob)

    def __call__(self, x):
        name, rank = type(self).__name__, self._nd + 2
        if x.dim() != rank:
            raise ValueError(f"For primitive[{name}], the rank of input  must be equal to {rank} , but got "
                             f"{x.dim()}.")
        return run_plain(op_random.mindspore_dropout_nd, name, x, self.keep_prob)


class Dropout2D(_DropoutND):
    """Mirrors ``ops.Dropout2D(keep_prob=0.5)``: ``(x)`` (N, C, H, W) → ``(output, mask)``; whole channels are
    zeroed with probability ``1 - keep_prob`` and the kept ones scaled by ``1/keep_prob``. MindSpore 2.10's
    masks: no seed plays a part — one engine per (keep_prob, shape, dtype) for the process, whatever the
    instance (``common/op_random.py``)."""
    _nd = 2


class Dropout3D(_DropoutND):
    """Mirrors ``ops.Dropout3D(keep_prob=0.5)``: like Dropout2D for (N, C, D, H, W), with its own engines."""
    _nd = 3


class IOU(_P):
    """Mirrors ``ops.IOU(mode='iou')``: ``(anchor_boxes, gt_boxes)`` → (M, N) overlaps (see ``ops.iou``)."""

    def __init__(self, mode="iou"):
        super().__init__(mode=mode)

    def __call__(self, anchor_boxes, gt_boxes):
        return _ax.iou(anchor_boxes, gt_boxes, self.mode)


class ChannelShuffle(_P):
    """Mirrors ``ops.ChannelShuffle(group)``."""

    def __init__(self, group):
        super().__init__(group=group)

    def __call__(self, x):
        return _ax.channel_shuffle(x, self.group)


class SpaceToBatch(_P):
    """Mirrors ``ops.SpaceToBatch(block_size, paddings)`` (2-D spatial blocks)."""

    def __init__(self, block_size, paddings):
        super().__init__(block_size=block_size, paddings=paddings)

    def __call__(self, x):
        return _ax.space_to_batch_nd(x, [self.block_size] * 2, self.paddings)


class BatchToSpace(_P):
    """Mirrors ``ops.BatchToSpace(block_size, crops)``."""

    def __init__(self, block_size, crops):
        super().__init__(block_size=block_size, crops=crops)

    def __call__(self, x):
        return _ax.batch_to_space_nd(x, [self.block_size] * 2, self.crops)


class SpaceToBatchND(_P):
    """Mirrors ``ops.SpaceToBatchND(block_shape, paddings)``."""

    def __init__(self, block_shape, paddings):
        super().__init__(block_shape=block_shape, paddings=paddings)

    def __call__(self, x):
        b = self.block_shape
        return _ax.space_to_batch_nd(x, [b, b] if isinstance(b, int) else list(b), self.paddings)


class BatchToSpaceND(_P):
    """Mirrors ``ops.BatchToSpaceND(block_shape, crops)``."""

    def __init__(self, block_shape, crops):
        super().__init__(block_shape=block_shape, crops=crops)

    def __call__(self, x):
        b = self.block_shape
        return _ax.batch_to_space_nd(x, [b, b] if isinstance(b, int) else list(b), self.crops)


class SplitV(_P):
    """Mirrors ``ops.SplitV(size_splits, split_dim, num_split)``: one ``-1`` size takes the remainder."""

    def __init__(self, size_splits, split_dim, num_split):
        if len(size_splits) != num_split:
            raise ValueError(f"For 'SplitV', len(size_splits) must equal num_split ({num_split}).")
        super().__init__(size_splits=list(size_splits), split_dim=split_dim, num_split=num_split)

    def __call__(self, x):
        sizes = list(self.size_splits)
        if -1 in sizes:
            sizes[sizes.index(-1)] = x.shape[self.split_dim] - (sum(sizes) + 1)
        return tuple(torch.split(x, sizes, self.split_dim))


class IdentityN(_P):
    """Mirrors ``ops.IdentityN()``: ``(x)`` a list/tuple of Tensors returned unchanged."""

    def __call__(self, x):
        return x


class FillDiagonal(_P):
    """Mirrors ``ops.FillDiagonal(fill_value, wrap=False)``: the main diagonal set to ``fill_value``
    (a new tensor); for tall 2-D input ``wrap`` restarts the diagonal every ``cols + 1`` rows."""

    def __init__(self, fill_value, wrap=False):
        super().__init__(fill_value=float(fill_value), wrap=wrap)

    def __call__(self, x):
        return x.clone().fill_diagonal_(self.fill_value, wrap=self.wrap)


class _Bound(_P):
    _right = False

    def __init__(self, out_type=torch.int32):
        super().__init__(out_type=ms_dtype(type(self).__name__, out_type))

    def __call__(self, sorted_x, values):
        return torch.searchsorted(sorted_x, values, right=self._right).to(self.out_type)


class LowerBound(_Bound):
    """Mirrors ``ops.LowerBound(out_type=mstype.int32)``: row-wise first index with ``sorted_x >= value``."""
    _right = False


class UpperBound(_Bound):
    """Mirrors ``ops.UpperBound(out_type=mstype.int32)``: row-wise first index with ``sorted_x > value``."""
    _right = True


class Median(_P):
    """Mirrors ``ops.Median(global_median=False, axis=0, keep_dims=False, ignore_nan=False)``: ``(values,
    indices)`` (lower median, as torch/MindSpore); ``global_median`` returns the median of all elements and
    a 0 index."""

    def __init__(self, global_median=False, axis=0, keep_dims=False, ignore_nan=False):
        super().__init__(global_median=global_median, axis=axis, keep_dims=keep_dims, ignore_nan=ignore_nan)

    def __call__(self, x):
        fn = torch.nanmedian if self.ignore_nan else torch.median
        if self.global_median:
            return wrap(fn(x)), wrap(torch.zeros((), dtype=torch.int64))
        r = fn(x, dim=self.axis, keepdim=self.keep_dims)
        return wrap(r.values), wrap(r.indices)


class NuclearNorm(_P):
    """Mirrors ``ops.NuclearNorm(dim=None, keepdim=False)``: sum of singular values over ``dim`` (two axes,
    the last two when None)."""

    def __init__(self, dim=None, keepdim=False):
        super().__init__(dim=dim, keepdim=keepdim)

    def __call__(self, x):
        dim = (-2, -1) if self.dim is None else tuple(self.dim)
        return torch.linalg.matrix_norm(x, "nuc", dim=dim, keepdim=self.keepdim)


class Polar(_P):
    """Mirrors ``ops.Polar()``: ``(abs, angle)`` → complex ``abs * exp(i angle)``."""

    def __call__(self, abs, angle):
        return torch.polar(abs, angle)


class Quantile(_P):
    """Mirrors ``ops.Quantile(dim=None, keep_dims=False, ignore_nan=False)``: ``(input, q)``."""

    def __init__(self, dim=None, keep_dims=False, ignore_nan=False):
        super().__init__(dim=dim, keep_dims=keep_dims, ignore_nan=ignore_nan)

    def __call__(self, input, q):
        fn = torch.nanquantile if self.ignore_nan else torch.quantile
        return fn(input, q.to(input.dtype) if isinstance(q, torch.Tensor) else q, dim=self.dim, keepdim=self.keep_dims)


class UnravelIndex(_P):
    """Mirrors ``ops.UnravelIndex()``: ``(indices, dims)`` → a (len(dims), N) tensor of coordinates."""

    def __call__(self, indices, dims):
        coords = torch.unravel_index(indices.long(), tuple(int(d) for d in dims.tolist()))
        return torch.stack(coords).to(indices.dtype)


class ScalarToTensor(_P):
    """Mirrors ``ops.ScalarToTensor()``: ``(x, dtype=mstype.float32)``."""

    def __call__(self, x, dtype=torch.float32):
        return wrap(torch.tensor(x, dtype=ms_dtype("ScalarToTensor", dtype)))


class TupleToArray(_P):
    """Mirrors ``ops.TupleToArray()``: a tuple of numbers → a 1-D Tensor (float32 for floats, int32 for ints,
    as measured on MindSpore 2.10)."""

    def __call__(self, *args):
        vals = args[0] if len(args) == 1 and isinstance(args[0], (tuple, list)) else args
        dt = torch.float32 if any(isinstance(v, float) for v in vals) else torch.int32
        return wrap(torch.tensor(list(vals), dtype=dt))


class ScalarCast(_P):
    """Mirrors ``ops.ScalarCast()``: ``(input_x, input_y)`` casts the Python scalar to the type ``input_y``
    (mstype.int64 → int, float64 → float, bool_ → bool)."""

    def __call__(self, input_x, input_y):
        if input_y is torch.bool:
            return bool(input_x)
        if input_y.is_floating_point:
            return float(input_x)
        return int(input_x)


class NthElement(_P):
    """Mirrors ``ops.NthElement(reverse=False)``: ``(input, n)`` → the n-th smallest (largest if ``reverse``)
    value along the last axis."""

    def __init__(self, reverse=False):
        super().__init__(reverse=reverse)

    def __call__(self, input, n):
        n = int(n)
        s = torch.sort(input, dim=-1, descending=self.reverse).values
        return s[..., n]


class UniqueWithPad(_P):
    """Mirrors ``ops.UniqueWithPad()``: ``(x, pad_num)`` (see ``ops.unique_with_pad``)."""

    def __call__(self, x, pad_num):
        return _mx.unique_with_pad(x, pad_num)


class ConjugateTranspose(_P):
    """Mirrors ``ops.ConjugateTranspose()``: ``(x, perm)`` → ``conj(transpose(x, perm))``."""

    def __call__(self, x, perm):
        return torch.permute(x, tuple(perm)).conj().resolve_conj()


class Histogram(_P):
    """Mirrors ``ops.Histogram(bins=100, min=0.0, max=0.0)``: counts (dtype of input)."""

    def __init__(self, bins=100, min=0.0, max=0.0):
        super().__init__(bins=bins, min=min, max=max)

    def __call__(self, x):
        return _mx.histc(x, self.bins, self.min, self.max)


class HistogramFixedWidth(_P):
    """Mirrors ``ops.HistogramFixedWidth(nbins, dtype='int32')``: ``(x, range)`` → int32 counts of ``nbins``
    equal bins over ``range``; values outside go to the edge bins."""

    def __init__(self, nbins, dtype="int32"):
        super().__init__(nbins=nbins, dtype=dtype)

    def __call__(self, x, range):
        lo, hi = float(range[0]), float(range[1])
        idx = torch.floor((x.double() - lo) / (hi - lo) * self.nbins).clamp(0, self.nbins - 1).long()
        return wrap(torch.bincount(idx.reshape(-1), minlength=self.nbins).to(torch.int32))


class Lstsq(_P):
    """Mirrors ``ops.Lstsq(fast=True, l2_regularizer=0.0)``: ``(a, b)`` → least-squares ``x`` with ``a x = b``
    (``l2_regularizer`` adds ridge regularisation via the normal equations)."""

    def __init__(self, fast=True, l2_regularizer=0.0):
        super().__init__(fast=fast, l2_regularizer=l2_regularizer)

    def __call__(self, a, b):
        if self.l2_regularizer:
            at = a.mT
            return torch.linalg.solve(at @ a + self.l2_regularizer * torch.eye(a.shape[-1], dtype=a.dtype), at @ b)
        return torch.linalg.lstsq(a, b).solution


class LuSolve(_P):
    """Mirrors ``ops.LuSolve()``: ``(x, lu_data, lu_pivots)``."""

    def __call__(self, x, lu_data, lu_pivots):
        return _mx.lu_solve(x, lu_data, lu_pivots)


class LuUnpack(_P):
    """Mirrors ``ops.LuUnpack(unpack_data=True, unpack_pivots=True)``: ``(LU_data, LU_pivots)`` → ``(P, L, U)``."""

    def __init__(self, unpack_data=True, unpack_pivots=True):
        super().__init__(unpack_data=unpack_data, unpack_pivots=unpack_pivots)

    def __call__(self, lu_data, lu_pivots):
        return _mx.lu_unpack(lu_data, lu_pivots, self.unpack_data, self.unpack_pivots)


class Geqrf(_P):
    """Mirrors ``ops.Geqrf()``: ``(input)`` → ``(y, tau)``."""

    def __call__(self, input):
        return _mx.geqrf(input)


class Orgqr(_P):
    """Mirrors ``ops.Orgqr()``: ``(x, tau)``."""

    def __call__(self, x, tau):
        return torch.linalg.householder_product(x, tau)


class Ormqr(_P):
    """Mirrors ``ops.Ormqr(left=True, transpose=False)``: ``(x, tau, other)``."""

    def __init__(self, left=True, transpose=False):
        super().__init__(left=left, transpose=transpose)

    def __call__(self, x, tau, other):
        return torch.ormqr(x, tau, other, left=self.left, transpose=self.transpose)


class _Seeded(_P):
    def __init__(self, seed=0, seed2=0, **kw):
        super().__init__(seed=seed, seed2=seed2, **kw)


class StandardLaplace(_Seeded):
    """Mirrors ``ops.StandardLaplace(seed=0, seed2=0)``: ``(shape)`` → Laplace(0, 1) float32 samples, MindSpore's
    numbers for nonzero seeds (calls with the same shape continue one stream, as its kernel does); torch's
    generator when both seeds are 0 (MindSpore: nondeterministic)."""

    def __call__(self, shape):
        shp = shape_tuple("StandardLaplace", shape)
        kernel = _kernel(self, shp)
        if kernel is None:
            return wrap(torch.distributions.Laplace(0.0, 1.0).sample(shp))
        return _r.from_kernel(kernel.standard_laplace(shp))


class RandomGamma(_Seeded):
    """Mirrors ``ops.RandomGamma(seed=0, seed2=0)``: ``(shape, alpha)``, MindSpore's numbers for nonzero seeds
    (Philox keyed by ``seed`` with ``seed2`` in the counter; an instance's calls with the same shapes continue
    its kernel's stream); torch's generator when both are 0 (MindSpore: nondeterministic)."""

    def __call__(self, shape, alpha):
        if not (self.seed or self.seed2):
            return _mx._gamma_kernel_samples(shape, alpha, None)
        kernels = self.__dict__.setdefault("_random_kernels", {})
        kernel = kernels.setdefault((shape_tuple("RandomGamma", shape), tuple(alpha.shape), alpha.dtype), [0])
        return _mx._gamma_kernel_samples(shape, alpha, (self.seed, self.seed2), kernel)


class Gamma(_Seeded):
    """Mirrors ``ops.Gamma(seed=0, seed2=0)``: ``(shape, alpha, beta)`` → Gamma(alpha, rate=beta) samples of
    shape ``broadcast(shape, alpha, beta)``, on torch's generator (MindSpore 2.10 CPU has no ``Gamma`` kernel)."""

    def __call__(self, shape, alpha, beta):
        full = torch.broadcast_shapes(shape_tuple("Gamma", shape), alpha.shape, beta.shape)
        return wrap(torch._standard_gamma(alpha.expand(full).contiguous()) / beta.expand(full))


class RandomPoisson(_Seeded):
    """Mirrors ``ops.RandomPoisson(seed=0, seed2=0, dtype=mstype.int64)``: ``(shape, rate)``, MindSpore's numbers
    for nonzero seeds. As MindSpore, an instance keeps a kernel per (``shape`` values and dtype, ``rate`` dtype and
    rank) and each call continues that kernel's stream (``rate``'s dims play no part); torch's generator when both
    seeds are 0 (MindSpore: nondeterministic)."""

    def __init__(self, seed=0, seed2=0, dtype=torch.int64):
        super().__init__(seed, seed2, dtype=ms_dtype("RandomPoisson", dtype))

    def __call__(self, shape, rate):
        if not (self.seed or self.seed2):
            return _mx._poisson_kernel_samples(shape, rate, self.dtype, None)
        from ms_compat.common.poisson_kernel import PoissonKernel
        rate_t = to_tensor(rate)
        _mx._check_poisson_inputs(shape, rate_t)
        key = (shape_tuple("RandomPoisson", shape), shape.dtype if isinstance(shape, torch.Tensor) else None,
               rate_t.dtype, rate_t.dim())
        kernels = self.__dict__.setdefault("_random_kernels", {})
        kernel = kernels.get(key)
        if kernel is None:
            kernel = kernels[key] = PoissonKernel(self.seed, self.seed2).keep()
        return _mx._poisson_kernel_samples(shape, rate, self.dtype, (self.seed, self.seed2), kernel)


class Poisson(_Seeded):
    """Mirrors ``ops.Poisson(seed=0, seed2=0)``: ``(shape, mean)`` → int32 samples of the broadcast shape, on torch's
    generator (MindSpore 2.10 CPU has no ``Poisson`` kernel)."""

    def __call__(self, shape, mean):
        full = torch.broadcast_shapes(shape_tuple("Poisson", shape), mean.shape)
        return wrap(torch.poisson(mean.float().expand(full).contiguous()).to(torch.int32))


class TruncatedNormal(_P):
    """Mirrors ``ops.TruncatedNormal(dtype=mstype.float32, seed=0, seed2=0)``: ``(shape)`` → N(0, 1) samples
    redrawn outside [-2, 2]. With a nonzero seed: MindSpore 2.10's numbers (its kernel, ``common/op_random.py``:
    seeded from ``(seed, seed2)``, one per output shape and dtypes, continuing call after call); both seeds 0
    (MindSpore: nondeterministic): torch's generator."""

    def __init__(self, dtype=torch.float32, seed=0, seed2=0):
        super().__init__(dtype=ms_dtype("TruncatedNormal", dtype), seed=seed, seed2=seed2)

    def __call__(self, shape):
        shp = shape_tuple("TruncatedNormal", shape)
        in_dtype = shape.dtype if isinstance(shape, torch.Tensor) else None
        kernel = _kernel(self, (shp, in_dtype, self.dtype))
        if kernel is None:
            out = torch.empty(shp, dtype=torch.float32)
            torch.nn.init.trunc_normal_(out, 0.0, 1.0, -2.0, 2.0)
            return wrap(out.to(self.dtype))
        values = kernel.truncated_normal(shp)  # float64; narrower outputs are its rounding, via float32
        out = torch.from_numpy(values if self.dtype == torch.float64 else values.astype("float32"))
        return _r.from_kernel(out.to(self.dtype).numpy())


class ParameterizedTruncatedNormal(_Seeded):
    """Mirrors ``ops.ParameterizedTruncatedNormal(seed=0, seed2=0)``: ``(shape, mean, stdevs, min, max)`` → for each
    of ``shape[0]`` batch rows, ``prod(shape[1:])`` samples of N(mean, stdev) truncated to ``[min, max]``. As
    MindSpore 2.10's CPU kernel (a quirk): every row takes the parameters' first values (they are at most 1-D).
    With a nonzero seed and float32/float64 parameters: MindSpore 2.10's numbers (its kernel, ``common/op_random.py``: one per signature, continuing call after call); otherwise
    torch's generator (MindSpore: nondeterministic for both seeds 0)."""

    def __init__(self, seed=0, seed2=0):
        super().__init__(seed=seed, seed2=seed2)

    def __call__(self, shape, mean, stdevs, min, max):  # noqa: A002 - MindSpore's input names
        shp = shape_tuple("ParameterizedTruncatedNormal", shape)
        rows, size = shp[0], 1
        for n in shp[1:]:
            size *= n
        params = (mean, stdevs, min, max)
        for name, v in zip(("mean", "stdevs", "min", "max"), params):
            if v.dim() > 1:
                raise ValueError(f"For ParameterizedTruncatedNormal, {name} should be at most rank 1, but got rank "
                                 f"{v.dim()}.")
        # as MindSpore 2.10's kernel (a quirk): every row takes each parameter's first value
        per_row = [[v.detach().cpu().reshape(-1).numpy()[0] for v in params]] * rows
        kernel = _kernel(self, (shp, mean.dtype, tuple(mean.shape), tuple(stdevs.shape), tuple(min.shape),
                                tuple(max.shape)))
        if kernel is not None and rows and mean.dtype in (torch.float32, torch.float64):
            out = kernel.parameterized_truncated_normal(rows, size, per_row, per_row[0][0].dtype)
            return _r.from_kernel(out.reshape(shp))
        out = torch.empty(rows, size, dtype=torch.float64)
        for i, (m, sd, lo, hi) in enumerate(per_row):
            torch.nn.init.trunc_normal_(out[i], float(m), float(sd), float(lo), float(hi))
        return wrap(out.reshape(shp).to(mean.dtype))


class RandomShuffle(_Seeded):
    """Mirrors ``ops.RandomShuffle(seed=0, seed2=0)``: ``(x)`` permuted along axis 0. With a nonzero seed:
    MindSpore 2.10's permutations (as ``ops.shuffle``'s; a kernel per input shape and dtype, continuing call
    after call); both seeds 0 (MindSpore: nondeterministic): torch's generator."""

    def __call__(self, x):
        if x.dim() == 0 or x.shape[0] <= 1:
            return x.clone()
        kernel = _kernel(self, (tuple(x.shape), x.dtype))
        if kernel is None:
            return x[torch.randperm(x.shape[0], device=x.device)]
        return x[torch.from_numpy(kernel.shuffle(x.shape[0])).to(x.device)]


class Bernoulli(_P):
    """Mirrors ``ops.Bernoulli(seed=-1, offset=0)``: ``(x, p)`` → 0/1 samples shaped like ``x`` (dtype of ``x``).
    With ``seed != -1`` and ``p`` a scalar or shaped like ``x``, MindSpore's numbers: as MindSpore, all instances
    with the same ``(seed, offset)`` and input signature continue one kernel for the process (apart from
    ``ops.bernoulli``'s); otherwise torch's generator."""

    def __init__(self, seed=-1, offset=0):
        super().__init__(seed=seed, offset=offset)

    def __call__(self, x, p):
        pt = to_tensor(p, torch.float32).to(x.device)
        if self.seed != -1 and (pt.numel() == 1 and pt.dim() <= 1 or pt.shape == x.shape):
            return _r.bernoulli_kernel(x, pt, int(self.seed), int(self.offset), _r.BERNOULLI_PRIMITIVE)
        prob = to_tensor(p, torch.float32).expand(x.shape) if not isinstance(p, float) else torch.full(x.shape, p)
        return wrap(torch.bernoulli(prob).to(x.dtype).to(x.device))


class MultinomialWithReplacement(_P):
    """Mirrors ``ops.MultinomialWithReplacement(numsamples, replacement=False)``: ``(x, seed, offset)``, as
    ``ops.multinomial_with_replacement``, with MindSpore's numbers unless ``seed`` and ``offset`` are both 0
    (MindSpore: nondeterministic; here torch's generator). As MindSpore, an instance keeps a kernel per ``x``
    shape and dtype: a later call continues its Philox stream, and new ``seed``/``offset`` values restart it
    after the words left of the old stream's last block (``common/op_random.py``)."""

    def __init__(self, numsamples, replacement=False):
        super().__init__(numsamples=numsamples, replacement=replacement)

    def __call__(self, x, seed=0, offset=0):
        from ms_compat.common.op_random import MultinomialWithReplacementKernel
        kernels = self.__dict__.setdefault("_random_kernels", {})
        key = (tuple(x.shape), x.dtype)
        if key not in kernels:
            kernels[key] = MultinomialWithReplacementKernel()
        return _mx._multinomial_with_replacement(x, seed, offset, self.numsamples, self.replacement, kernels[key])


class RandpermV2(_P):
    """Mirrors ``ops.RandpermV2(seed=0, offset=0, dtype=mstype.int64)``: ``(n)`` → a random permutation,
    ``ops.randperm``'s: MindSpore 2.10's numbers (from ``offset`` if nonzero, else ``seed``); ``seed=-1``
    (MindSpore: nondeterministic): torch's generator."""

    def __init__(self, seed=0, offset=0, dtype=torch.int64):
        super().__init__(seed=seed, offset=offset, dtype=ms_dtype("RandpermV2", dtype))

    def __call__(self, n):
        return _r.randperm(n, self.seed, self.offset, self.dtype)


class CheckNumerics(_P):
    """Mirrors ``ops.CheckNumerics()``: returns ``x``; raises RuntimeError if it holds NaN or Inf."""

    def __call__(self, x):
        if not bool(torch.isfinite(x).all()):
            raise RuntimeError("For 'CheckNumerics', the input contains NaN or Inf.")
        return x


class BoundingBoxEncode(_P):
    """Mirrors ``ops.BoundingBoxEncode(means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0))``."""

    def __init__(self, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
        super().__init__(means=tuple(means), stds=tuple(stds))

    def __call__(self, anchor_box, groundtruth_box):
        return _mx.bounding_box_encode(anchor_box, groundtruth_box, self.means, self.stds)


class BoundingBoxDecode(_P):
    """Mirrors ``ops.BoundingBoxDecode(max_shape, means, stds, wh_ratio_clip=0.016)``."""

    def __init__(self, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016):
        super().__init__(max_shape=tuple(max_shape), means=tuple(means), stds=tuple(stds),
                         wh_ratio_clip=wh_ratio_clip)

    def __call__(self, anchor_box, deltas):
        return _mx.bounding_box_decode(anchor_box, deltas, self.max_shape, self.means, self.stds, self.wh_ratio_clip)


class CheckValid(_P):
    """Mirrors ``ops.CheckValid()``: ``(bboxes, img_metas)``."""

    def __call__(self, bboxes, img_metas):
        return _mx.check_valid(bboxes, img_metas)


def _f(v):
    return v if isinstance(v, torch.Tensor) else torch.tensor(v, dtype=torch.float32)


class ApplyGradientDescent(_P):
    """Mirrors ``ops.ApplyGradientDescent()``: ``(var, alpha, delta)``: ``var -= alpha * delta`` in place;
    returns ``var``."""

    def __call__(self, var, alpha, delta):
        with torch.no_grad():
            var.sub_(_f(alpha) * delta)
        return var


class ApplyProximalGradientDescent(_P):
    """Mirrors ``ops.ApplyProximalGradientDescent()``: ``(var, alpha, l1, l2, delta)``, FOBOS update in place."""

    def __call__(self, var, alpha, l1, l2, delta):
        a, l1, l2 = _f(alpha), _f(l1), _f(l2)
        with torch.no_grad():
            prox = var - a * delta
            var.copy_(torch.sign(prox) / (1 + a * l2) * torch.clamp(torch.abs(prox) - a * l1, min=0))
        return var


class ApplyRMSProp(_P):
    """Mirrors ``ops.ApplyRMSProp(use_locking=False)``: ``(var, mean_square, moment, learning_rate, grad, decay,
    momentum, epsilon)``; updates the three Parameters in place and returns ``var``. (MindSpore 2.10 CPU
    returns a zero tensor as its output while updating the Parameters; ms_compat returns the updated ``var``.)"""

    def __init__(self, use_locking=False):
        super().__init__(use_locking=use_locking)

    def __call__(self, var, mean_square, moment, learning_rate, grad, decay, momentum, epsilon):
        with torch.no_grad():
            mean_square.mul_(decay).add_((1 - decay) * grad * grad)
            moment.mul_(momentum).add_(_f(learning_rate) * grad / torch.sqrt(mean_square + epsilon))
            var.sub_(moment)
        return var


class ApplyCenteredRMSProp(_P):
    """Mirrors ``ops.ApplyCenteredRMSProp(use_locking=False)``: ``(var, mean_gradient, mean_square, moment, grad,
    learning_rate, decay, momentum, epsilon)``; in place, returns ``var`` (MindSpore 2.10 CPU returns zeros
    as the output; the Parameter updates match)."""

    def __init__(self, use_locking=False):
        super().__init__(use_locking=use_locking)

    def __call__(self, var, mean_gradient, mean_square, moment, grad, learning_rate, decay, momentum, epsilon):
        with torch.no_grad():
            mean_gradient.mul_(decay).add_((1 - decay) * grad)
            mean_square.mul_(decay).add_((1 - decay) * grad * grad)
            denom = torch.sqrt(mean_square - mean_gradient * mean_gradient + epsilon)
            moment.mul_(momentum).add_(_f(learning_rate) * grad / denom)
            var.sub_(moment)
        return var


class ApplyAdagrad(_P):
    """Mirrors ``ops.ApplyAdagrad(update_slots=True)``: ``(var, accum, lr, grad)`` → ``(var, accum)`` in place.
    ``update_slots=False`` leaves ``accum`` unchanged as documented (MindSpore 2.10's CPU kernel ignores it)."""

    def __init__(self, update_slots=True):
        super().__init__(update_slots=update_slots)

    def __call__(self, var, accum, lr, grad):
        with torch.no_grad():
            if self.update_slots:
                accum.add_(grad * grad)
            var.sub_(_f(lr) * grad / torch.sqrt(accum))
        return var, accum


class ApplyAdagradV2(_P):
    """Mirrors ``ops.ApplyAdagradV2(epsilon, update_slots=True)``: ``(var, accum, lr, grad)`` → ``(var, accum)``."""

    def __init__(self, epsilon, update_slots=True):
        super().__init__(epsilon=epsilon, update_slots=update_slots)

    def __call__(self, var, accum, lr, grad):
        with torch.no_grad():
            if self.update_slots:
                accum.add_(grad * grad)
            var.sub_(_f(lr) * grad / (torch.sqrt(accum) + self.epsilon))
        return var, accum


class ApplyAdaMax(_P):
    """Mirrors ``ops.ApplyAdaMax()``: ``(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad)`` →
    ``(var, m, v)`` updated in place."""

    def __call__(self, var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
        b1, b2 = _f(beta1), _f(beta2)
        with torch.no_grad():
            m.mul_(b1).add_((1 - b1) * grad)
            v.copy_(torch.maximum(b2 * v, torch.abs(grad)))
            var.sub_(_f(lr) / (1 - _f(beta1_power)) * (m / (v + _f(epsilon))))
        return var, m, v


class ApplyAddSign(_P):
    """Mirrors ``ops.ApplyAddSign()``: ``(var, m, lr, alpha, sign_decay, beta, grad)`` → ``(var, m)``."""

    def __call__(self, var, m, lr, alpha, sign_decay, beta, grad):
        b = _f(beta)
        with torch.no_grad():
            m.mul_(b).add_((1 - b) * grad)
            var.sub_(_f(lr) * (_f(alpha) + _f(sign_decay) * torch.sign(grad) * torch.sign(m)) * grad)
        return var, m


class ApplyPowerSign(_P):
    """Mirrors ``ops.ApplyPowerSign()``: ``(var, m, lr, logbase, sign_decay, beta, grad)`` → ``(var, m)``."""

    def __call__(self, var, m, lr, logbase, sign_decay, beta, grad):
        b = _f(beta)
        with torch.no_grad():
            m.mul_(b).add_((1 - b) * grad)
            var.sub_(_f(lr) * torch.exp(_f(logbase) * _f(sign_decay) * torch.sign(grad) * torch.sign(m)) * grad)
        return var, m


class ApplyKerasMomentum(_P):
    """Mirrors ``ops.ApplyKerasMomentum(use_locking=False, use_nesterov=False)``: ``(var, accum, lr, grad,
    momentum)`` → ``(var, accum)``: ``accum = accum * momentum - lr * grad``; ``var += accum`` (Nesterov:
    ``var += accum * momentum - lr * grad``)."""

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__(use_locking=use_locking, use_nesterov=use_nesterov)

    def __call__(self, var, accum, lr, grad, momentum):
        lr, mom = _f(lr), _f(momentum)
        with torch.no_grad():
            accum.mul_(mom).sub_(lr * grad)
            var.add_(accum * mom - lr * grad if self.use_nesterov else accum)
        return var, accum


class ApplyAdadelta(_P):
    """Mirrors ``ops.ApplyAdadelta()``: ``(var, accum, accum_update, lr, rho, epsilon, grad)`` →
    ``(var, accum, accum_update)`` updated in place."""

    def __call__(self, var, accum, accum_update, lr, rho, epsilon, grad):
        rho, eps = _f(rho), _f(epsilon)
        with torch.no_grad():
            accum.mul_(rho).add_((1 - rho) * grad * grad)
            update = torch.sqrt(accum_update + eps) * grad / torch.sqrt(accum + eps)
            accum_update.mul_(rho).add_((1 - rho) * update * update)
            var.sub_(_f(lr) * update)
        return var, accum, accum_update


class RmsNorm(_P):
    """Mirrors ``ops.RmsNorm(epsilon=1e-06)``: ``(x, gamma)`` → ``(y, rstd)`` (see ``ops.rms_norm``)."""

    def __init__(self, epsilon=1e-06):
        super().__init__(epsilon=epsilon)

    def __call__(self, x, gamma):
        return _mx.rms_norm(x, gamma, self.epsilon)


class LerpScalar(_P):
    """Mirrors ``ops.LerpScalar()``: ``(input, end, weight)`` with a float ``weight``."""

    def __call__(self, input, end, weight):
        return torch.lerp(input, end.to(input.dtype), float(weight))

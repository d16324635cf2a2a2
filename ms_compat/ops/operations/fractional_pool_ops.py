"""``mindspore.ops.operations.FractionalMaxPool`` / ``FractionalAvgPool``: fractional pooling of NHWC images
(Graham's fractional max-pooling, TensorFlow's ``fractional_max_pool`` / ``fractional_avg_pool`` that MindSpore's
kernels follow): the pooling-region boundaries are drawn at random, then each region is reduced."""
from __future__ import annotations

import math

import torch

from ...common.tensor import to_torch
from .._utils import wrap
from ..primitive import Primitive

__all__ = ["FractionalMaxPool", "FractionalAvgPool"]


def pooling_sequence(in_len, out_len, pseudo_random, gen):
    """Region boundaries ``[0, ..., in_len]`` (``out_len + 1`` of them). Random: ``in_len // out_len``-wide
    regions, ``in_len % out_len`` of them (at random places) one wider. Pseudo-random:
    ``ceil(alpha * (i + u)) - 1`` with ``alpha = in_len / out_len`` and one random ``u``."""
    if pseudo_random:
        alpha = in_len / out_len
        u_max1 = (in_len + 2) / alpha - out_len
        u_max2 = (in_len + 1 + alpha) / alpha - (out_len - 1) - 1
        u = float(torch.rand((), generator=gen)) * min(u_max1, u_max2)
        seq = [0] + [int(math.ceil(alpha * (i + u))) - 1 for i in range(1, out_len)] + [in_len]
        return seq
    k, extra = divmod(in_len, out_len)
    diff = torch.full((out_len,), k, dtype=torch.int64)
    diff[torch.randperm(out_len, generator=gen)[:extra]] += 1
    return [0] + torch.cumsum(diff, 0).tolist()


def mindspore_pooling_sequence(in_len, out_len, pseudo_random, seed):
    """MindSpore 2.10's CPU kernels' region boundaries for a nonzero ``seed`` (``seed``, else ``seed2``): widths
    ``in_len // out_len`` or one more; pseudo-random: ``ceil(alpha * (i + u))`` (1-based) with ``u`` one
    ``uniform_real_distribution<double>`` draw of ``default_random_engine(seed)`` times
    ``min((k + 2) / alpha - 1, (in_len + 1 - k) / alpha - (out_len - 1))``; random: the wider ones first, then
    libstdc++'s ``std::shuffle`` with ``default_random_engine(seed)`` (``common/op_random.py``)."""
    from ...common import op_random
    k, extra = divmod(in_len, out_len)
    if extra == 0:
        diff = [k] * out_len
    elif pseudo_random:
        alpha = in_len / out_len
        max_u = min((k + 2) / alpha - 1, (in_len + 1 - k) / alpha - (out_len - 1))
        u = float(op_random._canonical_double(op_random.MinStd(seed), 1)[0]) * max_u
        cum = [1] + [int(math.ceil(alpha * (i + u))) for i in range(1, out_len)] + [in_len + 1]
        diff = [b - a for a, b in zip(cum[:-1], cum[1:])]
    else:
        widths = [k + 1] * extra + [k] * (out_len - extra)
        diff = [widths[i] for i in op_random.shuffle_permutation(op_random.MinStd(seed), out_len)]
    seq = [0]
    for d in diff:
        seq.append(seq[-1] + d)
    return seq


def _reduce(x, seq, dim, overlapping, fn):
    """Reduce ``x`` along ``dim`` over the regions of ``seq`` (``fn``: 'max' or 'sum'); also the region sizes."""
    parts, sizes = [], []
    last = x.shape[dim]
    for a, b in zip(seq[:-1], seq[1:]):
        end = min(b + 1, last) if overlapping else b
        piece = x.narrow(dim, a, end - a)
        parts.append(piece.amax(dim, keepdim=True) if fn == "max" else piece.sum(dim, keepdim=True))
        sizes.append(end - a)
    return torch.cat(parts, dim), sizes


def fractional_pool(x, row_seq, col_seq, overlapping, mode):
    """NHWC ``x`` pooled over the regions ``row_seq`` x ``col_seq`` ('max' or 'avg')."""
    if mode == "max":
        y, _ = _reduce(x, row_seq, 1, overlapping, "max")
        y, _ = _reduce(y, col_seq, 2, overlapping, "max")
        return y
    work = x.to(torch.float64)
    y, rs = _reduce(work, row_seq, 1, overlapping, "sum")
    y, cs = _reduce(y, col_seq, 2, overlapping, "sum")
    count = torch.tensor(rs, dtype=torch.float64)[:, None] * torch.tensor(cs, dtype=torch.float64)[None, :]
    y = y / count[None, :, :, None]
    return y.to(x.dtype) if x.is_floating_point() else torch.trunc(y).to(x.dtype)


class _FractionalPool(Primitive):
    _mode = "max"

    def __init__(self, pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False, seed=0, seed2=0):
        op = type(self).__name__
        super().__init__(op)
        if not isinstance(pooling_ratio, list):
            raise TypeError(f"For '{op}', the 'pooling_ratio' must be list, but got {type(pooling_ratio).__name__}.")
        for item in pooling_ratio:
            if not isinstance(item, float):
                raise TypeError(f"For '{op}', the 'pooling_ratio_item' must be float, but got {type(item).__name__}.")
        for n, v in (("pseudo_random", pseudo_random), ("overlapping", overlapping),
                     ("deterministic", deterministic)):
            if not isinstance(v, bool):
                raise TypeError(f"For '{op}', the '{n}' must be bool, but got {type(v).__name__}.")
        for n, v in (("seed", seed), ("seed2", seed2)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"For '{op}', the '{n}' must be int, but got {type(v).__name__}.")
        if len(pooling_ratio) != 4:
            raise ValueError(f"For '{op}', the length of 'pooling_ratio' must be 4, but got {len(pooling_ratio)}.")
        if pooling_ratio[0] != 1.0 or pooling_ratio[3] != 1.0:
            raise ValueError(f"For '{op}', the first and last elements of 'pooling_ratio' must be 1.0, but got "
                             f"{pooling_ratio}.")
        if pooling_ratio[1] < 1.0 or pooling_ratio[2] < 1.0:
            raise ValueError(f"For '{op}', the row and col pooling ratios must be >= 1.0, but got {pooling_ratio}.")
        for k, v in (("pooling_ratio", pooling_ratio), ("pseudo_random", pseudo_random),
                     ("overlapping", overlapping), ("deterministic", deterministic), ("seed", seed),
                     ("seed2", seed2)):
            self.add_prim_attr(k, v)
        self._gen = None
        if seed or seed2:
            self._gen = torch.Generator().manual_seed((seed << 32) ^ seed2)
        self._fixed = None

    def __call__(self, x):
        op = type(self).__name__
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"For '{op}', the 'x' must be a Tensor, but got {type(x).__name__}.")
        if x.dtype not in (torch.float32, torch.float64, torch.int32, torch.int64):
            raise TypeError(f"For '{op}', the 'x' must be float32, float64, int32 or int64, but got {x.dtype}.")
        if x.ndim != 4:
            raise ValueError(f"For '{op}', the 'x' must be 4-D (N, H, W, C), but got {x.ndim}-D.")
        xt = to_torch(x)
        out_h = int(xt.shape[1] / self.pooling_ratio[1])
        out_w = int(xt.shape[2] / self.pooling_ratio[2])
        if out_h <= 0 or out_w <= 0:
            raise ValueError(f"For '{op}', the output size must be positive, but got {(out_h, out_w)}.")
        if self.deterministic and self._fixed is not None and self._fixed[0] == tuple(xt.shape[1:3]):
            rows, cols = self._fixed[1]
        elif self.seed or self.seed2:  # MindSpore's own draws (it allows seeds only with deterministic=True)
            seed = self.seed or self.seed2
            rows = mindspore_pooling_sequence(xt.shape[1], out_h, self.pseudo_random, seed)
            cols = mindspore_pooling_sequence(xt.shape[2], out_w, self.pseudo_random, seed)
        else:
            rows = pooling_sequence(xt.shape[1], out_h, self.pseudo_random, self._gen)
            cols = pooling_sequence(xt.shape[2], out_w, self.pseudo_random, self._gen)
            if self.deterministic:
                self._fixed = (tuple(xt.shape[1:3]), (rows, cols))
        y = fractional_pool(xt, rows, cols, self.overlapping, self._mode)
        return wrap(y), wrap(torch.tensor(rows, dtype=torch.int64)), wrap(torch.tensor(cols, dtype=torch.int64))


class FractionalMaxPool(_FractionalPool):
    """Mirrors ``ops.FractionalMaxPool(pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False,
    seed=0, seed2=0)``: ``x`` ``(N, H, W, C)`` → ``(y, row_pooling_sequence, col_pooling_sequence)``; output size
    ``floor(H / pooling_ratio[1])`` x ``floor(W / pooling_ratio[2])``, each cell the maximum of its region
    (``overlapping``: the boundary row/column shared with the next region). With a nonzero ``seed`` / ``seed2``
    (MindSpore allows them only with ``deterministic=True``) the region boundaries are MindSpore 2.10's
    (``mindspore_pooling_sequence``); without, they are drawn with torch's generator (MindSpore:
    nondeterministic; ``deterministic`` reuses the first draw). Given the boundaries the values are MindSpore's."""


class FractionalAvgPool(_FractionalPool):
    """Mirrors ``ops.FractionalAvgPool(pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False,
    seed=0, seed2=0)``: as :class:`FractionalMaxPool`, each cell the mean of its region (integer inputs:
    truncated)."""

    _mode = "avg"

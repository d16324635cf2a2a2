"""``mindspore.numpy.mgrid`` / ``ogrid`` (index-trick grids on ``torch.arange``/``torch.linspace``/
``torch.meshgrid``) and ``histogram2d`` / ``histogramdd`` (on ``torch.histogramdd``)."""
from __future__ import annotations

import builtins

import torch

from ..common.tensor import Tensor, to_torch

__all__ = ["mgrid", "ogrid", "histogram2d", "histogramdd"]


def _axis(s):
    if not isinstance(s, slice):
        raise TypeError(f"For 'mgrid'/'ogrid', the index must be slices, but got {type(s).__name__}.")
    start = 0 if s.start is None else s.start
    step = 1 if s.step is None else s.step
    if isinstance(step, complex):  # numpy's `a:b:nj`: n points, end included
        return torch.linspace(float(start), float(s.stop), int(abs(step)), dtype=torch.float32)
    vals = (start, s.stop, step)
    if any(isinstance(v, float) for v in vals):
        return torch.arange(float(start), float(s.stop), float(step), dtype=torch.float32)
    return torch.arange(start, s.stop, step, dtype=torch.int32)


class _Grid:
    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        keys = key if isinstance(key, tuple) else (key,)
        axes = [_axis(k) for k in keys]
        if any(a.is_floating_point() for a in axes):
            axes = [a.to(torch.float32) for a in axes]
        if len(axes) == 1:
            return axes[0].as_subclass(Tensor)
        if self.sparse:
            n = len(axes)
            return [a.reshape([-1 if i == j else 1 for j in range(n)]).as_subclass(Tensor) for i, a in enumerate(axes)]
        return torch.stack(torch.meshgrid(*axes, indexing="ij")).as_subclass(Tensor)


mgrid = _Grid(sparse=False)
mgrid.__doc__ = "Mirrors ``mindspore.numpy.mgrid``: ``mgrid[0:3, 1:5:2]`` is a dense (stacked) grid (int32, float32)."
ogrid = _Grid(sparse=True)
ogrid.__doc__ = "Mirrors ``mindspore.numpy.ogrid``: the open (broadcastable) version of ``mgrid``."


def _edges(values, bins, rng):
    lo, hi = (float(values.min()), float(values.max())) if rng is None else (float(rng[0]), float(rng[1]))
    if isinstance(bins, int):
        step = (hi - lo) / bins
        return torch.tensor([lo + i * step for i in builtins.range(bins)] + [hi], dtype=torch.float32)
    return to_torch(bins).to(torch.float32) if isinstance(bins, torch.Tensor) else torch.tensor(bins, dtype=torch.float32)


def histogramdd(sample, bins=10, range=None, weights=None, density=False):
    """Mirrors ``mindspore.numpy.histogramdd(sample, bins=10, range=None, weights=None, density=False)`` →
    ``(hist, [edges per dimension])`` (float32; ``sample`` is ``(N, D)``)."""
    s = to_torch(sample).to(torch.float32) if isinstance(sample, torch.Tensor) else torch.tensor(sample).float()
    d = s.shape[1]
    per_bins = list(bins) if isinstance(bins, (list, tuple)) else [bins] * d
    per_range = list(range) if range is not None else [None] * d
    edges = [_edges(s[:, i], per_bins[i], per_range[i]) for i in builtins.range(d)]
    w = None if weights is None else (to_torch(weights) if isinstance(weights, torch.Tensor)
                                      else torch.tensor(weights)).to(torch.float32)
    hist, _ = torch.histogramdd(s, bins=edges, weight=w, density=density)
    return hist.as_subclass(Tensor), [e.as_subclass(Tensor) for e in edges]


def histogram2d(x, y, bins=10, range=None, weights=None, density=False):
    """Mirrors ``mindspore.numpy.histogram2d(x, y, bins=10, range=None, weights=None, density=False)`` →
    ``(hist, x_edges, y_edges)``."""
    xs = to_torch(x) if isinstance(x, torch.Tensor) else torch.tensor(x)
    ys = to_torch(y) if isinstance(y, torch.Tensor) else torch.tensor(y)
    hist, (ex, ey) = histogramdd(torch.stack([xs.float(), ys.float()], 1), bins, range, weights, density)
    return hist, ex, ey

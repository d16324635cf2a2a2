"""Small math layers mirroring ``mindspore.nn``: Norm, Roll, Moments, ReduceLogSumExp, L1Regularizer,
Range (MindSpore keeps Norm/Roll/L1Regularizer in ``basic``, the rest in ``math``)."""
from __future__ import annotations

import torch

from ..cell import Cell

__all__ = ["Norm", "Roll", "Moments", "ReduceLogSumExp", "L1Regularizer", "Range"]


def _axes(axis):
    if axis is None or axis == ():
        return None
    return tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)


class Norm(Cell):
    """Mirrors ``nn.Norm(axis=(), keep_dims=False)``: ``sqrt(sum(x**2, axis))``."""

    def __init__(self, axis=(), keep_dims=False):
        super().__init__()
        self.axis = axis
        self.keep_dims = keep_dims
        self._axes = _axes(axis)

    def construct(self, x):
        if self._axes:
            out = torch.sqrt(torch.sum(torch.square(x), self._axes, keepdim=True))
            return out if self.keep_dims else torch.squeeze(out, self._axes)
        out = torch.sqrt(torch.sum(torch.square(x)))
        return torch.reshape(out, (1,) * x.dim()) if self.keep_dims else out

    def extend_repr(self):
        return f"axis={self.axis}, keep_dims={self.keep_dims}"


class Roll(Cell):
    """Mirrors ``nn.Roll(shift, axis)``."""

    def __init__(self, shift, axis):
        super().__init__()
        self.shift = tuple(shift) if isinstance(shift, (list, tuple)) else shift
        self.axis = tuple(axis) if isinstance(axis, (list, tuple)) else axis

    def construct(self, input_x):
        return torch.roll(input_x, self.shift, self.axis)


class Moments(Cell):
    """Mirrors ``nn.Moments(axis=None, keep_dims=None)``: ``(mean, population variance)``; without
    keep_dims every size-1 dimension is squeezed; float16 input is computed in float32."""

    def __init__(self, axis=None, keep_dims=None):
        super().__init__()
        self.axis = axis
        self.keep_dims = bool(keep_dims)
        self._axes = _axes(axis)

    def construct(self, x):
        dt = x.dtype
        if dt not in (torch.float16, torch.float32):
            raise TypeError(f"For 'Moments', the 'input x' should be float16 or float32, but got {dt}.")
        xf = x.float() if dt == torch.float16 else x
        axes = self._axes if self._axes is not None else tuple(range(x.dim()))
        mean = torch.mean(xf, axes, keepdim=True)
        var = torch.mean(torch.square(xf - mean.detach()), axes, keepdim=True)
        if not self.keep_dims:
            mean, var = torch.squeeze(mean), torch.squeeze(var)
        if dt == torch.float16:
            mean, var = mean.half(), var.half()
        return mean, var


class ReduceLogSumExp(Cell):
    """Mirrors ``nn.ReduceLogSumExp(axis, keep_dims=False)``."""

    def __init__(self, axis, keep_dims=False):
        super().__init__()
        self.axis = axis
        self.keep_dims = keep_dims
        self._axes = _axes(axis)

    def construct(self, x):
        axes = self._axes if self._axes is not None else tuple(range(x.dim()))
        return torch.logsumexp(x, axes, self.keep_dims)


class L1Regularizer(Cell):
    """Mirrors ``nn.L1Regularizer(scale)``: ``scale * sum(|weights|)``."""

    def __init__(self, scale):
        super().__init__()
        if isinstance(scale, bool) or not isinstance(scale, (int, float)):
            raise TypeError(f"For 'L1Regularizer', the 'scale' must be int or float, but got "
                            f"{type(scale).__name__}.")
        if scale <= 0:
            raise ValueError(f"For 'L1Regularizer', the 'scale' must be greater than 0, but got {scale}.")
        self.scale = float(scale)

    def construct(self, weights):
        return self.scale * torch.sum(torch.abs(weights))


class Range(Cell):
    """Mirrors ``nn.Range(start, limit=None, delta=1)``: ``construct()`` returns the sequence
    (``limit=None`` → ``range(0, start)``); float arguments give float32, ints int64."""

    def __init__(self, start, limit=None, delta=1):
        super().__init__()
        if limit is None:
            start, limit = 0, start
        is_float = any(isinstance(v, float) for v in (start, limit, delta))
        self._result = torch.arange(start, limit, delta, dtype=torch.float32 if is_float else torch.int64)

    def construct(self):
        from ...common.tensor import as_ms
        return as_ms(self._result.clone())

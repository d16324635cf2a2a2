"""Primitive spellings of existing ``mindspore.ops`` functions: ``CountNonZero``, ``LogSoftmaxExt``,
``AdaptiveMaxPool3D``, ``EmbeddingLookup``, ``FloatStatus``."""
from __future__ import annotations

import torch
import torch.nn.functional as tF

from ..primitive import Primitive
from .._utils import wrap

__all__ = ["CountNonZero", "LogSoftmaxExt", "AdaptiveMaxPool3D", "EmbeddingLookup", "FloatStatus"]


class CountNonZero(Primitive):
    """Mirrors ``ops.CountNonZero(dims=None)``: ``(x)`` → ``ops.count_nonzero(x, dims)`` (int32), which its
    documentation refers to (MindSpore 2.10's Primitive itself fails in PyNative mode)."""

    def __init__(self, dims=None):
        super().__init__("CountNonZero")
        self.dims = dims
        self.add_prim_attr("dims", dims)

    def __call__(self, x):
        from ..function.array_func import count_nonzero
        return count_nonzero(x) if self.dims is None else count_nonzero(x, self.dims)


class LogSoftmaxExt(Primitive):
    """Mirrors ``ops.auto_generate.LogSoftmaxExt()``: ``(input, dim=None, dtype=None)`` = ``mint.nn.functional
    .log_softmax`` (``dim=None``: PyTorch's implicit axis, 0 for 0-, 1- and 3-D inputs, else 1)."""

    def __init__(self):
        super().__init__("LogSoftmaxExt")

    def __call__(self, input, dim=None, dtype=None):  # noqa: A002
        if dim is None:
            dim = 0 if input.dim() in (0, 1, 3) else 1
        if dtype is not None:
            input = input.to(dtype)
        return wrap(torch.log_softmax(input, dim))


class AdaptiveMaxPool3D(Primitive):
    """Mirrors ``ops.AdaptiveMaxPool3D()``: ``(x, output_size)`` with ``output_size`` a 3-element int Tensor →
    ``(y, argmax)``, argmax int32 indexing the flattened (D, H, W) plane."""

    def __init__(self):
        super().__init__("AdaptiveMaxPool3D")

    def __call__(self, x, output_size):
        size = [int(v) for v in (output_size.tolist() if isinstance(output_size, torch.Tensor) else output_size)]
        y, idx = tF.adaptive_max_pool3d(x, size, return_indices=True)
        return wrap(y), wrap(idx.to(torch.int32))


class EmbeddingLookup(Primitive):
    """Mirrors ``ops.EmbeddingLookup()``: ``(input_params, input_indices, offset)`` → the rows
    ``input_params[input_indices - offset]``; indices outside the table give zero rows. The gradient w.r.t.
    ``input_params`` is the dense table gradient (MindSpore 2.10 returns it as one row per looked-up index)."""

    def __init__(self):
        super().__init__("EmbeddingLookup")

    def __call__(self, input_params, input_indices, offset):
        idx = torch.Tensor.as_subclass(input_indices, torch.Tensor).long() - int(offset)
        n = input_params.shape[0]
        valid = (idx >= 0) & (idx < n)
        out = input_params[idx.clamp(0, n - 1)]
        mask = valid.reshape(valid.shape + (1,) * (input_params.dim() - 1))
        return wrap(out * mask.to(out.dtype))


class FloatStatus(Primitive):
    """Mirrors ``ops.FloatStatus()``: ``(x)`` → float32 ``[1.]`` if ``x`` has a NaN or an infinity, else
    ``[0.]``."""

    def __init__(self):
        super().__init__("FloatStatus")

    def __call__(self, x):
        bad = ~torch.isfinite(x).all()
        return wrap(bad.to(torch.float32).reshape(1))

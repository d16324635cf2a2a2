"""Norm-based Cells of ``mindspore.nn``: ``ClipByNorm`` and ``LRN``."""
from __future__ import annotations

import torch

from ..cell import Cell
from ...ops.function.nn_extra_func import lrn

__all__ = ["ClipByNorm", "LRN"]


class ClipByNorm(Cell):
    """Mirrors ``nn.ClipByNorm(axis=None)``: ``(x, clip_norm)`` → ``x * clip_norm / max(||x||_2, clip_norm)``
    with the L2 norm over ``axis`` (all axes when None), kept for broadcasting. Difference: with an
    ``axis`` MindSpore 2.10 CPU leaves some over-norm slices unclipped (measured: ``axis=1`` on a (3, 4)
    input clipped only row 0); ms_compat clips every slice as documented."""

    def __init__(self, axis=None):
        super().__init__()
        self.axis = axis
        self._dims = None if axis is None or axis == () else (tuple(axis) if isinstance(axis, (tuple, list))
                                                               else (axis,))

    def construct(self, x, clip_norm):
        norm = torch.linalg.vector_norm(x, 2, dim=self._dims, keepdim=True)
        clip = clip_norm.to(x.dtype) if isinstance(clip_norm, torch.Tensor) else torch.tensor(float(clip_norm))
        return x * clip / torch.maximum(norm, clip)


class LRN(Cell):
    """Mirrors ``nn.LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS')``
    (TensorFlow's formula over channels of an NCHW input; see ``ops.lrn``)."""

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
        super().__init__()
        if norm_region != "ACROSS_CHANNELS":
            raise ValueError(f"For 'LRN', the 'norm_region' must be 'ACROSS_CHANNELS', but got {norm_region}.")
        self.depth_radius, self.bias, self.alpha, self.beta = depth_radius, bias, alpha, beta
        self.norm_region = norm_region

    def construct(self, x):
        return lrn(x, self.depth_radius, self.bias, self.alpha, self.beta)

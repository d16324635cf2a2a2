"""``mindspore.ops.operations.ResizeArea``: area-interpolation resize (TensorFlow's ``resize_area``, which
MindSpore's kernel follows): each output pixel averages the input pixels its footprint covers, weighted by the
covered fraction."""
from __future__ import annotations

import math

import torch

from .._utils import wrap
from ..primitive import Primitive

__all__ = ["ResizeArea"]


def _weights(in_size, out_size, align_corners, device):
    """(out_size, in_size) float64 matrix: row y holds the covered length of each input pixel."""
    if align_corners and out_size > 1:
        scale = (in_size - 1) / (out_size - 1)
    else:
        scale = in_size / out_size
    w = torch.zeros(out_size, in_size, dtype=torch.float64)
    for y in range(out_size):
        lo, hi = y * scale, (y + 1) * scale
        for i in range(int(math.floor(lo)), int(math.ceil(hi))):
            if i < lo:
                part = scale if i + 1 > hi else i + 1 - lo
            else:
                part = hi - i if i + 1 > hi else 1.0
            w[y, min(i, in_size - 1)] += part
    return w.to(device), scale


class ResizeArea(Primitive):
    """Mirrors ``ops.ResizeArea(align_corners=False)``: ``(images, size)`` with ``images`` ``(N, H, W, C)`` (any
    real dtype) and ``size`` a 1-D int32 Tensor ``[new_height, new_width]`` → float32 ``(N, new_height, new_width,
    C)``. Output pixel ``(y, x)`` covers input rows ``[y s_h, (y + 1) s_h)`` and columns likewise (``s = in / out``,
    or ``(in - 1) / (out - 1)`` with ``align_corners``); it is the coverage-weighted sum divided by ``s_h s_w``."""

    def __init__(self, align_corners=False):
        super().__init__("ResizeArea")
        if not isinstance(align_corners, bool):
            raise TypeError(f"For 'ResizeArea', the 'align_corners' must be bool, but got "
                            f"{type(align_corners).__name__}.")
        self.add_prim_attr("align_corners", align_corners)

    def __call__(self, images, size):
        if not isinstance(images, torch.Tensor) or not isinstance(size, torch.Tensor):
            raise TypeError("For 'ResizeArea', 'images' and 'size' must be Tensors.")
        if images.ndim != 4:
            raise ValueError(f"For 'ResizeArea', the 'images' must be a 4-D Tensor, but got {images.ndim}-D.")
        if size.dtype != torch.int32:
            raise TypeError(f"For 'ResizeArea', the 'size' must be int32, but got {size.dtype}.")
        if size.ndim != 1 or size.numel() != 2:
            raise ValueError(f"For 'ResizeArea', the 'size' must be a 1-D Tensor of 2 elements, but got shape "
                             f"{tuple(size.shape)}.")
        out_h, out_w = (int(v) for v in size.tolist())
        if out_h <= 0 or out_w <= 0:
            raise ValueError(f"For 'ResizeArea', the values of 'size' must be positive, but got {[out_h, out_w]}.")
        wy, sy = _weights(images.shape[1], out_h, self.align_corners, images.device)
        wx, sx = _weights(images.shape[2], out_w, self.align_corners, images.device)
        x = images.to(torch.float64)
        out = torch.einsum("yh,nhwc,xw->nyxc", wy, x, wx) / (sy * sx)
        return wrap(out.to(torch.float32))

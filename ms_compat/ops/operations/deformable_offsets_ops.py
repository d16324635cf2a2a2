"""``mindspore.ops.operations.DeformableOffsets`` and ``mindspore.ops.deformable_conv2d``: the sampling step of
a modulated deformable convolution (DCNv2) — every kernel tap read by bilinear interpolation at its offset
position and scaled by its mask — then a plain convolution over the result."""
from __future__ import annotations

import torch
import torch.nn.functional as F

from ...common.tensor import to_torch
from .._utils import wrap
from ..primitive import Primitive

__all__ = ["DeformableOffsets"]


def _bilinear(img, py, px):
    """``img`` (N, G, Cg, H, W) sampled at ``py``/``px`` (N, G, P): (N, G, Cg, P); zero outside the image
    (a position in (-1, H) x (-1, W) mixes the pixels that exist)."""
    n, g, cg, h, w = img.shape
    y0, x0 = torch.floor(py), torch.floor(px)
    out = torch.zeros(n, g, cg, py.shape[-1], dtype=img.dtype, device=img.device)
    flat = img.reshape(n, g, cg, h * w)
    for yy, wy in ((y0, 1 - (py - y0)), (y0 + 1, py - y0)):
        for xx, wx in ((x0, 1 - (px - x0)), (x0 + 1, px - x0)):
            ok = (yy >= 0) & (yy < h) & (xx >= 0) & (xx < w)
            idx = (yy.clamp(0, h - 1) * w + xx.clamp(0, w - 1)).long()
            vals = torch.gather(flat, 3, idx[:, :, None, :].expand(n, g, cg, idx.shape[-1]))
            out = out + vals * (wy * wx * ok)[:, :, None, :]
    return out


def deformable_offsets(x, offsets, strides, pads, ksize, dilations, deformable_groups):
    """(N, C, H, W) and offsets (N, 3 * G * kh * kw, Ho, Wo) — x offsets, y offsets, masks, each group-major —
    → (N, C, Ho * kh, Wo * kw)."""
    n, c, h, w = x.shape
    kh, kw = ksize
    sh, sw = strides
    dh, dw = dilations
    pt, _, pl, _ = pads
    g, k = deformable_groups, kh * kw
    ho, wo = offsets.shape[2], offsets.shape[3]
    off = offsets.reshape(n, 3, g, k, ho, wo).to(x.dtype)
    ki = torch.arange(kh, device=x.device).repeat_interleave(kw).to(x.dtype)  # tap row, k = i * kw + j
    kj = torch.arange(kw, device=x.device).repeat(kh).to(x.dtype)
    base_y = (torch.arange(ho, device=x.device) * sh - pt).to(x.dtype)
    base_x = (torch.arange(wo, device=x.device) * sw - pl).to(x.dtype)
    py = base_y[None, None, None, :, None] + (ki * dh)[None, None, :, None, None] + off[:, 1]
    px = base_x[None, None, None, None, :] + (kj * dw)[None, None, :, None, None] + off[:, 0]
    inside = (py > -1) & (py < h) & (px > -1) & (px < w)
    vals = _bilinear(x.reshape(n, g, c // g, h, w), py.reshape(n, g, -1), px.reshape(n, g, -1))
    vals = vals.reshape(n, g, c // g, k, ho, wo) * (off[:, 2] * inside)[:, :, None]
    # (n, c, ho, kh, wo, kw) -> (n, c, ho * kh, wo * kw)
    vals = vals.reshape(n, c, kh, kw, ho, wo).permute(0, 1, 4, 2, 5, 3)
    return vals.reshape(n, c, ho * kh, wo * kw)


def _four(op, name, v):
    if not (isinstance(v, (tuple, list)) and len(v) == 4 and all(isinstance(i, int) for i in v)):
        raise TypeError(f"For '{op}', the '{name}' must be a tuple of 4 ints, but got {v}.")
    return tuple(v)


class DeformableOffsets(Primitive):
    """Mirrors ``ops.DeformableOffsets(strides, pads, ksize, dilations=(1, 1, 1, 1), data_format='NCHW',
    deformable_groups=1, modulated=True)``: ``(x, offsets)`` with ``x`` ``(N, C, H, W)`` and ``offsets``
    ``(N, 3 * deformable_groups * kh * kw, Ho, Wo)`` (the x offsets, then the y offsets, then the masks; each
    ``deformable_groups``-major) → ``(N, C, Ho * kh, Wo * kw)``: tap ``(i, j)`` of output position ``(ho, wo)``
    is ``x`` bilinearly sampled at ``(ho * stride - pad_top + i * dilation + dy, wo * stride - pad_left + j *
    dilation + dx)`` (zero outside the image) times its mask. ``strides`` / ``dilations`` are NCHW 4-tuples,
    ``pads`` ``(top, bottom, left, right)``. NHWC is not provided (``ValueError``)."""

    def __init__(self, strides, pads, ksize, dilations=(1, 1, 1, 1), data_format="NCHW", deformable_groups=1,
                 modulated=True):
        op = "DeformableOffsets"
        super().__init__(op)
        if data_format not in ("NCHW", "NHWC"):
            raise ValueError(f"For '{op}', the 'data_format' must be one of ['NCHW', 'NHWC'], but got {data_format}.")
        if data_format == "NHWC":
            raise ValueError(f"For '{op}', ms_compat provides the NCHW layout only (MindSpore's own "
                             "deformable_conv2d uses NCHW).")
        strides, pads, dilations = (_four(op, n, v) for n, v in
                                    (("strides", strides), ("pads", pads), ("dilations", dilations)))
        if strides[0] != 1 or strides[1] != 1:
            raise ValueError(f"For '{op}', The N and C dimensions of 'strides' must be set to 1.")
        if dilations[0] != 1 or dilations[1] != 1:
            raise ValueError(f"For '{op}', The N and C dimensions of 'dilations' must be set to 1.")
        if not (isinstance(ksize, (tuple, list)) and len(ksize) == 2 and all(isinstance(i, int) for i in ksize)):
            raise TypeError(f"For '{op}', the 'kernel_size' must be a tuple of 2 ints, but got {ksize}.")
        if isinstance(deformable_groups, bool) or not isinstance(deformable_groups, int) or deformable_groups <= 0:
            raise ValueError(f"For '{op}', the 'deformable_groups' must be a positive int, but got "
                             f"{deformable_groups}.")
        if modulated is not True:
            raise ValueError(f"For '{op}', The modulated must be set to True.")
        for k, v in (("strides", strides), ("pads", pads), ("ksize", tuple(ksize)), ("dilations", dilations),
                     ("format", data_format), ("deformable_groups", deformable_groups), ("modulated", True)):
            self.add_prim_attr(k, v)

    def __call__(self, x, offsets):
        op = "DeformableOffsets"
        if not isinstance(x, torch.Tensor) or not isinstance(offsets, torch.Tensor):
            raise TypeError(f"For '{op}', 'x' and 'offsets' must be Tensors.")
        if x.ndim != 4 or offsets.ndim != 4:
            raise ValueError(f"For '{op}', 'x' and 'offsets' must be 4-D, but got {x.ndim}-D and {offsets.ndim}-D.")
        kh, kw = self.ksize
        g = self.deformable_groups
        _, c, h, w = x.shape
        if c % g:
            raise ValueError(f"For '{op}', the channels of 'x' ({c}) must be divisible by deformable_groups ({g}).")
        pt, pb, pl, pr = self.pads
        ho = (h + pt + pb - (self.dilations[2] * (kh - 1) + 1)) // self.strides[2] + 1
        wo = (w + pl + pr - (self.dilations[3] * (kw - 1) + 1)) // self.strides[3] + 1
        if offsets.shape[1] != 3 * g * kh * kw:
            raise ValueError(f"For '{op}', the channels of 'offsets' must be 3 * deformable_groups * kh * kw = "
                             f"{3 * g * kh * kw}, but got {offsets.shape[1]}.")
        if tuple(offsets.shape[2:]) != (ho, wo):
            raise ValueError(f"For 'DeformableOffsets, the H and W dims of offsets input should be equal to the "
                             f"computed H and W dims of the output of deformable_conv2d. But got H and W dims of "
                             f"offsets input: {tuple(offsets.shape[2:])}, computed H and W dims of the output of "
                             f"deformable_conv2d: {(ho, wo)}.")
        out = deformable_offsets(to_torch(x), to_torch(offsets), self.strides[2:], self.pads, (kh, kw),
                                 self.dilations[2:], g)
        return wrap(out)


def deformable_conv2d(x, weight, offsets, kernel_size, strides, padding, bias=None, dilations=(1, 1, 1, 1), groups=1,
                      deformable_groups=1, modulated=True):
    """Mirrors ``mindspore.ops.deformable_conv2d(...)``: :class:`DeformableOffsets` then a convolution of
    ``weight`` with stride ``kernel_size`` (one output pixel per sampled kernel window), plus ``bias``."""
    sampled = DeformableOffsets(strides, padding, kernel_size, dilations, "NCHW", deformable_groups, modulated)(
        x, offsets)
    out = F.conv2d(to_torch(sampled), to_torch(weight), None if bias is None else to_torch(bias),
                   stride=tuple(kernel_size), groups=groups)
    return wrap(out)

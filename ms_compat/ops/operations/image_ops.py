"""Image/sampling Primitives of ``mindspore.ops.operations``: ``GridSampler2D/3D``, ``AffineGrid``,
``Col2Im``, ``MaxUnpool2D/3D``, ``UpsampleNearest3D``, ``UpsampleTrilinear3D``, ``ExtractImagePatches``."""
from __future__ import annotations

import math

import torch.nn.functional as tF

from ..primitive import Primitive
from .._utils import to_tensor

__all__ = ["GridSampler2D", "GridSampler3D", "AffineGrid", "Col2Im", "MaxUnpool2D", "MaxUnpool3D",
           "UpsampleNearest3D", "UpsampleTrilinear3D", "ExtractImagePatches"]


class _P(Primitive):
    def __init__(self, **attrs):
        super().__init__(type(self).__name__)
        for k, v in attrs.items():
            self.add_prim_attr(k, v)


def _pair(v, n):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,) * n


class _GridSampler(_P):
    def __init__(self, interpolation_mode="bilinear", padding_mode="zeros", align_corners=False):
        if interpolation_mode not in ("bilinear", "nearest") or padding_mode not in ("zeros", "border", "reflection"):
            raise ValueError(f"For '{type(self).__name__}', interpolation_mode must be 'bilinear'/'nearest' and "
                             f"padding_mode 'zeros'/'border'/'reflection', but got {interpolation_mode}, "
                             f"{padding_mode}.")
        super().__init__(interpolation_mode=interpolation_mode, padding_mode=padding_mode, align_corners=align_corners)

    def __call__(self, input_x, grid):
        return tF.grid_sample(input_x, grid.to(input_x.dtype), mode=self.interpolation_mode,
                              padding_mode=self.padding_mode, align_corners=self.align_corners)


class GridSampler2D(_GridSampler):
    """Mirrors ``ops.GridSampler2D(interpolation_mode='bilinear', padding_mode='zeros', align_corners=False)``."""


class GridSampler3D(_GridSampler):
    """Mirrors ``ops.GridSampler3D(interpolation_mode='bilinear', padding_mode='zeros', align_corners=False)``."""


class AffineGrid(_P):
    """Mirrors ``ops.AffineGrid(align_corners=False)``: ``(theta, output_size)``."""

    def __init__(self, align_corners=False):
        super().__init__(align_corners=align_corners)

    def __call__(self, theta, output_size):
        return tF.affine_grid(theta, list(int(s) for s in output_size), align_corners=self.align_corners)


class Col2Im(_P):
    """Mirrors ``ops.Col2Im(kernel_size, dilation=1, padding=0, stride=1)``: ``(x, output_size)`` with ``x`` of
    shape (N, C, kh*kw, L) → (N, C, H, W) (overlaps summed; ``torch.nn.functional.fold``)."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__(kernel_size=_pair(kernel_size, 2), dilation=_pair(dilation, 2), padding=_pair(padding, 2),
                         stride=_pair(stride, 2))

    def __call__(self, x, output_size):
        n, c, k, l = x.shape
        size = tuple(int(v) for v in to_tensor(output_size).reshape(-1).tolist())
        return tF.fold(x.reshape(n, c * k, l), size, self.kernel_size, self.dilation, self.padding, self.stride)


class _MaxUnpool(_P):
    _nd = 2

    def __init__(self, ksize, strides, pads, output_shape, data_format):
        super().__init__(ksize=ksize, strides=strides, pads=pads, output_shape=tuple(output_shape),
                         data_format=data_format)

    def __call__(self, x, argmax):
        k = _pair(self.ksize, self._nd)
        s = _pair(self.strides, self._nd) if self.strides else k
        p = _pair(self.pads, self._nd)
        fn = tF.max_unpool2d if self._nd == 2 else tF.max_unpool3d
        if self.data_format in ("NHWC", "NDHWC"):  # channels last: unpool channels first, then move them back
            first, last = (0, self._nd + 1) + tuple(range(1, self._nd + 1)), (0,) + tuple(range(2, self._nd + 2)) + (1,)
            out = self.output_shape[1:-1] if self.output_shape else None
            return fn(x.permute(first), argmax.long().permute(first), k, s, p, out).permute(last)
        out = self.output_shape[-self._nd:] if self.output_shape else None
        return fn(x, argmax.long(), k, s, p, out)


class MaxUnpool2D(_MaxUnpool):
    """Mirrors ``ops.MaxUnpool2D(ksize, strides=0, pads=0, output_shape=(), data_format='NCHW')`` (NCHW or NHWC;
    ``strides=0`` means ``ksize``)."""
    _nd = 2

    def __init__(self, ksize, strides=0, pads=0, output_shape=(), data_format="NCHW"):
        super().__init__(ksize, strides, pads, output_shape, data_format)


class MaxUnpool3D(_MaxUnpool):
    """Mirrors ``ops.MaxUnpool3D(ksize, strides=0, pads=0, output_shape=(), data_format='NCDHW')``."""
    _nd = 3

    def __init__(self, ksize, strides=0, pads=0, output_shape=(), data_format="NCDHW"):
        super().__init__(ksize, strides, pads, output_shape, data_format)


class UpsampleNearest3D(_P):
    """Mirrors ``ops.UpsampleNearest3D()``: ``(x, output_size=None, scales=None)``."""

    def __call__(self, x, output_size=None, scales=None):
        return tF.interpolate(x, size=None if output_size is None else tuple(output_size),
                              scale_factor=None if scales is None else tuple(scales), mode="nearest")


class UpsampleTrilinear3D(_P):
    """Mirrors ``ops.UpsampleTrilinear3D(align_corners=False)``: ``(x, output_size=None, scales=None)``."""

    def __init__(self, align_corners=False):
        super().__init__(align_corners=align_corners)

    def __call__(self, x, output_size=None, scales=None):
        return tF.interpolate(x, size=None if output_size is None else tuple(output_size),
                              scale_factor=None if scales is None else tuple(scales), mode="trilinear",
                              align_corners=self.align_corners)


class ExtractImagePatches(_P):
    """Mirrors ``ops.ExtractImagePatches(ksizes, strides, rates, padding='VALID')``: NCHW input → (N, C*kh*kw,
    out_h, out_w) with TensorFlow's depth order ``(i * kw + j) * C + c``; 'SAME' pads as TensorFlow."""

    def __init__(self, ksizes, strides, rates, padding="VALID"):
        padding = padding.upper()
        if padding not in ("VALID", "SAME"):
            raise ValueError(f"For 'ExtractImagePatches', 'padding' must be 'VALID' or 'SAME', but got {padding}.")
        super().__init__(ksizes=tuple(ksizes), strides=tuple(strides), rates=tuple(rates), padding=padding)

    def __call__(self, input_x):
        kh, kw = self.ksizes[-2:]
        sh, sw = self.strides[-2:]
        rh, rw = self.rates[-2:]
        n, c, h, w = input_x.shape
        x = input_x
        if self.padding == "SAME":
            eh, ew = (kh - 1) * rh + 1, (kw - 1) * rw + 1
            oh, ow = math.ceil(h / sh), math.ceil(w / sw)
            ph, pw = max((oh - 1) * sh + eh - h, 0), max((ow - 1) * sw + ew - w, 0)
            x = tF.pad(x, (pw // 2, pw - pw // 2, ph // 2, ph - ph // 2))
        cols = tF.unfold(x, (kh, kw), dilation=(rh, rw), stride=(sh, sw))  # N, C*kh*kw, L
        hh = (x.shape[2] - ((kh - 1) * rh + 1)) // sh + 1
        ww = (x.shape[3] - ((kw - 1) * rw + 1)) // sw + 1
        cols = cols.reshape(n, c, kh * kw, hh, ww).transpose(1, 2)
        return cols.reshape(n, kh * kw * c, hh, ww)

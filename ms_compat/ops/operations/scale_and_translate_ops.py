"""``mindspore.ops.operations.ScaleAndTranslate``: resampling of images by a scale and a translation with a
reconstruction kernel (TensorFlow's ``scale_and_translate``, whose kernel MindSpore's follows): each output pixel is
a normalized kernel-weighted sum over the input span its footprint covers (widened by ``1 / scale`` when
downsampling with ``antialias``)."""
from __future__ import annotations

import math

import numpy as np
import torch

from ...common.tensor import to_torch
from .._utils import wrap
from ..primitive import Primitive

__all__ = ["ScaleAndTranslate"]


def _lanczos(radius):
    def k(x):
        if x > radius:
            return 0.0
        if x <= 1e-3:
            return 1.0
        return radius * math.sin(math.pi * x) * math.sin(math.pi * x / radius) / (math.pi ** 2 * x * x)
    return k, float(radius)


def _gaussian(x):
    return math.exp(-x * x / (2.0 * 0.5 * 0.5)) if x < 1.5 else 0.0  # radius 1.5, sigma = radius / 3


def _box(x):
    return 1.0 if x < 0.5 else (0.5 if x == 0.5 else 0.0)


def _triangle(x):
    return max(0.0, 1.0 - x)


def _keys_cubic(x):
    if x >= 2.0:
        return 0.0
    if x >= 1.0:
        return ((-0.5 * x + 2.5) * x - 4.0) * x + 2.0
    return (1.5 * x - 2.5) * x * x + 1.0


def _mitchell_cubic(x):
    if x >= 2.0:
        return 0.0
    if x >= 1.0:
        return (((-7.0 / 18.0) * x + 2.0) * x - 10.0 / 3.0) * x + 16.0 / 9.0
    return ((7.0 / 6.0) * x - 2.0) * x * x + 8.0 / 9.0


_KERNELS = {"lanczos1": _lanczos(1), "lanczos3": _lanczos(3), "lanczos5": _lanczos(5),
            "gaussian": (_gaussian, 1.5), "box": (_box, 1.0), "triangle": (_triangle, 1.0),
            "keyscubic": (_keys_cubic, 2.0), "mitchellcubic": (_mitchell_cubic, 2.0)}


def _weights(kernel, radius, out_size, in_size, scale, translate, antialias):
    """(out_size, in_size) matrix of the normalized kernel weights of each output position. The positions are
    computed in float32 as MindSpore's (TensorFlow's) kernel does: a tap exactly on a kernel edge (the box
    kernel's 0.5) depends on that rounding."""
    f = np.float32
    inv_scale = f(1.0) / f(scale)
    inv_translate = -inv_scale * f(translate)
    kernel_scale = max(inv_scale, f(1.0)) if antialias else f(1.0)
    one_over = f(1.0) / kernel_scale
    w = torch.zeros(out_size, in_size, dtype=torch.float64)
    for x in range(out_size):
        sample = (f(x) + f(0.5)) * inv_scale + inv_translate
        if sample < 0 or sample > in_size:
            continue
        start = min(max(int(math.ceil(sample - f(radius) * kernel_scale - f(0.5))), 0), in_size - 1)
        end = min(max(int(math.floor(sample + f(radius) * kernel_scale - f(0.5))), 0), in_size - 1) + 1
        row = [kernel(float(abs((f(s) + f(0.5) - sample) * one_over))) for s in range(start, end)]
        total = sum(row)
        if abs(total) >= 1000.0 * 1.1920929e-07:
            row = [r / total for r in row]
        w[x, start:end] = torch.tensor(row, dtype=torch.float64)
    return w


class ScaleAndTranslate(Primitive):
    """Mirrors ``ops.ScaleAndTranslate(kernel_type='lanczos3', antialias=True)``: ``(images, size, scale,
    translation)`` with ``images`` ``(N, H, W, C)`` (int8, uint8, int16, int32, int64, float16, float32, float64),
    ``size`` int32 ``[h, w]``, ``scale`` / ``translation`` float32 ``[y, x]`` → float32 ``(N, h, w, C)``. Output
    pixel ``y`` samples the input at ``(y + 0.5 - translation) / scale`` with the kernel (``lanczos1/3/5``,
    ``gaussian``, ``box``, ``triangle``, ``keyscubic``, ``mitchellcubic``), its support widened by ``1 / scale``
    when downsampling with ``antialias``; weights normalized to sum 1; positions outside the image give 0."""

    def __init__(self, kernel_type="lanczos3", antialias=True):
        super().__init__("ScaleAndTranslate")
        if not isinstance(kernel_type, str):
            raise TypeError(f"For 'ScaleAndTranslate', the 'kernel_type' must be str, but got "
                            f"{type(kernel_type).__name__}.")
        if kernel_type not in _KERNELS:
            raise ValueError(f"For 'ScaleAndTranslate', the 'kernel_type' must be in {list(_KERNELS)}, but got "
                             f"'{kernel_type}'.")
        if not isinstance(antialias, bool):
            raise TypeError(f"For 'ScaleAndTranslate', the 'antialias' must be bool, but got "
                            f"{type(antialias).__name__}.")
        self.add_prim_attr("kernel_type", kernel_type)
        self.add_prim_attr("antialias", antialias)

    def __call__(self, images, size, scale, translation):
        op = "ScaleAndTranslate"
        for n, t in (("images", images), ("size", size), ("scale", scale), ("translation", translation)):
            if not isinstance(t, torch.Tensor):
                raise TypeError(f"For '{op}', the '{n}' must be a Tensor, but got {type(t).__name__}.")
        if images.ndim != 4:
            raise ValueError(f"For '{op}', the 'images' must be 4-D (N, H, W, C), but got {images.ndim}-D.")
        if size.dtype != torch.int32:
            raise TypeError(f"For '{op}', the 'size' must be int32, but got {size.dtype}.")
        for n, t in (("scale", scale), ("translation", translation)):
            if t.dtype != torch.float32:
                raise TypeError(f"For '{op}', the '{n}' must be float32, but got {t.dtype}.")
        for n, t in (("size", size), ("scale", scale), ("translation", translation)):
            if t.ndim != 1 or t.numel() != 2:
                raise ValueError(f"For '{op}', the '{n}' must be a 1-D Tensor of 2 elements, but got shape "
                                 f"{tuple(t.shape)}.")
        h, w = (int(v) for v in size.tolist())
        if h <= 0 or w <= 0:
            raise ValueError(f"For '{op}', the values of 'size' must be positive, but got {[h, w]}.")
        sy, sx = (float(v) for v in scale.tolist())
        if sy <= 0 or sx <= 0:
            raise ValueError(f"For '{op}', the values of 'scale' must be positive, but got {[sy, sx]}.")
        ty, tx = (float(v) for v in translation.tolist())
        kernel, radius = _KERNELS[self.kernel_type]
        img = to_torch(images).to(torch.float64)
        wy = _weights(kernel, radius, h, img.shape[1], sy, ty, self.antialias)
        wx = _weights(kernel, radius, w, img.shape[2], sx, tx, self.antialias)
        out = torch.einsum("yh,nhwc,xw->nyxc", wy, img, wx)
        return wrap(out.to(torch.float32))

"""``ops.AdjustHue`` and ``ops.AdjustSaturation``: RGB images adjusted in HSV space (last axis = 3 channels)."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from .._utils import wrap
from .small_ops import RGBToHSV, HSVToRGB

__all__ = ["AdjustHue", "AdjustSaturation"]


def _plain(x):
    return torch.Tensor.as_subclass(x, torch.Tensor)


def _check(op, image):
    if image.dim() < 3 or image.shape[-1] != 3:
        raise ValueError(f"For '{op}', 'image' must be at least 3-D with 3 channels in the last dimension, but got "
                         f"shape {tuple(image.shape)}.")


class AdjustHue(Primitive):
    """Mirrors ``ops.AdjustHue()``: ``(image, delta)`` → the image with ``delta`` added to its hue (mod 1)."""

    def __init__(self):
        super().__init__("AdjustHue")

    def __call__(self, image, delta):
        _check("AdjustHue", image)
        hsv = _plain(RGBToHSV()(_plain(image).float()))
        h = torch.remainder(hsv[..., 0] + float(delta), 1.0)
        out = _plain(HSVToRGB()(torch.stack([h, hsv[..., 1], hsv[..., 2]], -1)))
        return wrap(out.to(image.dtype))


class AdjustSaturation(Primitive):
    """Mirrors ``ops.AdjustSaturation()``: ``(image, scale)`` → the image with its saturation multiplied by
    ``scale`` (clipped to [0, 1])."""

    def __init__(self):
        super().__init__("AdjustSaturation")

    def __call__(self, image, scale):
        _check("AdjustSaturation", image)
        hsv = _plain(RGBToHSV()(_plain(image).float()))
        s = (hsv[..., 1] * float(scale)).clamp(0.0, 1.0)
        out = _plain(HSVToRGB()(torch.stack([hsv[..., 0], s, hsv[..., 2]], -1)))
        return wrap(out.to(image.dtype))

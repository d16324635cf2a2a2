"""``ops.crop_and_resize`` and ``ops.stft`` (MindSpore 2.10's functional spellings; ``ROIAlign`` has none)."""
from __future__ import annotations

import torch

from .._utils import wrap

__all__ = ["crop_and_resize"]


def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear", extrapolation_value=0.0):
    """Mirrors ``ops.crop_and_resize(image, boxes, box_indices, crop_size, method='bilinear',
    extrapolation_value=0.0)``: ``ops.CropAndResize(method, extrapolation_value)(image, boxes, box_indices,
    crop_size)`` — float32 ``(N, crop_h, crop_w, C)``."""
    from ..operations.roi_crop_ops import CropAndResize
    return CropAndResize(method, extrapolation_value)(image, boxes, box_indices, crop_size)

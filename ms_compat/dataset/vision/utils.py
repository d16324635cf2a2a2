"""Mirrors ``mindspore.dataset.vision.utils``: the enums the vision transforms take."""
from __future__ import annotations

from enum import Enum, IntEnum

__all__ = ["Inter", "Border", "ImageBatchFormat", "ConvertMode", "AutoAugmentPolicy", "SliceMode", "ImageReadMode",
           "get_image_num_channels", "get_image_size"]


class Inter(IntEnum):
    """Mirrors ``mindspore.dataset.vision.Inter`` (interpolation modes)."""
    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = LINEAR = 2
    BICUBIC = CUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(str, Enum):
    """Mirrors ``mindspore.dataset.vision.Border`` (padding modes)."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class ImageBatchFormat(IntEnum):
    """Mirrors ``mindspore.dataset.vision.ImageBatchFormat``."""
    NHWC = 0
    NCHW = 1


class ConvertMode(IntEnum):
    """Mirrors ``mindspore.dataset.vision.ConvertMode`` (colour conversions of ``ConvertColor``)."""
    COLOR_BGR2BGRA = 0
    COLOR_RGB2RGBA = COLOR_BGR2BGRA
    COLOR_BGRA2BGR = 1
    COLOR_RGBA2RGB = COLOR_BGRA2BGR
    COLOR_BGR2RGBA = 2
    COLOR_RGB2BGRA = COLOR_BGR2RGBA
    COLOR_RGBA2BGR = 3
    COLOR_BGRA2RGB = COLOR_RGBA2BGR
    COLOR_BGR2RGB = 4
    COLOR_RGB2BGR = COLOR_BGR2RGB
    COLOR_BGRA2RGBA = 5
    COLOR_RGBA2BGRA = COLOR_BGRA2RGBA
    COLOR_BGR2GRAY = 6
    COLOR_RGB2GRAY = 7
    COLOR_GRAY2BGR = 8
    COLOR_GRAY2RGB = COLOR_GRAY2BGR
    COLOR_GRAY2BGRA = 9
    COLOR_GRAY2RGBA = COLOR_GRAY2BGRA
    COLOR_BGRA2GRAY = 10
    COLOR_RGBA2GRAY = 11


class AutoAugmentPolicy(IntEnum):
    """Mirrors ``mindspore.dataset.vision.AutoAugmentPolicy``."""
    IMAGENET = 0
    CIFAR10 = 1
    SVHN = 2


class SliceMode(IntEnum):
    PAD = 0
    DROP = 1


class ImageReadMode(IntEnum):
    UNCHANGED = 0
    GRAYSCALE = 1
    COLOR = 2


def get_image_num_channels(image):
    """Mirrors ``mindspore.dataset.vision.get_image_num_channels`` (HWC numpy)."""
    return 1 if image.ndim == 2 else image.shape[-1]


def get_image_size(image):
    """Mirrors ``mindspore.dataset.vision.get_image_size``: ``[height, width]``."""
    return [int(image.shape[0]), int(image.shape[1])]

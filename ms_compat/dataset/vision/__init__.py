"""Mirrors ``mindspore.dataset.vision``: image transforms (HWC numpy in, numpy out; OpenCV kernels, as
MindSpore's) and their enums."""
from ...porting._missing import module_getattr as _mg
from . import transforms, utils  # noqa: F401
from .transforms import *  # noqa: F401,F403
from .transforms import __all__ as _t_all
from .utils import (AutoAugmentPolicy, Border, ConvertMode, ImageBatchFormat, ImageReadMode, Inter,  # noqa: F401
                    SliceMode, get_image_num_channels, get_image_size)

__all__ = list(_t_all) + ["SliceMode", "ImageReadMode", "get_image_num_channels", "get_image_size"]


def __getattr__(name):
    return _mg(__name__, name, {})

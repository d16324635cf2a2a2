"""``mindspore.nn.layer.image`` path: ``PixelShuffle``/``PixelUnshuffle`` live in ``basic.py``."""
from .basic import PixelShuffle, PixelUnshuffle

__all__ = ["PixelShuffle", "PixelUnshuffle"]

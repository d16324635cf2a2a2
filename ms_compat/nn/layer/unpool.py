"""``mindspore.nn.MaxUnpool1d/2d/3d``: partial inverses of max pooling (``torch.nn.functional.max_unpool*``)."""
from __future__ import annotations

import torch.nn.functional as tF

from ..cell import Cell

__all__ = ["MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d"]


class _MaxUnpool(Cell):
    _fn = None

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding

    def construct(self, x, indices, output_size=None):
        size = None if output_size is None else tuple(output_size)
        return type(self)._fn(x, indices.long(), self.kernel_size, self.stride, self.padding, size)


class MaxUnpool1d(_MaxUnpool):
    """Mirrors ``nn.MaxUnpool1d(kernel_size, stride=None, padding=0)``: ``(x, indices, output_size=None)``."""
    _fn = staticmethod(tF.max_unpool1d)


class MaxUnpool2d(_MaxUnpool):
    """Mirrors ``nn.MaxUnpool2d(kernel_size, stride=None, padding=0)``: ``(x, indices, output_size=None)``."""
    _fn = staticmethod(tF.max_unpool2d)


class MaxUnpool3d(_MaxUnpool):
    """Mirrors ``nn.MaxUnpool3d(kernel_size, stride=None, padding=0)``: ``(x, indices, output_size=None)``."""
    _fn = staticmethod(tF.max_unpool3d)

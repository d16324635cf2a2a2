"""``nn.AvgPool1dExt`` / ``nn.AvgPool3dExt``: MindSpore's PyTorch-style average pools (``torch.nn.AvgPool1d`` /
``AvgPool3d`` on ``F.avg_pool1d`` / ``F.avg_pool3d``); ``nn.AvgPool2dExt`` is in torch_style.py."""
from __future__ import annotations

import torch.nn.functional as F

from ..cell import Cell

__all__ = ["AvgPool1dExt", "AvgPool3dExt"]


class AvgPool1dExt(Cell):
    """Mirrors ``nn.AvgPool1dExt(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True)``
    (``stride`` defaults to ``kernel_size``)."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad

    def construct(self, input):
        stride = self.kernel_size if self.stride is None else self.stride
        return F.avg_pool1d(input, self.kernel_size, stride, self.padding, self.ceil_mode, self.count_include_pad)


class AvgPool3dExt(Cell):
    """Mirrors ``nn.AvgPool3dExt(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
    divisor_override=None)`` (``stride`` defaults to ``kernel_size``)."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.count_include_pad, self.divisor_override = ceil_mode, count_include_pad, divisor_override

    def construct(self, input):
        stride = self.kernel_size if self.stride is None else self.stride
        return F.avg_pool3d(input, self.kernel_size, stride, self.padding, self.ceil_mode, self.count_include_pad,
                            self.divisor_override)

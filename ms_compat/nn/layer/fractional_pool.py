"""``nn.FractionalMaxPool2d`` / ``nn.FractionalMaxPool3d`` on ``torch.nn.functional.fractional_max_pool2d/3d``
(the same arguments; ``_random_samples`` — shape ``(N, C, 2)`` / ``(N, C, 3)`` in [0, 1) — fixes the pooling
regions, otherwise they are drawn from PyTorch's random stream)."""
from __future__ import annotations

import torch
import torch.nn.functional as F

from ...common.tensor import to_torch
from ..cell import Cell

__all__ = ["FractionalMaxPool2d", "FractionalMaxPool3d"]


class _FractionalMaxPool(Cell):
    _fn = None
    _name = ""

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                 _random_samples=None):
        super().__init__()
        if output_size is None and output_ratio is None:
            raise ValueError(f"For '{self._name}', 'output_size' and 'output_ratio' can not be None at the same "
                             "time.")
        if output_size is not None and output_ratio is not None:
            raise ValueError(f"For '{self._name}', only one of 'output_size' and 'output_ratio' can be specified.")
        self.kernel_size, self.output_size, self.output_ratio = kernel_size, output_size, output_ratio
        self.return_indices = return_indices
        self._random_samples = _random_samples

    def construct(self, input_x):
        samples = None if self._random_samples is None else to_torch(self._random_samples).to(input_x.dtype)
        out = type(self)._fn(input_x, self.kernel_size, output_size=self.output_size, output_ratio=self.output_ratio,
                             return_indices=self.return_indices, _random_samples=samples)
        if self.return_indices:
            return out[0], out[1]
        return out


class FractionalMaxPool2d(_FractionalMaxPool):
    """Mirrors ``nn.FractionalMaxPool2d(kernel_size, output_size=None, output_ratio=None, return_indices=False,
    _random_samples=None)``."""

    _fn = staticmethod(F.fractional_max_pool2d)
    _name = "FractionalMaxPool2d"


class FractionalMaxPool3d(_FractionalMaxPool):
    """Mirrors ``nn.FractionalMaxPool3d(kernel_size, output_size=None, output_ratio=None, return_indices=False,
    _random_samples=None)``."""

    _fn = staticmethod(F.fractional_max_pool3d)
    _name = "FractionalMaxPool3d"

"""Special-function Cells of ``mindspore.nn``: ``DiGamma``, ``LGamma``, ``IGamma``, ``LBeta``."""
from __future__ import annotations

import torch

from ..cell import Cell

__all__ = ["DiGamma", "LGamma", "IGamma", "LBeta"]


class DiGamma(Cell):
    """Mirrors ``nn.DiGamma()``: ``digamma(x)``."""

    def construct(self, x):
        return torch.digamma(x)


class LGamma(Cell):
    """Mirrors ``nn.LGamma()``: ``log|Gamma(x)|``."""

    def construct(self, x):
        return torch.lgamma(x)


class IGamma(Cell):
    """Mirrors ``nn.IGamma()``: ``(a, x)`` → regularized lower incomplete gamma ``P(a, x)``."""

    def construct(self, a, x):
        return torch.special.gammainc(a, x)


class LBeta(Cell):
    """Mirrors ``nn.LBeta()``: ``(x, y)`` → ``lgamma(x) + lgamma(y) - lgamma(x + y)``."""

    def construct(self, x, y):
        return torch.lgamma(x) + torch.lgamma(y) - torch.lgamma(x + y)

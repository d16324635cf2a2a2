"""``nn.L1LossExt``: MindSpore's PyTorch-style L1 loss (``torch.nn.functional.l1_loss``)."""
from __future__ import annotations

import torch.nn.functional as F

from ..cell import Cell

__all__ = ["L1LossExt"]


class L1LossExt(Cell):
    """Mirrors ``nn.L1LossExt(reduction='mean')``: ``|input - target|`` reduced by ``'mean'``, ``'sum'`` or
    ``'none'`` (inputs broadcast, as ``mint.nn.functional.l1_loss``)."""

    def __init__(self, reduction="mean"):
        super().__init__()
        if reduction not in ("mean", "sum", "none"):
            raise ValueError(f"For 'L1LossExt', the 'reduction' must be in ['mean', 'sum', 'none'], but got "
                             f"{reduction}.")
        self.reduction = reduction

    def construct(self, input, target):
        return F.l1_loss(input, target, reduction=self.reduction)

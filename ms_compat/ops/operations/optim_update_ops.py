"""Deprecated optimizer-update Primitive still in MindSpore 2.10: ``AdamNoUpdateParam`` (the moment tensors are
updated in place, as MindSpore's Parameters are)."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from .._utils import wrap

__all__ = ["AdamNoUpdateParam"]


def _s(v):
    return v.item() if isinstance(v, torch.Tensor) else v


class AdamNoUpdateParam(Primitive):
    """Mirrors ``ops.AdamNoUpdateParam(use_locking=False, use_nesterov=False)``: ``(m, v, beta1_power, beta2_power,
    lr, beta1, beta2, epsilon, gradient)`` updates ``m`` and ``v`` in place and returns the step
    ``-lr * sqrt(1 - beta2_power) / (1 - beta1_power) * m / (sqrt(v) + epsilon)`` (Nesterov: ``beta1 * m +
    (1 - beta1) * g`` in place of ``m``)."""

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__("AdamNoUpdateParam")
        self.use_locking, self.use_nesterov = use_locking, use_nesterov

    def __call__(self, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
        b1p, b2p, lr, b1, b2, eps = (_s(a) for a in (beta1_power, beta2_power, lr, beta1, beta2, epsilon))
        with torch.no_grad():
            g = gradient.to(m.dtype)
            m.copy_(b1 * m + (1 - b1) * g)
            v.copy_(b2 * v + (1 - b2) * g * g)
            lr_t = lr * (1 - b2p) ** 0.5 / (1 - b1p)
            num = b1 * m + (1 - b1) * g if self.use_nesterov else m
            return wrap(-lr_t * num / (torch.sqrt(v) + eps))


"""Shared by the ``mint.optim`` optimizers: MindSpore's argument checks and state layout."""
from __future__ import annotations

import torch

from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...experimental.optim.optimizer import Optimizer, check_adam_ranges
from ...nn.optim import _validate as V
from ...nn.optim.optimizer import _zeros_like_state

__all__ = ["MintOptimizer", "check_adam_args"]


def check_adam_args(cls_name, lr, betas, eps, weight_decay, amsgrad, maximize):
    """MindSpore's ``_check_param_value`` then PyTorch's range checks (same order and messages as MindSpore)."""
    V.value_type("betas", betas, [tuple], cls_name)
    if len(betas) != 2:
        raise ValueError(f"For '{cls_name}', the 'betas size' should be in [2], but got {len(betas)}.")
    V.value_type("betas[0]", betas[0], [float], cls_name)
    V.value_type("betas[1]", betas[1], [float], cls_name)
    V.value_type("eps", eps, [float], cls_name)
    V.value_type("weight_decay", weight_decay, [float], cls_name)
    V.value_type("lr", lr, [float], cls_name)
    V.value_type("amsgrad", amsgrad, [bool], cls_name)
    V.value_type("maximize", maximize, [bool], cls_name)
    check_adam_ranges(lr, betas, eps, weight_decay)


class MintOptimizer(Optimizer):
    """``experimental.optim.Optimizer`` plus the helpers the mint optimizers share: per-parameter state
    tuples named ``<prefix>.<param name>`` (checkpoint names as in MindSpore) and a step counter."""

    def _state(self, prefix):
        pt = _zeros_like_state(self.parameters, prefix)
        for p in pt:
            p.requires_grad = False
        return pt

    @staticmethod
    def _counter(name, value, dtype, shape=()):
        return Parameter(Tensor(torch.full(shape, value, dtype=dtype)), name, requires_grad=False)

    @staticmethod
    def _group_lr(group, like):
        """The group's learning rate as a 0-d tensor on ``like``'s device (no host synchronisation)."""
        lr = group["lr"]
        if isinstance(lr, torch.Tensor):
            return lr.detach().as_subclass(torch.Tensor).to(device=like.device, dtype=torch.float32)
        return torch.tensor(float(lr), device=like.device)

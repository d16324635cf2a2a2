"""``mindspore.experimental.optim.Adamax`` on ``torch.optim.adamax.adamax``."""
from __future__ import annotations

from torch.optim.adamax import adamax as _torch_adamax

from ._torch_rule import TorchRuleOptimizer, greater_than, in_range, not_less_than

__all__ = ["Adamax"]


class Adamax(TorchRuleOptimizer):
    """Mirrors ``mindspore.experimental.optim.Adamax(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8,
    weight_decay=0.0, *, maximize=False)``, called with a tuple of gradients. PyTorch's Adamax rule. State
    ``step_t``, ``exp_avg.<name>``, ``exp_inf.<name>``."""

    STATE = (("exp_avg", "exp_avg", 0.0), ("exp_inf", "exp_inf", 0.0))
    STEP = True
    STEP_FIRST = True

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, *, maximize=False):
        greater_than(lr, "lr", "Adamax")
        not_less_than(weight_decay, "weight_decay", "Adamax")
        greater_than(eps, "eps", "Adamax")
        in_range(betas[0], "betas[0]", "Adamax", 0.0, 1.0, "left")
        in_range(betas[1], "betas[1]", "Adamax", 0.0, 1.0, "left")
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "maximize": maximize})
        self._init_state()

    def _update(self, gid, group, params, grads, states, step, start, end):
        b1, b2 = group["betas"]
        _torch_adamax(params, grads, states["exp_avg"], states["exp_inf"], self._steps(len(params), step),
                      foreach=False, maximize=group["maximize"], eps=group["eps"], beta1=b1, beta2=b2,
                      lr=self._lr(gid), weight_decay=group["weight_decay"])

"""``mindspore.experimental.optim.RAdam`` on ``torch.optim.radam.radam``."""
from __future__ import annotations

from torch.optim.radam import radam as _torch_radam

from ._torch_rule import TorchRuleOptimizer, greater_than, in_range, not_less_than

__all__ = ["RAdam"]


class RAdam(TorchRuleOptimizer):
    """Mirrors ``mindspore.experimental.optim.RAdam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
    weight_decay=0.0)`` (no ``maximize``, as in MindSpore), called with a tuple of gradients. PyTorch's RAdam
    rule (L2 weight decay). State ``step_t``, ``exp_avg.<name>``, ``exp_avg_sq.<name>``."""

    STATE = (("exp_avg", "exp_avg", 0.0), ("exp_avg_sq", "exp_avg_sq", 0.0))
    STEP = True
    STEP_FIRST = True

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        greater_than(lr, "lr", "RAdam")
        not_less_than(weight_decay, "weight_decay", "RAdam")
        greater_than(eps, "eps", "RAdam")
        in_range(betas[0], "betas[0]", "RAdam", 0.0, 1.0, "left")
        in_range(betas[1], "betas[1]", "RAdam", 0.0, 1.0, "left")
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay})
        self._init_state()

    def _update(self, gid, group, params, grads, states, step, start, end):
        b1, b2 = group["betas"]
        _torch_radam(params, grads, states["exp_avg"], states["exp_avg_sq"], self._steps(len(params), step),
                     foreach=False, beta1=b1, beta2=b2, lr=self._lr(gid), weight_decay=group["weight_decay"],
                     eps=group["eps"])

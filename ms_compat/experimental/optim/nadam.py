"""``mindspore.experimental.optim.NAdam`` on ``torch.optim.nadam.nadam``."""
from __future__ import annotations

from torch.optim.nadam import nadam as _torch_nadam

from ...common.tensor import to_torch
from ._torch_rule import TorchRuleOptimizer, greater_than, in_range, not_less_than

__all__ = ["NAdam"]


class NAdam(TorchRuleOptimizer):
    """Mirrors ``mindspore.experimental.optim.NAdam(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8,
    weight_decay=0.0, momentum_decay=4e-3)`` (no ``maximize``, as in MindSpore), called with a tuple of
    gradients. PyTorch's NAdam rule (L2 weight decay). State ``step_t``, ``exp_avg.<name>``,
    ``exp_avg_sq.<name>``; the per-parameter ``mu_product`` is kept outside the Cell's parameters."""

    STATE = (("exp_avg", "exp_avg", 0.0), ("exp_avg_sq", "exp_avg_sq", 0.0))
    STEP = True
    STEP_FIRST = True

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, momentum_decay=4e-3):
        greater_than(lr, "lr", "NAdam")
        greater_than(eps, "eps", "NAdam")
        not_less_than(weight_decay, "weight_decay", "NAdam")
        not_less_than(momentum_decay, "momentum_decay", "NAdam")
        in_range(betas[0], "betas[0]", "NAdam", 0.0, 1.0, "left")
        in_range(betas[1], "betas[1]", "NAdam", 0.0, 1.0, "left")
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "momentum_decay": momentum_decay})
        self._init_state()
        self.__dict__["mu_product"] = self._list_state("mu_product", 1.0)

    def _update(self, gid, group, params, grads, states, step, start, end):
        b1, b2 = group["betas"]
        mus = [to_torch(self.mu_product[i]) for i in range(start, end)]
        _torch_nadam(params, grads, states["exp_avg"], states["exp_avg_sq"], mus, self._steps(len(params), step),
                     foreach=False, beta1=b1, beta2=b2, lr=self._lr(gid), weight_decay=group["weight_decay"],
                     momentum_decay=group["momentum_decay"], eps=group["eps"])

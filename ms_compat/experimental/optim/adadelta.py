"""``mindspore.experimental.optim.Adadelta`` on ``torch.optim.adadelta.adadelta``."""
from __future__ import annotations

from torch.optim.adadelta import adadelta as _torch_adadelta

from ._torch_rule import TorchRuleOptimizer, greater_than, in_range, not_less_than

__all__ = ["Adadelta"]


class Adadelta(TorchRuleOptimizer):
    """Mirrors ``mindspore.experimental.optim.Adadelta(params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, *,
    maximize=False)``, called with a tuple of gradients. PyTorch's Adadelta rule (MindSpore's ``ApplyAdadelta``
    is the same). State ``accum.<name>`` (square average) and ``accum_update.<name>``."""

    STATE = (("accum", "accum", 0.0), ("accum_update", "accum_update", 0.0))

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, *, maximize=False):
        greater_than(lr, "lr", "Adadelta")
        greater_than(eps, "eps", "Adadelta")
        not_less_than(weight_decay, "weight_decay", "Adadelta")
        in_range(rho, "rho", "Adadelta", 0.0, 1.0, "both")
        super().__init__(params, {"lr": lr, "rho": rho, "eps": eps, "weight_decay": weight_decay,
                                  "maximize": maximize})
        self._init_state()

    def _update(self, gid, group, params, grads, states, step, start, end):
        _torch_adadelta(params, grads, states["accum"], states["accum_update"], self._steps(len(params), 0),
                        foreach=False, lr=self._lr(gid), rho=group["rho"], eps=group["eps"],
                        weight_decay=group["weight_decay"], maximize=group["maximize"])

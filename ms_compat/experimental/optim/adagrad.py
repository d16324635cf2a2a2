"""``mindspore.experimental.optim.Adagrad`` on ``torch.optim.adagrad.adagrad``."""
from __future__ import annotations

from torch.optim.adagrad import adagrad as _torch_adagrad

from ._torch_rule import TorchRuleOptimizer, greater_than, not_less_than

__all__ = ["Adagrad"]


class Adagrad(TorchRuleOptimizer):
    """Mirrors ``mindspore.experimental.optim.Adagrad(params, lr=1e-2, lr_decay=0.0, weight_decay=0.0,
    initial_accumulator_value=0.0, eps=1e-10, *, maximize=False)``, called with a tuple of gradients. PyTorch's
    Adagrad rule (MindSpore's ``ApplyAdagradV2`` with ``lr / (1 + step * lr_decay)``). State ``accum.<name>``
    (starting at ``initial_accumulator_value``) and ``step_t``."""

    STEP = True

    def __init__(self, params, lr=1e-2, lr_decay=0.0, weight_decay=0.0, initial_accumulator_value=0.0, eps=1e-10,
                 *, maximize=False):
        greater_than(lr, "lr", "Adagrad")
        not_less_than(lr_decay, "lr_decay", "Adagrad")
        not_less_than(weight_decay, "weight_decay", "Adagrad")
        not_less_than(initial_accumulator_value, "initial_accumulator_value", "Adagrad")
        greater_than(eps, "eps", "Adagrad")
        super().__init__(params, {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                                  "initial_accumulator_value": initial_accumulator_value, "maximize": maximize})
        self.STATE = (("accum", "accum", float(initial_accumulator_value)),)
        self._init_state()

    def _update(self, gid, group, params, grads, states, step, start, end):
        _torch_adagrad(params, grads, states["accum"], self._steps(len(params), step), foreach=False,
                       lr=self._lr(gid), weight_decay=group["weight_decay"], lr_decay=group["lr_decay"],
                       eps=group["eps"], maximize=group["maximize"])

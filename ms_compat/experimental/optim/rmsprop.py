"""``mindspore.experimental.optim.RMSprop`` on ``torch.optim.rmsprop.rmsprop``."""
from __future__ import annotations

from torch.optim.rmsprop import rmsprop as _torch_rmsprop

from ._torch_rule import TorchRuleOptimizer, greater_than, not_less_than

__all__ = ["RMSprop"]


class RMSprop(TorchRuleOptimizer):
    """Mirrors ``mindspore.experimental.optim.RMSprop(params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0,
    momentum=0.0, centered=False, maximize=False)``, called with a tuple of gradients. PyTorch's RMSprop rule.
    State ``mean_grad.<name>``, ``mean_square.<name>``, ``moment.<name>``."""

    STATE = (("mean_grad", "mean_grad", 0.0), ("mean_square", "mean_square", 0.0), ("moment", "moment", 0.0))

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False,
                 maximize=False):
        greater_than(lr, "lr", "RMSprop")
        not_less_than(alpha, "alpha", "RMSprop")
        greater_than(eps, "eps", "RMSprop")
        not_less_than(momentum, "momentum", "RMSprop")
        not_less_than(weight_decay, "weight_decay", "RMSprop")
        super().__init__(params, {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps, "centered": centered,
                                  "weight_decay": weight_decay, "maximize": maximize})
        self._init_state()

    def _update(self, gid, group, params, grads, states, step, start, end):
        _torch_rmsprop(params, grads, states["mean_square"], states["mean_grad"], states["moment"],
                       self._steps(len(params), 0), foreach=False, maximize=group["maximize"], lr=self._lr(gid),
                       alpha=group["alpha"], eps=group["eps"], weight_decay=group["weight_decay"],
                       momentum=group["momentum"], centered=group["centered"])

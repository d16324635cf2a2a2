"""``mindspore.experimental.optim.Rprop`` on ``torch.optim.rprop.rprop``."""
from __future__ import annotations

from torch.optim.rprop import rprop as _torch_rprop

from ._torch_rule import TorchRuleOptimizer, greater_than, in_range

__all__ = ["Rprop"]


class Rprop(TorchRuleOptimizer):
    """Mirrors ``mindspore.experimental.optim.Rprop(params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *,
    maximize=False)``, called with a tuple of gradients. PyTorch's Rprop rule (step sizes start at ``lr``). State
    ``prev.<name>``, ``step_size.<name>``, ``step_t``."""

    STATE = (("prev", "prev", 0.0), ("step_size", "step_size", 0.0))
    STEP = True

    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, maximize=False):
        greater_than(lr, "lr", "Rprop")
        greater_than(etas[1], "etas[1]", "Rprop", 1.0)
        in_range(etas[0], "etas[0]", "Rprop", 0.0, 1.0, "neither")
        super().__init__(params, {"lr": lr, "etas": etas, "step_sizes": step_sizes, "maximize": maximize})
        self._init_state()

    def _update(self, gid, group, params, grads, states, step, start, end):
        if step == 0:
            for s in states["step_size"]:
                s.fill_(self._lr(gid))
        etaminus, etaplus = group["etas"]
        lo, hi = group["step_sizes"]
        _torch_rprop(params, grads, states["prev"], states["step_size"], self._steps(len(params), step),
                     foreach=False, maximize=group["maximize"], step_size_min=lo, step_size_max=hi,
                     etaminus=etaminus, etaplus=etaplus)

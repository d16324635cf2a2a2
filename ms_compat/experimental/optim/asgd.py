"""``mindspore.experimental.optim.ASGD`` on ``torch.optim.asgd.asgd``."""
from __future__ import annotations

import torch
from torch.optim.asgd import asgd as _torch_asgd

from ...common.tensor import to_torch
from ._torch_rule import TorchRuleOptimizer, greater_than, not_less_than

__all__ = ["ASGD"]


class ASGD(TorchRuleOptimizer):
    """Mirrors ``mindspore.experimental.optim.ASGD(params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6,
    weight_decay=0.0, maximize=False)`` (``lambd``/``t0`` must be float), called with a tuple of gradients.
    PyTorch's ASGD rule. State ``ax.<name>`` and ``step_t`` (checkpointed); the per-parameter ``eta``/``mu``
    are, as in MindSpore, kept outside the Cell's parameters (``opt.eta``/``opt.mu`` lists)."""

    STATE = (("ax", "ax", 0.0),)
    STEP = True

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0, maximize=False):
        greater_than(lr, "lr", "ASGD")
        not_less_than(weight_decay, "weight_decay", "ASGD")
        if not isinstance(lambd, float):
            raise TypeError(f"For 'ASGD', the type of lambd must be float, but got {type(lambd)}.")
        if not isinstance(t0, float):
            raise TypeError(f"For 'ASGD', the type of t0 must be float, but got {type(t0)}.")
        super().__init__(params, {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0, "weight_decay": weight_decay,
                                  "maximize": maximize})
        self.__dict__["mu"] = self._list_state("mu", 1.0)
        self.__dict__["eta"] = self._list_state("eta", 0.0)
        self._init_state()

    def _update(self, gid, group, params, grads, states, step, start, end):
        lr = self._lr(gid)
        etas = [to_torch(self.eta[i]) for i in range(start, end)]
        mus = [to_torch(self.mu[i]) for i in range(start, end)]
        if step == 0:
            for eta in etas:
                eta.fill_(lr)
        _torch_asgd(params, grads, states["ax"], mus, etas, self._steps(len(params), step), foreach=False,
                    maximize=group["maximize"], lambd=group["lambd"], lr=lr, t0=group["t0"], alpha=group["alpha"],
                    weight_decay=group["weight_decay"])

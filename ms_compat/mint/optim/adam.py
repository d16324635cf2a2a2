"""``mindspore.mint.optim.Adam``."""
from __future__ import annotations

import torch
from ..._torch_seam import DisableTorchFunctionSubclass

from ...common.tensor import to_torch
from ._base import MintOptimizer, check_adam_args

__all__ = ["Adam"]


class Adam(MintOptimizer):
    """Mirrors ``mindspore.mint.optim.Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
    amsgrad=False, *, maximize=False)``, called as ``optimizer(grads)``.

    PyTorch's Adam rule (L2 weight decay added to the gradient, bias-corrected moments). State
    ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``state_step``. As in MindSpore 2.10, ``amsgrad=True``
    keeps a ``max_exp_avg_sq`` per group but never writes the running maximum back, so each step uses
    ``max(0, v_t) = v_t``: the update equals the non-amsgrad one (MindSpore's behaviour, reproduced).
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *,
                 maximize=False):
        check_adam_args(type(self).__name__, lr, betas, eps, weight_decay, amsgrad, maximize)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "amsgrad": amsgrad, "maximize": maximize})
        self.exp_avg = self._state("exp_avg")
        self.exp_avg_sq = self._state("exp_avg_sq")
        self.state_step = self._counter("state_step", 0.0, torch.float32, (1,))

    @torch.compiler.disable
    def construct(self, gradients):
        with torch.no_grad(), DisableTorchFunctionSubclass():
            step = to_torch(self.state_step)
            step.add_(1)
            for gid, group in enumerate(self.param_groups):
                b1, b2 = group["betas"]
                s, e = self.group_start_id[gid], self.group_start_id[gid + 1]
                lr, wd, eps = self._group_lr(group, step), group["weight_decay"], group["eps"]
                bc1 = 1 - b1 ** step
                neg_step = -(lr / bc1)
                sqrt_bc2 = torch.sqrt(1 - b2 ** step)
                for i in range(s, e):
                    p = to_torch(self.parameters[i])
                    g = to_torch(gradients[i])
                    if group["maximize"]:
                        g = -g
                    if wd != 0.0:
                        g = g + wd * p
                    m, v = to_torch(self.exp_avg[i]), to_torch(self.exp_avg_sq[i])
                    m.mul_(b1).add_(g, alpha=1 - b1)
                    v.mul_(b2).add_(g * g * (1 - b2))
                    denom = (torch.sqrt(v) / sqrt_bc2).to(v.dtype) + eps
                    p.add_(neg_step.to(p.dtype) * (m / denom))
        return True

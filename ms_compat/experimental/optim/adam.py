"""``mindspore.experimental.optim.Adam``: MindSpore's Adam primitive rule, PyTorch-style parameter groups."""
from __future__ import annotations

import torch
from torch._C import DisableTorchFunctionSubclass

from ...common.tensor import to_torch
from .optimizer import Optimizer, check_adam_ranges

__all__ = ["Adam"]


class Adam(Optimizer):
    """Mirrors ``mindspore.experimental.optim.Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
    weight_decay=0.0, amsgrad=False, *, maximize=False)``, called with a tuple of gradients.

    MindSpore 2.10 runs its ``ops.Adam`` primitive here, not PyTorch's rule: L2 weight decay added to the
    gradient (``g + wd*p``), then ``m += (g - m)(1-b1)``, ``v += (g² - v)(1-b2)``,
    ``p -= lr*sqrt(1-b2^t)/(1-b1^t) * m / (sqrt(v) + eps)`` — ``eps`` is added before the bias correction of
    ``v`` (``torch.optim.Adam`` adds it after), so results differ from ``torch.optim.Adam``/``mint.optim.Adam``
    by that much. ``amsgrad`` is accepted and its ``max_exp_avg_sq`` state kept, but — as in MindSpore 2.10 —
    not used. State ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``max_exp_avg_sq.<name>``, ``state_step``.
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *,
                 maximize=False):
        check_adam_ranges(lr, betas, eps, weight_decay)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "amsgrad": amsgrad, "maximize": maximize})
        self._init_adam_state()

    @torch._dynamo.disable
    def construct(self, gradients):
        with torch.no_grad(), DisableTorchFunctionSubclass():
            step = to_torch(self.state_step)
            step.add_(1)
            t = step.to(torch.float32)
            for gid, group in enumerate(self.param_groups):
                b1, b2 = group["betas"]
                s, e = self.group_start_id[gid], self.group_start_id[gid + 1]
                lr = torch.tensor(group["lr"], dtype=torch.float32) if isinstance(group["lr"], float) \
                    else to_torch(self.lrs[gid]).to(torch.float32)
                wd, eps = group["weight_decay"], group["eps"]
                b1_power = torch.pow(torch.tensor(b1, dtype=torch.float32), t)
                b2_power = torch.pow(torch.tensor(b2, dtype=torch.float32), t)
                lr_t = lr * torch.sqrt(1 - b2_power) / (1 - b1_power)
                for i in range(s, e):
                    p = to_torch(self.parameters[i])
                    g = to_torch(gradients[i])
                    if group["maximize"]:
                        g = -g
                    if wd != 0.0:
                        g = g + p * wd
                    m, v = to_torch(self.exp_avg[i]), to_torch(self.exp_avg_sq[i])
                    m.add_((g - m) * (1 - b1))
                    v.add_((g * g - v) * (1 - b2))
                    p.sub_(lr_t * m / (torch.sqrt(v) + eps))
        return True

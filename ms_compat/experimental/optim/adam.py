"""``mindspore.experimental.optim.Adam``: MindSpore's Adam primitive rule, PyTorch-style parameter groups."""
from __future__ import annotations

import torch
from ..._torch_seam import DisableTorchFunctionSubclass

from ...common.tensor import to_torch
from ...nn.optim.optimizer import _fusable
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
    The update runs as multi-tensor (``torch._foreach_*``) calls; ``_use_foreach = False`` selects the
    per-parameter loop (the same rule; the tests hold the two together).
    """

    _use_foreach = True

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *,
                 maximize=False):
        check_adam_ranges(lr, betas, eps, weight_decay)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "amsgrad": amsgrad, "maximize": maximize})
        self._init_adam_state()

    @torch.compiler.disable
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
                if self._use_foreach and step.device.type in ("cpu", "cuda"):  # scalars read as numbers
                    self._foreach_update(group, s, e, gradients, lr_t.item())
                    continue
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

    def _foreach_update(self, group, s, e, gradients, lr_t):
        """The loop above as multi-tensor calls over parameters ``s:e`` (``lr_t``: the bias-corrected rate)."""
        (b1, b2), wd = group["betas"], group["weight_decay"]
        ps, gs = list(self.parameters[s:e]), list(gradients[s:e])
        ms_, vs = list(self.exp_avg[s:e]), list(self.exp_avg_sq[s:e])
        if _fusable(ps, gs, ms_, vs):
            # PyTorch's fused Adam (L2 decay, maximize) at step 1 with the rate and eps rescaled:
            # lr'/(1-b1) * m / (sqrt(v)/c + eps/c) = lr_t * m / (sqrt(v) + eps), c = sqrt(1-b2)
            c = (1.0 - b2) ** 0.5
            steps = [torch.ones((), dtype=torch.float32, device=ps[0].device)] * len(ps)
            torch._fused_adam_(ps, gs, ms_, vs, [], steps,
                               lr=lr_t * (1.0 - b1) / c, beta1=b1, beta2=b2, weight_decay=wd, eps=group["eps"] / c,
                               amsgrad=False, maximize=group["maximize"])
            return
        if group["maximize"]:
            gs = torch._foreach_neg(gs)
        if wd != 0.0:  # g + p * wd
            wp = torch._foreach_mul(ps, wd)
            torch._foreach_add_(wp, gs)
            gs = wp
        torch._foreach_lerp_(ms_, gs, 1 - b1)  # m += (g - m)(1 - b1)
        torch._foreach_lerp_(vs, torch._foreach_mul(gs, gs), 1 - b2)
        denom = torch._foreach_sqrt(vs)
        torch._foreach_add_(denom, group["eps"])
        torch._foreach_addcdiv_(ps, ms_, denom, -lr_t)

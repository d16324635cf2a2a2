"""``mindspore.experimental.optim.AdamW``: PyTorch's AdamW rule, MindSpore-style call."""
from __future__ import annotations

import torch
from ..._torch_seam import DisableTorchFunctionSubclass

from ...common.tensor import to_torch
from ...nn.optim.optimizer import _fusable
from .optimizer import Optimizer, check_adam_ranges

__all__ = ["AdamW"]


class AdamW(Optimizer):
    """Mirrors ``mindspore.experimental.optim.AdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
    weight_decay=1e-2, amsgrad=False, *, maximize=False)``: ``p *= 1 - lr*wd``; bias-corrected Adam
    step ``p -= lr/(1-b1^t) * m / (sqrt(v)/sqrt(1-b2^t) + eps)`` (= ``torch.optim.AdamW``). State
    ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``max_exp_avg_sq.<name>``, ``state_step``. The update runs as
    multi-tensor (``torch._foreach_*``) calls; ``_use_foreach = False`` selects the per-parameter loop (the same
    rule; the tests hold the two together)."""

    _use_foreach = True

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
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
                lr = to_torch(self.lrs[gid]) if not isinstance(group["lr"], float) else torch.tensor(group["lr"])
                wd, eps, ams = group["weight_decay"], group["eps"], group["amsgrad"]
                bc1 = 1 - torch.pow(torch.tensor(b1, dtype=torch.float32), t)
                bc2_sqrt = torch.sqrt(1 - torch.pow(torch.tensor(b2, dtype=torch.float32), t))
                step_size = lr / bc1
                decay = 1 - lr * wd
                if self._use_foreach and step.device.type in ("cpu", "cuda"):  # scalars read as numbers
                    self._foreach_update(group, s, e, gradients, decay.item(), bc2_sqrt.item(), step_size.item(),
                                         t, lr.item())
                    continue
                for i in range(s, e):
                    p = to_torch(self.parameters[i])
                    g = to_torch(gradients[i])
                    if group["maximize"]:
                        g = -g
                    m, v = to_torch(self.exp_avg[i]), to_torch(self.exp_avg_sq[i])
                    p.mul_(decay)
                    m.mul_(b1).add_(g * (1 - b1))
                    v.mul_(b2).addcmul_(g, g, value=1 - b2)
                    if ams:
                        mx = to_torch(self.max_exp_avg_sq[i])
                        torch.maximum(mx, v, out=mx)
                        denom = torch.sqrt(mx) / bc2_sqrt + eps
                    else:
                        denom = torch.sqrt(v) / bc2_sqrt + eps
                    p.sub_(m / denom * step_size)
        return True

    def _foreach_update(self, group, s, e, gradients, decay, bc2_sqrt, step_size, t, lr):
        """The loop above as multi-tensor calls over parameters ``s:e``; PyTorch's fused AdamW (this rule) where
        it takes the tensors."""
        b1, b2 = group["betas"]
        ps, gs = list(self.parameters[s:e]), list(gradients[s:e])
        ms_, vs = list(self.exp_avg[s:e]), list(self.exp_avg_sq[s:e])
        mx = list(self.max_exp_avg_sq[s:e]) if group["amsgrad"] else []
        if _fusable(ps, gs, ms_, vs, mx):
            torch._fused_adamw_(ps, gs, ms_, vs, mx, [t] * len(ps), lr=lr, beta1=b1, beta2=b2,
                                weight_decay=group["weight_decay"], eps=group["eps"], amsgrad=group["amsgrad"],
                                maximize=group["maximize"])
            return
        if group["maximize"]:
            gs = torch._foreach_neg(gs)
        torch._foreach_mul_(ps, decay)
        torch._foreach_mul_(ms_, b1)
        torch._foreach_add_(ms_, gs, alpha=1 - b1)
        torch._foreach_mul_(vs, b2)
        torch._foreach_addcmul_(vs, gs, gs, value=1 - b2)
        if group["amsgrad"]:
            torch._foreach_maximum_(mx, vs)
            denom = torch._foreach_sqrt(mx)
        else:
            denom = torch._foreach_sqrt(vs)
        torch._foreach_div_(denom, bc2_sqrt)
        torch._foreach_add_(denom, group["eps"])
        torch._foreach_addcdiv_(ps, ms_, denom, -step_size)

"""``mindspore.mint.optim.AdamW``."""
from __future__ import annotations

import torch
from ..._torch_seam import DisableTorchFunctionSubclass

from ...common.parameter import ParameterTuple
from ...common.tensor import to_torch
from ._base import MintOptimizer, check_adam_args

__all__ = ["AdamW"]


class AdamW(MintOptimizer):
    """Mirrors ``mindspore.mint.optim.AdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
    amsgrad=False, *, maximize=False)``, called as ``optimizer(grads)`` (grads in the order of ``params``).

    ``torch.optim.AdamW``'s rule: ``p *= 1 - lr*wd``; ``p -= lr/(1-b1^t) * m / (sqrt(v_hat)/sqrt(1-b2^t) + eps)``
    with ``v_hat = max`` of all ``v`` so far when ``amsgrad``. State (checkpoint names as MindSpore):
    ``exp_avg.<name>``, ``exp_avg_sq.<name>`` and ``state_step`` (float32 ``[-1]`` before the first step, as
    MindSpore; ``t = state_step + 1``); ``max_exp_avg_sq.<name>`` lives in the amsgrad param groups."""
    _register_max_state = False

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False):
        check_adam_args(type(self).__name__, lr, betas, eps, weight_decay, amsgrad, maximize)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                                  "amsgrad": amsgrad, "maximize": maximize})
        self.exp_avg = self._state("exp_avg")
        self.exp_avg_sq = self._state("exp_avg_sq")
        if any(g["amsgrad"] for g in self.param_groups):
            # as MindSpore: the running maxima live in the amsgrad groups only (not Cell attributes, so not
            # in checkpoints of the optimizer); FusedAdamW also registers them (see fused_adamw.py)
            state = self._state("max_exp_avg_sq")
            for gid, g in enumerate(self.param_groups):
                if g["amsgrad"]:
                    s, e = self.group_start_id[gid], self.group_start_id[gid + 1]
                    g["max_exp_avg_sq"] = ParameterTuple(tuple(state[s:e]))
            if self._register_max_state:
                self.max_exp_avg_sq = state
        self.state_step = self._counter("state_step", -1.0, torch.float32, (1,))

    @torch.compiler.disable
    def construct(self, gradients):
        with torch.no_grad(), DisableTorchFunctionSubclass():
            step = to_torch(self.state_step)
            step.add_(1)
            t = step + 1  # MindSpore's counter starts at -1
            for gid, group in enumerate(self.param_groups):
                b1, b2 = group["betas"]
                s, e = self.group_start_id[gid], self.group_start_id[gid + 1]
                lr = self._group_lr(group, step)
                wd, eps, ams = group["weight_decay"], group["eps"], group["amsgrad"]
                step_size = lr / (1 - b1 ** t)
                bc2_sqrt = torch.sqrt(1 - b2 ** t)
                decay = 1 - lr * wd
                for i in range(s, e):
                    p = to_torch(self.parameters[i])
                    g = to_torch(gradients[i])
                    if group["maximize"]:
                        g = -g
                    m, v = to_torch(self.exp_avg[i]), to_torch(self.exp_avg_sq[i])
                    p.mul_(decay.to(p.dtype))
                    m.lerp_(g, 1 - b1)
                    v.mul_(b2).addcmul_(g, g, value=1 - b2)
                    if ams:
                        mx = to_torch(group["max_exp_avg_sq"][i - s])
                        torch.maximum(mx, v, out=mx)
                        v = mx
                    p.sub_((step_size * m / (v.sqrt() / bc2_sqrt + eps)).to(p.dtype))
        return True

"""``mindspore.mint.optim.SGD``."""
from __future__ import annotations

import torch
from ..._torch_seam import DisableTorchFunctionSubclass

from ...common.tensor import to_torch
from ...nn.optim import _validate as V
from ._base import MintOptimizer

__all__ = ["SGD"]


class SGD(MintOptimizer):
    """Mirrors ``mindspore.mint.optim.SGD(params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
    maximize=False)``, called as ``optimizer(grads)``: ``torch.optim.SGD``'s rule (the momentum buffer
    takes the first gradient as it is). State ``momentum_buf.<name>`` and ``step_t`` (int32)."""

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False):
        name = type(self).__name__
        for arg, v in (("lr", lr), ("momentum", momentum), ("weight_decay", weight_decay), ("dampening", dampening)):
            V.value_type(arg, v, [float, int], name)
        V.value_type("nesterov", nesterov, [bool], name)
        V.value_type("maximize", maximize, [bool], name)
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        params = list(params)
        super().__init__(params, {"lr": lr, "momentum": momentum, "weight_decay": weight_decay,
                                  "dampening": dampening, "nesterov": nesterov, "maximize": maximize})
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError("For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
                             f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}")
        self.momentum_buf = self._state("momentum_buf")
        self.step_t = self._counter("step_t", 0, torch.int32)

    @torch.compiler.disable
    def construct(self, gradients):
        with torch.no_grad(), DisableTorchFunctionSubclass():
            step_t = to_torch(self.step_t)
            first = step_t == 0  # a 0-d tensor: no host synchronisation
            for gid, group in enumerate(self.param_groups):
                s, e = self.group_start_id[gid], self.group_start_id[gid + 1]
                lr, mom, damp = self._group_lr(group, step_t), group["momentum"], group["dampening"]
                wd, nesterov = group["weight_decay"], group["nesterov"]
                for i in range(s, e):
                    p = to_torch(self.parameters[i])
                    d_p = to_torch(gradients[i])
                    if group["maximize"]:
                        d_p = -d_p
                    if wd != 0:
                        d_p = d_p + wd * p
                    if mom != 0:
                        buf = to_torch(self.momentum_buf[i])
                        buf.copy_(torch.where(first, d_p, buf * mom + d_p * (1 - damp)))
                        d_p = d_p + mom * buf if nesterov else buf
                    p.sub_((lr * d_p).to(p.dtype))
            step_t.add_(1)
        return True

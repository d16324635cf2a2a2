"""``mindspore.ops.operations.FusedCastAdamWeightDecay``: AdamWeightDecay for float16 (or float32) weights with
float32 moments, the gradient cast to float32 and divided by a global norm first."""
from __future__ import annotations

import torch

from ...common.tensor import to_torch
from ..primitive import Primitive

__all__ = ["FusedCastAdamWeightDecay"]


def _scalar(name, v):
    if isinstance(v, torch.Tensor):
        if v.dtype != torch.float32:
            raise TypeError(f"For 'FusedCastAdamWeightDecay', the '{name}' must be float32, but got {v.dtype}.")
        return to_torch(v).detach()
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError(f"For 'FusedCastAdamWeightDecay', the '{name}' must be a float, but got {type(v).__name__}.")
    return torch.tensor(float(v))


class FusedCastAdamWeightDecay(Primitive):
    """Mirrors ``ops.FusedCastAdamWeightDecay(use_locking=False)``: ``(var, m, v, lr, beta1, beta2, epsilon, decay,
    gradient, global_norm)`` → ``(var, m, v)`` updated in place: ``g = float32(gradient) / global_norm``; ``m = b1 m
    + (1 - b1) g``; ``v = b2 v + (1 - b2) g²``; ``update = m / (sqrt(v) + eps)`` (``+ decay * var`` when ``decay >
    0``); ``var -= lr * update``, computed in float32 and stored in ``var``'s dtype (float16 or float32). The
    ``global_norm`` input is in MindSpore 2.10's signature though not in its documented input list."""

    def __init__(self, use_locking=False):
        super().__init__("FusedCastAdamWeightDecay")
        if not isinstance(use_locking, bool):
            raise TypeError("For 'FusedCastAdamWeightDecay', the 'use_locking' must be bool, but got "
                            f"{type(use_locking).__name__}.")
        self.add_prim_attr("use_locking", use_locking)
        self.add_prim_attr("side_effect_mem", True)

    def __call__(self, var, m, v, lr, beta1, beta2, epsilon, decay, gradient, global_norm):
        op = "FusedCastAdamWeightDecay"
        for n, t, types in (("var", var, (torch.float16, torch.float32)), ("m", m, (torch.float32,)),
                            ("v", v, (torch.float32,)), ("gradient", gradient, (torch.float16, torch.float32))):
            if not isinstance(t, torch.Tensor) or t.dtype not in types:
                raise TypeError(f"For '{op}', the '{n}' must be a Tensor of {[str(d) for d in types]}, but got "
                                f"{getattr(t, 'dtype', type(t).__name__)}.")
        if not var.shape == m.shape == v.shape == gradient.shape:
            raise ValueError(f"For '{op}', 'var', 'm', 'v' and 'gradient' must have the same shape, but got "
                             f"{tuple(var.shape)}, {tuple(m.shape)}, {tuple(v.shape)} and {tuple(gradient.shape)}.")
        lr, b1, b2, eps, wd, norm = (_scalar(n, x) for n, x in (("lr", lr), ("beta1", beta1), ("beta2", beta2),
                                                                ("epsilon", epsilon), ("decay", decay),
                                                                ("global_norm", global_norm)))
        with torch.no_grad():
            tv, tm, tvv = to_torch(var), to_torch(m), to_torch(v)
            g = to_torch(gradient).detach().to(torch.float32) / norm
            tm.mul_(b1).add_((1 - b1) * g)
            tvv.mul_(b2).add_((1 - b2) * g * g)
            w = tv.to(torch.float32)
            update = tm / (torch.sqrt(tvv) + eps)
            if float(wd) > 0:
                update = update + wd * w
            tv.copy_((w - lr * update).to(tv.dtype))
        return var, m, v

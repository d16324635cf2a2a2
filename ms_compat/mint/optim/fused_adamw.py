"""``mindspore.mint.optim.FusedAdamW``."""
from __future__ import annotations

from .adamw import AdamW

__all__ = ["FusedAdamW"]


class FusedAdamW(AdamW):
    """Mirrors ``mindspore.mint.optim.FusedAdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
    weight_decay=1e-2, amsgrad=False, *, maximize=False)``: MindSpore's Ascend-fused AdamW (parameters
    packed in contiguous buffers). The update is :class:`AdamW`'s; here the parameters stay separate.
    As in MindSpore, every group must agree on ``amsgrad``, and ``max_exp_avg_sq`` is registered state."""
    _register_max_state = True

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False):
        params = list(params)
        for gid, g in enumerate(params):
            if isinstance(g, dict) and bool(g.get("amsgrad", amsgrad)) != bool(amsgrad):
                raise ValueError(f"FusedAdamW does not support mixed amsgrad across param_groups. Init "
                                 f"amsgrad={bool(amsgrad)}, but group[{gid}] amsgrad={bool(g['amsgrad'])}.")
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)

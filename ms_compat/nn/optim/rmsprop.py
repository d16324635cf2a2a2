"""``mindspore.nn.RMSProp`` with MindSpore's update rule (``ApplyRMSProp`` / ``ApplyCenteredRMSProp``)."""
from __future__ import annotations

import torch

from ...common.tensor import to_torch
from . import _validate as V
from .optimizer import Optimizer, _no_grad_plain, _zeros_like_state

__all__ = ["RMSProp"]


class RMSProp(Optimizer):
    """Mirrors ``nn.RMSProp(params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10,
    use_locking=False, centered=False, loss_scale=1.0, weight_decay=0.0)``.

    ``s = decay*s + (1-decay)*g²`` (``s`` starts at **ones**); ``mom = momentum*mom + lr*g/sqrt(s + eps)``
    (centered: ``sqrt(s - mg² + eps)`` with ``mg = decay*mg + (1-decay)*g``); ``p -= mom``. Unlike torch,
    eps is inside the square root and lr is folded into the moment. State ``mean_square.<name>``,
    ``moment.<name>`` (``mean_grad.<name>``)."""

    def __init__(self, params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10,
                 use_locking=False, centered=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        V.value_type("decay", decay, [float], self.cls_name)
        V.non_negative_float(decay, "decay", self.cls_name)
        V.value_type("momentum", momentum, [float], self.cls_name)
        V.non_negative_float(momentum, "momentum", self.cls_name)
        V.value_type("epsilon", epsilon, [float], self.cls_name)
        V.positive_float(epsilon, "epsilon", self.cls_name)
        V.value_type("use_locking", use_locking, [bool], self.cls_name)
        V.value_type("centered", centered, [bool], self.cls_name)
        self.centered = centered
        if centered:
            self._set_param_tuple("mg", _zeros_like_state(self._params_tuple, "mean_grad"))
        self.momentum = momentum
        self._set_param_tuple("ms", _zeros_like_state(self._params_tuple, "mean_square", 1.0))
        self._set_param_tuple("moment", _zeros_like_state(self._params_tuple, "moment"))
        self.epsilon = epsilon
        self.decay = decay

    @_no_grad_plain
    def construct(self, gradients):
        grads = self._prepare_gradients(self._check_gradients(gradients, plain=not self._multi_tensor()))
        d, mo, eps = self.decay, self.momentum, self.epsilon
        if self._multi_tensor():  # multi-tensor pass, the same rule
            lr = self._lr_scalars()
            self._step_increase()
            ps, gs, ss, moms = list(self._params_tuple), list(grads), list(self.ms), list(self.moment)
            torch._foreach_lerp_(ss, torch._foreach_mul(gs, gs), 1.0 - d)  # s += (g² - s)(1 - decay)
            if self.centered:
                mgs = list(self.mg)
                torch._foreach_lerp_(mgs, gs, 1.0 - d)
                denom = torch._foreach_sub(ss, torch._foreach_mul(mgs, mgs))
                torch._foreach_add_(denom, eps)
            else:
                denom = torch._foreach_add(ss, eps)
            torch._foreach_sqrt_(denom)
            torch._foreach_mul_(moms, mo)
            torch._foreach_addcdiv_(moms, gs, denom, lr)  # mom = momentum*mom + lr*g/denom
            torch._foreach_sub_(ps, moms)
            return (True,) * self.param_length
        lrs = self._lr_list()
        self._step_increase()
        mgs = self.mg if self.centered else [None] * self.param_length
        for p, g, s, mom, mg, lr in zip(self._plain_params(), grads, self.ms, self.moment, mgs, lrs):
            s, mom = to_torch(s), to_torch(mom)
            lr = lr.to(g.dtype) if isinstance(lr, torch.Tensor) else lr
            s.add_((g * g - s) * (1.0 - d))
            if self.centered:
                mg = to_torch(mg)
                mg.add_((g - mg) * (1.0 - d))
                denom = torch.sqrt(s - mg * mg + eps)
            else:
                denom = torch.sqrt(s + eps)
            mom.mul_(mo).add_(lr * g / denom)
            p.sub_(mom)
        return (True,) * self.param_length

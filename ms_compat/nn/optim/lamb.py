"""``mindspore.nn.Lamb`` with MindSpore's update rule (``Lamb`` kernel)."""
from __future__ import annotations

import torch

from ...common.tensor import to_torch
from .adam import _check_param_value
from .optimizer import Optimizer, _foreach_decay, _no_grad_plain, _take, _zeros_like_state

__all__ = ["Lamb"]


class Lamb(Optimizer):
    """Mirrors ``nn.Lamb(params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0)``.

    With ``t`` = global step after increment: ``m = b1 m + (1-b1) g``; ``v = b2 v + (1-b2) g²``;
    ``r = (m/(1-b1^t)) / (sqrt(v/(1-b2^t)) + eps) + wd*p``; trust ratio ``||p|| / ||r||`` (1 if either
    norm is 0); ``p -= lr * ratio * r``. State ``lamb_m.<name>``, ``lamb_v.<name>``."""

    _support_parallel_optimizer = True

    def __init__(self, params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        _check_param_value(beta1, beta2, eps, self.cls_name)
        self.beta1 = beta1
        self.beta2 = beta2
        self.eps = eps
        self._set_param_tuple("params", self._params_tuple)
        self._set_param_tuple("moments1", _zeros_like_state(self._params_tuple, "lamb_m"))
        self._set_param_tuple("moments2", _zeros_like_state(self._params_tuple, "lamb_v"))

    @_no_grad_plain
    def construct(self, gradients):
        grads = self._check_gradients(gradients, plain=not self._multi_tensor())
        wd = self.get_weight_decay()
        if self._multi_tensor():
            lr = self._lr_scalars()
        else:
            lrs = self._lr_list()
        self._step_increase()
        grads = self.gradients_centralization(grads)
        b1, b2, eps = self.beta1, self.beta2, self.eps
        t = to_torch(self.global_step).to(torch.float32).reshape(())
        bc1 = 1.0 - torch.pow(torch.tensor(b1, dtype=torch.float32), t)
        bc2 = 1.0 - torch.pow(torch.tensor(b2, dtype=torch.float32), t)
        if self._multi_tensor():
            self._foreach_update(grads, wd, lr, bc1.item(), bc2.item())
            return (True,) * self.param_length
        for i, (p, g, m, v, lr) in enumerate(zip(self._plain_params(), grads, self.moments1, self.moments2, lrs)):
            m, v = to_torch(m), to_torch(v)
            m.mul_(b1).add_(g * (1.0 - b1))
            v.mul_(b2).add_(g * g * (1.0 - b2))
            r = (m / bc1) / (torch.sqrt(v / bc2) + eps)
            if self.decay_flags[i]:
                w = wd[i] if self.is_group else wd
                w = to_torch(w) if isinstance(w, torch.Tensor) else w
                r = r + w * p
            wn = torch.linalg.vector_norm(p)
            rn = torch.linalg.vector_norm(r)
            ratio = torch.where((wn > 0) & (rn > 0), wn / rn, torch.ones((), dtype=p.dtype))
            p.sub_(lr * ratio * r)
        return (True,) * self.param_length

    def _foreach_update(self, grads, wd, lr, bc1, bc2):
        """The update above as multi-tensor calls; the trust ratios of all parameters in one vector."""
        b1, b2 = self.beta1, self.beta2
        ps, gs, ms_, vs = list(self._params_tuple), list(grads), list(self.moments1), list(self.moments2)
        torch._foreach_mul_(ms_, b1)
        torch._foreach_add_(ms_, gs, alpha=1.0 - b1)
        torch._foreach_mul_(vs, b2)
        torch._foreach_addcmul_(vs, gs, gs, value=1.0 - b2)
        r = torch._foreach_div(ms_, bc1)
        denom = torch._foreach_div(vs, bc2)
        torch._foreach_sqrt_(denom)
        torch._foreach_add_(denom, self.eps)
        torch._foreach_div_(r, denom)
        if self.exec_weight_decay and not self.is_group and not isinstance(wd, torch.Tensor):
            idx = [i for i, f in enumerate(self.decay_flags) if f]  # r + wd * p, in place on the fresh r
            torch._foreach_add_(_take(r, None if len(idx) == len(r) else idx),
                                _take(ps, None if len(idx) == len(r) else idx), alpha=wd)
        elif self.exec_weight_decay:  # r + wd * p for the decayed parameters
            decayed = _foreach_decay(ps, r, self.decay_flags, wd, self.is_group)
            if decayed is None:  # groups mixing fixed and dynamic decays
                decayed = [u + to_torch(wd[i]) * p if f else u
                           for i, (u, p, f) in enumerate(zip(r, ps, self.decay_flags))]
            r = list(decayed)
        wn = torch.stack(torch._foreach_norm(ps))
        rn = torch.stack(torch._foreach_norm(r))
        ratio = torch.where((wn > 0) & (rn > 0), wn / rn, torch.ones((), dtype=wn.dtype, device=wn.device))
        lr_t = torch.tensor(lr, dtype=torch.float32, device=ratio.device)  # one rate, or one per parameter
        torch._foreach_mul_(r, (lr_t * ratio).tolist())
        torch._foreach_sub_(ps, r)

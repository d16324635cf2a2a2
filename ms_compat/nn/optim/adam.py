"""``mindspore.nn.Adam`` and ``mindspore.nn.AdamWeightDecay`` with MindSpore's update rules."""
from __future__ import annotations

import torch

from ...common.parameter import Parameter
from ...common.tensor import Tensor, to_torch
from . import _validate as V
from .optimizer import (Optimizer, _foreach_decay, _foreach_sub_scaled_, _fusable, _lr_buckets, _no_grad_plain, _take,
                        _zeros_like_state)

__all__ = ["Adam", "AdamWeightDecay", "LazyAdam", "AdaMax", "AdamOffload"]


def _check_param_value(beta1, beta2, eps, prim_name):
    V.value_type("beta1", beta1, [float], prim_name)
    V.value_type("beta2", beta2, [float], prim_name)
    V.value_type("eps", eps, [float], prim_name)
    V.float_range(beta1, 0.0, 1.0, "neither", "beta1", prim_name)
    V.float_range(beta2, 0.0, 1.0, "neither", "beta2", prim_name)
    V.positive_float(eps, "eps", prim_name)


class Adam(Optimizer):
    """Mirrors ``nn.Adam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
    use_nesterov=False, weight_decay=0.0, loss_scale=1.0, use_amsgrad=False, **kwargs)``.

    ``lr_t = lr*sqrt(1-beta2^t)/(1-beta1^t)``; ``m += (1-beta1)(g-m)``; ``v += (1-beta2)(g²-v)``;
    ``p -= lr_t * m / (sqrt(v) + eps)`` (eps is not bias-corrected, unlike torch); nesterov uses
    ``beta1*m + (1-beta1)*g``; amsgrad keeps ``vhat = max(vhat, v)``. Weight decay is L2 added to
    the gradient. State ``beta1_power``, ``beta2_power``, ``moment1.<name>``, ``moment2.<name>``
    (``vhat.<name>``). ``use_lazy``/``use_offload`` are accepted and run the dense update."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0, use_amsgrad=False, **kwargs):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if set(kwargs) - {"use_lazy", "use_offload"}:
            raise KeyError("For 'Adam', invalid keys are passed as kwargs, supported keys are 'use_lazy' and"
                           f"'use_offload', but got {kwargs.keys()}.")
        use_lazy = kwargs.get("use_lazy", False)
        use_offload = kwargs.get("use_offload", False)
        _check_param_value(beta1, beta2, eps, self.cls_name)
        for n, v in (("use_locking", use_locking), ("use_nesterov", use_nesterov), ("use_amsgrad", use_amsgrad),
                     ("use_lazy", use_lazy), ("use_offload", use_offload)):
            V.value_type(n, v, [bool], self.cls_name)
        if use_lazy and use_offload:
            raise ValueError("For 'Adam', 'use_lazy' and 'use_offload' can not both be True."
                             f"But got use_lazy={use_lazy}, use_offload={use_offload}.")
        if use_amsgrad and (use_lazy or use_offload):
            raise ValueError("For lazy Adam and Adam with offload, there is no parameter named 'use_amsgrad'."
                             f"but got 'use_amsgrad'={use_amsgrad}.")
        self.beta1 = beta1
        self.beta2 = beta2
        self.eps = eps
        self.use_nesterov = use_nesterov
        self.use_locking = use_locking
        self.use_amsgrad = use_amsgrad
        self.use_lazy = use_lazy
        self.use_offload = use_offload
        self.beta1_power = Parameter(Tensor(1.0, torch.float32), name="beta1_power")
        self.beta2_power = Parameter(Tensor(1.0, torch.float32), name="beta2_power")
        self._set_param_tuple("moment1", _zeros_like_state(self._params_tuple, "moment1"))
        self._set_param_tuple("moment2", _zeros_like_state(self._params_tuple, "moment2"))
        if use_amsgrad:
            self._set_param_tuple("vhat", _zeros_like_state(self._params_tuple, "vhat"))

    @_no_grad_plain
    def construct(self, gradients):
        grads = self._check_gradients(gradients, plain=not self._multi_tensor())
        grads = self.decay_weight(grads)
        if not self.use_offload:
            grads = self.gradients_centralization(grads)
        grads = self.scale_grad(grads)
        b1, b2, eps = self.beta1, self.beta2, self.eps
        b1p, b2p = to_torch(self.beta1_power), to_torch(self.beta2_power)
        if self._multi_tensor():
            lr = self._lr_scalars()
            self._step_increase()
            b1p.mul_(b1)
            b2p.mul_(b2)
            corr = (torch.sqrt(1.0 - b2p) / (1.0 - b1p)).item()
            self._foreach_update(grads, [x * corr for x in lr] if isinstance(lr, list) else lr * corr)
            return (True,) * self.param_length
        lrs = self._lr_list()
        self._step_increase()
        b1p.mul_(b1)
        b2p.mul_(b2)
        corr = torch.sqrt(1.0 - b2p) / (1.0 - b1p)
        vhats = self.vhat if self.use_amsgrad else [None] * self.param_length
        for p, g, m, v, vh, lr in zip(self._plain_params(), grads, self.moment1, self.moment2, vhats, lrs):
            m, v = to_torch(m), to_torch(v)
            lr_t = lr * corr
            if self.use_amsgrad:
                vh = to_torch(vh)
                m.mul_(b1).add_(g * (1.0 - b1))
                v.mul_(b2).add_(g * g * (1.0 - b2))
                torch.maximum(vh, v, out=vh)
                p.sub_(lr_t * m / (torch.sqrt(vh) + eps))
                continue
            m.lerp_(g, 1.0 - b1)  # m += (g - m)(1 - b1)
            v.lerp_(g * g, 1.0 - b2)
            num = m * b1 + (1.0 - b1) * g if self.use_nesterov else m
            p.addcdiv_(num * lr_t, torch.sqrt(v).add_(eps), value=-1.0)
        return (True,) * self.param_length

    def _foreach_update(self, grads, lr_t):
        """The update above as multi-tensor calls (``lr_t``: the bias-corrected rate, a float or one per
        parameter): ``p -= lr_t * m / (sqrt(v) + eps)``."""
        b1, b2 = self.beta1, self.beta2
        ps, gs, ms_, vs = list(self._params_tuple), list(grads), list(self.moment1), list(self.moment2)
        vh = list(self.vhat) if self.use_amsgrad else []
        if not self.use_nesterov and _fusable(ps, gs, ms_, vs, vh):
            # PyTorch's fused Adam at step 1 (bias corrections 1-b1, sqrt(1-b2)) with the rate and eps rescaled:
            # lr'/(1-b1) * m / (sqrt(v)/c + eps/c) = lr_t * m / (sqrt(v) + eps), c = sqrt(1-b2)
            c = (1.0 - b2) ** 0.5
            steps = self.__dict__.get("_fused_steps")
            if steps is None or len(steps) != len(ps) or steps[0].device != ps[0].device:
                one = torch.ones((), dtype=torch.float32, device=ps[0].device)  # fused kernels: steps beside params
                steps = self.__dict__["_fused_steps"] = [one] * len(ps)
            for x, idx in _lr_buckets(lr_t, len(ps)):
                torch._fused_adam_(_take(ps, idx), _take(gs, idx), _take(ms_, idx), _take(vs, idx), _take(vh, idx) if vh
                                   else [], steps[:len(ps) if idx is None else len(idx)], lr=x * (1.0 - b1) / c,
                                   beta1=b1, beta2=b2, weight_decay=0.0, eps=self.eps / c,
                                   amsgrad=self.use_amsgrad, maximize=False)
            return
        if self.use_amsgrad:
            torch._foreach_mul_(ms_, b1)
            torch._foreach_add_(ms_, gs, alpha=1.0 - b1)
            torch._foreach_mul_(vs, b2)
            torch._foreach_addcmul_(vs, gs, gs, value=1.0 - b2)
            torch._foreach_maximum_(vh, vs)
            denom = torch._foreach_sqrt(vh)
        else:
            torch._foreach_lerp_(ms_, gs, 1.0 - b1)  # m += (g - m)(1 - b1)
            torch._foreach_lerp_(vs, torch._foreach_mul(gs, gs), 1.0 - b2)
            denom = torch._foreach_sqrt(vs)
        torch._foreach_add_(denom, self.eps)
        num = ms_
        if self.use_nesterov:  # b1*m + (1-b1)*g
            num = torch._foreach_mul(ms_, b1)
            torch._foreach_add_(num, gs, alpha=1.0 - b1)
        torch._foreach_addcdiv_(ps, num, denom, [-x for x in lr_t] if isinstance(lr_t, list) else -lr_t)


class AdamWeightDecay(Optimizer):
    """Mirrors ``nn.AdamWeightDecay(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0)``.

    Decoupled weight decay and **no bias correction**: ``m = b1 m + (1-b1) g``; ``v = b2 v + (1-b2) g²``;
    ``p -= lr * (m / (sqrt(v) + eps) + wd * p)`` (wd only for decayed parameters). Differs from
    ``torch.optim.AdamW`` (bias-corrected, eps 1e-8, wd 0.01). State ``adam_m.<name>``, ``adam_v.<name>``."""

    _support_parallel_optimizer = True

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        _check_param_value(beta1, beta2, eps, self.cls_name)
        self.beta1 = beta1
        self.beta2 = beta2
        self.eps = eps
        self._set_param_tuple("moments1", _zeros_like_state(self._params_tuple, "adam_m"))
        self._set_param_tuple("moments2", _zeros_like_state(self._params_tuple, "adam_v"))

    @_no_grad_plain
    def construct(self, gradients):
        grads = self._check_gradients(gradients, plain=not self._multi_tensor())
        wd = self.get_weight_decay()
        b1, b2, eps = self.beta1, self.beta2, self.eps
        if self._multi_tensor():
            lr = self._lr_scalars()
            self._step_increase()
            ps, gs = list(self._params_tuple), list(grads)
            if any(g.dtype != p.dtype for g, p in zip(gs, ps)):
                gs = [g.to(p.dtype) for g, p in zip(gs, ps)]
            ms_, vs = list(self.moments1), list(self.moments2)
            if _fusable(ps, gs, ms_, vs):
                self._fused_update(ps, gs, ms_, vs, lr, wd)
                return (True,) * self.param_length
            torch._foreach_mul_(ms_, b1)
            torch._foreach_add_(ms_, gs, alpha=1.0 - b1)
            torch._foreach_mul_(vs, b2)
            torch._foreach_addcmul_(vs, gs, gs, value=1.0 - b2)
            denom = torch._foreach_sqrt(vs)
            torch._foreach_add_(denom, eps)
            upd = torch._foreach_div(ms_, denom)
            if self.exec_weight_decay:  # upd + wd * p for the decayed parameters
                decayed = _foreach_decay(ps, upd, self.decay_flags, wd, self.is_group)
                if decayed is None:  # groups mixing fixed and dynamic decays
                    decayed = [u + to_torch(wd[i]) * p if f else u
                               for i, (u, p, f) in enumerate(zip(upd, ps, self.decay_flags))]
                upd = list(decayed)
            _foreach_sub_scaled_(ps, upd, lr)
            return (True,) * self.param_length
        lrs = self._lr_list()
        self._step_increase()
        for i, (p, g, m, v, lr) in enumerate(zip(self._plain_params(), grads, self.moments1, self.moments2, lrs)):
            m, v = to_torch(m), to_torch(v)
            g = g.to(p.dtype)
            m.mul_(b1).add_(g, alpha=1.0 - b1)
            v.mul_(b2).addcmul_(g, g, value=1.0 - b2)
            upd = m / torch.sqrt(v).add_(eps)
            if self.decay_flags[i]:
                w = wd[i] if self.is_group else wd
                w = to_torch(w) if isinstance(w, torch.Tensor) else w
                upd = upd + w * p
            p.sub_(lr * upd)
        return (True,) * self.param_length


    def _fused_update(self, ps, gs, ms_, vs, lr, wd):
        """PyTorch's fused AdamW at step 1 with the rate, eps and decay rescaled, one call per (rate, decay):
        ``p *= 1 - lr'·wd'``; ``p -= lr'/(1-b1) · m / (sqrt(v)/c + eps')`` with ``c = sqrt(1-b2)``,
        ``lr' = lr·(1-b1)/c``, ``eps' = eps/c``, ``wd' = lr·wd/lr'`` is ``p -= lr·(m/(sqrt(v)+eps) + wd·p)``."""
        b1, b2, n = self.beta1, self.beta2, len(ps)
        c = (1.0 - b2) ** 0.5
        lrs = lr if isinstance(lr, list) else [lr] * n
        if not self.exec_weight_decay:
            ws = [0.0] * n
        elif self.is_group:
            ws = [(to_torch(w).item() if isinstance(w, torch.Tensor) else w) if f else 0.0
                  for w, f in zip(wd, self.decay_flags)]
        else:
            w = to_torch(wd).item() if isinstance(wd, torch.Tensor) else wd
            ws = [w if f else 0.0 for f in self.decay_flags]
        buckets = {}
        for i, key in enumerate(zip(lrs, ws)):
            buckets.setdefault(key, []).append(i)
        steps = self.__dict__.get("_fused_steps")
        if steps is None or len(steps) != n or steps[0].device != ps[0].device:
            one = torch.ones((), dtype=torch.float32, device=ps[0].device)  # fused kernels: steps beside params
            steps = self.__dict__["_fused_steps"] = [one] * n
        for (x, w), idx in buckets.items():
            idx = None if len(idx) == n else idx
            x2 = x * (1.0 - b1) / c
            torch._fused_adamw_(_take(ps, idx), _take(gs, idx), _take(ms_, idx), _take(vs, idx), [],
                                steps[:n if idx is None else len(idx)], lr=x2, beta1=b1, beta2=b2,
                                weight_decay=x * w / x2 if x2 else 0.0, eps=self.eps / c, amsgrad=False,
                                maximize=False)


class LazyAdam(Adam):
    """Mirrors ``nn.LazyAdam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
    use_nesterov=False, weight_decay=0.0, loss_scale=1.0)`` (deprecated in MindSpore for ``nn.Adam``).
    With dense gradients (the only kind ms_compat has) its update is Adam's; ``beta1_power`` and
    ``beta2_power`` have shape ``(1,)``."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov, weight_decay, loss_scale)
        self.beta1_power.set_data(Tensor([1.0], torch.float32))
        self.beta2_power.set_data(Tensor([1.0], torch.float32))


class AdaMax(Optimizer):
    """Mirrors ``nn.AdaMax(params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08, weight_decay=0.0,
    loss_scale=1.0)`` (``ApplyAdaMax``): ``m = b1 m + (1-b1) g``; ``v = max(b2 v, |g|)``;
    ``p -= lr / (1 - b1^t) * m / (v + eps)``. State ``beta1_power`` (shape (1,)), ``moment1.<name>``, ``moment2.<name>``."""

    def __init__(self, params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08, weight_decay=0.0,
                 loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_param_value(beta1, beta2, eps, self.cls_name)
        self.beta1 = beta1
        self.beta2 = beta2
        self.eps = eps
        self.beta1_power = Parameter(Tensor([1.0], torch.float32), name="beta1_power")
        self._set_param_tuple("moment1", _zeros_like_state(self._params_tuple, "moment1"))
        self._set_param_tuple("moment2", _zeros_like_state(self._params_tuple, "moment2"))

    @_no_grad_plain
    def construct(self, gradients):
        grads = self._prepare_gradients(self._check_gradients(gradients))
        lrs = self._lr_list()
        self._step_increase()
        b1p = to_torch(self.beta1_power)
        b1p.mul_(self.beta1)
        for p, g, m, v, lr in zip(self._plain_params(), grads, self.moment1, self.moment2, lrs):
            m, v = to_torch(m), to_torch(v)
            m.mul_(self.beta1).add_(g, alpha=1.0 - self.beta1)
            torch.maximum(v * self.beta2, torch.abs(g), out=v)
            p.sub_(lr / (1.0 - b1p) * (m / (v + self.eps)))
        return (True,) * self.param_length


class AdamOffload(Adam):
    """Mirrors ``nn.AdamOffload(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
    use_nesterov=False, weight_decay=0.0, loss_scale=1.0)``: ``Adam(..., use_offload=True)``, the same numbers and
    state names as ``nn.Adam`` (checked against MindSpore 2.10); ``beta1_power``/``beta2_power`` have shape
    ``(1,)``, as MindSpore's. Difference: MindSpore keeps the moments in host
    memory and runs the update on the CPU to save device memory; here, as for ``Adam(use_offload=True)``, the
    update runs where the parameters are."""

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov, weight_decay,
                         loss_scale, use_offload=True)
        self.beta1_power.set_data(Tensor([1.0], torch.float32))  # shape (1,), as MindSpore's AdamOffload
        self.beta2_power.set_data(Tensor([1.0], torch.float32))

"""``mindspore.nn.Momentum`` with MindSpore's update rule (``ops.ApplyMomentum``)."""
from __future__ import annotations

import torch

from ...common.parameter import Parameter
from ...common.tensor import Tensor, to_torch
from . import _validate as V
from .optimizer import (Optimizer, _foreach_sub_scaled_, _fused_split, _lr_buckets, _no_grad_plain, _scalar_operands,
                        _take, _take_lr, _zeros_like_state)

__all__ = ["Momentum"]


class Momentum(Optimizer):
    """Mirrors ``nn.Momentum(params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0,
    use_nesterov=False)``: ``v = momentum*v + g``; ``p -= lr*v`` (nesterov: ``p -= lr*(g + momentum*v)``).
    State ``momentum``, ``moments.<name>``.

    Difference: real MindSpore 2.10 on CPU ignores ``use_nesterov`` (measured: identical numbers);
    ms_compat applies the documented Nesterov rule (what GPU/Ascend kernels do)."""

    def __init__(self, params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0, use_nesterov=False):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        V.value_type("momentum", momentum, [float], self.cls_name)
        if momentum < 0.0:
            raise ValueError(f"For 'Momentum', the argument 'momentum' must be at least 0.0, but got {momentum}")
        self.momentum = Parameter(Tensor(momentum, torch.float32), name="momentum")
        self.use_nesterov = V.check_bool(use_nesterov)
        self._set_param_tuple("params", self._params_tuple)
        self._set_param_tuple("moments", _zeros_like_state(self._params_tuple, "moments", 0.0))

    @_no_grad_plain
    def construct(self, gradients):
        grads = self._prepare_gradients(self._check_gradients(gradients, plain=not self._multi_tensor()))
        mom = to_torch(self.momentum)
        if self._multi_tensor():  # multi-tensor pass, the same rule
            lr = self._lr_scalars()
            self._step_increase()
            m, ps, vs, gs = mom.item(), list(self._params_tuple), list(self.moments), list(grads)
            fused, rest = _fused_split(ps, gs, vs, owner=self)
            if fused != []:  # PyTorch's fused SGD is this rule: v = m*v + g (v starts at 0), p -= lr*v
                fps, fgs, fvs = _take(ps, fused), _take(gs, fused), _take(vs, fused)
                for x, idx in _lr_buckets(_take_lr(lr, fused), len(fps)):
                    torch._fused_sgd_(_take(fps, idx), _take(fgs, idx), _take(fvs, idx), weight_decay=0.0,
                                      momentum=m, lr=x, dampening=0.0, nesterov=self.use_nesterov, maximize=False,
                                      is_first_step=False)
            if rest == []:
                return (True,) * self.param_length
            ps, gs, vs, lr = _take(ps, rest), _take(gs, rest), _take(vs, rest), _take_lr(lr, rest)
            (m_op,) = _scalar_operands((vs,), m)  # a 0-d tensor where it gives the same bits (faster on CPU)
            torch._foreach_mul_(vs, m_op)
            torch._foreach_add_(vs, gs)
            if self.use_nesterov:  # p -= lr * (g + momentum * v)
                upd = torch._foreach_mul(vs, m_op)
                torch._foreach_add_(upd, gs)
                _foreach_sub_scaled_(ps, upd, lr)
            else:
                _foreach_sub_scaled_(ps, vs, lr)
            return (True,) * self.param_length
        lrs = self._lr_list()
        self._step_increase()
        for p, g, v, lr in zip(self._plain_params(), grads, self.moments, lrs):
            v = to_torch(v)
            v.mul_(mom).add_(g)
            if self.use_nesterov:
                p.sub_(g * lr + v * mom * lr)
            else:
                p.addcmul_(v, lr, value=-1.0)
        return (True,) * self.param_length

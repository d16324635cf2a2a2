"""``mindspore.nn.Adagrad`` with MindSpore's update rule (``ApplyAdagrad``)."""
from __future__ import annotations

import torch

from ...common.tensor import to_torch
from . import _validate as V
from .optimizer import Optimizer, _fusable, _lr_buckets, _no_grad_plain, _take, _zeros_like_state

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    """Mirrors ``nn.Adagrad(params, accum=0.1, learning_rate=0.001, update_slots=True, loss_scale=1.0,
    weight_decay=0.0)``: ``a += g²`` (if ``update_slots``); ``p -= lr * g / sqrt(a)`` (no eps, unlike
    torch; ``a`` starts at ``accum``). State ``accum.<name>``."""

    def __init__(self, params, accum=0.1, learning_rate=0.001, update_slots=True, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        V.value_type("accum", accum, [float], self.cls_name)
        V.value_type("update_slots", update_slots, [bool], self.cls_name)
        V.non_negative_float(accum, "accum", self.cls_name)
        self.update_slots = update_slots
        self._set_param_tuple("accum", _zeros_like_state(self._params_tuple, "accum", accum))

    @_no_grad_plain
    def construct(self, grads):
        grads = self._prepare_gradients(self._check_gradients(grads, plain=not self._multi_tensor()))
        if self._multi_tensor():  # multi-tensor pass, the same rule
            lr = self._lr_scalars()
            self._step_increase()
            ps, gs, accs = list(self._params_tuple), list(grads), list(self.accum)
            if self.update_slots and _fusable(ps, gs, accs):  # PyTorch's fused Adagrad, eps 0 and no lr decay
                steps = self.__dict__.get("_fused_steps")
                if steps is None or len(steps) != len(ps) or steps[0].device != ps[0].device:
                    steps = self.__dict__["_fused_steps"] = [torch.ones((), dtype=torch.float32, device=p.device)
                                                             for p in ps]
                for x, idx in _lr_buckets(lr, len(ps)):
                    torch._fused_adagrad_(_take(ps, idx), _take(gs, idx), _take(accs, idx), _take(steps, idx), lr=x,
                                          lr_decay=0.0, weight_decay=0.0, eps=0.0, maximize=False)
                return (True,) * self.param_length
            if self.update_slots:
                torch._foreach_addcmul_(accs, gs, gs)
            neg_lr = [-x for x in lr] if isinstance(lr, list) else -lr
            torch._foreach_addcdiv_(ps, gs, torch._foreach_sqrt(accs), neg_lr)
            return (True,) * self.param_length
        lrs = self._lr_list()
        self._step_increase()
        for p, g, a, lr in zip(self._plain_params(), grads, self.accum, lrs):
            a = to_torch(a)
            if self.update_slots:
                a.add_(g * g)
            p.sub_(lr * g / torch.sqrt(a))
        return (True,) * self.param_length

"""``mindspore.nn.SGD`` with MindSpore's update rule (``ops.SGD`` kernel)."""
from __future__ import annotations

import torch

from ...common.parameter import Parameter
from ...common.tensor import Tensor, to_torch
from . import _validate as V
from .optimizer import (Optimizer, _foreach_sub_scaled_, _fused_split, _lr_buckets, _no_grad_plain, _scalar_operands,
                        _take, _take_lr, _zeros_like_state, tensor_signature)

__all__ = ["SGD"]


class SGD(Optimizer):
    """Mirrors ``nn.SGD(params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0,
    nesterov=False, loss_scale=1.0)``.

    Per element: ``accum = g`` on the first step (``stat`` = 1), else ``accum = momentum*accum +
    (1-dampening)*g``; ``p -= lr * (g + momentum*accum if nesterov else accum)``. State:
    ``momentum``, ``accum.<name>`` (zeros), ``stat.<name>`` (ones). With ``momentum=0`` the update is
    ``p -= lr*g`` and ``dampening`` is ignored (measured)."""

    def __init__(self, params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False,
                 loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if isinstance(momentum, int) and not isinstance(momentum, bool):
            momentum = float(momentum)
        if not isinstance(momentum, float):
            raise TypeError(f"For 'SGD', the argument 'momentum' must be float type, but got {type(momentum)}.")
        if momentum < 0.0:
            raise ValueError(f"For 'SGD', the argument 'momentum' must be at least 0.0, but got {momentum}.")
        if isinstance(dampening, int) and not isinstance(dampening, bool):
            dampening = float(dampening)
        if not isinstance(dampening, float):
            raise TypeError(f"For 'SGD', the argument 'dampening' must be float type, but got {type(dampening)}.")
        if dampening < 0.0:
            raise ValueError(f"For 'SGD', the argument 'dampening' must be at least 0.0, but got 'dampening' "
                             f"{dampening}")
        self.dampening = dampening
        V.value_type("nesterov", nesterov, [bool], self.cls_name)
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError("For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must equal "
                             f"to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}.")
        self.nesterov = nesterov
        if self.dynamic_weight_decay:
            raise TypeError("For 'SGD', dynamic weight decay is currently not supported, the argument 'weight_decay' "
                            "or 'weight_decay' set in grouped 'params' must be float or int type.")
        self.momentum = Parameter(Tensor(momentum, torch.float32), name="momentum")
        self._set_param_tuple("accum", _zeros_like_state(self._params_tuple, "accum", 0.0))
        self._set_param_tuple("stat", _zeros_like_state(self._params_tuple, "stat", 1.0))

    @_no_grad_plain
    def construct(self, gradients):
        grads = self._prepare_gradients(self._check_gradients(gradients, plain=not self._multi_tensor()))
        mom = to_torch(self.momentum)
        if not self._multi_tensor():
            lrs = self._lr_list()
            self._step_increase()
            return self._loop_update(grads, lrs, mom)
        lr = self._lr_scalars()
        self._step_increase()
        m = mom.item()
        ps, gs = list(self._params_tuple), list(grads)
        if m <= 0.0:  # MindSpore's kernel: no momentum → p -= lr*g; accum/stat untouched (measured)
            fused, rest = _fused_split(ps, gs, owner=self)
            if fused != []:
                fps, fgs = _take(ps, fused), _take(gs, fused)
                for x, idx in _lr_buckets(_take_lr(lr, fused), len(fps)):
                    torch._fused_sgd_(_take(fps, idx), _take(fgs, idx), [], weight_decay=0.0, momentum=0.0, lr=x,
                                      dampening=0.0, nesterov=False, maximize=False, is_first_step=False)
            if rest != []:
                _foreach_sub_scaled_(_take(ps, rest), _take(gs, rest), _take_lr(lr, rest))
            return (True,) * self.param_length
        if not self._stats_clear():
            # some element still takes its first step (accum = g): the per-element rule, per parameter
            return self._loop_update(grads, lr if isinstance(lr, list) else [lr] * self.param_length, mom)
        accs = list(self.accum)  # every stat is 0: accum = momentum*accum + (1-dampening)*g for all
        fused, rest = _fused_split(ps, gs, accs, owner=self)
        if fused != []:  # PyTorch's fused SGD after its first step is this rule
            fps, fgs, fas = _take(ps, fused), _take(gs, fused), _take(accs, fused)
            for x, idx in _lr_buckets(_take_lr(lr, fused), len(fps)):
                torch._fused_sgd_(_take(fps, idx), _take(fgs, idx), _take(fas, idx), weight_decay=0.0, momentum=m,
                                  lr=x, dampening=self.dampening, nesterov=self.nesterov, maximize=False,
                                  is_first_step=False)
        if rest == []:
            return (True,) * self.param_length
        ps, gs, accs, lr = _take(ps, rest), _take(gs, rest), _take(accs, rest), _take_lr(lr, rest)
        (m_op,) = _scalar_operands((accs,), m)  # a 0-d tensor where it gives the same bits (faster on CPU)
        torch._foreach_mul_(accs, m_op)
        torch._foreach_add_(accs, gs, alpha=1.0 - self.dampening)
        if self.nesterov:
            upd = torch._foreach_mul(accs, m_op)
            torch._foreach_add_(upd, gs)
        else:
            upd = accs
        _foreach_sub_scaled_(ps, upd, lr)
        return (True,) * self.param_length

    def _stats_clear(self):
        """Whether every ``stat`` element is 0 (no first step left). Checked on the tensors; the answer is kept
        while each stat tensor's version counter and storage stay as they were then (any write — an in-place
        change, ``set_data``, a checkpoint load — changes one of them, and the tensors are checked again)."""
        stats = list(self.stat)
        sig = tensor_signature(stats)
        if sig == self.__dict__.get("_stat_clear_sig"):
            return True
        clear = not bool(torch.stack(torch._foreach_norm(stats, 1)).any())
        self.__dict__["_stat_clear_sig"] = sig if clear else None
        return clear

    def _loop_update(self, grads, lrs, mom):
        damp = 1.0 - self.dampening
        plain = float(mom.detach()) <= 0.0  # MindSpore's kernel: no momentum → p -= lr*g; accum/stat untouched
        for p, g, a, s, lr in zip(self._plain_params(), grads, self.accum, self.stat, lrs):
            if plain:
                p.sub_(lr * g)
                continue
            a, s = to_torch(a), to_torch(s)
            first = s > 0
            a.copy_(torch.where(first, g, a * mom + damp * g))
            s.zero_()
            upd = g + mom * a if self.nesterov else a
            p.sub_(lr * upd)
        return (True,) * self.param_length

"""``nn.ASGD``, ``nn.Rprop``, ``nn.Adadelta`` (MindSpore's classic-API optimizers whose rules are PyTorch's: run on
``torch.optim``'s functional algorithms), ``nn.ProximalAdagrad`` (``ApplyProximalAdagrad``) and ``nn.FTRL``
(``ApplyFtrl``), called with a tuple of gradients after MindSpore's weight decay / gradient centralization /
loss-scale steps."""
from __future__ import annotations

import torch
from torch.optim.adadelta import adadelta as _torch_adadelta
from torch.optim.asgd import asgd as _torch_asgd
from torch.optim.rprop import rprop as _torch_rprop

from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor, to_torch
from . import _validate as V
from .optimizer import Optimizer, _no_grad_plain, _zeros_like_state

__all__ = ["ASGD", "Rprop", "Adadelta", "ProximalAdagrad", "FTRL"]


def _float_arg(name, value, cls):
    if isinstance(value, bool) or not isinstance(value, float):
        raise TypeError(f"For '{cls}', the type of '{name}' should be 'float', but got type '{type(value).__name__}'.")
    return value


class ASGD(Optimizer):
    """Mirrors ``nn.ASGD(params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0)``: PyTorch's
    averaged SGD. State ``mu_<name>``, ``eta_<name>``, ``ax_.<name>``."""

    def __init__(self, params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        for name, v in (("lambd", lambd), ("alpha", alpha), ("t0", t0)):
            _float_arg(name, v, self.cls_name)
        self.lambd, self.alpha, self.t0 = lambd, alpha, t0
        ps = self._params_tuple
        self._set_param_tuple("mu", ParameterTuple([Parameter(Tensor(1.0, torch.float32), "mu_" + p.name) for p in ps]))
        self._set_param_tuple("eta", ParameterTuple([Parameter(Tensor(0.0, torch.float32), "eta_" + p.name)
                                                     for p in ps]))
        self._set_param_tuple("ax", _zeros_like_state(ps, "ax_"))

    @_no_grad_plain
    def construct(self, gradients):
        grads = self._prepare_gradients(self._check_gradients(gradients))
        lrs = self._lr_list()
        step = int(to_torch(self.global_step))
        self._step_increase()
        for p, g, mu, eta, ax, lr in zip(self._plain_params(), grads, self.mu, self.eta, self.ax, lrs):
            eta, mu = to_torch(eta), to_torch(mu)
            if step == 0:
                eta.copy_(lr)
            _torch_asgd([p], [g.to(p.dtype)], [to_torch(ax)], [mu], [eta], [torch.tensor(float(step))], foreach=False,
                        lambd=self.lambd, lr=float(lr), t0=self.t0, alpha=self.alpha, weight_decay=0.0)
        return (True,) * self.param_length


class Rprop(Optimizer):
    """Mirrors ``nn.Rprop(params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.), weight_decay=0.)``:
    PyTorch's Rprop (step sizes start at the learning rate). State ``prev.<name>``, ``step_size.<name>``."""

    def __init__(self, params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.0), weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        if not isinstance(etas, tuple):
            raise TypeError(f"For Rprop, etas must be a tuple, but got {type(etas)}.")
        if len(etas) != 2:
            raise ValueError(f"For Rprop, etas must be a tuple with the size of 2, but got {len(etas)}.")
        if not isinstance(step_sizes, tuple):
            raise TypeError(f"For Rprop, step_sizes must be a tuple, but got {type(etas)}.")
        if len(step_sizes) != 2:
            raise ValueError(f"For Rprop, step_sizes must be a tuple with the size of 2, but got {len(step_sizes)}.")
        if step_sizes[0] > step_sizes[1]:
            raise ValueError("For Rprop, maximal step size should not be less than minimal step size, but got "
                             f"{step_sizes[0]} > {step_sizes[1]}.")
        if not 0.0 < etas[0] < 1.0:
            raise ValueError(f"For '{self.cls_name}', the 'etaminus' must be in range of (0.0, 1.0), but got "
                             f"{etas[0]} with type '{type(etas[0]).__name__}'.")
        _float_arg("etaplus", etas[1], self.cls_name)
        if etas[1] <= 1.0:
            raise ValueError(f"For Rprop, etaplus must be greater than 1.0, but got etaplus {etas[1]}.")
        _float_arg("min_step_sizes", step_sizes[0], self.cls_name)
        _float_arg("max_step_sizes", step_sizes[1], self.cls_name)
        self.etaminus, self.etaplus = etas
        self.step_size_min, self.step_size_max = step_sizes
        self._set_param_tuple("prev", _zeros_like_state(self._params_tuple, "prev"))
        self._set_param_tuple("step_size", _zeros_like_state(self._params_tuple, "step_size"))

    @_no_grad_plain
    def construct(self, gradients):
        grads = self._prepare_gradients(self._check_gradients(gradients))
        lrs = self._lr_list()
        first = int(to_torch(self.global_step)) == 0
        self._step_increase()
        for p, g, prev, size, lr in zip(self._plain_params(), grads, self.prev, self.step_size, lrs):
            size = to_torch(size)
            if first:
                size.fill_(float(lr))
            _torch_rprop([p], [g.to(p.dtype)], [to_torch(prev)], [size], [torch.tensor(0.0)], foreach=False,
                         step_size_min=self.step_size_min, step_size_max=self.step_size_max,
                         etaminus=self.etaminus, etaplus=self.etaplus)
        return (True,) * self.param_length


class Adadelta(Optimizer):
    """Mirrors ``nn.Adadelta(params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0, weight_decay=0.0)``:
    MindSpore's ``ApplyAdadelta``, which is PyTorch's Adadelta rule. State ``accum.<name>``,
    ``accum_update.<name>``."""

    def __init__(self, params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _float_arg("rho", rho, self.cls_name)
        _float_arg("epsilon", epsilon, self.cls_name)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"For '{self.cls_name}', the 'rho' must be in range of [0.0, 1.0], but got {rho} with "
                             "type 'float'.")
        V.non_negative_float(epsilon, "epsilon", self.cls_name)
        self.rho, self.epsilon = rho, epsilon
        self._set_param_tuple("accum", _zeros_like_state(self._params_tuple, "accum"))
        self._set_param_tuple("accum_update", _zeros_like_state(self._params_tuple, "accum_update"))

    @_no_grad_plain
    def construct(self, grads):
        if not isinstance(grads, tuple) or not isinstance(grads[0], torch.Tensor):
            raise TypeError("For 'Adadelta', the 'grads' must be a tuple of Tensor.")
        grads = self._prepare_gradients(self._check_gradients(grads))
        lrs = self._lr_list()
        self._step_increase()
        for p, g, a, u, lr in zip(self._plain_params(), grads, self.accum, self.accum_update, lrs):
            _torch_adadelta([p], [g.to(p.dtype)], [to_torch(a)], [to_torch(u)], [torch.tensor(0.0)], foreach=False,
                            lr=float(lr), rho=self.rho, eps=self.epsilon, weight_decay=0.0, maximize=False)
        return (True,) * self.param_length


class ProximalAdagrad(Optimizer):
    """Mirrors ``nn.ProximalAdagrad(params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0, use_locking=False,
    loss_scale=1.0, weight_decay=0.0)`` (``ApplyProximalAdagrad``): ``a += g²``; ``η = lr/√a``; ``v = p - η·g``;
    ``p = sign(v)·max(|v| - η·l1, 0) / (1 + η·l2)``. State ``accum.<name>``. Deprecated in MindSpore 2.9."""

    def __init__(self, params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0, use_locking=False, loss_scale=1.0,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        for name, v in (("accum", accum), ("l1", l1), ("l2", l2)):
            _float_arg(name, v, self.cls_name)
            V.non_negative_float(v, name, self.cls_name)
        if not isinstance(use_locking, bool):
            raise TypeError(f"For '{self.cls_name}', the type of 'use_locking' should be 'bool', but got type "
                            f"'{type(use_locking).__name__}'.")
        self.l1, self.l2, self.use_locking = l1, l2, use_locking
        self._set_param_tuple("accum", _zeros_like_state(self._params_tuple, "accum", accum))

    @_no_grad_plain
    def construct(self, grads):
        grads = self._prepare_gradients(self._check_gradients(grads))
        lrs = self._lr_list()
        self._step_increase()
        for p, g, a, lr in zip(self._plain_params(), grads, self.accum, lrs):
            a = to_torch(a)
            a.add_(g * g)
            lr_t = lr / torch.sqrt(a)
            v = p - g * lr_t
            p.copy_(torch.sign(v) * torch.clamp(torch.abs(v) - lr_t * self.l1, min=0.0) / (1.0 + lr_t * self.l2))
        return (True,) * self.param_length


class FTRL(Optimizer):
    """Mirrors ``nn.FTRL(params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0, l2=0.0,
    use_locking=False, loss_scale=1.0, weight_decay=0.0)`` (``ApplyFtrl``: follow-the-regularized-leader with
    state ``moments.<name>`` (accumulated squared gradients, from ``initial_accum``) and ``linear.<name>``), with
    the update MindSpore documents, ``p = (sign(z)·l1 - z) / (n^(-lr_power)/lr + 2·l2)`` where ``|z| > l1``, else 0.
    Difference: with ``l1 > 0`` MindSpore 2.10's CPU kernel was observed to use ``+l1`` where ``z < 0``; here
    ``sign(z)·l1``, as documented. Deprecated in MindSpore 2.9."""

    def __init__(self, params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0, l2=0.0,
                 use_locking=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        cls = self.cls_name
        _float_arg("initial_accum", initial_accum, cls)
        if initial_accum < 0.0:
            raise ValueError(f"For '{cls}', the argument 'initial_accum' must >= 0.0, but got {initial_accum}.")
        _float_arg("learning_rate", learning_rate, cls)
        if learning_rate <= 0.0:
            raise ValueError(f"For '{cls}', the 'learning_rate' must be float and must > 0, but got "
                             f"'{learning_rate}' with type 'float'.")
        _float_arg("lr_power", lr_power, cls)
        if lr_power > 0.0:
            raise ValueError(f"For '{cls}', the argument 'lr_power' must <= 0.0, but got {lr_power}.")
        for name, v in (("l1", l1), ("l2", l2)):
            _float_arg(name, v, cls)
            if v < 0.0:
                raise ValueError(f"For '{cls}', the argument '{name}' must >= 0.0, but got {v}.")
        if not isinstance(use_locking, bool):
            raise TypeError(f"For '{cls}', the type of 'use_locking' should be 'bool', but got type "
                            f"'{type(use_locking).__name__}'.")
        self.lr, self.lr_power, self.l1, self.l2, self.use_locking = learning_rate, lr_power, l1, l2, use_locking
        self._set_param_tuple("moments", _zeros_like_state(self._params_tuple, "moments", initial_accum))
        self._set_param_tuple("linear", _zeros_like_state(self._params_tuple, "linear"))

    @_no_grad_plain
    def construct(self, grads):
        grads = self._prepare_gradients(self._check_gradients(grads))
        lr, k = to_torch(self.get_lr()), -self.lr_power  # MindSpore's FTRL reads get_lr() (a subclass may override it)
        self._step_increase()
        for p, g, m, lin in zip(self._plain_params(), grads, self.moments, self.linear):
            m, lin = to_torch(m), to_torch(lin)
            new_m = m + g * g
            sigma = (torch.pow(new_m, k) - torch.pow(m, k)) / lr
            lin.add_(g - sigma * p)
            quad = torch.pow(new_m, k) / lr + 2.0 * self.l2
            p.copy_(torch.where(torch.abs(lin) > self.l1, (self.l1 * torch.sign(lin) - lin) / quad,
                                torch.zeros_like(p)))
            m.copy_(new_m)
        return (True,) * self.param_length

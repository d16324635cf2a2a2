"""Optimizer-update Primitives of ``mindspore.ops.operations``: ``Adam``, ``AdamWeightDecay``, ``SGD``,
``ApplyProximalAdagrad``, ``ApplyAdamWithAmsgrad``. Each updates its Parameters in place
(under ``torch.no_grad()``) with MindSpore's documented rule and returns them."""
from __future__ import annotations

import torch

from ..primitive import Primitive

__all__ = ["Adam", "AdamWeightDecay", "SGD", "ApplyProximalAdagrad", "ApplyAdamWithAmsgrad"]


def _f(v):
    return v if isinstance(v, torch.Tensor) else torch.tensor(float(v))


class _P(Primitive):
    def __init__(self, **attrs):
        super().__init__(type(self).__name__)
        for k, v in attrs.items():
            self.add_prim_attr(k, v)


class Adam(_P):
    """Mirrors ``ops.Adam(use_locking=False, use_nesterov=False)``: ``(var, m, v, beta1_power, beta2_power, lr,
    beta1, beta2, epsilon, gradient)`` → ``(var, m, v)`` updated in place with
    ``lr_t = lr * sqrt(1 - beta2_power) / (1 - beta1_power)``."""

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__(use_locking=use_locking, use_nesterov=use_nesterov)

    def __call__(self, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
        b1, b2, eps = _f(beta1), _f(beta2), _f(epsilon)
        with torch.no_grad():
            lr_t = _f(lr) * torch.sqrt(1 - _f(beta2_power)) / (1 - _f(beta1_power))
            m.mul_(b1).add_((1 - b1) * gradient)
            v.mul_(b2).add_((1 - b2) * gradient * gradient)
            num = m * b1 + (1 - b1) * gradient if self.use_nesterov else m
            var.sub_(lr_t * num / (torch.sqrt(v) + eps))
        return var, m, v


class AdamWeightDecay(_P):
    """Mirrors ``ops.AdamWeightDecay(use_locking=False)``: ``(var, m, v, lr, beta1, beta2, epsilon, decay,
    gradient)`` → ``(var, m, v)``: ``var -= lr * (m / (sqrt(v) + eps) + decay * var)`` (no bias correction)."""

    def __init__(self, use_locking=False):
        super().__init__(use_locking=use_locking)

    def __call__(self, var, m, v, lr, beta1, beta2, epsilon, decay, gradient):
        b1, b2 = _f(beta1), _f(beta2)
        with torch.no_grad():
            m.mul_(b1).add_((1 - b1) * gradient)
            v.mul_(b2).add_((1 - b2) * gradient * gradient)
            update = m / (torch.sqrt(v) + _f(epsilon)) + _f(decay) * var
            var.sub_(_f(lr) * update)
        return var, m, v


class SGD(_P):
    """Mirrors ``ops.SGD(dampening=0.0, weight_decay=0.0, nesterov=False)``: ``(parameters, gradient,
    learning_rate, accum, momentum, stat)``: weight decay added to the gradient; with momentum the first step
    (``stat > 0``) sets ``accum = grad``, later ones ``accum = momentum * accum + (1 - dampening) * grad``;
    ``stat`` is then zeroed. Returns ``parameters``."""

    def __init__(self, dampening=0.0, weight_decay=0.0, nesterov=False):
        if nesterov and dampening != 0:
            raise ValueError("For 'SGD', if 'nesterov' is True, 'dampening' must be 0.0.")
        super().__init__(dampening=dampening, weight_decay=weight_decay, nesterov=nesterov)

    def __call__(self, parameters, gradient, learning_rate, accum, momentum, stat):
        mom = _f(momentum)
        with torch.no_grad():
            g = gradient + self.weight_decay * parameters if self.weight_decay else gradient
            if float(mom) > 0:
                if float(stat.reshape(-1)[0]) > 0:
                    accum.copy_(g)
                else:
                    accum.mul_(mom).add_((1 - self.dampening) * g)
                g = g + mom * accum if self.nesterov else accum
            stat.zero_()
            parameters.sub_(_f(learning_rate) * g)
        return parameters


class ApplyProximalAdagrad(_P):
    """Mirrors ``ops.ApplyProximalAdagrad(use_locking=False)``: ``(var, accum, lr, l1, l2, grad)`` →
    ``(var, accum)`` updated in place."""

    def __init__(self, use_locking=False):
        super().__init__(use_locking=use_locking)

    def __call__(self, var, accum, lr, l1, l2, grad):
        lr, l1, l2 = _f(lr), _f(l1), _f(l2)
        with torch.no_grad():
            accum.add_(grad * grad)
            lr_t = lr / torch.sqrt(accum)  # the adaptive rate scales the proximal terms too
            prox = var - lr_t * grad
            var.copy_(torch.sign(prox) / (1 + lr_t * l2) * torch.clamp(prox.abs() - lr_t * l1, min=0))
        return var, accum


class ApplyAdamWithAmsgrad(_P):
    """Mirrors ``ops.ApplyAdamWithAmsgrad(beta1=0.9, beta2=0.999, epsilon=1e-08, use_locking=False)``:
    ``(var, m, v, vhat, beta1_power, beta2_power, lr, grad)`` → ``(var, m, v, vhat)`` in place."""

    def __init__(self, beta1=0.9, beta2=0.999, epsilon=1e-08, use_locking=False):
        super().__init__(beta1=beta1, beta2=beta2, epsilon=epsilon, use_locking=use_locking)

    def __call__(self, var, m, v, vhat, beta1_power, beta2_power, lr, grad):
        b1, b2 = self.beta1, self.beta2
        with torch.no_grad():
            m.mul_(b1).add_((1 - b1) * grad)
            v.mul_(b2).add_((1 - b2) * grad * grad)
            vhat.copy_(torch.maximum(vhat, v))
            lr_t = _f(lr) * torch.sqrt(1 - _f(beta2_power)) / (1 - _f(beta1_power))
            var.sub_(lr_t * m / (torch.sqrt(vhat) + self.epsilon))
        return var, m, v, vhat

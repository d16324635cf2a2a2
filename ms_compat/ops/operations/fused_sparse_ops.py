"""The sparse-gradient optimizer Primitives of ``mindspore.ops.operations``: ``FusedSparseAdam``,
``FusedSparseLazyAdam``, ``FusedSparseFtrl``, ``FusedSparseProximalAdagrad``. The gradient rows ``grad[i]`` belong
to rows ``indices[i]`` of the parameters; rows given twice have their gradients summed first. Each updates its
Parameters in place (under ``torch.no_grad()``) and returns them."""
from __future__ import annotations

import torch

from ...common.tensor import to_torch
from ..primitive import Primitive

__all__ = ["FusedSparseAdam", "FusedSparseLazyAdam", "FusedSparseFtrl", "FusedSparseProximalAdagrad"]


def _merge(op, var, grad, indices):
    """(unique rows, summed gradient rows)."""
    if not isinstance(indices, torch.Tensor) or indices.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For '{op}', the 'indices' must be an int32 or int64 Tensor, but got "
                        f"{getattr(indices, 'dtype', type(indices).__name__)}.")
    if not isinstance(grad, torch.Tensor) or grad.dtype != torch.float32:
        raise TypeError(f"For '{op}', the 'grad' must be a float32 Tensor.")
    idx = to_torch(indices).long()
    if idx.ndim != 1 or grad.shape[0] != idx.shape[0] or tuple(grad.shape[1:]) != tuple(var.shape[1:]):
        raise ValueError(f"For '{op}', 'grad' must have shape (len(indices),) + var.shape[1:], but got "
                         f"{tuple(grad.shape)} for indices of shape {tuple(idx.shape)} and var {tuple(var.shape)}.")
    if bool(((idx < 0) | (idx >= var.shape[0])).any()):
        raise ValueError(f"For '{op}', the 'indices' must be in [0, {var.shape[0]}).")
    rows, inverse = torch.unique(idx, return_inverse=True)
    summed = torch.zeros((rows.shape[0],) + tuple(grad.shape[1:]), dtype=torch.float32)
    summed.index_add_(0, inverse, to_torch(grad).detach())
    return rows, summed


def _f(v):
    return to_torch(v).detach().to(torch.float32) if isinstance(v, torch.Tensor) else torch.tensor(float(v))


def _check_params(op, **params):
    for n, p in params.items():
        if not isinstance(p, torch.Tensor) or p.dtype != torch.float32:
            raise TypeError(f"For '{op}', the '{n}' must be a float32 Parameter.")


class _SparseAdam(Primitive):
    _lazy = False

    def __init__(self, use_locking=False, use_nesterov=False):
        op = type(self).__name__
        super().__init__(op)
        for n, v in (("use_locking", use_locking), ("use_nesterov", use_nesterov)):
            if not isinstance(v, bool):
                raise TypeError(f"For '{op}', the '{n}' must be bool, but got {type(v).__name__}.")
            self.add_prim_attr(n, v)

    def __call__(self, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad, indices):
        op = type(self).__name__
        _check_params(op, var=var, m=m, v=v)
        rows, g = _merge(op, var, grad, indices)
        b1, b2, eps = _f(beta1), _f(beta2), _f(epsilon)
        lr_t = _f(lr) * torch.sqrt(1 - _f(beta2_power)) / (1 - _f(beta1_power))
        with torch.no_grad():
            tv, tm, tvv = to_torch(var), to_torch(m), to_torch(v)
            if self._lazy:  # only the rows with a gradient move
                mr = b1 * tm[rows] + (1 - b1) * g
                vr = b2 * tvv[rows] + (1 - b2) * g * g
                step = (b1 * mr + (1 - b1) * g) if self.use_nesterov else mr
                tm[rows], tvv[rows] = mr, vr
                tv[rows] = tv[rows] - lr_t * step / (torch.sqrt(vr) + eps)
            else:           # every row's moments decay; the gradient is zero off the given rows
                dense = torch.zeros_like(tv)
                dense[rows] = g
                tm.mul_(b1).add_((1 - b1) * dense)
                tvv.mul_(b2).add_((1 - b2) * dense * dense)
                step = (b1 * tm + (1 - b1) * dense) if self.use_nesterov else tm
                tv.sub_(lr_t * step / (torch.sqrt(tvv) + eps))
        return var, m, v


class FusedSparseAdam(_SparseAdam):
    """Mirrors ``ops.FusedSparseAdam(use_locking=False, use_nesterov=False)``: ``(var, m, v, beta1_power,
    beta2_power, lr, beta1, beta2, epsilon, grad, indices)`` → ``(var, m, v)``: Adam on every row with the
    gradient zero off ``indices`` (the moments of all rows decay): ``m = b1 m + (1 - b1) g``, ``v = b2 v + (1 - b2)
    g²``, ``var -= lr sqrt(1 - b2^t) / (1 - b1^t) * m / (sqrt(v) + eps)`` (``use_nesterov``: ``b1 m + (1 - b1) g``
    in place of ``m``). The outputs are the updated Parameters (MindSpore documents its outputs as useless; on CPU
    all but the first are uninitialized buffers).

    Difference: with ``use_nesterov=True`` MindSpore 2.10's CPU kernel moves the rows that have no gradient by a
    rule that is neither Adam's nor Nesterov's (measured); ms_compat applies the Nesterov step with a zero
    gradient there. The rows with a gradient, and ``m`` / ``v`` everywhere, are MindSpore's."""


class FusedSparseLazyAdam(_SparseAdam):
    """Mirrors ``ops.FusedSparseLazyAdam(use_locking=False, use_nesterov=False)``: as :class:`FusedSparseAdam` but
    only the rows in ``indices`` (their moments and values) are updated."""

    _lazy = True


class FusedSparseFtrl(Primitive):
    """Mirrors ``ops.FusedSparseFtrl(lr, l1, l2, lr_power, use_locking=False)``: ``(var, accum, linear, grad,
    indices)`` → ``(var, accum, linear)``: the FTRL-proximal update on the rows in ``indices``:
    ``accum' = accum + g²``, ``linear += g - (accum'^-p - accum^-p) / lr * var``, ``var = (sign(linear) l1 -
    linear) / (accum'^-p / lr + 2 l2)`` where ``|linear| > l1``, else 0 (measured on MindSpore 2.10's CPU kernel,
    whose dense ``ApplyFtrl`` uses ``+l1`` instead)."""

    def __init__(self, lr, l1, l2, lr_power, use_locking=False):
        super().__init__("FusedSparseFtrl")
        for n, v in (("lr", lr), ("l1", l1), ("l2", l2), ("lr_power", lr_power)):
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise TypeError(f"For 'FusedSparseFtrl', the '{n}' must be float, but got {type(v).__name__}.")
        if lr <= 0:
            raise ValueError(f"For 'FusedSparseFtrl', the 'lr' must be greater than 0, but got {lr}.")
        if l1 < 0 or l2 < 0:
            raise ValueError(f"For 'FusedSparseFtrl', 'l1' and 'l2' must be >= 0, but got {l1} and {l2}.")
        if lr_power > 0:
            raise ValueError(f"For 'FusedSparseFtrl', the 'lr_power' must be <= 0, but got {lr_power}.")
        if not isinstance(use_locking, bool):
            raise TypeError(f"For 'FusedSparseFtrl', the 'use_locking' must be bool, but got "
                            f"{type(use_locking).__name__}.")
        for k, v in (("lr", float(lr)), ("l1", float(l1)), ("l2", float(l2)), ("lr_power", float(lr_power)),
                     ("use_locking", use_locking)):
            self.add_prim_attr(k, v)

    def __call__(self, var, accum, linear, grad, indices):
        _check_params("FusedSparseFtrl", var=var, accum=accum, linear=linear)
        rows, g = _merge("FusedSparseFtrl", var, grad, indices)
        p, lr, l1, l2 = self.lr_power, self.lr, self.l1, self.l2
        with torch.no_grad():
            tv, ta, tl = to_torch(var), to_torch(accum), to_torch(linear)
            a, w = ta[rows], tv[rows]
            na = a + g * g
            lin = tl[rows] + g - (torch.pow(na, -p) - torch.pow(a, -p)) / lr * w
            quadratic = torch.pow(na, -p) / lr + 2 * l2
            pre = (torch.sign(lin) * l1 - lin) / quadratic
            tv[rows] = torch.where(lin.abs() > l1, pre, torch.zeros_like(pre))
            ta[rows], tl[rows] = na, lin
        return var, accum, linear


class FusedSparseProximalAdagrad(Primitive):
    """Mirrors ``ops.FusedSparseProximalAdagrad(use_locking=False)``: ``(var, accum, lr, l1, l2, grad, indices)`` →
    ``(var, accum)``: on the rows in ``indices``, ``accum += g²``, ``lr_t = lr / sqrt(accum)``, ``prox = var - lr_t
    g``, ``var = sign(prox) max(|prox| - lr_t l1, 0) / (1 + lr_t l2)``."""

    def __init__(self, use_locking=False):
        super().__init__("FusedSparseProximalAdagrad")
        if not isinstance(use_locking, bool):
            raise TypeError("For 'FusedSparseProximalAdagrad', the 'use_locking' must be bool, but got "
                            f"{type(use_locking).__name__}.")
        self.add_prim_attr("use_locking", use_locking)

    def __call__(self, var, accum, lr, l1, l2, grad, indices):
        _check_params("FusedSparseProximalAdagrad", var=var, accum=accum)
        rows, g = _merge("FusedSparseProximalAdagrad", var, grad, indices)
        lr, l1, l2 = _f(lr), _f(l1), _f(l2)
        with torch.no_grad():
            tv, ta = to_torch(var), to_torch(accum)
            a = ta[rows] + g * g
            lr_t = lr / torch.sqrt(a)  # the adaptive rate scales the proximal terms too
            prox = tv[rows] - lr_t * g
            tv[rows] = torch.sign(prox) * torch.clamp(prox.abs() - lr_t * l1, min=0) / (1 + lr_t * l2)
            ta[rows] = a
        return var, accum

"""The FTRL and Adagrad-DA update Primitives of ``mindspore.ops.operations``: ``ApplyFtrl`` and ``ApplyAdagradDA``
update their Parameters in place (under ``torch.no_grad()``) with MindSpore's rule and return ``var``."""
from __future__ import annotations

import torch

from ..primitive import Primitive

__all__ = ["ApplyFtrl", "ApplyAdagradDA"]

_FLOATS = (torch.float16, torch.float32)


def _scalar(op, name, v, like):
    if isinstance(v, torch.Tensor):
        if v.dtype not in _FLOATS + (torch.float64,):
            raise TypeError(f"For '{op}', the '{name}' must be a float16 or float32 Tensor, but got {v.dtype}.")
        return v.to(like.dtype)
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError(f"For '{op}', the '{name}' must be a Number or a Tensor, but got {type(v).__name__}.")
    return torch.tensor(float(v), dtype=like.dtype, device=like.device)


def _check_float(op, name, t):
    if not isinstance(t, torch.Tensor):
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor, but got {type(t).__name__}.")
    if t.dtype not in _FLOATS:
        raise TypeError(f"For '{op}', the '{name}' must be float16 or float32, but got {t.dtype}.")


class ApplyFtrl(Primitive):
    """Mirrors ``ops.ApplyFtrl(use_locking=False)`` (deprecated in MindSpore 2.10, still callable):
    ``(var, accum, linear, grad, lr, l1, l2, lr_power)`` → ``var``, with ``accum``, ``linear`` and ``var`` updated
    in place by the FTRL-proximal rule: ``accum' = accum + grad²``; ``linear += grad - (accum'^-p - accum^-p) / lr
    * var``; ``var = (l1 - linear) / (accum'^-p / lr + 2 l2)`` where ``|linear| > l1``, else 0.

    The ``l1`` term is MindSpore 2.10's CPU kernel's (measured, tests/ops/test_covtrain_ops.py): ``+l1`` whatever
    the sign of ``linear``, where the FTRL paper (and TensorFlow) use ``sign(linear) * l1``; ms_compat follows
    MindSpore."""

    def __init__(self, use_locking=False):
        super().__init__("ApplyFtrl")
        if not isinstance(use_locking, bool):
            raise TypeError(f"For 'ApplyFtrl', the 'use_locking' must be bool, but got {type(use_locking).__name__}.")
        self.add_prim_attr("use_locking", use_locking)

    def __call__(self, var, accum, linear, grad, lr, l1, l2, lr_power):
        for n, t in (("var", var), ("accum", accum), ("linear", linear), ("grad", grad)):
            _check_float("ApplyFtrl", n, t)
        lr, l1, l2, p = (_scalar("ApplyFtrl", n, v, var) for n, v in
                         (("lr", lr), ("l1", l1), ("l2", l2), ("lr_power", lr_power)))
        with torch.no_grad():
            new_accum = accum + grad * grad
            sigma = (torch.pow(new_accum, -p) - torch.pow(accum, -p)) / lr
            linear.add_(grad - sigma * var)
            quadratic = torch.pow(new_accum, -p) / lr + 2 * l2
            pre = (l1 - linear) / quadratic  # MindSpore 2.10 (CPU): +l1, not sign(linear) * l1
            var.copy_(torch.where(linear.abs() > l1, pre, torch.zeros_like(pre)))
            accum.copy_(new_accum)
        return var


class ApplyAdagradDA(Primitive):
    """Mirrors ``ops.ApplyAdagradDA(use_locking=False)``: ``(var, gradient_accumulator,
    gradient_squared_accumulator, grad, lr, l1, l2, global_step)`` → ``var``; the accumulators take ``+= grad`` /
    ``+= grad²`` in place and ``var = -lr * shrink(ga) / (l2 * global_step * lr + sqrt(gsa))`` with
    ``shrink(ga) = sign(ga) * |ga - l1 * global_step|`` when ``l1 > 0`` (else ``ga``).

    That shrink is MindSpore 2.10's CPU kernel's (measured, tests/ops/test_covtrain_ops.py); TensorFlow's
    (the documented algorithm) is ``sign(ga) * max(|ga| - l1 * global_step, 0)``; ms_compat follows MindSpore."""

    def __init__(self, use_locking=False):
        super().__init__("ApplyAdagradDA")
        if not isinstance(use_locking, bool):
            raise TypeError("For 'ApplyAdagradDA', the 'use_locking' must be bool, but got "
                            f"{type(use_locking).__name__}.")
        self.add_prim_attr("use_locking", use_locking)

    def __call__(self, var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1, l2, global_step):
        op = "ApplyAdagradDA"
        for n, t in (("var", var), ("gradient_accumulator", gradient_accumulator),
                     ("gradient_squared_accumulator", gradient_squared_accumulator), ("grad", grad)):
            _check_float(op, n, t)
        lr, l1, l2 = (_scalar(op, n, v, var) for n, v in (("lr", lr), ("l1", l1), ("l2", l2)))
        if isinstance(global_step, torch.Tensor):
            if global_step.dtype not in (torch.int32, torch.int64):
                raise TypeError(f"For '{op}', the 'global_step' must be int32 or int64, but got {global_step.dtype}.")
            step = global_step.to(var.dtype)
        elif isinstance(global_step, int) and not isinstance(global_step, bool):
            step = torch.tensor(float(global_step), dtype=var.dtype)
        else:
            raise TypeError(f"For '{op}', the 'global_step' must be an int or a Tensor, but got "
                            f"{type(global_step).__name__}.")
        with torch.no_grad():
            gradient_accumulator.add_(grad)
            gradient_squared_accumulator.add_(grad * grad)
            ga = gradient_accumulator
            tmp = torch.where(l1 > 0, torch.sign(ga) * (ga - l1 * step).abs(), ga)  # MindSpore 2.10 (CPU)
            var.copy_(-lr * tmp / (l2 * step * lr + torch.sqrt(gradient_squared_accumulator)))
        return var

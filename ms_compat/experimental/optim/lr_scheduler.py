"""``mindspore.experimental.optim.lr_scheduler``: PyTorch's learning-rate schedulers, as MindSpore 2.10 has them.

MindSpore ports ``torch.optim.lr_scheduler`` onto its experimental optimizers: a scheduler writes each group's
learning rate into the optimizer's lr Parameter (``optimizer.lrs[i]``, which is ``param_groups[i]['lr']``), with
PyTorch's chainable formulas (``step()``) and closed forms (``step(epoch)``), in float32. Same here, with
MindSpore's argument checks and messages; ``last_epoch`` is a float32 Parameter ``last_epoch_<Class>`` and
``get_last_lr()`` returns float32 scalar Tensors, as in MindSpore.

Differences: ``CosineAnnealingWarmRestarts.step(epoch)`` with ``T_mult > 1`` and ``epoch >= T_0`` raises
``TypeError`` in MindSpore 2.10 (a call of ``ops.Log`` with two arguments); here it computes PyTorch's value.
``MultiStepLR.step(epoch)`` raises ``AttributeError`` in MindSpore 2.10 (its closed form reads a missing
``step_size``); here it uses PyTorch's closed form (``gamma`` to the number of milestones ``<= epoch``).
"""
from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter

import torch

from ...common.parameter import Parameter
from ...common.tensor import Tensor, to_torch
from .optimizer import Optimizer

__all__ = ["LRScheduler", "StepLR", "LinearLR", "ExponentialLR", "PolynomialLR", "LambdaLR", "MultiplicativeLR",
           "MultiStepLR", "ConstantLR", "SequentialLR", "ReduceLROnPlateau", "CyclicLR", "CosineAnnealingWarmRestarts",
           "CosineAnnealingLR"]

_F32 = torch.float32


def _t(value):
    """A float32 torch scalar of ``value`` (a Python number or a tensor)."""
    if isinstance(value, torch.Tensor):
        return to_torch(value).detach().to(_F32)
    return torch.tensor(value, dtype=_F32)


def _check_type(name, value, types, cls=None):
    if isinstance(value, bool) or not isinstance(value, types):
        where = f"For '{cls}', the" if cls else "The"
        names = ", ".join(f"'{t.__name__}'" for t in types)
        raise TypeError(f"{where} type of '{name}' should be one of [{names}], but got type '{type(value).__name__}'.")


class LRScheduler:
    """Mirrors ``mindspore.experimental.optim.lr_scheduler.LRScheduler(optimizer, last_epoch=-1)``: subclasses give
    ``get_lr()`` (chainable) and optionally ``_get_closed_form_lr()`` (for ``step(epoch)``)."""

    def __init__(self, optimizer, last_epoch=-1):
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        _check_type("last_epoch", last_epoch, (int,))
        if last_epoch < -1:
            raise ValueError(f"Invalid last_epoch: {last_epoch}")
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", _t(group["lr"]).clone())
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(f"param 'initial_lr' is not specified in param_groups[{i}] when resuming an "
                                   "optimizer")
        self.base_lrs = [_t(group["initial_lr"]) for group in optimizer.param_groups]
        self.optimizer = optimizer
        self._last_lr = list(optimizer.lrs)
        self.groups_num = len(optimizer.param_groups)
        self.last_epoch = Parameter(Tensor(last_epoch, _F32), name="last_epoch_" + type(self).__name__)
        self.step()

    @property
    def _epoch(self):
        return to_torch(self.last_epoch).detach()

    def _lrs(self):
        return [to_torch(lr).detach().clone() for lr in self._last_lr]

    def get_lr(self):
        raise NotImplementedError

    def get_last_lr(self):
        """The learning rates of the last ``step`` (float32 scalar Tensors)."""
        return [Tensor(to_torch(lr).detach().clone()) for lr in self._last_lr]

    def step(self, epoch=None):
        """Advances one epoch (``epoch=None``) or jumps to ``epoch`` (closed form where the class has one)."""
        with torch.no_grad():
            if epoch is None:
                to_torch(self.last_epoch).add_(1)
                values = self.get_lr()
            else:
                to_torch(self.last_epoch).fill_(float(epoch))
                values = self._get_closed_form_lr() if hasattr(self, "_get_closed_form_lr") else self.get_lr()
            for i in range(self.groups_num):
                to_torch(self._last_lr[i]).copy_(_t(values[i]))
        return True


class StepLR(LRScheduler):
    """Mirrors ``StepLR(optimizer, step_size, gamma=0.1, last_epoch=-1)`` (``gamma`` must be float)."""

    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1):
        if not isinstance(step_size, int):
            raise TypeError(f"For 'StepLR', the 'step_size' must be int, but got {type(step_size)}.")
        if not isinstance(gamma, float):
            raise TypeError(f"For 'StepLR', the 'gamma' must be float, but got {type(gamma)}.")
        self.step_size, self.gamma = step_size, gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0 or e % self.step_size != 0:
            return [lr * 1.0 for lr in self._lrs()]
        return [lr * self.gamma for lr in self._lrs()]

    def _get_closed_form_lr(self):
        return [b * self.gamma ** (self._epoch // self.step_size) for b in self.base_lrs]


class LinearLR(LRScheduler):
    """Mirrors ``LinearLR(optimizer, start_factor=1.0/3, end_factor=1.0, total_iters=5, last_epoch=-1)``."""

    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5, last_epoch=-1):
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("Starting multiplicative factor expected to be greater than 0 and less than or equal "
                             "to 1.")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'LinearLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.start_factor, self.end_factor, self.total_iters = start_factor, end_factor, total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0:
            return [lr * self.start_factor for lr in self._lrs()]
        if e > self.total_iters:
            return [lr * 1.0 for lr in self._lrs()]
        d = self.end_factor - self.start_factor
        factor = 1.0 + d / (self.total_iters * self.start_factor + (e - 1) * d)
        return [lr * factor for lr in self._lrs()]

    def _get_closed_form_lr(self):
        e = torch.clamp(self._epoch, max=self.total_iters)
        return [b * (self.start_factor + (self.end_factor - self.start_factor) * e / self.total_iters)
                for b in self.base_lrs]


class ExponentialLR(LRScheduler):
    """Mirrors ``ExponentialLR(optimizer, gamma, last_epoch=-1)`` (``gamma`` must be float)."""

    def __init__(self, optimizer, gamma, last_epoch=-1):
        if not isinstance(gamma, float):
            raise TypeError(f"For 'ExponentialLR', the 'gamma' must be float, but got {type(gamma)}.")
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self._epoch == 0:
            return [lr * 1.0 for lr in self._lrs()]
        return [lr * self.gamma for lr in self._lrs()]

    def _get_closed_form_lr(self):
        return [b * self.gamma ** self._epoch for b in self.base_lrs]


class PolynomialLR(LRScheduler):
    """Mirrors ``PolynomialLR(optimizer, total_iters=5, power=1.0, last_epoch=-1)`` (``power`` must be float)."""

    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1):
        if not isinstance(power, float):
            raise TypeError(f"For 'PolynomialLR', the 'power' must be float, but got {type(power)}.")
        if power < 0:
            raise ValueError(f"For 'PolynomialLR', the 'power' must be >= 0, but got {power}.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'PolynomialLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.total_iters, self.power = total_iters, power
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0 or e > self.total_iters:
            return [lr * 1.0 for lr in self._lrs()]
        factor = ((1.0 - e / self.total_iters) / (1.0 - (e - 1) / self.total_iters)) ** self.power
        return [lr * factor for lr in self._lrs()]

    def _get_closed_form_lr(self):
        e = torch.clamp(self._epoch, max=self.total_iters)
        return [b * (1.0 - e / self.total_iters) ** self.power for b in self.base_lrs]


def _lambdas(optimizer, lr_lambda):
    n = len(optimizer.param_groups)
    if isinstance(lr_lambda, (list, tuple)):
        if len(lr_lambda) != n:
            raise ValueError(f"Expected {n} lr_lambdas, but got {len(lr_lambda)}")
        return list(lr_lambda)
    return [lr_lambda] * n


class LambdaLR(LRScheduler):
    """Mirrors ``LambdaLR(optimizer, lr_lambda, last_epoch=-1)``: ``initial_lr * lr_lambda(epoch)``."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = int(self._epoch)
        return [b * lmbda(e) for lmbda, b in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(LRScheduler):
    """Mirrors ``MultiplicativeLR(optimizer, lr_lambda, last_epoch=-1)``: the lr times ``lr_lambda(epoch)``."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = int(self._epoch)
        if e > 0:
            return [lr * lmbda(e) for lmbda, lr in zip(self.lr_lambdas, self._lrs())]
        return [lr * 1.0 for lr in self._lrs()]


class MultiStepLR(LRScheduler):
    """Mirrors ``MultiStepLR(optimizer, milestones, gamma=0.1, last_epoch=-1)`` (a milestone listed twice decays
    twice)."""

    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1):
        _check_type("milestones", milestones, (list,))
        for m in milestones:
            if not isinstance(m, int):
                raise TypeError("For 'MultiStepLR', elements of the 'milestones' must be type of int, but got one "
                                f"element of 'milestones' type: {type(m)}.")
        _check_type("gamma", gamma, (float, int))
        self.milestones = Counter(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = int(self._epoch)
        if e in self.milestones:
            return [lr * self.gamma ** self.milestones[e] for lr in self._lrs()]
        return self._lrs()

    def _get_closed_form_lr(self):
        e = int(self._epoch)
        n = sum(c for m, c in self.milestones.items() if m <= e)
        return [b * self.gamma ** n for b in self.base_lrs]


class ConstantLR(LRScheduler):
    """Mirrors ``ConstantLR(optimizer, factor=1.0/3, total_iters=5, last_epoch=-1)``."""

    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1):
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'ConstantLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.factor, self.total_iters = factor, total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0:
            return [lr * self.factor for lr in self._lrs()]
        if e != self.total_iters:
            return [lr * 1.0 for lr in self._lrs()]
        return [lr / self.factor for lr in self._lrs()]

    def _get_closed_form_lr(self):
        done = float(self._epoch >= self.total_iters)
        return [b * (self.factor + done * (1 - self.factor)) for b in self.base_lrs]


class CosineAnnealingLR(LRScheduler):
    """Mirrors ``CosineAnnealingLR(optimizer, T_max, eta_min=0.0, last_epoch=-1)``."""

    def __init__(self, optimizer, T_max, eta_min=0.0, last_epoch=-1):
        if isinstance(eta_min, bool) or not isinstance(eta_min, (float, int)):
            raise TypeError(f"For 'CosineAnnealingLR', the 'eta_min' must be float or int, but got {type(eta_min)}.")
        if not isinstance(T_max, int):
            raise TypeError(f"For 'CosineAnnealingLR', the 'T_max' must be int, but got {type(T_max)}.")
        self.T_max, self.eta_min = T_max, eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0:
            return [lr * 1.0 for lr in self._lrs()]
        if (e - 1 - self.T_max) % (2 * self.T_max) == 0:
            c = torch.cos(_t(math.pi / self.T_max))
            return [lr + (b - self.eta_min) * (1 - c) / 2 for b, lr in zip(self.base_lrs, self._lrs())]
        ratio = (1 + torch.cos(math.pi * e / self.T_max)) / (1 + torch.cos(math.pi * (e - 1) / self.T_max))
        return [ratio * (lr - self.eta_min) + self.eta_min for lr in self._lrs()]

    def _get_closed_form_lr(self):
        c = torch.cos(math.pi * self._epoch / self.T_max)
        return [self.eta_min + (b - self.eta_min) * (1 + c) / 2 for b in self.base_lrs]


class CosineAnnealingWarmRestarts(LRScheduler):
    """Mirrors ``CosineAnnealingWarmRestarts(optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1)``: state
    Parameters ``T_0``, ``T_i``, ``T_cur`` as in MindSpore."""

    def __init__(self, optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1):
        if not isinstance(T_0, int) or T_0 <= 0:
            raise ValueError(f"T_0 should be an integer and equal or greater than 0, but got {T_0}")
        if not isinstance(T_mult, int) or T_mult < 1:
            raise ValueError(f"T_mult should be an integer and equal or greater than 1, but got {T_mult}")
        _check_type("eta_min", eta_min, (float, int))
        self.T_0 = Parameter(Tensor(T_0, _F32), name="T_0")
        self.T_i = Parameter(Tensor(T_0, _F32), name="T_i")
        self.T_mult = T_mult
        self.eta_min = _t(eta_min)
        self.T_cur = Parameter(Tensor(last_epoch, _F32), name="T_cur")
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        pct = math.pi * to_torch(self.T_cur) / to_torch(self.T_i)
        return [self.eta_min + (b - self.eta_min) * (1 + torch.cos(pct)) / 2 for b in self.base_lrs]

    def step(self, epoch=None):
        with torch.no_grad():
            t_cur, t_i, t_0 = to_torch(self.T_cur), to_torch(self.T_i), to_torch(self.T_0)
            if epoch is None and self._epoch < 0:
                epoch = 0
            if epoch is None:
                epoch = float(self._epoch) + 1
                t_cur.add_(1)
                if t_cur >= t_i:
                    t_cur.sub_(t_i)
                    t_i.mul_(self.T_mult)
            else:
                if epoch < 0:
                    raise ValueError(f"epoch should be a non-negative integer, but got {epoch}")
                epoch = float(epoch)
                if epoch >= float(t_0):
                    if self.T_mult == 1:
                        t_cur.fill_(epoch % float(t_0))
                    else:  # PyTorch's closed form (MindSpore 2.10 raises TypeError here)
                        n = int(math.log(epoch / float(t_0) * (self.T_mult - 1) + 1, self.T_mult))
                        t_cur.fill_(epoch - float(t_0) * (self.T_mult ** n - 1) / (self.T_mult - 1))
                        t_i.fill_(float(t_0) * self.T_mult ** n)
                else:
                    t_i.copy_(t_0)
                    t_cur.fill_(epoch)
            to_torch(self.last_epoch).fill_(math.floor(epoch))
            for i, lr in enumerate(self.get_lr()):
                to_torch(self.optimizer.lrs[i]).copy_(lr)


class CyclicLR(LRScheduler):
    """Mirrors ``CyclicLR(optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None, mode='triangular',
    gamma=1.0, scale_fn=None, scale_mode='cycle', last_epoch=-1)``."""

    def __init__(self, optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None, mode="triangular",
                 gamma=1.0, scale_fn=None, scale_mode="cycle", last_epoch=-1):
        base_lrs = self._per_group(optimizer, base_lr, "base_lr")
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                to_torch(group["lr"]).detach().copy_(_t(lr))
        self.max_lrs = [_t(v) for v in self._per_group(optimizer, max_lr, "max_lr")]
        step_size_up = float(step_size_up)
        step_size_down = step_size_up if step_size_down is None else float(step_size_down)
        self.total_step_size = step_size_up + step_size_down
        self.step_up_ratio = step_size_up / self.total_step_size
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError("mode is invalid and scale_fn is None")
        self.mode, self.gamma = mode, gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        if scale_fn is None:
            self.scale_mode = "iterations" if mode == "exp_range" else "cycle"
        super().__init__(optimizer, last_epoch)
        self.base_lrs = [_t(v) for v in base_lrs]

    @staticmethod
    def _per_group(optimizer, value, name):
        if isinstance(value, (list, tuple)):
            if len(value) != len(optimizer.param_groups):
                raise ValueError(f"Expected {len(optimizer.param_groups)} values for {name}, got {len(value)}")
            return list(value)
        return [value] * len(optimizer.param_groups)

    def scale_fn(self, x):
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.0
        if self.mode == "triangular2":
            return 1 / (2.0 ** (x - 1))
        return self.gamma ** x

    def get_lr(self):
        e = self._epoch
        cycle = torch.floor(1 + e / self.total_step_size)
        x = 1.0 + e / self.total_step_size - cycle
        scale = x / self.step_up_ratio if x <= self.step_up_ratio else (x - 1) / (self.step_up_ratio - 1)
        arg = cycle if self.scale_mode == "cycle" else e
        return [b + (m - b) * scale * self.scale_fn(arg) for b, m in zip(self.base_lrs, self.max_lrs)]


class SequentialLR:
    """Mirrors ``SequentialLR(optimizer, schedulers, milestones, last_epoch=-1)``: ``schedulers[i]`` runs from
    ``milestones[i-1]`` on (restarted with ``step(0)`` there)."""

    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1):
        for i, sch in enumerate(schedulers):
            if sch.optimizer is not optimizer:
                raise ValueError("Sequential Schedulers expects all schedulers to belong to the same optimizer, but "
                                 f"got scheduler at index {i} is different from the optimizer passed in.")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError("Sequential Schedulers expects number of schedulers provided to be one more than the "
                             f"number of milestone points, but got number of schedulers {len(schedulers)} and the "
                             f"number of milestones {len(milestones)}")
        self._schedulers, self.milestones = schedulers, milestones
        self.last_epoch = Parameter(Tensor(last_epoch + 1, _F32), name="last_epoch_" + type(self).__name__)
        self.optimizer = optimizer
        with torch.no_grad():
            for group in optimizer.param_groups:
                to_torch(group["lr"]).copy_(_t(group["initial_lr"]))
            for sch in schedulers:
                to_torch(sch.last_epoch).sub_(1)
        schedulers[0].step()
        self._last_lr = schedulers[0]._last_lr

    def step(self):
        with torch.no_grad():
            to_torch(self.last_epoch).add_(1)
        e = int(to_torch(self.last_epoch))
        idx = bisect_right(self.milestones, e)
        sch = self._schedulers[idx]
        if idx > 0 and self.milestones[idx - 1] == e:
            sch.step(0)
        else:
            sch.step()

    def get_last_lr(self):
        return [Tensor(to_torch(lr).detach().clone()) for lr in self._last_lr]


class ReduceLROnPlateau:
    """Mirrors ``ReduceLROnPlateau(optimizer, mode='min', factor=0.1, patience=10, threshold=1e-4,
    threshold_mode='rel', cooldown=0, min_lr=0, eps=1e-8)``; ``step(metrics)``."""

    def __init__(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4, threshold_mode="rel",
                 cooldown=0, min_lr=0, eps=1e-8):
        if factor >= 1.0:
            raise ValueError("The lr factor should be less than 1.0.")
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"Expected an `Optimizer`, but got type {type(optimizer).__name__}")
        self.factor, self.optimizer = factor, optimizer
        n = len(optimizer.param_groups)
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != n:
                raise ValueError(f"Expected {n} min_lrs, got {len(min_lr)}")
            self.min_lrs = [_t(v) for v in min_lr]
        else:
            self.min_lrs = [_t(min_lr)] * n
        self.mode, self.patience, self.threshold = mode, patience, threshold
        self.threshold_mode, self.cooldown, self.eps = threshold_mode, cooldown, eps
        self.last_epoch = Parameter(Tensor(0, torch.int32), name="last_epoch_" + type(self).__name__)
        if mode not in ("min", "max"):
            raise ValueError(f"`mode` should be 'min' or 'max', but got {mode}.")
        if threshold_mode not in ("rel", "abs"):
            raise ValueError(f"`threshold mode` should be 'rel' or 'abs', but got {threshold_mode}.")
        self.mode_worse = float("inf") if mode == "min" else float("-inf")
        self.best = Parameter(Tensor(self.mode_worse, _F32), name="best")
        self.cooldown_counter = Parameter(Tensor(0, _F32), name="cooldown_counter")
        self.wait = Parameter(Tensor(0, _F32), name="wait")
        self._last_lr = [group["lr"] for group in optimizer.param_groups]

    def step(self, metrics):
        with torch.no_grad():
            to_torch(self.last_epoch).add_(1)
            current = _t(metrics)
            best, wait, cool = to_torch(self.best), to_torch(self.wait), to_torch(self.cooldown_counter)
            if self._is_improvement(current, best):
                best.copy_(current)
                wait.zero_()
            else:
                wait.add_(1)
            if cool > 0:
                cool.sub_(1)
                wait.zero_()
            if wait > self.patience:
                for i, lr in enumerate(self._last_lr):
                    old = to_torch(lr).detach()
                    new = torch.maximum(old * self.factor, self.min_lrs[i])
                    if old > new + self.eps:
                        old.copy_(new)
                cool.fill_(self.cooldown)
                wait.zero_()
        return True

    def in_cooldown(self):
        return bool(to_torch(self.cooldown_counter) > 0)

    def _is_improvement(self, current, best):
        if self.mode == "min" and self.threshold_mode == "rel":
            return current < best * (1.0 - self.threshold)
        if self.mode == "min":
            return current < best - self.threshold
        if self.threshold_mode == "rel":
            return current > best * (self.threshold + 1.0)
        return current > best + self.threshold

    def get_last_lr(self):
        return [Tensor(to_torch(lr).detach().clone()) for lr in self._last_lr]

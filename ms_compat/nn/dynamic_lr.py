"""``mindspore.nn.dynamic_lr``: precomputed per-step learning-rate lists.

Each function returns a Python ``list`` of floats of length ``total_step`` (pass it, or a 1-D
Tensor of it, as an optimizer's ``learning_rate`` to get one value per step), computed in Python
double precision exactly as MindSpore does; arguments are checked as MindSpore does.
"""
from __future__ import annotations

import math

from .optim import _validate as V

__all__ = ["piecewise_constant_lr", "exponential_decay_lr", "natural_exp_decay_lr", "inverse_decay_lr",
           "cosine_decay_lr", "polynomial_decay_lr", "warmup_lr"]


def piecewise_constant_lr(milestone, learning_rates):
    """Mirrors ``nn.piecewise_constant_lr(milestone, learning_rates)``: ``learning_rates[i]`` for
    steps ``milestone[i-1] <= step < milestone[i]``."""
    V.value_type("milestone", milestone, (tuple, list))
    V.value_type("learning_rates", learning_rates, (tuple, list))
    if len(milestone) != len(learning_rates):
        raise ValueError("For 'piecewise_constant_lr', the size of 'milestone' must be same with the size of "
                         f"'learning_rates', but got 'milestone' size: {len(milestone)}, 'learning_rates' size: "
                         f"{len(learning_rates)}.")
    lr, last = [], 0
    for i, item in enumerate(milestone):
        V.positive_int(item, f"milestone[{i}]")
        V.is_float(learning_rates[i], f"learning_rates[{i}]")
        if item < last:
            raise ValueError(f"For 'piecewise_constant_lr', the value of milestone[{i}] must be greater than "
                             f"milestone[{i - 1}], but got milestone[{i}]: {milestone[i]}, "
                             f"milestone[{i - 1}]: {milestone[i - 1]}.")
        lr += [learning_rates[i]] * (item - last)
        last = item
    return lr


def _check_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair):
    V.positive_int(total_step, "total_step")
    V.positive_int(step_per_epoch, "step_per_epoch")
    V.positive_int(decay_epoch, "decay_epoch")
    V.positive_float(learning_rate, "learning_rate")
    V.is_float(learning_rate, "learning_rate")
    V.positive_float(decay_rate, "decay_rate")
    V.is_float(decay_rate, "decay_rate")
    V.value_type("is_stair", is_stair, [bool])


def exponential_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """Mirrors ``nn.exponential_decay_lr``: ``lr * decay_rate ** (epoch / decay_epoch)`` (floored if stair)."""
    _check_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        p = math.floor(epoch / decay_epoch) if is_stair else epoch / decay_epoch
        out.append(learning_rate * decay_rate ** p)
    return out


def natural_exp_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """Mirrors ``nn.natural_exp_decay_lr``: ``lr * e ** (-decay_rate * epoch)`` (epoch rounded down to a
    multiple of ``decay_epoch`` if stair)."""
    _check_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        if is_stair:
            epoch = math.floor(epoch / decay_epoch) * decay_epoch
        out.append(learning_rate * math.e ** (-decay_rate * epoch))
    return out


def inverse_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """Mirrors ``nn.inverse_decay_lr``: ``lr / (1 + decay_rate * epoch / decay_epoch)`` (floored if stair)."""
    _check_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        if is_stair:
            out.append(learning_rate / (1 + decay_rate * math.floor(epoch / decay_epoch)))
        else:
            out.append(learning_rate / (1 + decay_rate * epoch / decay_epoch))
    return out


def cosine_decay_lr(min_lr, max_lr, total_step, step_per_epoch, decay_epoch):
    """Mirrors ``nn.cosine_decay_lr``: ``min_lr + 0.5 (max_lr - min_lr)(1 + cos(pi * min(epoch, decay_epoch) / decay_epoch))``."""
    if not isinstance(min_lr, float):
        raise TypeError("For 'cosine_decay_lr', the argument 'min_lr' must be type of float, "
                        f"but got 'min_lr' type: {type(min_lr)}.")
    V.non_negative_float(min_lr, "min_lr", None)
    V.positive_float(max_lr, "max_lr")
    V.is_float(max_lr, "max_lr")
    V.positive_int(total_step, "total_step")
    V.positive_int(step_per_epoch, "step_per_epoch")
    V.positive_int(decay_epoch, "decay_epoch")
    if min_lr >= max_lr:
        raise ValueError("For 'cosine_decay_lr', the 'max_lr' must be greater than the 'min_lr', "
                         f"but got 'max_lr' value: {max_lr}, 'min_lr' value: {min_lr}.")
    delta = 0.5 * (max_lr - min_lr)
    out = []
    for i in range(total_step):
        epoch = min(math.floor(i / step_per_epoch), decay_epoch)
        out.append(min_lr + delta * (1 + math.cos(math.pi * epoch / decay_epoch)))
    return out


def polynomial_decay_lr(learning_rate, end_learning_rate, total_step, step_per_epoch, decay_epoch, power,
                        update_decay_epoch=False):
    """Mirrors ``nn.polynomial_decay_lr``: ``(lr - end) * (1 - epoch / decay_epoch) ** power + end``;
    with ``update_decay_epoch`` the decay period grows to the next multiple of ``decay_epoch``."""
    V.positive_float(learning_rate, "learning_rate")
    V.is_float(learning_rate, "learning_rate")
    if not isinstance(end_learning_rate, float):
        raise TypeError("For 'polynomial_decay_lr', the argument 'end_learning_rate' must be type of float, "
                        f"but got 'end_learning_rate' type: {type(end_learning_rate)}.")
    V.non_negative_float(end_learning_rate, "end_learning_rate", None)
    V.positive_float(power, "power")
    V.is_float(power, "power")
    V.positive_int(total_step, "total_step")
    V.positive_int(step_per_epoch, "step_per_epoch")
    V.positive_int(decay_epoch, "decay_epoch")
    V.value_type("update_decay_epoch", update_decay_epoch, [bool])
    delta = learning_rate - end_learning_rate
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        if update_decay_epoch:
            period, cur = decay_epoch * max(math.ceil(epoch / decay_epoch), 1), epoch
        else:
            period, cur = decay_epoch, min(decay_epoch, epoch)
        out.append(delta * (1 - cur / period) ** power + end_learning_rate)
    return out


def warmup_lr(learning_rate, total_step, step_per_epoch, warmup_epoch):
    """Mirrors ``nn.warmup_lr``: ``lr * min(epoch, warmup_epoch) / warmup_epoch``."""
    if not isinstance(learning_rate, float):
        raise TypeError("For 'warmup_lr', the argument 'learning_rate' must be type of float, "
                        f"but got 'learning_rate' type: {type(learning_rate)}.")
    V.non_negative_float(learning_rate, "learning_rate", None)
    V.positive_int(warmup_epoch, "warmup_epoch")
    V.positive_int(total_step, "total_step")
    V.positive_int(step_per_epoch, "step_per_epoch")
    return [learning_rate * min(warmup_epoch, math.floor(i / step_per_epoch)) / warmup_epoch
            for i in range(total_step)]

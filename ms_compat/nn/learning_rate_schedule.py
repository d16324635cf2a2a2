"""``mindspore.nn.learning_rate_schedule``: learning rates computed from the global step.

Each schedule is a Cell whose ``construct(global_step)`` returns a float32 Tensor of the step's
shape, computed in float32 with MindSpore's formulas (``global_step`` is the optimizer's int32
``global_step`` Parameter, read before it is incremented). Arguments are checked as MindSpore does.
"""
from __future__ import annotations

import math

import torch

from ..common.tensor import as_ms, to_torch
from .cell import Cell
from .optim import _validate as V

__all__ = ["LearningRateSchedule", "ExponentialDecayLR", "NaturalExpDecayLR", "InverseDecayLR",
           "CosineDecayLR", "PolynomialDecayLR", "WarmUpLR"]

_f32 = torch.float32


def _step(global_step):
    t = to_torch(global_step) if isinstance(global_step, torch.Tensor) else torch.tensor(global_step)
    return t


def _check_inputs(learning_rate, decay_rate, decay_steps, is_stair, cls_name):
    V.positive_int(decay_steps, "decay_steps", cls_name)
    V.positive_float(learning_rate, "learning_rate", cls_name)
    V.is_float(learning_rate, "learning_rate", cls_name)
    V.positive_float(decay_rate, "decay_rate", cls_name)
    V.is_float(decay_rate, "decay_rate", cls_name)
    V.value_type("is_stair", is_stair, [bool], cls_name)


class LearningRateSchedule(Cell):
    """Mirrors ``mindspore.nn.LearningRateSchedule``: base class; subclasses define ``construct(global_step)``."""

    def __init__(self):
        super().__init__()

    def construct(self, global_step):
        raise NotImplementedError


class _DecayLR(LearningRateSchedule):
    """Shared constructor of the ``(learning_rate, decay_rate, decay_steps, is_stair)`` schedules."""

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        _check_inputs(learning_rate, decay_rate, decay_steps, is_stair, type(self).__name__)
        self.learning_rate = learning_rate
        self.decay_rate = decay_rate
        self.decay_steps = decay_steps
        self.is_stair = is_stair


class ExponentialDecayLR(_DecayLR):
    """Mirrors ``nn.ExponentialDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False)``:
    ``lr * decay_rate ** p`` with ``p = step / decay_steps`` (floored if ``is_stair``)."""

    def construct(self, global_step):
        p = _step(global_step).to(_f32) / self.decay_steps
        if self.is_stair:
            p = torch.floor(p)
        return as_ms(self.learning_rate * torch.pow(torch.tensor(self.decay_rate, dtype=_f32), p))


class NaturalExpDecayLR(_DecayLR):
    """Mirrors ``nn.NaturalExpDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False)``:
    ``lr * e ** (-decay_rate * p)`` with ``p = step`` (``floor(step / decay_steps) * decay_steps`` if stair)."""

    def construct(self, global_step):
        p = _step(global_step).to(_f32)
        if self.is_stair:
            p = torch.floor(p / self.decay_steps) * self.decay_steps
        return as_ms(self.learning_rate * torch.pow(torch.tensor(math.e, dtype=_f32), -self.decay_rate * p))


class InverseDecayLR(_DecayLR):
    """Mirrors ``nn.InverseDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False)``:
    ``lr / (1 + decay_rate * p)`` with ``p = step / decay_steps`` (floored if stair)."""

    def construct(self, global_step):
        p = _step(global_step).to(_f32) / self.decay_steps
        if self.is_stair:
            p = torch.floor(p)
        return as_ms(self.learning_rate / (1 + self.decay_rate * p))


class CosineDecayLR(LearningRateSchedule):
    """Mirrors ``nn.CosineDecayLR(min_lr, max_lr, decay_steps)``:
    ``min_lr + 0.5 (max_lr - min_lr) (1 + cos(pi * min(step, decay_steps) / decay_steps))``."""

    def __init__(self, min_lr, max_lr, decay_steps):
        super().__init__()
        name = type(self).__name__
        if not isinstance(min_lr, float):
            raise TypeError("For 'CosineDecayLR', the argument 'min_lr' must be type of float, "
                            f"but got 'min_lr' type: {type(min_lr)}.")
        V.non_negative_float(min_lr, "min_lr", name)
        V.positive_float(max_lr, "max_lr", name)
        V.is_float(max_lr, "max_lr", name)
        V.positive_int(decay_steps, "decay_steps", name)
        if min_lr >= max_lr:
            raise ValueError("For 'CosineDecayLR', the 'max_lr' must be greater than the 'min_lr', "
                             f"but got 'max_lr' value: {max_lr}, 'min_lr' value: {min_lr}.")
        self.min_lr = min_lr
        self.max_lr = max_lr
        self.decay_steps = decay_steps
        self.delta = 0.5 * (max_lr - min_lr)

    def construct(self, global_step):
        p = torch.clamp(_step(global_step), max=self.decay_steps).to(_f32)
        # MindSpore evaluates cos(x) as sin(x + pi/2) in float32
        return as_ms(self.min_lr + self.delta * (1.0 + torch.sin(math.pi * (p / self.decay_steps + 0.5))))


class PolynomialDecayLR(LearningRateSchedule):
    """Mirrors ``nn.PolynomialDecayLR(learning_rate, end_learning_rate, decay_steps, power,
    update_decay_steps=False)``: ``(lr - end) * (1 - p) ** power + end``."""

    def __init__(self, learning_rate, end_learning_rate, decay_steps, power, update_decay_steps=False):
        super().__init__()
        V.positive_float(learning_rate, "learning_rate")
        V.is_float(learning_rate, "learning_rate")
        if not isinstance(end_learning_rate, float):
            raise TypeError("For 'PolynomialDecayLR', the argument 'end_learning_rate' must be type of float, "
                            f"but got 'end_learning_rate' type: {type(end_learning_rate)}.")
        name = type(self).__name__
        V.non_negative_float(end_learning_rate, "end_learning_rate", name)
        V.positive_int(decay_steps, "decay_steps", name)
        V.value_type("update_decay_steps", update_decay_steps, [bool], name)
        V.positive_float(power, "power", name)
        V.is_float(power, "power", name)
        self.decay_steps = decay_steps
        self.start_learning_rate = learning_rate
        self.end_learning_rate = end_learning_rate
        self.diff_learning_rate = learning_rate - end_learning_rate
        self.power = power
        self.update_decay_steps = update_decay_steps

    def construct(self, global_step):
        step = _step(global_step).to(_f32)
        decay = torch.tensor(float(self.decay_steps), dtype=_f32)
        if self.update_decay_steps:
            decay = decay * torch.clamp(torch.ceil(step / decay), min=1.0)
        else:
            step = torch.minimum(step, decay)
        p = step / decay
        return as_ms(self.diff_learning_rate * torch.pow(1.0 - p, self.power) + self.end_learning_rate)


class WarmUpLR(LearningRateSchedule):
    """Mirrors ``nn.WarmUpLR(learning_rate, warmup_steps)``: ``lr * min(step, warmup_steps) / warmup_steps``."""

    def __init__(self, learning_rate, warmup_steps):
        super().__init__()
        if not isinstance(learning_rate, float):
            raise TypeError("For 'WarmUpLR', the argument 'learning_rate' must be type of float, "
                            f"but got 'learning_rate' type: {type(learning_rate)}.")
        name = type(self).__name__
        V.non_negative_float(learning_rate, "learning_rate", name)
        V.positive_int(warmup_steps, "warmup_steps", name)
        self.warmup_steps = warmup_steps
        self.learning_rate = learning_rate

    def construct(self, global_step):
        pct = torch.clamp(_step(global_step), max=self.warmup_steps).to(_f32) / self.warmup_steps
        return as_ms(self.learning_rate * pct)

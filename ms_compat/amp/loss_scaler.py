"""``mindspore.amp`` functional loss scaling: LossScaler, StaticLossScaler, DynamicLossScaler, all_finite.

Update rules follow MindSpore 2.10 (tests/reference_data/amp/scalers.json). The state lives in
float32/int32 ``Parameter`` objects named ``scale_value`` / ``counter`` as in MindSpore; updates are
tensor ops without host synchronisation. PyTorch's counterpart is ``torch.amp.GradScaler``
(growth_interval ≈ scale_window, growth_factor ≈ scale_factor, backoff_factor = 1/scale_factor).
"""
from __future__ import annotations

import warnings
from abc import ABC, abstractmethod

import torch

from ..common.parameter import Parameter
from ..common.tensor import Tensor, as_ms

__all__ = ["LossScaler", "StaticLossScaler", "DynamicLossScaler", "all_finite", "init_status"]


def _check_scale_value(scale_value):
    if isinstance(scale_value, bool) or not isinstance(scale_value, (float, int)):
        raise TypeError("The type of 'scale_value' should be one of '['float', 'int']', but got type "
                        f"'{type(scale_value).__name__}'.")
    if scale_value < 1.0:
        raise ValueError(f"The argument 'scale_value' must be > 1, but got {scale_value}")


def _check_positive_int(value, name):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"The '{name}' must be int, but got '{type(value).__name__}'")
    if value <= 0:
        raise ValueError(f"The '{name}' must be int and must > 0, but got '{value}' with type 'int'.")
    return value


def _map(fn, inputs):
    if isinstance(inputs, (tuple, list)):
        return type(inputs)(_map(fn, x) for x in inputs)
    return fn(inputs)


class LossScaler(ABC):
    """Mirrors ``mindspore.amp.LossScaler``: abstract ``scale`` / ``unscale`` / ``adjust``."""

    @abstractmethod
    def scale(self, inputs):
        raise NotImplementedError

    @abstractmethod
    def unscale(self, inputs):
        raise NotImplementedError

    @abstractmethod
    def adjust(self, grads_finite):
        raise NotImplementedError


class StaticLossScaler(LossScaler):
    """Mirrors ``mindspore.amp.StaticLossScaler(scale_value)``: multiply / divide by a constant.

    ``scale`` and ``unscale`` accept a Tensor or a (nested) tuple/list of Tensors and keep each
    tensor's dtype; ``adjust`` returns ``False``.
    """

    def __init__(self, scale_value):
        _check_scale_value(scale_value)
        self.scale_value = Parameter(Tensor(float(scale_value), dtype=torch.float32), name="scale_value")

    def scale(self, inputs):
        s = self.scale_value.detach()
        return _map(lambda x: x * s.to(x.dtype), inputs)

    def unscale(self, inputs):
        r = torch.reciprocal(self.scale_value.detach())
        return _map(lambda x: x * r.to(x.dtype), inputs)

    def adjust(self, grads_finite):
        return False


class DynamicLossScaler(StaticLossScaler):
    """Mirrors ``mindspore.amp.DynamicLossScaler(scale_value, scale_factor, scale_window)``.

    ``adjust(grads_finite)``: finite → ``counter += 1``; when it reaches ``scale_window`` the scale is
    multiplied by ``scale_factor`` (unless that overflows to inf) and the counter resets; not finite →
    ``scale = max(1, scale / scale_factor)``, counter 0. Returns ``True``.
    """

    def __init__(self, scale_value, scale_factor, scale_window):
        _check_scale_value(scale_value)
        self.scale_value = Parameter(Tensor(float(scale_value), dtype=torch.float32), name="scale_value")
        self.scale_window = _check_positive_int(scale_window, "scale_window")
        self.scale_factor = _check_positive_int(scale_factor, "scale_factor")
        self.counter = Parameter(Tensor(0, dtype=torch.int32), name="counter")

    @torch.no_grad()
    def adjust(self, grads_finite):
        finite = torch.as_tensor(grads_finite, dtype=torch.bool, device=self.scale_value.device)
        s = self.scale_value.detach()
        grown = s * self.scale_factor
        at_window = self.counter.detach() == (self.scale_window - 1)
        on_finite = torch.where(at_window & torch.isfinite(grown), grown, s)
        on_overflow = torch.clamp(s / self.scale_factor, min=1.0)
        self.scale_value.copy_(torch.where(finite, on_finite, on_overflow))
        self.counter.copy_(((self.counter.detach() + 1) % self.scale_window) * finite.to(torch.int32))
        return True


def all_finite(inputs, status=None):
    """Mirrors ``mindspore.amp.all_finite(inputs)``: a 0-d bool Tensor, ``False`` if any element of any
    tensor in ``inputs`` is inf or nan. (``status`` is accepted for MindSpore ≤2.2 code and ignored.)"""
    if isinstance(inputs, torch.Tensor):
        inputs = (inputs,)
    tensors = [t for t in inputs if isinstance(t, torch.Tensor)]
    if not tensors:
        return as_ms(torch.tensor(True))
    flags = [torch.isfinite(t).all() for t in tensors]
    return as_ms(torch.stack(flags).all() if len(flags) > 1 else flags[0])


def init_status():
    """MindSpore ≤2.2 ``mindspore.amp.init_status()`` (removed in 2.10): the overflow-status buffer
    older ``all_finite(inputs, status)`` code passes around; a zero float32 Tensor of shape (8,).
    PyTorch needs no status register: ``all_finite`` ignores it."""
    warnings.warn("mindspore.amp.init_status was removed in MindSpore 2.10; all_finite does not need it.",
                  DeprecationWarning, stacklevel=2)
    return as_ms(torch.zeros(8, dtype=torch.float32))

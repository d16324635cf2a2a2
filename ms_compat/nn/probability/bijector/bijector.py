"""``mindspore.nn.probability.bijector.Bijector``: an invertible map with its log-Jacobians (MindSpore's
counterpart of ``torch.distributions.transforms.Transform``).

Subclasses give the hooks ``_forward``, ``_inverse``, ``_forward_log_jacobian``, ``_inverse_log_jacobian`` (on
Tensors, float32 by default); each public method calls its hook with the value and the extra arguments, and
``bijector('forward', x)`` dispatches by name (``construct``), as in MindSpore. As in MindSpore 2.10, the base
class defines no hook: a subclass without one raises ``AttributeError`` naming it."""
from __future__ import annotations

import torch

from ....common.tensor import Tensor, to_torch
from ...cell import Cell

__all__ = ["Bijector"]

_NAMES = ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian")


def _ms(x):
    return x.as_subclass(Tensor) if isinstance(x, torch.Tensor) and not isinstance(x, Tensor) else x


class Bijector(Cell):
    """Mirrors ``Bijector(is_constant_jacobian=False, is_injective=True, name=None, dtype=None, param=None)``."""

    def __init__(self, is_constant_jacobian=False, is_injective=True, name=None, dtype=None, param=None):
        super().__init__()
        if not isinstance(is_constant_jacobian, bool) or not isinstance(is_injective, bool):
            raise TypeError("For 'Bijector', 'is_constant_jacobian' and 'is_injective' must be bool.")
        if name is not None and not isinstance(name, str):
            raise TypeError(f"For 'Bijector', the type of 'name' should be 'str', but got type '{type(name).__name__}'.")
        self._name = name
        self._dtype = dtype
        self._parameters_dict = {k: v for k, v in (param or {}).items() if k != "self" and not k.startswith("_")}
        self._is_constant_jacobian, self._is_injective = is_constant_jacobian, is_injective

    @property
    def name(self):
        return self._name

    @property
    def dtype(self):
        return self._dtype

    @property
    def parameters(self):
        return self._parameters_dict

    @property
    def is_constant_jacobian(self):
        return self._is_constant_jacobian

    @property
    def is_injective(self):
        return self._is_injective

    @staticmethod
    def _t(value, name="value"):
        if not isinstance(value, torch.Tensor):
            raise TypeError(f"For 'Bijector', the '{name}' must be a Tensor, but got {type(value).__name__}.")
        t = to_torch(value)
        return _ms(t if t.is_floating_point() else t.to(torch.float32))

    def forward(self, value, *args, **kwargs):
        return _ms(self._forward(self._t(value), *args, **kwargs))

    def inverse(self, value, *args, **kwargs):
        return _ms(self._inverse(self._t(value), *args, **kwargs))

    def forward_log_jacobian(self, value, *args, **kwargs):
        return _ms(self._forward_log_jacobian(self._t(value), *args, **kwargs))

    def inverse_log_jacobian(self, value, *args, **kwargs):
        return _ms(self._inverse_log_jacobian(self._t(value), *args, **kwargs))

    def __call__(self, *args, **kwargs):
        # MindSpore's ``forward`` is the bijector map, not the Cell's forward: calling the bijector dispatches
        # through ``construct`` (Cell hooks do not apply to bijectors)
        return self.construct(*args, **kwargs)

    def construct(self, name, *args, **kwargs):
        if name in _NAMES:
            return getattr(self, name)(*args, **kwargs)
        raise NotImplementedError(f"{name} is not implemented for {self.name} bijector.")


def as_float(value, name, cls):
    if isinstance(value, bool) or not isinstance(value, (int, float, torch.Tensor)):
        raise TypeError(f"For '{cls}', the type of '{name}' should be one of ['int', 'float', 'Tensor'], but got "
                        f"type '{type(value).__name__}'.")
    return to_torch(value).float() if isinstance(value, torch.Tensor) else torch.tensor(float(value))

"""``mindspore.nn.probability.bijector.PowerTransform`` (the Box-Cox-style map; PyTorch's ``PowerTransform`` is
``x ** exponent``, a different function, so MindSpore's formulas are written out)."""
import torch

from .bijector import Bijector, as_float

__all__ = ["PowerTransform"]


class PowerTransform(Bijector):
    """Mirrors ``PowerTransform(power=0.0, name='PowerTransform')``: ``y = (1 + power * x) ** (1 / power)``, and
    ``y = exp(x)`` when ``power == 0``."""

    def __init__(self, power=0.0, name="PowerTransform"):
        super().__init__(name=name, param={"power": power})
        self._power = as_float(power, "power", name)
        if float(self._power) < 0:
            raise ValueError(f"For '{name}', power must be greater than or equal to 0, but got {float(self._power)}.")

    @property
    def power(self):
        return self._power

    def _forward(self, x):
        c = self._power
        return torch.exp(x) if float(c) == 0 else torch.exp(torch.log1p(c * x) / c)

    def _inverse(self, y):
        c = self._power
        return torch.log(y) if float(c) == 0 else torch.expm1(c * torch.log(y)) / c

    def _forward_log_jacobian(self, x):
        c = self._power
        return x if float(c) == 0 else (1.0 / c - 1.0) * torch.log1p(c * x)

    def _inverse_log_jacobian(self, y):
        return (self._power - 1.0) * torch.log(y)

"""``mindspore.nn.probability.bijector.GumbelCDF``: the Gumbel cumulative distribution function as a bijector."""
import torch

from .bijector import Bijector, as_float

__all__ = ["GumbelCDF"]


class GumbelCDF(Bijector):
    """Mirrors ``GumbelCDF(loc=0.0, scale=1.0, name='GumbelCDF')``: ``y = exp(-exp(-(x - loc) / scale))``."""

    def __init__(self, loc=0.0, scale=1.0, name="GumbelCDF"):
        super().__init__(name=name, param={"loc": loc, "scale": scale})
        self._loc, self._scale = as_float(loc, "loc", name), as_float(scale, "scale", name)
        if not bool(torch.all(self._scale > 0)):
            raise ValueError("scale must be greater than zero.")

    @property
    def loc(self):
        return self._loc

    @property
    def scale(self):
        return self._scale

    def _forward(self, x):
        return torch.exp(-torch.exp(-(x - self._loc) / self._scale))

    def _inverse(self, y):
        return self._loc - self._scale * torch.log(-torch.log(y))

    def _forward_log_jacobian(self, x):
        z = (x - self._loc) / self._scale
        return -z - torch.exp(-z) - torch.log(self._scale)

    def _inverse_log_jacobian(self, y):
        return torch.log(self._scale) - torch.log(-torch.log(y)) - torch.log(y)

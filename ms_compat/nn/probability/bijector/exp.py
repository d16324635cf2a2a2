"""``mindspore.nn.probability.bijector.Exp`` on ``torch.distributions.transforms.ExpTransform``."""
import torch

from .bijector import Bijector

__all__ = ["Exp"]

_EXP = torch.distributions.transforms.ExpTransform()


class Exp(Bijector):
    """Mirrors ``Exp(name='Exp')``: ``y = exp(x)``."""

    def __init__(self, name="Exp"):
        super().__init__(name=name, param={"name": name})

    def _forward(self, x):
        return _EXP(x)

    def _inverse(self, y):
        return _EXP.inv(y)

    def _forward_log_jacobian(self, x):
        return _EXP.log_abs_det_jacobian(x, None)

    def _inverse_log_jacobian(self, y):
        return -torch.log(y)

"""``mindspore.nn.probability.bijector.ScalarAffine`` on ``torch.distributions.transforms.AffineTransform``."""
import torch

from .bijector import Bijector, as_float

__all__ = ["ScalarAffine"]


class ScalarAffine(Bijector):
    """Mirrors ``ScalarAffine(scale=1.0, shift=0.0, name='ScalarAffine')``: ``y = scale * x + shift``; the
    log-Jacobians are the scalars ``±log|scale|``, as in MindSpore."""

    def __init__(self, scale=1.0, shift=0.0, name="ScalarAffine"):
        super().__init__(is_constant_jacobian=True, name=name, param={"scale": scale, "shift": shift})
        self._scale, self._shift = as_float(scale, "scale", name), as_float(shift, "shift", name)
        self.__dict__["_affine"] = torch.distributions.transforms.AffineTransform(self._shift, self._scale)

    @property
    def scale(self):
        return self._scale

    @property
    def shift(self):
        return self._shift

    def _forward(self, x):
        return self._affine(x)

    def _inverse(self, y):
        return self._affine.inv(y)

    def _forward_log_jacobian(self, x):
        return torch.log(torch.abs(self._scale))

    def _inverse_log_jacobian(self, y):
        return -torch.log(torch.abs(self._scale))

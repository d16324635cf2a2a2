"""``mindspore.nn.probability.bijector.Softplus`` (PyTorch's ``SoftplusTransform`` has no sharpness, so the
formulas are written out with ``torch.nn.functional.softplus``)."""
import torch
import torch.nn.functional as F

from .bijector import Bijector, as_float

__all__ = ["Softplus"]


class Softplus(Bijector):
    """Mirrors ``Softplus(sharpness=1.0, name='Softplus')``: ``y = log(1 + exp(k * x)) / k``."""

    def __init__(self, sharpness=1.0, name="Softplus"):
        super().__init__(name=name, param={"sharpness": sharpness})
        self._k = as_float(sharpness, "sharpness", name)

    @property
    def sharpness(self):
        return self._k

    def _forward(self, x):
        return F.softplus(self._k * x) / self._k

    def _inverse(self, y):
        ky = self._k * y
        return (ky + torch.log(-torch.expm1(-ky))) / self._k

    def _forward_log_jacobian(self, x):
        return -F.softplus(-self._k * x)

    def _inverse_log_jacobian(self, y):
        ky = self._k * y
        return -torch.log(-torch.expm1(-ky))

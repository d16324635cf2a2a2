"""``mindspore.nn.probability.distribution.Laplace`` on ``torch.distributions.Laplace`` (MindSpore 2.10 defines
only ``prob``/``log_prob``)."""
import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_float_dtype, check_greater_zero

__all__ = ["Laplace"]


class Laplace(Distribution):
    """Mirrors ``Laplace(mean=None, sd=None, seed=None, dtype=mindspore.float32, name='Laplace')`` (``sd`` is the
    scale ``b``); every method other than ``prob``/``log_prob`` raises ``NotImplementedError`` as in MindSpore."""

    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_log_prob",)

    PARAMS = ("mean", "sd")

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Laplace"):
        check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(mean=mean, sd=sd)
        check_greater_zero(self._defaults["sd"], "Standard deviation")

    def _torch(self, mean, sd):
        return torch.distributions.Laplace(mean, sd, validate_args=False)

"""``mindspore.nn.probability.distribution.HalfNormal``: MindSpore 2.10 defines only ``prob``/``log_prob``."""
import math

import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_float_dtype, check_greater_zero

__all__ = ["HalfNormal"]


class HalfNormal(Distribution):
    """Mirrors ``HalfNormal(mean=None, sd=None, seed=None, dtype=mindspore.float32, name='HalfNormal')``: density
    ``sqrt(2/pi)/sd * exp(-((x-mean)/sd)**2/2)`` for ``x >= 0`` (``torch.distributions.HalfNormal`` when
    ``mean == 0``); every other method raises ``NotImplementedError`` as in MindSpore 2.10."""

    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_prob",)

    PARAMS = ("mean", "sd")

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="HalfNormal"):
        check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(mean=mean, sd=sd)
        check_greater_zero(self._defaults["sd"], "Standard deviation")

    def _log_prob_t(self, value, params):
        mean, sd = params
        lp = 0.5 * math.log(2.0 / math.pi) - torch.log(sd) - 0.5 * ((value - mean) / sd) ** 2
        return torch.where(value >= 0, lp, torch.full_like(lp, float("-inf")))

"""``mindspore.nn.probability.distribution.StudentT`` on ``torch.distributions.StudentT`` (MindSpore 2.10 defines
only ``prob``/``log_prob``)."""
import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_float_dtype, check_greater_zero

__all__ = ["StudentT"]


class StudentT(Distribution):
    """Mirrors ``StudentT(df=None, mean=None, sd=None, seed=None, dtype=mindspore.float32, name='StudentT')``;
    every method other than ``prob``/``log_prob`` raises ``NotImplementedError`` as in MindSpore."""

    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_log_prob",)

    PARAMS = ("df", "mean", "sd")

    def __init__(self, df=None, mean=None, sd=None, seed=None, dtype=mstype.float32, name="StudentT"):
        check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(df=df, mean=mean, sd=sd)
        check_greater_zero(self._defaults["sd"], "Standard deviation")
        check_greater_zero(self._defaults["df"], "Degrees of freedom")

    def _torch(self, df, mean, sd):
        return torch.distributions.StudentT(df, mean, sd, validate_args=False)

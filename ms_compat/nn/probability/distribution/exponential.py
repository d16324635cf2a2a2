"""``mindspore.nn.probability.distribution.Exponential`` on ``torch.distributions.Exponential``."""
import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_float_dtype, check_greater_zero, mindspore_draws, mindspore_uniform

__all__ = ["Exponential"]


class Exponential(Distribution):
    """Mirrors ``Exponential(rate=None, seed=None, dtype=mindspore.float32, name='Exponential')``."""

    PARAMS = ("rate",)
    METHODS = frozenset({"cdf", "mean", "mode", "sd", "var", "entropy", "kl_loss", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_cross_entropy", "_entropy", "_get_dist_args", "_get_dist_type", "_kl_loss", "_log_prob",
             "_log_survival", "_mean", "_mode", "_sample", "_sd")
    DIST_TYPE = "Exponential"

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Exponential"):
        check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(rate=rate)
        check_greater_zero(self._defaults["rate"], "rate")

    def _sample_t(self, shape, p):
        """MindSpore's draws: ``-(log(u) / rate)``, ``u`` from ``ops.uniform`` with the seed."""
        (rate,) = p
        return mindspore_draws(self, shape, rate.shape, lambda s: -(torch.log(mindspore_uniform(self, s)) / rate))

    def _torch(self, rate):
        return torch.distributions.Exponential(rate, validate_args=False)

    def _log_survival_t(self, value, params):
        return -params[0] * torch.clamp(value, min=0)

    def _mode_t(self, p):
        return torch.zeros_like(p[0])

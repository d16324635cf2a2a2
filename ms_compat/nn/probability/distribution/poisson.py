"""``mindspore.nn.probability.distribution.Poisson`` on ``torch.distributions.Poisson``."""
import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_greater_zero

__all__ = ["Poisson"]


class Poisson(Distribution):
    """Mirrors ``Poisson(rate=None, seed=None, dtype=mindspore.float32, name='Poisson')`` (no ``entropy``,
    ``kl_loss``, ``cross_entropy`` in MindSpore 2.10; ``cdf(k)`` is the regularized upper incomplete gamma
    ``Q(floor(k) + 1, rate)``, ``mode`` is ``floor(rate)``)."""

    PARAMS = ("rate",)
    METHODS = frozenset({"cdf", "mean", "mode", "sd", "var", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_get_dist_args", "_get_dist_type", "_log_prob", "_mean", "_mode", "_sample", "_var")
    DIST_TYPE = "Poisson"

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Poisson"):
        if rate is not None and not isinstance(rate, (torch.Tensor, list, tuple)):
            raise TypeError("Input rate can't be scalar")
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(rate=rate)
        check_greater_zero(self._defaults["rate"], "rate")

    def _torch(self, rate):
        return torch.distributions.Poisson(rate, validate_args=False)

    def _cdf_t(self, value, params):
        k = torch.floor(value)
        rate = params[0]
        return torch.where(k < 0, torch.zeros_like(k + rate), torch.special.gammaincc(k + 1.0, rate))

    def _mode_t(self, p):
        return torch.floor(p[0])

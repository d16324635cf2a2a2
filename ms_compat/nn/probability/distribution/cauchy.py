"""``mindspore.nn.probability.distribution.Cauchy`` on ``torch.distributions.Cauchy``."""
import math

import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_float_dtype, check_greater_zero, mindspore_draws, mindspore_uniform

__all__ = ["Cauchy"]


class Cauchy(Distribution):
    """Mirrors ``Cauchy(loc=None, scale=None, seed=None, dtype=mindspore.float32, name='Cauchy')`` (``mean``, ``sd``,
    ``var`` raise MindSpore's ``ValueError``: undefined)."""

    PARAMS = ("loc", "scale")
    METHODS = frozenset({"cdf", "mode", "entropy", "kl_loss", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_cross_entropy", "_entropy", "_get_dist_args", "_get_dist_type", "_kl_loss", "_log_cdf",
             "_log_prob", "_mean", "_mode", "_sample", "_sd", "_var")
    UNDEFINED = {"mean": "mean", "sd": "standard deviation", "var": "variance"}
    DIST_TYPE = "Cauchy"

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Cauchy"):
        check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(loc=loc, scale=scale)
        check_greater_zero(self._defaults["scale"], "scale")

    def _sample_t(self, shape, p):
        """MindSpore's draws: ``loc + scale * tan(pi * (u - 0.5))``, ``u`` from ``ops.uniform`` with the seed."""
        loc, scale = p
        return mindspore_draws(self, shape, torch.broadcast_shapes(loc.shape, scale.shape),
                               lambda s: loc + scale * torch.tan(math.pi * (mindspore_uniform(self, s) - 0.5)))

    def _torch(self, loc, scale):
        return torch.distributions.Cauchy(loc, scale, validate_args=False)

    def _mode_t(self, p):
        return p[0] * torch.ones_like(p[1])

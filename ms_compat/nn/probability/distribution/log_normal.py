"""``mindspore.nn.probability.distribution.LogNormal`` on ``torch.distributions.LogNormal``."""
import torch

from ....common import dtype as mstype
from .distribution import (TRANSFORMED_HOOKS, Distribution, check_float_dtype, check_greater_zero,
                           mindspore_draws, mindspore_normal)

__all__ = ["LogNormal"]


class LogNormal(Distribution):
    """Mirrors ``LogNormal(loc=None, scale=None, seed=0, dtype=mindspore.float32, name='LogNormal')`` (the log of
    the variable is Normal(loc, scale))."""

    PARAMS = ("loc", "scale")
    METHODS = frozenset({"cdf", "mean", "mode", "sd", "var", "entropy", "kl_loss", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_cross_entropy", "_entropy", "_get_dist_args", "_get_dist_type", "_kl_loss", "_log_cdf",
             "_log_prob", "_log_survival", "_mean", "_mode", "_prob", "_sample", "_survival_function", "_var")
    HOOK_IMPL = TRANSFORMED_HOOKS  # MindSpore 2.10's is a TransformedDistribution
    DIST_TYPE = "LogNormal"

    def __init__(self, loc=None, scale=None, seed=0, dtype=mstype.float32, name="LogNormal"):
        check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(loc=loc, scale=scale)
        check_greater_zero(self._defaults["scale"], "scale")

    def _sample_t(self, shape, p):
        """MindSpore's draws: ``exp`` of its inner ``Normal``'s (built without a seed: ``ops.normal`` with seed 0)."""
        loc, scale = p
        return mindspore_draws(None, shape, torch.broadcast_shapes(loc.shape, scale.shape),
                               lambda s: torch.exp(mindspore_normal(None, s, loc, scale)))

    def _torch(self, loc, scale):
        return torch.distributions.LogNormal(loc, scale, validate_args=False)

    def _mode_t(self, p):
        return torch.exp(p[0] - p[1] ** 2)

    def _kl_t(self, a, b):
        return torch.distributions.kl_divergence(torch.distributions.Normal(*a), torch.distributions.Normal(*b))

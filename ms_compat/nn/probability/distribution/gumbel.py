"""``mindspore.nn.probability.distribution.Gumbel`` on ``torch.distributions.Gumbel``."""
import torch

from ....common import dtype as mstype
from .distribution import (TRANSFORMED_HOOKS, Distribution, check_float_dtype, check_greater_zero,
                           mindspore_draws, mindspore_uniform)

__all__ = ["Gumbel"]


class Gumbel(Distribution):
    """Mirrors ``Gumbel(loc, scale, seed=0, dtype=mindspore.float32, name='Gumbel')``: ``loc`` and ``scale`` are
    required and, as in MindSpore, the methods take no parameter overrides (``kl_loss('Gumbel', loc_b,
    scale_b)``)."""

    PARAMS = ("loc", "scale")
    METHODS = frozenset({"cdf", "mean", "mode", "sd", "var", "entropy", "kl_loss", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_cross_entropy", "_entropy", "_get_dist_args", "_get_dist_type", "_kl_loss", "_log_cdf",
             "_log_prob", "_log_survival", "_mean", "_mode", "_prob", "_sample", "_sd", "_survival_function")
    HOOK_IMPL = TRANSFORMED_HOOKS  # MindSpore 2.10's is a TransformedDistribution
    DIST_TYPE = "Gumbel"

    def __init__(self, loc, scale, seed=0, dtype=mstype.float32, name="Gumbel"):
        check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(loc=loc, scale=scale)
        check_greater_zero(self._defaults["scale"], "scale")

    def _params(self, args, kwargs, names=None):
        if args or kwargs:
            raise TypeError(f"For '{self.name}', the methods take no distribution parameters.")
        return super()._params((), {}, names)

    def _kl_args(self, dist, args, kwargs):
        if dist != self.DIST_TYPE:
            raise ValueError(f"Expected dist input is {self.DIST_TYPE}, but got {dist}.")
        return super()._params((), {}), [self._as_float(v) for v in args[:2]]

    def _sample_t(self, shape, p):
        """MindSpore's draws: ``loc - scale * log(-log(u))``, ``u`` from its inner ``Uniform(0, 1)`` (built without a
        seed: ``ops.uniform`` with seed 0)."""
        loc, scale = p
        return mindspore_draws(None, shape, torch.broadcast_shapes(loc.shape, scale.shape),
                               lambda s: loc - scale * torch.log(-torch.log(mindspore_uniform(None, s))))

    def _torch(self, loc, scale):
        return torch.distributions.Gumbel(loc, scale, validate_args=False)

    def _mode_t(self, p):
        return p[0] * torch.ones_like(p[1])

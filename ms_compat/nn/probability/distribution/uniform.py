"""``mindspore.nn.probability.distribution.Uniform`` on ``torch.distributions.Uniform``."""
import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_float_dtype, mindspore_draws, mindspore_uniform

__all__ = ["Uniform"]


class Uniform(Distribution):
    """Mirrors ``Uniform(low=None, high=None, seed=None, dtype=mindspore.float32, name='Uniform')`` (no ``mode``
    in MindSpore 2.10; ``low < high`` is checked)."""

    PARAMS = ("low", "high")
    METHODS = frozenset({"cdf", "mean", "sd", "var", "entropy", "kl_loss", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_cross_entropy", "_entropy", "_get_dist_args", "_get_dist_type", "_kl_loss", "_mean", "_prob",
             "_sample", "_var")
    DIST_TYPE = "Uniform"

    def __init__(self, low=None, high=None, seed=None, dtype=mstype.float32, name="Uniform"):
        check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(low=low, high=high)
        lo, hi = self._defaults["low"], self._defaults["high"]
        if lo is not None and hi is not None and not bool(torch.all(lo < hi)):
            raise ValueError("low must be less than high.")

    def _sample_t(self, shape, p):
        """MindSpore's draws: ``(high - low) * u + low``, ``u`` from ``ops.uniform`` with the seed."""
        low, high = p
        return mindspore_draws(self, shape, torch.broadcast_shapes(low.shape, high.shape),
                               lambda s: (high - low) * mindspore_uniform(self, s) + low)

    def _torch(self, low, high):
        return torch.distributions.Uniform(low, high, validate_args=False)

    def _log_prob_t(self, value, params):
        low, high = params
        inside = (value >= low) & (value <= high)
        return torch.where(inside, -torch.log(high - low), torch.full_like(value + low, float("-inf")))

    def _cdf_t(self, value, params):
        low, high = params
        return torch.clamp((value - low) / (high - low), 0.0, 1.0)

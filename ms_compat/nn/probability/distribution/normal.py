"""``mindspore.nn.probability.distribution.Normal`` on ``torch.distributions.Normal``."""
import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_float_dtype, check_greater_zero, mindspore_draws, mindspore_normal

__all__ = ["Normal"]


class Normal(Distribution):
    """Mirrors ``Normal(mean=None, sd=None, seed=None, dtype=mindspore.float32, name='Normal')``."""

    PARAMS = ("mean", "sd")
    METHODS = frozenset({"cdf", "mean", "mode", "sd", "var", "entropy", "kl_loss", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_cross_entropy", "_entropy", "_get_dist_args", "_get_dist_type", "_kl_loss", "_log_prob",
             "_mean", "_mode", "_sample", "_sd")
    DIST_TYPE = "Normal"

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Normal"):
        check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(mean=mean, sd=sd)
        check_greater_zero(self._defaults["sd"], "Standard deviation")

    def _sample_t(self, shape, p):
        """MindSpore's draws: ``ops.normal(shape + batch, mean, sd, seed)``."""
        mean, sd = p
        return mindspore_draws(self, shape, torch.broadcast_shapes(mean.shape, sd.shape),
                               lambda s: mindspore_normal(self, s, mean, sd))

    def _torch(self, mean, sd):
        return torch.distributions.Normal(mean, sd, validate_args=False)

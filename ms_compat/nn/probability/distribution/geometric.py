"""``mindspore.nn.probability.distribution.Geometric`` on ``torch.distributions.Geometric`` (the number of
failures before the first success)."""
import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_prob, mindspore_draws, mindspore_uniform

__all__ = ["Geometric"]


class Geometric(Distribution):
    """Mirrors ``Geometric(probs=None, seed=None, dtype=mindspore.int32, name='Geometric')`` (``probs1`` in the
    methods; ``mode`` and samples have ``dtype``)."""

    PARAMS = ("probs",)
    METHODS = frozenset({"cdf", "mean", "mode", "sd", "var", "entropy", "kl_loss", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_cross_entropy", "_entropy", "_get_dist_args", "_get_dist_type", "_kl_loss", "_mean", "_mode",
             "_prob", "_sample", "_var")
    DIST_TYPE = "Geometric"

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Geometric"):
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(probs=probs)
        check_prob(self._defaults["probs"])

    def _sample_t(self, shape, p):
        """MindSpore's draws: ``floor(log(u) / log(1 - probs1))``, ``u`` from ``ops.uniform`` with the seed."""
        (probs,) = p
        return mindspore_draws(self, shape, probs.shape,
                               lambda s: torch.floor(torch.log(mindspore_uniform(self, s)) / torch.log(1.0 - probs)))

    def _torch(self, p):
        return torch.distributions.Geometric(probs=p, validate_args=False)

    def _log_prob_t(self, value, params):
        p = params[0]
        k = torch.floor(value)
        return torch.where(k < 0, torch.full_like(k + p, float("-inf")), k * torch.log1p(-p) + torch.log(p))

    def _cdf_t(self, value, params):
        p = params[0]
        k = torch.floor(value)
        return torch.where(k < 0, torch.zeros_like(k + p), 1.0 - torch.pow(1.0 - p, k + 1.0))

    def _mode_t(self, p):
        return torch.zeros_like(p[0]).to(self._dtype)

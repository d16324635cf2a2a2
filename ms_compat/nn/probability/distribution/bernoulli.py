"""``mindspore.nn.probability.distribution.Bernoulli`` on ``torch.distributions.Bernoulli``."""
import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_prob, mindspore_draws, mindspore_uniform

__all__ = ["Bernoulli"]


class Bernoulli(Distribution):
    """Mirrors ``Bernoulli(probs=None, seed=None, dtype=mindspore.int32, name='Bernoulli')`` (the probability of 1;
    ``probs1`` in the methods). Samples and ``mode`` have ``dtype``. Difference: ``mode()`` raises ``TypeError`` in
    MindSpore 2.10 (a scalar-first ``Less``); here it is 1 where ``probs > 0.5``, else 0, as MindSpore documents."""

    PARAMS = ("probs",)
    METHODS = frozenset({"cdf", "mean", "mode", "sd", "var", "entropy", "kl_loss", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_cross_entropy", "_entropy", "_get_dist_args", "_get_dist_type", "_kl_loss", "_log_prob",
             "_mean", "_mode", "_sample", "_var")
    DIST_TYPE = "Bernoulli"

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Bernoulli"):
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(probs=probs)
        check_prob(self._defaults["probs"])

    def _sample_t(self, shape, p):
        """MindSpore's draws: ``u < probs1``, ``u`` from ``ops.uniform`` with the seed."""
        (probs,) = p
        return mindspore_draws(self, shape, probs.shape, lambda s: mindspore_uniform(self, s) < probs)

    def _torch(self, p):
        return torch.distributions.Bernoulli(probs=p, validate_args=False)

    def _cdf_t(self, value, params):
        p = params[0]
        return torch.where(value < 0, torch.zeros_like(p), torch.where(value < 1, 1 - p, torch.ones_like(p)))

    def _mode_t(self, p):
        return (p[0] > 0.5).to(self._dtype)

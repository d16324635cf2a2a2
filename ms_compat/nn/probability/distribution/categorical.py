"""``mindspore.nn.probability.distribution.Categorical`` on ``torch.distributions.Categorical``."""
import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_prob, mindspore_multinomial

__all__ = ["Categorical"]


class Categorical(Distribution):
    """Mirrors ``Categorical(probs=None, seed=None, dtype=mindspore.int32, name='Categorical')`` (the last axis of
    ``probs`` holds the categories). As in MindSpore, ``mean``/``var``/``sd`` keep that axis (shape
    ``batch + (1,)``), ``cdf(k)`` sums the probabilities of the categories ``<= k``, ``mode`` has ``dtype``."""

    PARAMS = ("probs",)
    METHODS = frozenset({"cdf", "mean", "mode", "sd", "var", "entropy", "kl_loss", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_cross_entropy", "_entropy", "_get_dist_args", "_get_dist_type", "_kl_loss", "_log_prob",
             "_mean", "_mode", "_sample", "_var")
    DIST_TYPE = "Categorical"

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Categorical"):
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(probs=probs)
        p = self._defaults["probs"]
        if p is not None:
            if p.ndim == 0:
                raise ValueError("Rank of probs must be greater than 0.")
            check_prob(p)
            if not bool(torch.allclose(p.sum(-1), torch.ones(()), atol=1e-6)):
                raise ValueError("Probabilities for each category must sum to one for Categorical distribution.")

    def _sample_t(self, shape, p):
        """MindSpore's draws: ``ops.multinomial`` (with the seed) of ``prod(shape)`` samples per row of ``probs``,
        one column per sample."""
        probs = p[0]
        rows = probs.reshape(-1, probs.shape[-1])
        count = 1
        for n in shape:
            count *= int(n)
        return mindspore_multinomial(self, rows, count).T.reshape(tuple(shape) + tuple(probs.shape[:-1]))

    def _torch(self, p):
        return torch.distributions.Categorical(probs=p, validate_args=False)

    def _log_prob_t(self, value, params):
        return self._torch(*params).log_prob(value.long())

    def _cdf_t(self, value, params):
        p = params[0]
        k = torch.arange(p.shape[-1], dtype=p.dtype)
        return (p * (k <= value.unsqueeze(-1)).to(p.dtype)).sum(-1)

    def _mean_t(self, p):
        k = torch.arange(p[0].shape[-1], dtype=p[0].dtype)
        return (p[0] * k).sum(-1, keepdim=True)

    def _var_t(self, p):
        k = torch.arange(p[0].shape[-1], dtype=p[0].dtype)
        return (p[0] * (k - self._mean_t(p)) ** 2).sum(-1, keepdim=True)

    def _kl_t(self, a, b):
        pa, pb = a[0], b[0]
        return (pa * (torch.log(pa) - torch.log(pb))).sum(-1)

    def _mode_t(self, p):
        return p[0].argmax(-1).to(self._dtype)

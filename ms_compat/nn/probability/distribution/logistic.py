"""``mindspore.nn.probability.distribution.Logistic`` (PyTorch has no Logistic: its formulas, with
``torch.nn.functional.softplus``/``torch.sigmoid``)."""
import math

import torch
import torch.nn.functional as F

from ....common import dtype as mstype
from .distribution import Distribution, check_float_dtype, check_greater_zero, mindspore_draws, mindspore_uniform

__all__ = ["Logistic"]


class Logistic(Distribution):
    """Mirrors ``Logistic(loc=None, scale=None, seed=None, dtype=mindspore.float32, name='Logistic')`` (no
    ``kl_loss``/``cross_entropy`` in MindSpore 2.10)."""

    PARAMS = ("loc", "scale")
    METHODS = frozenset({"cdf", "mean", "mode", "sd", "var", "entropy", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_entropy", "_get_dist_args", "_get_dist_type", "_log_cdf", "_log_prob", "_log_survival", "_mean",
             "_mode", "_sample", "_sd", "_survival_function")
    DIST_TYPE = "Logistic"

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Logistic"):
        check_float_dtype(dtype, type(self).__name__)
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(loc=loc, scale=scale)
        check_greater_zero(self._defaults["scale"], "scale")

    @staticmethod
    def _z(value, params):
        return (value - params[0]) / params[1]

    def _log_prob_t(self, value, params):
        z = self._z(value, params)
        return -z - 2.0 * F.softplus(-z) - torch.log(params[1])

    def _cdf_t(self, value, params):
        return torch.sigmoid(self._z(value, params))

    def _log_cdf_t(self, value, params):
        return -F.softplus(-self._z(value, params))

    def _survival_t(self, value, params):
        return torch.sigmoid(-self._z(value, params))

    def _log_survival_t(self, value, params):
        return -F.softplus(self._z(value, params))

    def _mean_t(self, p):
        return p[0] * torch.ones_like(p[1])

    _mode_t = _mean_t

    def _sd_t(self, p):
        return p[1] * math.pi / math.sqrt(3.0) * torch.ones_like(p[0])

    def _var_t(self, p):
        return self._sd_t(p) ** 2

    def _entropy_t(self, p):
        return torch.log(p[1]) + 2.0 + torch.zeros_like(p[0])

    def _sample_t(self, shape, p):
        """MindSpore's draws: ``(log(u) - log1p(-u)) * scale + loc``, ``u`` from ``ops.uniform`` with the seed."""
        loc, scale = p

        def draw(s):
            u = mindspore_uniform(self, s)
            return (torch.log(u) - torch.log1p(-u)) * scale + loc
        return mindspore_draws(self, shape, torch.broadcast_shapes(loc.shape, scale.shape), draw)

"""``mindspore.nn.probability.distribution.Gamma`` on ``torch.distributions.Gamma``."""
import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_float_dtype, check_greater_zero

__all__ = ["Gamma"]


class Gamma(Distribution):
    """Mirrors ``Gamma(concentration=None, rate=None, seed=None, dtype=mindspore.float32, name='Gamma')``."""

    PARAMS = ("concentration", "rate")
    METHODS = frozenset({"cdf", "mean", "mode", "sd", "var", "entropy", "kl_loss", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_cross_entropy", "_entropy", "_get_dist_args", "_get_dist_type", "_kl_loss", "_log_prob",
             "_mean", "_mode", "_sample", "_sd", "_var")
    DIST_TYPE = "Gamma"

    def __init__(self, concentration=None, rate=None, seed=None, dtype=mstype.float32, name="Gamma"):
        check_float_dtype(dtype, type(self).__name__)
        for n, v in (("concentration", concentration), ("rate", rate)):
            if v is not None and not isinstance(v, (torch.Tensor, list, tuple)):
                raise TypeError(f"Input {n} can't be scalar")
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(concentration=concentration, rate=rate)
        check_greater_zero(self._defaults["concentration"], "concentration")
        check_greater_zero(self._defaults["rate"], "rate")

    def _torch(self, c, r):
        return torch.distributions.Gamma(c, r, validate_args=False)

    def _cdf_t(self, value, params):
        c, r = params
        return torch.special.gammainc(c, torch.clamp(value, min=0) * r)

"""``mindspore.nn.probability.distribution.Beta`` on ``torch.distributions.Beta``."""
import torch

from ....common import dtype as mstype
from .distribution import Distribution, check_float_dtype, check_greater_zero

__all__ = ["Beta"]


class Beta(Distribution):
    """Mirrors ``Beta(concentration1=None, concentration0=None, seed=None, dtype=mindspore.float32, name='Beta')``
    (no ``cdf`` in MindSpore 2.10; ``mode`` is NaN unless both concentrations exceed 1)."""

    PARAMS = ("concentration1", "concentration0")
    METHODS = frozenset({"mean", "mode", "sd", "var", "entropy", "kl_loss", "sample", "get_dist_type"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cross_entropy", "_entropy", "_get_dist_args", "_get_dist_type", "_kl_loss", "_log_prob", "_mean",
             "_mode", "_sample", "_var")
    DIST_TYPE = "Beta"

    def __init__(self, concentration1=None, concentration0=None, seed=None, dtype=mstype.float32, name="Beta"):
        check_float_dtype(dtype, type(self).__name__)
        for n, v in (("concentration0", concentration0), ("concentration1", concentration1)):
            if v is not None and not isinstance(v, torch.Tensor) and not isinstance(v, (list, tuple)):
                raise TypeError(f"Input {n} can't be scalar")
        super().__init__(seed, dtype, name, dict(locals()))
        self._set_defaults(concentration1=concentration1, concentration0=concentration0)
        check_greater_zero(self._defaults["concentration1"], "concentration1")
        check_greater_zero(self._defaults["concentration0"], "concentration0")

    def _torch(self, c1, c0):
        return torch.distributions.Beta(c1, c0, validate_args=False)

    def _mode_t(self, p):
        c1, c0 = p
        return torch.where((c1 > 1) & (c0 > 1), (c1 - 1) / (c1 + c0 - 2), torch.full_like(c1 + c0, float("nan")))

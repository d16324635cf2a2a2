"""``mindspore.nn.probability.distribution.TransformedDistribution``: a distribution pushed through a bijector
(``Y = bijector.forward(X)``)."""
import torch

from ....common.tensor import to_torch
from .distribution import TRANSFORMED_HOOKS, Distribution, _ms

__all__ = ["TransformedDistribution"]


class TransformedDistribution(Distribution):
    """Mirrors ``TransformedDistribution(bijector, distribution, seed=None, name='transformed_distribution')``:
    ``log_prob(y) = distribution.log_prob(bijector.inverse(y)) + bijector.inverse_log_jacobian(y)``, ``cdf(y) =
    distribution.cdf(bijector.inverse(y))`` (an increasing bijector), ``sample = bijector.forward(distribution
    .sample)``; ``mean`` needs a linear bijector (MindSpore's ``ValueError`` otherwise); extra method arguments go
    to the underlying distribution."""

    METHODS = frozenset({"cdf", "sample"})
    # the hooks MindSpore 2.10's class defines (its public methods dispatch to them)
    HOOKS = ("_cdf", "_log_cdf", "_log_prob", "_log_survival", "_mean", "_prob", "_sample", "_survival_function")
    HOOK_IMPL = TRANSFORMED_HOOKS

    def __init__(self, bijector, distribution, seed=None, name="transformed_distribution"):
        from ..bijector.bijector import Bijector
        if not isinstance(bijector, Bijector):
            raise TypeError(f"For '{name}', the 'bijector' must be a Bijector, but got {type(bijector).__name__}.")
        if not isinstance(distribution, Distribution):
            raise TypeError(f"For '{name}', the 'distribution' must be a Distribution, but got "
                            f"{type(distribution).__name__}.")
        super().__init__(seed, distribution.dtype, name, {"bijector": bijector, "distribution": distribution})
        self._bijector, self._distribution = bijector, distribution
        self.__dict__["_pass"] = ((), {})

    @property
    def bijector(self):
        return self._bijector

    @property
    def distribution(self):
        return self._distribution

    def _params(self, args, kwargs, names=None):
        return (args, kwargs)

    def _log_prob_t(self, value, params):
        x = to_torch(self._bijector.inverse(value))
        return (to_torch(self._distribution.log_prob(x, *params[0], **params[1]))
                + to_torch(self._bijector.inverse_log_jacobian(value)))

    def _cdf_t(self, value, params):
        return to_torch(self._distribution.cdf(to_torch(self._bijector.inverse(value)), *params[0], **params[1]))

    def _mean_t(self, params):
        if not self._bijector.is_constant_jacobian:
            raise ValueError("mean function must be implemented for non-linear transformation")
        return to_torch(self._bijector.forward(self._distribution.mean(*params[0], **params[1])))

    def _mean(self, *args, **kwargs):
        return _ms(self._mean_t((args, kwargs)))

    def _sample_t(self, shape, params):
        return to_torch(self._bijector.forward(self._distribution.sample(shape, *params[0], **params[1])))

    def _sample(self, shape=(), *args, **kwargs):
        if not isinstance(shape, tuple):
            raise TypeError(f"For '{self.name}', the 'shape' must be tuple, but got {type(shape).__name__}.")
        return _ms(self._sample_t(shape, (args, kwargs)).to(self._dtype))

    def _value(self, value):
        return to_torch(value).to(torch.float32) if not isinstance(value, torch.Tensor) else value

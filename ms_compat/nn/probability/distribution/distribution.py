"""``mindspore.nn.probability.distribution.Distribution``: the base of MindSpore's distributions, on
``torch.distributions``.

A distribution is a Cell holding default parameters; every method (``prob``, ``log_prob``, ``cdf``, ``log_cdf``,
``survival_function``, ``log_survival``, ``mean``, ``mode``, ``sd``, ``var``, ``entropy``, ``kl_loss``,
``cross_entropy``, ``sample``) also takes the parameters as extra arguments, overriding the defaults for that
call, and ``dist('log_prob', value)`` dispatches by name (``construct``). Subclasses give ``PARAMS`` (names in
order), ``_torch(*params)`` (the ``torch.distributions`` object, built with ``validate_args=False`` as MindSpore
does not check values against the support) and the list of methods MindSpore 2.10 defines for them; the others
raise MindSpore's ``NotImplementedError``/``ValueError``. Values are computed in the distribution's float dtype
(float32 by default) and are differentiable (``mindspore.grad`` through ``log_prob``).

Difference: sampling uses PyTorch's random stream (``seed`` is accepted and checked, as in MindSpore; the numbers
differ from MindSpore's), and works where MindSpore 2.10's CPU build has no sampling kernel (Beta, Gamma,
Poisson).
"""
from __future__ import annotations

import math

import torch

from ....common import dtype as mstype
from ....common.tensor import Tensor, to_torch
from ...cell import Cell

__all__ = ["Distribution"]

_FLOAT = (torch.float16, torch.float32, torch.float64, torch.bfloat16)
_FLOAT_TEXT = ("[mindspore.float16, mindspore.float32, mindspore.float64, mindspore.bfloat16, "
               "mindspore.float8_e4m3fn, mindspore.float8_e5m2, mindspore.hifloat8]")
_ALL = ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival", "mean", "mode", "sd", "var",
        "entropy", "kl_loss", "cross_entropy", "sample", "get_dist_type")


def _ms(x):
    return x.as_subclass(Tensor) if isinstance(x, torch.Tensor) and not isinstance(x, Tensor) else x


def check_float_dtype(dtype, cls):
    if dtype not in _FLOAT:
        raise TypeError(f"For '{cls}', the 'dtype' should be one of {_FLOAT_TEXT}, but got "
                        f"'{mstype.dtype_repr(dtype) if mstype.is_mindspore_dtype(dtype) else dtype}'.")


def check_greater_zero(value, name):
    if value is not None and not bool(torch.all(to_torch(value) > 0)):
        raise ValueError(f"{name} must be greater than zero.")


def check_prob(p):
    if p is None:
        return
    t = to_torch(p)
    if not bool(torch.all(t >= 0)):
        raise ValueError("Probabilities must be positive")
    if not bool(torch.all(t <= 1)):
        raise ValueError("Probabilities must be less than one")


class Distribution(Cell):
    """Mirrors ``mindspore.nn.probability.distribution.Distribution(seed, dtype, name, param)`` (see the module
    docstring)."""

    PARAMS = ()
    METHODS = frozenset()  # what MindSpore 2.10 defines for the subclass
    UNDEFINED = {}  # method -> text of MindSpore's "... is undefined for X distribution." ValueError
    DIST_TYPE = None

    def __init__(self, seed, dtype, name, param):
        super().__init__()
        if seed is None:
            seed = 0
        if not isinstance(name, str):
            raise TypeError(f"For '{type(self).__name__}', the type of 'name' should be 'str', but got type "
                            f"'{type(name).__name__}'.")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"For '{name}', the 'seed' must be a non-negative int, but got {seed}.")
        self._name, self._seed, self._dtype = name, seed, dtype
        self._parameters_dict = {k: v for k, v in param.items() if k != "self" and not k.startswith("_")}
        self.__dict__["_defaults"] = {}

    # ---- parameters
    def _set_defaults(self, **values):
        for k, v in values.items():
            self._defaults[k] = None if v is None else self._as_float(v)

    def _as_float(self, v):
        t = to_torch(v) if isinstance(v, torch.Tensor) else torch.tensor(v)
        return t.to(self._param_dtype)

    @property
    def _param_dtype(self):
        return self._dtype if self._dtype in _FLOAT else torch.float32

    def _params(self, args, kwargs, names=None):
        """The call's parameters: positional/keyword overrides, else the defaults; None raises MindSpore's
        TypeError."""
        names = names or self.PARAMS
        out = []
        for i, n in enumerate(names):
            v = args[i] if i < len(args) else kwargs.get(n, kwargs.get(n + "1"))
            v = self._defaults.get(n) if v is None else self._as_float(v)
            if v is None:
                raise TypeError(f"the type {n} must be subclass of Tensor. It can not be None since it is not "
                                "specified during initialization.")
            out.append(v)
        return out

    @property
    def name(self):
        return self._name

    @property
    def dtype(self):
        return self._dtype

    @property
    def seed(self):
        return self._seed

    @property
    def parameters(self):
        return self._parameters_dict

    @property
    def default_parameters(self):
        return [self._defaults[n] for n in self.PARAMS if self._defaults.get(n) is not None]

    @property
    def batch_shape(self):
        vals = [v for v in self._defaults.values() if v is not None]
        return tuple(torch.broadcast_shapes(*[v.shape for v in vals])) if vals else ()

    @property
    def is_scalar_batch(self):
        return all(v is None or v.ndim == 0 for v in self._defaults.values())

    broadcast_shape = batch_shape

    # ---- what a subclass provides
    def _torch(self, *params):
        raise NotImplementedError

    def _value(self, value):
        if not isinstance(value, torch.Tensor):
            raise TypeError(f"For '{self.name}', the 'value' must be a Tensor, but got {type(value).__name__}.")
        return to_torch(value).to(self._param_dtype)

    def _not_impl(self, method):
        raise NotImplementedError(f"{method} is not implemented for {self.name} distribution.")

    def _check(self, method, message_name=None):
        if method in self.UNDEFINED:
            raise ValueError(f"{self.UNDEFINED[method]} is undefined for {self.name} distribution.")
        if method not in self.METHODS:
            self._not_impl(message_name or method)

    # ---- point functions
    def _log_prob_t(self, value, params):
        return self._torch(*params).log_prob(value)

    def _cdf_t(self, value, params):
        return self._torch(*params).cdf(value)

    def log_prob(self, value, *args, **kwargs):
        """Log probability (density or mass) at ``value``."""
        return _ms(self._log_prob_t(self._value(value), self._params(args, kwargs)))

    def prob(self, value, *args, **kwargs):
        """Probability (density or mass) at ``value``."""
        return _ms(torch.exp(self._log_prob_t(self._value(value), self._params(args, kwargs))))

    def cdf(self, value, *args, **kwargs):
        self._check("cdf")
        return _ms(self._cdf_t(self._value(value), self._params(args, kwargs)))

    def log_cdf(self, value, *args, **kwargs):
        self._check("cdf", "log_cdf")
        return _ms(self._log_cdf_t(self._value(value), self._params(args, kwargs)))

    def _log_cdf_t(self, value, params):
        return torch.log(self._cdf_t(value, params))

    def survival_function(self, value, *args, **kwargs):
        self._check("cdf", "survival_function")
        return _ms(self._survival_t(self._value(value), self._params(args, kwargs)))

    def _survival_t(self, value, params):
        return 1.0 - self._cdf_t(value, params)

    def log_survival(self, value, *args, **kwargs):
        self._check("cdf", "log_cdf")  # MindSpore 2.10 names log_cdf in this message
        return _ms(self._log_survival_t(self._value(value), self._params(args, kwargs)))

    def _log_survival_t(self, value, params):
        return torch.log(self._survival_t(value, params))

    # ---- statistics
    def _stat(self, method, args, kwargs):
        self._check(method)
        return _ms(getattr(self, "_" + method + "_t")(self._params(args, kwargs)))

    def mean(self, *args, **kwargs):
        return self._stat("mean", args, kwargs)

    def mode(self, *args, **kwargs):
        return self._stat("mode", args, kwargs)

    def sd(self, *args, **kwargs):
        return self._stat("sd", args, kwargs)

    def var(self, *args, **kwargs):
        return self._stat("var", args, kwargs)

    def entropy(self, *args, **kwargs):
        return self._stat("entropy", args, kwargs)

    def _mean_t(self, p):
        return self._torch(*p).mean

    def _mode_t(self, p):
        return self._torch(*p).mode

    def _var_t(self, p):
        return self._torch(*p).variance

    def _sd_t(self, p):
        return torch.sqrt(self._var_t(p))

    def _entropy_t(self, p):
        return self._torch(*p).entropy()

    # ---- between two distributions
    def _kl_args(self, dist, args, kwargs):
        if dist is None:
            raise ValueError("Input dist must be a constant which is not None.")
        if dist != self.DIST_TYPE:
            raise ValueError(f"Expected dist input is {self.DIST_TYPE}, but got {dist}.")
        n = len(self.PARAMS)
        b = []
        for i, name in enumerate(self.PARAMS):
            v = args[i] if i < len(args) else kwargs.get(name + "_b", kwargs.get(name + "1_b"))
            if v is None:
                raise TypeError(f"the type {name}_b must be subclass of Tensor.")
            b.append(self._as_float(v))
        a_kwargs = {k[:-2] if k.endswith("_a") else k: v for k, v in kwargs.items() if not k.endswith("_b")}
        a = self._params(args[n:], a_kwargs)
        return a, b

    def _kl_t(self, a, b):
        return torch.distributions.kl_divergence(self._torch(*a), self._torch(*b))

    def kl_loss(self, dist, *args, **kwargs):
        """KL(self || dist), ``dist`` the distribution's type name, its parameters in ``args``."""
        self._check("kl_loss")
        a, b = self._kl_args(dist, args, kwargs)
        return _ms(self._kl_t(a, b))

    def cross_entropy(self, dist, *args, **kwargs):
        """Cross entropy H(self, dist) = entropy(self) + KL(self || dist)."""
        self._check("kl_loss", "cross_entropy")
        a, b = self._kl_args(dist, args, kwargs)
        return _ms(self._entropy_t(a) + self._kl_t(a, b))

    # ---- sampling
    def sample(self, shape=(), *args, **kwargs):
        """Samples of shape ``shape + batch_shape`` in the distribution's dtype."""
        self._check("sample")
        if not isinstance(shape, tuple):
            raise TypeError(f"For '{self.name}', the 'shape' must be tuple, but got {type(shape).__name__}.")
        out = self._sample_t(shape, self._params(args, kwargs))
        return _ms(out.to(self._dtype))

    def _sample_t(self, shape, p):
        return self._torch(*p).sample(shape)

    # ---- misc
    def get_dist_type(self):
        self._check("get_dist_type")
        return self.DIST_TYPE

    def get_dist_args(self, *args, **kwargs):
        return tuple(_ms(v) for v in self._params(args, kwargs))

    def construct(self, name, *args, **kwargs):
        if name == "get_dist_args":
            return self.get_dist_args(*args, **kwargs)
        if name in _ALL:
            return getattr(self, name)(*args, **kwargs)
        self._not_impl(name)

    def extend_repr(self):
        if self.is_scalar_batch:
            return ", ".join(f"{n} = {self._defaults.get(n)}" for n in self.PARAMS)
        return f"batch_shape = {self.batch_shape}"


def euler_gamma():
    return 0.5772156649015329


LOG_2PI = math.log(2 * math.pi)

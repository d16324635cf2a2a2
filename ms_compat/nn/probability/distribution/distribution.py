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
    HOOKS = ()  # the hooks (``_log_prob``, ...) MindSpore 2.10's class defines; implementations from HOOK_IMPL
    HOOK_IMPL = None  # None: the plain ones (_HOOKS); TRANSFORMED_HOOKS for MindSpore's TransformedDistribution

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
        self._set_dispatch()

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

    # ---- MindSpore's dispatch: public methods call the hooks (``_log_prob``, ``_cdf``, ...) the class has
    def _set_dispatch(self):
        """``Distribution.__init__``'s ``_set_prob`` ... ``_set_cross_entropy`` of MindSpore 2.10: which hook each
        public method calls is decided by ``hasattr`` on the instance, so a subclass's override is the one
        called, and a missing hook falls back to its sibling (``prob`` from ``_log_prob``, ``sd`` from ``_var``,
        ``log_cdf`` from the cdf, ...)."""
        has = lambda n: hasattr(self, n)  # noqa: E731 - MindSpore's test, verbatim
        d = self.__dict__
        d["_call_prob"] = (self._prob if has("_prob") else self._calc_prob_from_log_prob if has("_log_prob")
                           else self._raise_not_implemented_error("prob"))
        d["_call_log_prob"] = (self._log_prob if has("_log_prob") else self._calc_log_prob_from_prob
                               if has("_prob") else self._raise_not_implemented_error("log_prob"))
        d["_call_sd"] = (self._sd if has("_sd") else self._calc_sd_from_var if has("_var")
                         else self._raise_not_implemented_error("sd"))
        d["_call_var"] = (self._var if has("_var") else self._calc_var_from_sd if has("_sd")
                          else self._raise_not_implemented_error("var"))
        d["_call_cdf"] = (self._cdf if has("_cdf") else self._calc_cdf_from_log_cdf if has("_log_cdf")
                          else self._calc_cdf_from_survival if has("_survival_function")
                          else self._calc_cdf_from_log_survival if has("_log_survival")
                          else self._raise_not_implemented_error("cdf"))
        any_cdf = any(has(n) for n in ("_survival_function", "_log_survival", "_cdf", "_log_cdf"))
        d["_call_survival"] = (self._raise_not_implemented_error("survival_function") if not any_cdf
                               else self._survival_function if has("_survival_function")
                               else self._calc_survival_from_log_survival if has("_log_survival")
                               else self._calc_survival_from_call_cdf)
        d["_call_log_cdf"] = (self._raise_not_implemented_error("log_cdf") if not any_cdf
                              else self._log_cdf if has("_log_cdf") else self._calc_log_cdf_from_call_cdf)
        d["_call_log_survival"] = (self._raise_not_implemented_error("log_cdf") if not any_cdf  # sic, MindSpore
                                   else self._log_survival if has("_log_survival")
                                   else self._calc_log_survival_from_call_survival)
        d["_call_cross_entropy"] = (self._cross_entropy if has("_cross_entropy")
                                    else self._raise_not_implemented_error("cross_entropy"))

    def _raise_not_implemented_error(self, func_name):
        name = self.name

        def raise_error(*args, **kwargs):
            raise NotImplementedError(f"{func_name} is not implemented for {name} distribution.")
        return raise_error

    def _calc_prob_from_log_prob(self, value, *args, **kwargs):
        return _ms(torch.exp(to_torch(self._log_prob(value, *args, **kwargs))))

    def _calc_log_prob_from_prob(self, value, *args, **kwargs):
        return _ms(torch.log(to_torch(self._prob(value, *args, **kwargs))))

    def _calc_sd_from_var(self, *args, **kwargs):
        return _ms(torch.sqrt(to_torch(self._var(*args, **kwargs))))

    def _calc_var_from_sd(self, *args, **kwargs):
        return _ms(torch.square(to_torch(self._sd(*args, **kwargs))))

    def _calc_cdf_from_log_cdf(self, value, *args, **kwargs):
        return _ms(torch.exp(to_torch(self._log_cdf(value, *args, **kwargs))))

    def _calc_cdf_from_survival(self, value, *args, **kwargs):
        return _ms(1.0 - to_torch(self._survival_function(value, *args, **kwargs)))

    def _calc_cdf_from_log_survival(self, value, *args, **kwargs):
        return _ms(1.0 - torch.exp(to_torch(self._log_survival(value, *args, **kwargs))))

    def _calc_log_cdf_from_call_cdf(self, value, *args, **kwargs):
        return _ms(torch.log(to_torch(self._call_cdf(value, *args, **kwargs))))

    def _calc_survival_from_call_cdf(self, value, *args, **kwargs):
        return _ms(1.0 - to_torch(self._call_cdf(value, *args, **kwargs)))

    def _calc_survival_from_log_survival(self, value, *args, **kwargs):
        return _ms(torch.exp(to_torch(self._log_survival(value, *args, **kwargs))))

    def _calc_log_survival_from_call_survival(self, value, *args, **kwargs):
        return _ms(torch.log(to_torch(self._call_survival(value, *args, **kwargs))))

    # ---- public methods: MindSpore's, each one call to its hook
    def log_prob(self, value, *args, **kwargs):
        """Log probability (density or mass) at ``value``."""
        return self._call_log_prob(value, *args, **kwargs)

    def prob(self, value, *args, **kwargs):
        """Probability (density or mass) at ``value``."""
        return self._call_prob(value, *args, **kwargs)

    def cdf(self, value, *args, **kwargs):
        return self._call_cdf(value, *args, **kwargs)

    def log_cdf(self, value, *args, **kwargs):
        return self._call_log_cdf(value, *args, **kwargs)

    def survival_function(self, value, *args, **kwargs):
        return self._call_survival(value, *args, **kwargs)

    def log_survival(self, value, *args, **kwargs):
        return self._call_log_survival(value, *args, **kwargs)

    def mean(self, *args, **kwargs):
        return self._mean(*args, **kwargs)

    def mode(self, *args, **kwargs):
        return self._mode(*args, **kwargs)

    def sd(self, *args, **kwargs):
        return self._call_sd(*args, **kwargs)

    def var(self, *args, **kwargs):
        return self._call_var(*args, **kwargs)

    def entropy(self, *args, **kwargs):
        return self._entropy(*args, **kwargs)

    def kl_loss(self, dist, *args, **kwargs):
        """KL(self || dist), ``dist`` the distribution's type name, its parameters in ``args``."""
        return self._kl_loss(dist, *args, **kwargs)

    def cross_entropy(self, dist, *args, **kwargs):
        """Cross entropy H(self, dist) = entropy(self) + KL(self || dist)."""
        return self._call_cross_entropy(dist, *args, **kwargs)

    def sample(self, *args, **kwargs):
        """Samples of shape ``shape + batch_shape`` in the distribution's dtype."""
        return self._sample(*args, **kwargs)

    def get_dist_type(self):
        return self._get_dist_type()

    def get_dist_args(self, *args, **kwargs):
        return self._get_dist_args(*args, **kwargs)

    # ---- the hooks MindSpore's base class defines (each raises); a subclass gets its own from HOOKS
    def _mean(self, *args, **kwargs):
        self._not_impl("mean")

    def _mode(self, *args, **kwargs):
        self._not_impl("mode")

    def _entropy(self, *args, **kwargs):
        self._not_impl("entropy")

    def _kl_loss(self, *args, **kwargs):
        self._not_impl("kl_loss")

    def _sample(self, *args, **kwargs):
        self._not_impl("sample")

    def _get_dist_type(self):
        self._not_impl("get_dist_type")

    def _get_dist_args(self, *args, **kwargs):
        self._not_impl("get_dist_args")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        impl = cls.HOOK_IMPL or _HOOKS
        for h in cls.__dict__.get("HOOKS", ()):
            if h not in cls.__dict__:
                setattr(cls, h, impl[h])

    # ---- the torch computations behind the hooks
    def _log_prob_t(self, value, params):
        return self._torch(*params).log_prob(value)

    def _cdf_t(self, value, params):
        return self._torch(*params).cdf(value)

    def _log_cdf_t(self, value, params):
        return torch.log(self._cdf_t(value, params))

    def _survival_t(self, value, params):
        return 1.0 - self._cdf_t(value, params)

    def _log_survival_t(self, value, params):
        return torch.log(self._survival_t(value, params))

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

    def _sample_t(self, shape, p):
        return self._torch(*p).sample(shape)

    # ---- misc
    def construct(self, name, *args, **kwargs):
        """``dist('log_prob', value, ...)``: MindSpore's ``construct`` calls the hook dispatch directly."""
        target = _CONSTRUCT.get(name)
        if target is None:
            self._not_impl(name)
        return getattr(self, target)(*args, **kwargs)

    def extend_repr(self):
        if self.is_scalar_batch:
            return ", ".join(f"{n} = {self._defaults.get(n)}" for n in self.PARAMS)
        return f"batch_shape = {self.batch_shape}"


_CONSTRUCT = {"log_prob": "_call_log_prob", "prob": "_call_prob", "cdf": "_call_cdf", "log_cdf": "_call_log_cdf",
              "survival_function": "_call_survival", "log_survival": "_call_log_survival", "kl_loss": "_kl_loss",
              "mean": "_mean", "mode": "_mode", "sd": "_call_sd", "var": "_call_var", "entropy": "_entropy",
              "cross_entropy": "_call_cross_entropy", "sample": "_sample", "get_dist_args": "_get_dist_args",
              "get_dist_type": "_get_dist_type"}


def _point(method, compute):
    def hook(self, value, *args, **kwargs):
        if method != "log_prob":
            self._check("cdf", "log_cdf" if method == "log_survival" else method)
        return _ms(getattr(self, compute)(self._value(value), self._params(args, kwargs)))
    hook.__name__ = "_" + method
    hook.__doc__ = f"MindSpore's ``_{method}`` hook: ``{method}`` of ``value`` with the call's parameters."
    return hook


def _stat(method):
    def hook(self, *args, **kwargs):
        self._check(method)
        return _ms(getattr(self, "_" + method + "_t")(self._params(args, kwargs)))
    hook.__name__ = "_" + method
    hook.__doc__ = f"MindSpore's ``_{method}`` hook: the {method} for the call's parameters."
    return hook


def _prob_hook(self, value, *args, **kwargs):
    """MindSpore's ``_prob`` hook (the classes that define one): exp of the log probability."""
    return _ms(torch.exp(self._log_prob_t(self._value(value), self._params(args, kwargs))))


def _kl_loss_hook(self, dist, *args, **kwargs):
    """MindSpore's ``_kl_loss(dist, *params_b, *params_a)`` hook."""
    self._check("kl_loss")
    a, b = self._kl_args(dist, args, kwargs)
    return _ms(self._kl_t(a, b))


def _cross_entropy_hook(self, dist, *args, **kwargs):
    """MindSpore's ``_cross_entropy`` hook: ``self._entropy(*params_a) + self._kl_loss(dist, *params_b,
    *params_a)``, through the (overridable) hooks, in that order."""
    self._check("kl_loss", "cross_entropy")
    self._kl_args(dist, args, kwargs)  # MindSpore checks the name and the parameters first
    n = len(self.PARAMS)
    a_kwargs = {k[:-2] if k.endswith("_a") else k: v for k, v in kwargs.items() if not k.endswith("_b")}
    return _ms(to_torch(self._entropy(*args[n:], **a_kwargs)) + to_torch(self._kl_loss(dist, *args, **kwargs)))


def _sample_hook(self, shape=(), *args, **kwargs):
    """MindSpore's ``_sample(shape, *params)`` hook."""
    self._check("sample")
    if not isinstance(shape, tuple):
        raise TypeError(f"For '{self.name}', the 'shape' must be tuple, but got {type(shape).__name__}.")
    return _ms(self._sample_t(shape, self._params(args, kwargs)).to(self._dtype))


def _get_dist_type_hook(self):
    """MindSpore's ``_get_dist_type`` hook."""
    self._check("get_dist_type")
    return self.DIST_TYPE


def _get_dist_args_hook(self, *args, **kwargs):
    """MindSpore's ``_get_dist_args`` hook: the call's parameters, defaults filled in."""
    return tuple(_ms(v) for v in self._params(args, kwargs))


# every hook a MindSpore 2.10 distribution may define; a class's HOOKS names the ones MindSpore's class has
_HOOKS = {"_prob": _prob_hook, "_log_prob": _point("log_prob", "_log_prob_t"), "_cdf": _point("cdf", "_cdf_t"),
          "_log_cdf": _point("log_cdf", "_log_cdf_t"),
          "_survival_function": _point("survival_function", "_survival_t"),
          "_log_survival": _point("log_survival", "_log_survival_t"),
          "_mean": _stat("mean"), "_mode": _stat("mode"), "_sd": _stat("sd"), "_var": _stat("var"),
          "_entropy": _stat("entropy"), "_kl_loss": _kl_loss_hook, "_cross_entropy": _cross_entropy_hook,
          "_sample": _sample_hook, "_get_dist_type": _get_dist_type_hook, "_get_dist_args": _get_dist_args_hook}


def _prob_via_log_prob(self, value, *args, **kwargs):
    """``TransformedDistribution._prob`` of MindSpore 2.10: exp of the (overridable) ``_log_prob`` hook."""
    return _ms(torch.exp(to_torch(self._log_prob(value, *args, **kwargs))))


def _log_cdf_via_cdf(self, value, *args, **kwargs):
    """``TransformedDistribution._log_cdf``: log of the ``_cdf`` hook."""
    return _ms(torch.log(to_torch(self._cdf(value, *args, **kwargs))))


def _survival_via_cdf(self, value, *args, **kwargs):
    """``TransformedDistribution._survival_function``: one minus the ``_cdf`` hook."""
    return _ms(1.0 - to_torch(self._cdf(value, *args, **kwargs)))


def _log_survival_via_survival(self, value, *args, **kwargs):
    """``TransformedDistribution._log_survival``: log of the ``_survival_function`` hook."""
    return _ms(torch.log(to_torch(self._survival_function(value, *args, **kwargs))))


# the hooks of MindSpore's TransformedDistribution and its subclasses (Gumbel, LogNormal) chain through others
TRANSFORMED_HOOKS = dict(_HOOKS, _prob=_prob_via_log_prob, _log_cdf=_log_cdf_via_cdf,
                         _survival_function=_survival_via_cdf, _log_survival=_log_survival_via_survival)


def euler_gamma():
    return 0.5772156649015329


LOG_2PI = math.log(2 * math.pi)


def mindspore_draws(dist, shape, batch, draw):
    """MindSpore's ``_sample``: ``draw(shape + batch)`` (``(1,)`` when that is ``()``, squeezed back), with the
    seeded ``ops`` functions of ``mindspore_uniform`` / ``mindspore_normal``: MindSpore's numbers."""
    full = tuple(shape) + tuple(batch)
    return to_torch(draw(full or (1,))).reshape(full)


def _seed(dist):
    return 0 if dist is None or dist._seed is None else dist._seed  # MindSpore: seed None is 0


def mindspore_uniform(dist, shape, low=0.0, high=1.0):
    """``C.uniform(shape, float32(low), float32(high), seed)`` with the distribution's seed (``dist=None``: 0, what
    the inner distribution of ``LogNormal``/``Gumbel`` has)."""
    from ....ops.function.random_func import uniform
    return to_torch(uniform(shape, torch.tensor(low, dtype=torch.float32), torch.tensor(high, dtype=torch.float32),
                            _seed(dist)))


def mindspore_normal(dist, shape, mean, sd):
    """``C.normal(shape, mean, sd, seed)`` with the distribution's seed (``dist=None``: 0)."""
    from ....ops.function.random_func import normal
    return to_torch(normal(shape, mean, sd, _seed(dist)))


def mindspore_multinomial(dist, rows, num_samples):
    """``C.multinomial(rows, num_samples, seed=seed)`` (with replacement) with the distribution's seed."""
    from ....ops.function.random_func import multinomial
    return to_torch(multinomial(rows, num_samples, True, _seed(dist)))

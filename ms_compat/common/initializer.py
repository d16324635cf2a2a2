"""``mindspore.common.initializer`` on PyTorch's random number generator.

Mirrors MindSpore 2.10: ``initializer(init, shape=None, dtype=mstype.float32)`` and the Initializer
classes with MindSpore's argument names, defaults and aliases. The random initializers draw exactly
MindSpore's numbers: each takes a seed from numpy's global generator (seeded by ``ms_compat.set_seed``,
as in MindSpore) and fills with MindSpore's Philox streams (``init_random``); ``torch.manual_seed``
does not affect them, as it does not affect MindSpore. Deterministic initializers (Zero, One,
Constant, Identity, Dirac) give identical values.

Difference: MindSpore returns a lazily initialised Tensor (``init_data()`` materialises it); here
the Tensor is materialised at once (as PyNative code observes after first use).
"""
from __future__ import annotations

import math
import numbers

import numpy as np
import torch

from . import dtype as mstype
import ms_compat.common.init_random as init_random  # not `from . import`: that asks the package's __getattr__ first
from .tensor import Tensor, _as_subclass  # one way: tensor.py reaches initializer only inside Tensor(init=...)

__all__ = ["Initializer", "initializer", "TruncatedNormal", "Normal", "Uniform", "HeUniform", "HeNormal",
           "XavierUniform", "XavierNormal", "One", "Zero", "Constant", "Identity", "Sparse", "Dirac",
           "Orthogonal", "VarianceScaling"]

_INITIALIZER_ALIAS = {}


class Initializer:
    """Mirrors ``mindspore.common.initializer.Initializer``: ``init(arr)`` fills ``arr`` in place
    (a torch tensor or a numpy array) and returns it."""

    def __init__(self, **kwargs):
        self._kwargs = kwargs
        self._seed = None

    @property
    def seed(self):
        return self._seed

    @seed.setter
    def seed(self, value):
        self._seed = value

    def __init_subclass__(cls, **kwargs):
        # ms_compat's own ``_initialize`` methods fill a torch tensor; a user's subclass of one of them gets a numpy
        # array (MindSpore's contract, see ``_fill``) and may pass it on to ``super()._initialize(arr)``: there the
        # array is viewed as a torch tensor (shared memory), so the parent's fill lands in it
        super().__init_subclass__(**kwargs)
        if cls.__module__ == __name__ and "_initialize" in vars(cls):
            cls._initialize = _accepting_numpy(vars(cls)["_initialize"])

    def _initialize(self, arr):
        raise NotImplementedError("Must be overridden!")

    def _fill(self, t: torch.Tensor):
        """Fill a float32/float64 torch tensor in place. ms_compat's initializers work on it directly; a
        user's subclass gets a numpy array, as in MindSpore, copied into ``t`` afterwards."""
        if type(self)._initialize.__module__ == __name__:
            self._initialize(t)
            return
        arr = np.zeros(tuple(t.shape), dtype=np.float64 if t.dtype is torch.float64 else np.float32)
        self._initialize(arr)
        t.copy_(torch.from_numpy(arr))

    def __call__(self, arr):
        if isinstance(arr, np.ndarray):
            t = torch.empty(arr.shape, dtype=torch.float64 if arr.dtype == np.float64 else torch.float32)
            self._fill(t)
            arr[...] = t.numpy().astype(arr.dtype)
            return arr
        with torch.no_grad():
            if arr.is_floating_point() and arr.dtype in (torch.float32, torch.float64):
                self._fill(arr)
            else:
                t = torch.empty(tuple(arr.shape), dtype=torch.float32, device=arr.device)
                self._fill(t)
                arr.copy_(t)
        return arr


def _register(*aliases):
    def reg(cls):
        _INITIALIZER_ALIAS.setdefault(cls.__name__.lower(), cls)
        for a in aliases:
            _INITIALIZER_ALIAS.setdefault(a, cls)
        return cls
    return reg


def _fans(shape):
    dims = len(shape)
    if dims < 2:
        raise ValueError("'fan_in' and 'fan_out' can not be computed for tensor with fewer than"
                         f" 2 dimensions, but got dimensions {dims}.")
    receptive = 1
    for s in shape[2:]:
        receptive *= s
    return shape[1] * receptive, shape[0] * receptive


def _correct_fan(shape, mode):
    mode = mode.lower()
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"'mode' {mode} not supported, please use one of ['fan_in', 'fan_out']")
    fan_in, fan_out = _fans(shape)
    return fan_in if mode == "fan_in" else fan_out


def _gain(nonlinearity, param=None):
    if nonlinearity in ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
                        "conv_transpose3d", "sigmoid"):
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, (int, float)):
            slope = param
        else:
            raise ValueError(f"For 'HeUniform', 'negative_slope' {param} is not a valid number.When 'nonlinearity' "
                             "has been set to 'leaky_relu', 'negative_slope' should be int or float type, but got "
                             f"{type(param)}.")
        return math.sqrt(2.0 / (1 + slope ** 2))
    raise ValueError("For 'HeUniform', the argument 'nonlinearity' should be one of ['sigmoid', 'tanh', 'relu' or "
                     f"'leaky_relu'], but got {nonlinearity}.")


# MindSpore's private names for these helpers (imported by real MindSpore packages, e.g. mindaudio)
_calculate_fan_in_and_fan_out = _fans
_calculate_correct_fan = _correct_fan


def _xavier_fans(shape):
    return _fans(shape)


def _accepting_numpy(fill):
    """``fill(self, arr)`` (a torch-tensor fill) that also takes a numpy array, filled through a shared-memory
    torch view of it."""
    import functools

    @functools.wraps(fill)
    def _initialize(self, arr, *args):
        if isinstance(arr, np.ndarray):
            arr = torch.from_numpy(arr)
        return fill(self, arr, *args)
    return _initialize


def _put(arr, data):
    """Copy MindSpore's float32 draw ``data`` into the torch tensor ``arr``."""
    arr.copy_(torch.from_numpy(data))


def _draw_into(arr, draw, *args):
    """``draw(seed, shape, *args, out=...)`` (an ``init_random`` stream) into the torch tensor ``arr``: straight
    into its memory when it is a plain contiguous float32 CPU tensor, else drawn apart and copied."""
    seed, shape = init_random.numpy_seed(), tuple(arr.shape)
    if type(arr) is torch.Tensor and arr.dtype is torch.float32 and arr.device.type == "cpu" and arr.is_contiguous():
        draw(seed, shape, *args, out=arr.numpy())
    else:
        _put(arr, draw(seed, shape, *args))


def _uniform(arr, a, b):
    _draw_into(arr, init_random.random_uniform, a, b)


def _normal(arr, mean, sigma):
    if sigma < 0:
        raise ValueError("sigma < 0")
    _draw_into(arr, init_random.random_normal, mean, sigma)


@_register("zeros")
class Zero(Initializer):
    """Mirrors ``Zero()``: fills with 0."""

    def _initialize(self, arr):
        arr.zero_()


@_register("ones")
class One(Initializer):
    """Mirrors ``One()``: fills with 1."""

    def _initialize(self, arr):
        arr.fill_(1)


@_register("xavier_normal")
class XavierNormal(Initializer):
    """Mirrors ``XavierNormal(gain=1)``: N(0, gain*sqrt(2/(fan_in+fan_out)))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        fan_in, fan_out = _xavier_fans(tuple(arr.shape))
        _normal(arr, 0, self.gain * math.sqrt(2.0 / float(fan_in + fan_out)))


@_register("xavier_uniform")
class XavierUniform(Initializer):
    """Mirrors ``XavierUniform(gain=1)``: U(-b, b), b = gain*sqrt(6/(fan_in+fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        fan_in, fan_out = _xavier_fans(tuple(arr.shape))
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        _uniform(arr, -bound, bound)


@_register("he_uniform")
class HeUniform(Initializer):
    """Mirrors ``HeUniform(negative_slope=0, mode='fan_in', nonlinearity='leaky_relu')``
    (= torch ``kaiming_uniform_(a=negative_slope)``)."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope = negative_slope
        self.mode = mode
        self.nonlinearity = nonlinearity

    def _initialize(self, arr):
        fan = _correct_fan(tuple(arr.shape), self.mode)
        bound = math.sqrt(3.0) * (_gain(self.nonlinearity, self.negative_slope) / math.sqrt(fan))
        _uniform(arr, -bound, bound)


@_register("he_normal")
class HeNormal(Initializer):
    """Mirrors ``HeNormal(negative_slope=0, mode='fan_in', nonlinearity='leaky_relu')``
    (= torch ``kaiming_normal_``)."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope = negative_slope
        self.mode = mode
        self.nonlinearity = nonlinearity

    def _initialize(self, arr):
        fan = _correct_fan(tuple(arr.shape), self.mode)
        _normal(arr, 0, _gain(self.nonlinearity, self.negative_slope) / math.sqrt(fan))


_NUMPY_INT = {torch.uint8: np.uint8, torch.int8: np.int8, torch.int16: np.int16, torch.int32: np.int32,
              torch.int64: np.int64}


class Constant(Initializer):
    """Mirrors ``Constant(value)`` (no string alias, as in MindSpore)."""

    def __init__(self, value):
        super().__init__(value=value)
        self.value = value

    def _initialize(self, arr):
        arr.fill_(self.value)

    def __call__(self, arr):
        # exact fill in the tensor's own dtype (ints stay exact), unless a subclass has its own _initialize
        if isinstance(arr, torch.Tensor) and type(self)._initialize is Constant._initialize:
            value = self.value
            if arr.dtype in _NUMPY_INT and isinstance(value, numbers.Real) and not isinstance(value, bool):
                # MindSpore fills with numpy (``arr.fill``): the value cast to the integer type, wrapping
                # (-1.75 in uint8 is 255) where torch's fill_ raises on overflow
                with np.errstate(all="ignore"):
                    value = np.array(value).astype(_NUMPY_INT[arr.dtype]).item()
            with torch.no_grad():
                arr.fill_(value)
            return arr
        return super().__call__(arr)


@_register()
class Identity(Initializer):
    """Mirrors ``Identity()``: a 2-D (rectangular) identity matrix."""

    def _initialize(self, arr):
        if arr.dim() != 2:
            raise ValueError("For Identity initializer, the dimension of the initialized tensor should be 2, "
                             f"but got {arr.dim()}.")
        arr.copy_(torch.eye(arr.shape[0], arr.shape[1], dtype=arr.dtype, device=arr.device))


@_register()
class Sparse(Initializer):
    """Mirrors ``Sparse(sparsity, sigma=0.01)``: N(0, sigma) with ``ceil(sparsity*rows)`` zeros per column."""

    def __init__(self, sparsity, sigma=0.01):
        super().__init__()
        self.sparsity = sparsity
        self.sigma = sigma

    def _initialize(self, arr):
        if arr.dim() != 2:
            raise ValueError("For Sparse initializer, the dimension of the initialized tensor should be 2, "
                             f"but got {arr.dim()}.")
        rows, cols = arr.shape
        zero_num = int(np.ceil(self.sparsity * rows))
        data = init_random.random_normal(init_random.numpy_seed(), (rows, cols), 0, self.sigma)
        for c in range(cols):
            data[np.random.permutation(list(range(rows)))[:zero_num], c] = 0.0
        _put(arr, data)


@_register()
class Dirac(Initializer):
    """Mirrors ``Dirac(groups=1)`` for 3/4/5-D convolution weights."""

    def __init__(self, groups=1):
        super().__init__()
        self.groups = groups

    def _initialize(self, arr):
        dim = arr.dim()
        if dim not in (3, 4, 5):
            raise ValueError("For Dirac initializer, only support to initialize tensor with dimension of 3, 4 or 5, "
                             f"but got {dim}.")
        shape = tuple(arr.shape)
        if shape[0] % self.groups != 0:
            raise ValueError("For Dirac initializer, the first dimension ofthe initialized tensor must be divisible "
                             f"by groups, but got first dimension{shape[0]}, groups{self.groups}.")
        arr.zero_()
        per = shape[0] // self.groups
        centre = tuple(s // 2 for s in shape[2:])
        for g in range(self.groups):
            for d in range(min(per, shape[1])):
                arr[(g * per + d, d) + centre] = 1


@_register()
class Orthogonal(Initializer):
    """Mirrors ``Orthogonal(gain=1.)``: a (semi-)orthogonal matrix (trailing dims flattened)."""

    def __init__(self, gain=1.0):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        if arr.dim() < 2:
            raise ValueError("For Orthogonal initializer, the dimension of the initialized tensor should be no "
                             f"less than 2, but got {arr.dim()}.")
        rows = arr.shape[0]
        cols = arr.numel() // rows
        data = init_random.random_normal(init_random.numpy_seed(), (rows, cols), 0, 1)
        if rows < cols:
            data = data.T
        q, r = np.linalg.qr(data)  # float32 LAPACK, as MindSpore: equal to float32 rounding
        q *= np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        arr.copy_(torch.from_numpy(np.ascontiguousarray(q * self.gain).reshape(arr.shape)))


@_register()
class VarianceScaling(Initializer):
    """Mirrors ``VarianceScaling(scale=1.0, mode='fan_in', distribution='truncated_normal')``."""

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal"):
        super().__init__(scale=scale, mode=mode, distribution=distribution)
        if scale <= 0.0:
            raise ValueError("For VarianceScaling initializer, the argument 'scale' must be greater than 0, "
                             f"but got {scale}.")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError("For VarianceScaling initializer, the argument 'mode' must be fan_in, fan_out or "
                             f"fan_avg, but got {mode}.")
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError("For VarianceScaling initializer, the argument 'distribution' must be uniform, "
                             f"truncated_norm or untruncated_norm, but got {distribution}.")
        self.scale = scale
        self.mode = mode
        self.distribution = distribution

    def _initialize(self, arr):
        fan_in, fan_out = _fans(tuple(arr.shape))
        n = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        scale = self.scale / max(1.0, n)
        if self.distribution == "untruncated_normal":
            _normal(arr, 0, float(np.sqrt(scale)))
        else:
            # MindSpore 2.10 compares against the misspelt 'truncated_norm', so 'truncated_normal'
            # actually falls through to its uniform branch; we reproduce that observable behaviour.
            limit = float(np.sqrt(3.0 * scale))
            _uniform(arr, -limit, limit)


@_register()
class Uniform(Initializer):
    """Mirrors ``Uniform(scale=0.07)``: U(-scale, scale)."""

    def __init__(self, scale=0.07):
        super().__init__(scale=scale)
        self.scale = scale

    def _initialize(self, arr):
        _uniform(arr, -self.scale, self.scale)


@_register()
class Normal(Initializer):
    """Mirrors ``Normal(sigma=0.01, mean=0.0)`` — note sigma comes first."""

    def __init__(self, sigma=0.01, mean=0.0):
        super().__init__(sigma=sigma, mean=mean)
        self.sigma = sigma
        self.mean = mean

    def _initialize(self, arr):
        _normal(arr, self.mean, self.sigma)


@_register()
class TruncatedNormal(Initializer):
    """Mirrors ``TruncatedNormal(sigma=0.01, mean=0.0, a=-2.0, b=2.0)``; a, b are absolute cut-offs."""

    def __init__(self, sigma=0.01, mean=0.0, a=-2.0, b=2.0):
        super().__init__(sigma=sigma, mean=mean, a=a, b=b)
        self.sigma = sigma
        self.mean = mean
        self.a = a
        self.b = b

    def _initialize(self, arr):
        if self.sigma < 0:
            raise ValueError("sigma < 0")
        _put(arr, init_random.truncated_normal(init_random.numpy_seed(), tuple(arr.shape), self.a, self.b,
                                               self.mean, self.sigma))


def initializer(init, shape=None, dtype=mstype.float32):
    """Mirrors ``mindspore.common.initializer.initializer``: a Tensor of ``shape``/``dtype`` filled by
    ``init`` (Initializer, alias string, number or Tensor). Materialised at once."""
    if isinstance(init, bool) or not isinstance(init, (torch.Tensor, numbers.Number, str, Initializer)):
        if not isinstance(init, bool):
            raise TypeError("For 'initializer', the type of the 'init' argument should be 'Tensor', 'number', "
                            f"'string' or 'initializer', but got {type(init)}.")
    if isinstance(init, torch.Tensor):
        shp = shape if isinstance(shape, (tuple, list)) else [shape]
        if shape is not None and tuple(init.shape) != tuple(shp):
            raise ValueError("For 'initializer', the shape of the 'init' argument should be same as the argument "
                             f"'shape', but got the 'init' shape {list(init.shape)} and the 'shape' {shp}.")
        return init if isinstance(init, Tensor) else _as_subclass(init, Tensor)
    if isinstance(shape, list):
        shape = tuple(shape)
    elif isinstance(shape, numbers.Number):
        shape = (shape,)
    for v in shape if shape is not None else ():
        if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
            raise ValueError("For 'initializer', the argument 'shape' is invalid, the value of 'shape' must be "
                             f"positive integer, but got {shape}")
    if isinstance(init, str):
        cls = _INITIALIZER_ALIAS.get(init.lower())
        if cls is None:
            raise ValueError(f"For 'initializer', the class corresponding to '{init}' was not found.")
        init = cls()
    elif isinstance(init, numbers.Number):
        init = Constant(init)
    if shape is None:
        shape = getattr(init, "shape", None)
        if shape is None:
            raise ValueError("For 'initializer', the argument 'shape' must be given.")
    dt = mstype.to_torch_dtype(dtype) if dtype is not None else torch.float32
    from ..context import _default_device
    dev = _default_device()
    if isinstance(init, Zero):  # MindSpore's init_data makes zeros for any Zero, not calling _initialize
        t = torch.zeros(shape, dtype=dt)
    elif isinstance(init, Constant) or dt in (torch.float32, torch.float64):
        t = torch.empty(shape, dtype=dt)
        init(t)
    else:
        t = torch.empty(shape, dtype=torch.float32)
        init(t)
        t = t.to(dt)
    if dev is not None:
        t = t.to(dev)
    return _as_subclass(t, Tensor)

"""Activation layers mirroring ``mindspore.nn`` (MindSpore defaults: GELU is the tanh approximation,
LeakyReLU alpha=0.2, Softmax/LogSoftmax take ``axis`` defaulting to -1, PReLU's parameter is ``a``)."""
from __future__ import annotations

import numbers

import torch
import torch.nn.functional as F

from ...common import dtype as mstype
from ...common.op_errors import float_only_error
from ...common.parameter import Parameter
from ...common.tensor import run_plain
from ..cell import Cell

__all__ = ["ReLU", "ReLU6", "GELU", "FastGelu", "SiLU", "HSwish", "HSigmoid", "Sigmoid", "Tanh", "Softmax",
           "LogSoftmax", "Softmin", "Softmax2d", "LeakyReLU", "PReLU", "ELU", "CELU", "Mish", "Softsign", "Hardtanh",
           "LogSigmoid", "Tanhshrink", "SoftShrink", "HShrink", "Threshold", "GLU", "RReLU", "SeLU",
           "get_activation"]


class ReLU(Cell):
    """Mirrors ``nn.ReLU()``."""

    def construct(self, x):
        return run_plain(torch.relu, x)


class ReLU6(Cell):
    """Mirrors ``nn.ReLU6()``."""

    def construct(self, x):
        return F.relu6(x)


class GELU(Cell):
    """Mirrors ``nn.GELU(approximate=True)``: the **tanh approximation by default** (torch's default
    is exact); ``approximate=False`` is the erf form."""

    def __init__(self, approximate=True):
        super().__init__()
        if not isinstance(approximate, bool):
            raise TypeError(f"For 'GELU', the type of 'approximate' should be 'bool', but got type "
                            f"'{type(approximate).__name__}'.")
        self.approximate = "tanh" if approximate else "none"

    def construct(self, x):
        return F.gelu(x, approximate=self.approximate)


class FastGelu(Cell):
    """Mirrors ``nn.FastGelu()``: ``x / (1 + exp(-1.702|x|)) * exp(0.851 (x - |x|))``."""

    def construct(self, x):
        a = torch.abs(x)
        return x / (1 + torch.exp(-1.702 * a)) * torch.exp(0.851 * (x - a))


class SiLU(Cell):
    """Mirrors ``nn.SiLU()``."""

    def construct(self, x):
        return F.silu(x)


class HSwish(Cell):
    """Mirrors ``nn.HSwish()`` (= torch hardswish)."""

    def construct(self, x):
        return F.hardswish(x)


class HSigmoid(Cell):
    """Mirrors ``nn.HSigmoid()`` (= torch hardsigmoid)."""

    def construct(self, x):
        return F.hardsigmoid(x)


class Sigmoid(Cell):
    """Mirrors ``nn.Sigmoid()``."""

    def construct(self, x):
        return torch.sigmoid(x)


class Tanh(Cell):
    """Mirrors ``nn.Tanh()``."""

    def construct(self, x):
        return torch.tanh(x)


def _axis(axis, cls_name):
    if isinstance(axis, bool) or not isinstance(axis, (int, tuple, list)):
        raise TypeError(f"For '{cls_name}', the type of 'axis' should be int or tuple, but got "
                        f"{type(axis).__name__}.")
    if isinstance(axis, (tuple, list)):
        if len(axis) != 1:
            raise ValueError(f"For '{cls_name}', only a single axis is supported here, but got {axis}.")
        axis = axis[0]
    return axis


class Softmax(Cell):
    """Mirrors ``nn.Softmax(axis=-1)``."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = _axis(axis, "Softmax")

    def construct(self, x):
        try:
            return torch.softmax(x, self.axis)
        except IndexError as e:  # axis out of range: MindSpore's ValueError
            raise ValueError(f"For 'Softmax', {e}") from e
        except (NotImplementedError, RuntimeError) as e:  # an integer input: MindSpore's TypeError
            err = float_only_error("Softmax", x)
            if err is None:
                raise
            raise err from e


class LogSoftmax(Cell):
    """Mirrors ``nn.LogSoftmax(axis=-1)``."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = _axis(axis, "LogSoftmax")

    def construct(self, x):
        return torch.log_softmax(x, self.axis)


class Softmin(Cell):
    """Mirrors ``nn.Softmin(axis=-1)``."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = _axis(axis, "Softmin")

    def construct(self, x):
        return torch.softmax(-x, self.axis)


class Softmax2d(Cell):
    """Mirrors ``nn.Softmax2d()``: softmax over the channel axis (-3)."""

    def construct(self, x):
        return torch.softmax(x, -3)


class LeakyReLU(Cell):
    """Mirrors ``nn.LeakyReLU(alpha=0.2)`` (torch's default slope is 0.01)."""

    def __init__(self, alpha=0.2):
        super().__init__()
        if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real):
            raise TypeError(f"For 'LeakyReLU', the type of 'alpha' should be 'float' or 'int', but got "
                            f"'{type(alpha).__name__}'.")
        self.alpha = alpha

    def construct(self, x):
        return F.leaky_relu(x, self.alpha)


class PReLU(Cell):
    """Mirrors ``nn.PReLU(channel=1, w=0.25)``; the learnable slope is attribute ``w``, Parameter name ``a`` (channel,)."""

    def __init__(self, channel=1, w=0.25):
        super().__init__()
        if isinstance(channel, bool) or not isinstance(channel, int) or channel < 1:
            raise ValueError(f"For 'PReLU', the 'channel' must be positive int, but got {channel}.")
        if isinstance(w, (numbers.Real,)) and not isinstance(w, bool):
            data = torch.full((channel,), float(w), dtype=torch.float32)
        elif isinstance(w, (list, tuple)):
            data = torch.tensor(w, dtype=torch.float32)
        elif isinstance(w, torch.Tensor):
            data = w.detach().float()
        else:
            raise TypeError(f"For 'PReLU', the 'w' only supported float, list and tensor, but got "
                            f"{type(w).__name__}.")
        if data.dim() != 1 or data.shape[0] != channel:
            raise ValueError(f"For 'PReLU', the dimension of 'w' must be 1, and the elements number must be equal "
                             f"to the 'channel' when 'w' is a list or tensor, but got {tuple(data.shape)}.")
        self.w = Parameter(data, name="a")

    def construct(self, x):
        try:
            return F.prelu(x, self.w)
        except RuntimeError as e:  # weight length != channels: MindSpore's ValueError
            raise ValueError(f"For 'PReLU', {str(e).splitlines()[0]}") from e


class ELU(Cell):
    """Mirrors ``nn.ELU(alpha=1.0)``."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = float(alpha)

    def construct(self, x):
        if self.alpha != 1.0:  # MindSpore 2.10 documents and enforces alpha == 1.0 (at call time)
            raise ValueError("EluIn Elu, alpha must be 1.0f.")
        return F.elu(x)


class CELU(Cell):
    """Mirrors ``nn.CELU(alpha=1.0)``."""

    def __init__(self, alpha=1.0):
        super().__init__()
        if alpha == 0:
            raise ValueError("For 'CELU', the 'alpha' can not be equal to zero.")
        self.alpha = float(alpha)

    def construct(self, x):
        return F.celu(x, self.alpha)


class Mish(Cell):
    """Mirrors ``nn.Mish()``."""

    def construct(self, x):
        return F.mish(x)


class Softsign(Cell):
    """Mirrors ``nn.Softsign()``."""

    def construct(self, x):
        return F.softsign(x)


class Hardtanh(Cell):
    """Mirrors ``nn.Hardtanh(min_val=-1.0, max_val=1.0)``."""

    def __init__(self, min_val=-1.0, max_val=1.0):
        super().__init__()
        if min_val >= max_val:
            raise ValueError(f"For Hardtanh, min_val should be less than max_val,but got {min_val} and {max_val}")
        self.min_val = min_val
        self.max_val = max_val

    def construct(self, x):
        return F.hardtanh(x, self.min_val, self.max_val)


class LogSigmoid(Cell):
    """Mirrors ``nn.LogSigmoid()``."""

    def construct(self, x):
        return F.logsigmoid(x)


class Tanhshrink(Cell):
    """Mirrors ``nn.Tanhshrink()``."""

    def construct(self, x):
        return x - torch.tanh(x)


class SoftShrink(Cell):
    """Mirrors ``nn.SoftShrink(lambd=0.5)``."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def construct(self, x):
        return F.softshrink(x, self.lambd)


class HShrink(Cell):
    """Mirrors ``nn.HShrink(lambd=0.5)``."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def construct(self, x):
        return F.hardshrink(x, self.lambd)


class Threshold(Cell):
    """Mirrors ``nn.Threshold(threshold, value)``: ``x if x > threshold else value``."""

    def __init__(self, threshold, value):
        super().__init__()
        self.threshold = threshold
        self.value = value

    def construct(self, input_x):
        return F.threshold(input_x, self.threshold, self.value)


class GLU(Cell):
    """Mirrors ``nn.GLU(axis=-1)``."""

    def __init__(self, axis=-1):
        super().__init__()
        self.dim = axis

    def construct(self, x):
        return F.glu(x, self.dim)


class RReLU(Cell):
    """Mirrors ``nn.RReLU(lower=1/8, upper=1/3)``: negative inputs scaled by a slope drawn from
    U(lower, upper) on **every call, also in inference mode** (MindSpore 2.10; torch uses the mean
    slope in eval)."""

    def __init__(self, lower=1 / 8, upper=1 / 3):
        super().__init__()
        if lower > upper:
            raise ValueError(f"For 'RReLU', the value of 'upper' must be greater than or equal to 'lower', but got "
                             f"upper: {upper}, lower: {lower}. ")
        self.lower = lower
        self.upper = upper

    def construct(self, x):
        return F.rrelu(x, self.lower, self.upper, True)


class SeLU(Cell):
    """Mirrors ``nn.SeLU()``."""

    def construct(self, x):
        return F.selu(x)


_ACTIVATIONS = {  # MindSpore 2.10's table, same keys and order ('...Ext' map to the classic layers here)
    "softmin": Softmin, "softmax": Softmax, "softmax2d": Softmax2d, "logsoftmax": LogSoftmax,
    "logsoftmaxExt": LogSoftmax, "relu": ReLU, "relu6": ReLU6, "rrelu": RReLU, "silu": SiLU, "tanh": Tanh,
    "tanhshrink": Tanhshrink, "hardtanh": Hardtanh, "gelu": GELU, "fast_gelu": FastGelu, "elu": ELU,
    "sigmoid": Sigmoid, "softsign": Softsign, "prelu": PReLU, "preluExt": PReLU, "leakyrelu": LeakyReLU,
    "hswish": HSwish, "hsigmoid": HSigmoid, "logsigmoid": LogSigmoid, "softshrink": SoftShrink, "hshrink": HShrink,
    "threshold": Threshold, "mish": Mish,
}


def get_activation(name, prim_name=None):
    """Mirrors ``nn.get_activation(name, prim_name=None)``: a new activation Cell by name
    (``KeyError`` for an unknown name, as MindSpore; ``'threshold'`` needs arguments and is not offered)."""
    prefix = f"For '{prim_name}', the" if prim_name else "The"
    if name is None:
        return None
    if name not in _ACTIVATIONS:
        raise KeyError(f"{prefix} 'name' must be in {list(_ACTIVATIONS)}, but got {name}.")
    return _ACTIVATIONS[name]()

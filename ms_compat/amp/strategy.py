"""Mirrors MindSpore 2.10's AMP strategy stack (``mindspore.train.amp``: ``create_amp_strategy``,
``push_amp_strategy``, ``pop_amp_strategy``, ``AmpDecorator``; MindSpore's ``_c_expression.amp``), which PyNative
consults for every primitive it runs. Here one ``TorchFunctionMode`` is active while the stack is not empty and
applies the strategy on top to every torch function call:

* ``AmpO0``: nothing is cast (and an outer strategy is shadowed, as in MindSpore);
* ``AmpO1``: white-listed ops run with their float inputs in ``amp_dtype``;
* ``AmpO2``: every op runs in ``amp_dtype`` except black-listed ones, which run in float32;
* ``AmpO3``: every op runs in ``amp_dtype`` (the lists are ignored);
* ``AmpAuto``: white-listed ops in ``amp_dtype``, black-listed ops in float32, the rest as their inputs say.

Lists are MindSpore's ``[(primitive name, [arg indices])]``; a primitive name is matched to the torch functions
ms_compat runs for it by name (``Exp`` → ``exp``, ``ReLU`` → ``relu``, ``Add`` → ``add``/``+``, ``MatMulExt``/``MatMul``
→ ``matmul``/``mm``/``linear`` ...). Differences: PyTorch has one ``matmul`` where MindSpore has ``MatMul`` and
``MatMulExt`` (either name selects it); the arg indices are kept but, as measured on MindSpore 2.10 for ``Add``,
all float inputs are cast; the mode also sees plain torch code run inside the strategy.
"""
from __future__ import annotations

import re

import torch
import torch.nn.functional as F
from torch.overrides import TorchFunctionMode

from .amp_levels import AmpLevel
from .cell_cast import cast_floats

__all__ = ["AmpStrategy", "AmpDecorator", "create_amp_strategy", "push_amp_strategy", "pop_amp_strategy",
           "get_curr_amp_strategy"]

_ALIASES = {
    "Add": ["add", "__add__", "__radd__"], "Sub": ["sub", "subtract", "__sub__", "__rsub__"],
    "Mul": ["mul", "multiply", "__mul__", "__rmul__"], "Div": ["div", "divide", "true_divide", "__truediv__",
                                                                "__rtruediv__"],
    "RealDiv": ["div", "__truediv__"], "Pow": ["pow", "__pow__", "__rpow__", "float_power"],
    "MatMul": ["matmul", "mm", "__matmul__", "__rmatmul__", "linear"],
    "BatchMatMul": ["matmul", "bmm", "__matmul__", "baddbmm"], "Dense": ["linear"], "BiasAdd": ["add"],
    "ReLU": ["relu", "relu_"], "ReLU6": ["relu6"], "GeLU": ["gelu"], "ACos": ["acos", "arccos"],
    "Asin": ["asin", "arcsin"], "ReduceSum": ["sum"], "ReduceMean": ["mean"], "ReduceProd": ["prod"],
    "CumSum": ["cumsum"], "CumProd": ["cumprod"], "Conv2D": ["conv2d"], "Conv3D": ["conv3d"],
    "Conv2DTranspose": ["conv_transpose2d"], "Conv3DTranspose": ["conv_transpose3d"], "PReLU": ["prelu"],
    "LayerNorm": ["layer_norm"], "BatchNorm": ["batch_norm"], "GroupNorm": ["group_norm"], "Softmax": ["softmax"],
    "LogSoftmax": ["log_softmax"], "Erfinv": ["erfinv"], "Rsqrt": ["rsqrt"], "Reciprocal": ["reciprocal"],
}


def _snake(name):
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def _funcs(prim_name):
    """The torch functions ms_compat runs for MindSpore primitive ``prim_name``."""
    base = prim_name[:-3] if prim_name.endswith("Ext") else prim_name
    names = set(_ALIASES.get(base, [])) | {_snake(base)}
    out = set()
    for n in names:
        for mod in (torch, F, torch.Tensor, torch.special, torch.linalg):
            f = getattr(mod, n, None)
            if callable(f):
                out.add(f)
    return out


def _check_list(lst, what):
    if not isinstance(lst, (list, tuple)) or not all(
            isinstance(t, tuple) and len(t) == 2 and isinstance(t[0], str) and isinstance(t[1], (list, tuple))
            and all(isinstance(i, int) for i in t[1]) for t in lst):
        raise TypeError(f"For amp strategy, the {what} should be a list of (str, list[int]) tuples, but got {lst}.")
    return [(n, list(i)) for n, i in lst]


class AmpStrategy:
    """Mirrors MindSpore's ``AmpStrategy`` (from ``create_amp_strategy``): ``get_amp_level()``,
    ``get_amp_dtype()``, ``get_white_list()``, ``get_black_list()``."""

    def __init__(self, amp_level, amp_dtype, white_list, black_list):
        if not isinstance(amp_level, AmpLevel):
            raise TypeError(f"For amp strategy, amp_level should be an AmpLevel, but got {amp_level!r}.")
        if not isinstance(amp_dtype, torch.dtype):
            raise TypeError(f"For amp strategy, amp_dtype should be a mindspore dtype, but got {amp_dtype!r}.")
        self._level, self._dtype = amp_level, amp_dtype
        self._white, self._black = _check_list(white_list, "white_list"), _check_list(black_list, "black_list")
        self.white_funcs = set().union(*[_funcs(n) for n, _ in self._white]) if self._white else set()
        self.black_funcs = set().union(*[_funcs(n) for n, _ in self._black]) if self._black else set()

    def get_amp_level(self):
        return self._level

    def get_amp_dtype(self):
        return self._dtype

    def get_white_list(self):
        return [(n, list(i)) for n, i in self._white]

    def get_black_list(self):
        return [(n, list(i)) for n, i in self._black]


def create_amp_strategy(amp_level, amp_dtype, white_list, black_list):
    """Mirrors ``mindspore.train.amp.create_amp_strategy(amp_level, amp_dtype, white_list, black_list)``."""
    return AmpStrategy(amp_level, amp_dtype, white_list, black_list)


_STACK: list = []
_MODE = None
_NO_CAST = {torch.Tensor.to, torch.Tensor.float, torch.Tensor.half, torch.Tensor.double, torch.Tensor.bfloat16,
            torch.Tensor.type, torch.Tensor.is_floating_point, torch.Tensor.size, torch.Tensor.dim}


class _StrategyMode(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if not _STACK or getattr(func, "__name__", "") == "__get__" or func in _NO_CAST:
            return func(*args, **kwargs)
        s = _STACK[-1]
        lvl, dt = s._level, s._dtype
        target = None
        if lvl == AmpLevel.AmpO3:
            target = dt
        elif lvl == AmpLevel.AmpO2:
            target = torch.float32 if func in s.black_funcs else dt
        elif lvl in (AmpLevel.AmpO1, AmpLevel.AmpAuto):
            if func in s.white_funcs:
                target = dt
            elif lvl == AmpLevel.AmpAuto and func in s.black_funcs:
                target = torch.float32
        if target is None:
            return func(*args, **kwargs)
        return func(*cast_floats(tuple(args), target), **cast_floats(kwargs, target))


def push_amp_strategy(amp_level, amp_dtype, white_list, black_list):
    """Mirrors ``mindspore.train.amp.push_amp_strategy``: the strategy applies to ops run until the matching
    ``pop_amp_strategy``."""
    global _MODE
    _STACK.append(AmpStrategy(amp_level, amp_dtype, white_list, black_list))
    if _MODE is None:
        _MODE = _StrategyMode()
        _MODE.__enter__()


def pop_amp_strategy():
    """Mirrors ``mindspore.train.amp.pop_amp_strategy``: drops the strategy on top of the stack (none: no-op)."""
    global _MODE
    if _STACK:
        _STACK.pop()
    if not _STACK and _MODE is not None:
        mode, _MODE = _MODE, None
        mode.__exit__(None, None, None)


def get_curr_amp_strategy():
    """The strategy on top of the stack (MindSpore's ``_c_expression.amp.get_curr_amp_strategy``), or None."""
    return _STACK[-1] if _STACK else None


class AmpDecorator:
    """Mirrors ``mindspore.train.amp.AmpDecorator(amp_level, amp_dtype, white_list, black_list)``: a context
    manager pushing the strategy on entry and popping it on exit."""

    def __init__(self, amp_level, amp_dtype, white_list, black_list):
        self.amp_level = amp_level
        self.amp_dtype = amp_dtype
        self.white_list = white_list
        self.black_list = black_list

    def __enter__(self):
        push_amp_strategy(self.amp_level, self.amp_dtype, self.white_list, self.black_list)

    def __exit__(self, exc_type, exc_val, exc_tb):
        pop_amp_strategy()

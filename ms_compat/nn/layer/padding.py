"""Padding layers mirroring ``mindspore.nn``: Pad (MindSpore's per-dimension ``paddings`` pairs and
CONSTANT/REFLECT/SYMMETRIC modes), ConstantPad1d/2d/3d, ZeroPad2d, ReflectionPad1d/2d/3d,
ReplicationPad1d/2d/3d (torch-style ``padding``: last dimension first)."""
from __future__ import annotations

import numbers

import torch
import torch.nn.functional as F

from ..cell import Cell

__all__ = ["Pad", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ZeroPad2d", "ReflectionPad1d",
           "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d"]


def _mirror_pad(x, pairs, symmetric):
    """Reflect (edge excluded) or symmetric (edge repeated) padding, dimension ``i`` by ``pairs[i]``."""
    start = 0 if symmetric else 1
    for d, (a, b) in enumerate(pairs):
        if not a and not b:
            continue
        n = x.shape[d]
        parts = []
        if a:
            parts.append(torch.flip(torch.narrow(x, d, start, a), (d,)))
        parts.append(x)
        if b:
            parts.append(torch.flip(torch.narrow(x, d, n - b - start, b), (d,)))
        x = torch.cat(parts, d)
    return x


class Pad(Cell):
    """Mirrors ``nn.Pad(paddings, mode='CONSTANT')``: ``paddings[i] = (before, after)`` for dimension i
    (from the first dimension, unlike torch's last-first order); modes CONSTANT, REFLECT, SYMMETRIC."""

    def __init__(self, paddings, mode="CONSTANT"):
        super().__init__()
        if mode not in ("CONSTANT", "REFLECT", "SYMMETRIC"):
            raise ValueError(f"For 'Pad', the 'mode' must be str and must be in ['CONSTANT', 'REFLECT', "
                             f"'SYMMETRIC'], but got '{mode}'.")
        if not isinstance(paddings, tuple) or not all(
                isinstance(p, tuple) and len(p) == 2 and all(isinstance(v, int) for v in p) for p in paddings):
            raise TypeError(f"For 'Pad', the type of 'paddings' must be tuple of (int, int) tuples, but got "
                            f"{paddings}.")
        self.paddings = paddings
        self.mode = mode
        self._torch_pad = tuple(v for p in reversed(paddings) for v in p)

    def construct(self, x):
        if self.mode == "CONSTANT":
            nd = x.dim()
            pad = self._torch_pad if len(self.paddings) == nd else \
                tuple(v for p in reversed(tuple(self.paddings) + ((0, 0),) * (nd - len(self.paddings))) for v in p)
            return F.pad(x, pad)
        return _mirror_pad(x, self.paddings, self.mode == "SYMMETRIC")


def _pad_tuple(padding, n, cls_name):
    if isinstance(padding, numbers.Integral) and not isinstance(padding, bool):
        return (int(padding),) * (2 * n)
    if isinstance(padding, (tuple, list)) and len(padding) == 2 * n and all(isinstance(p, int) for p in padding):
        return tuple(padding)
    raise TypeError(f"For '{cls_name}', the type of 'padding' must be int or tuple of {2 * n} ints, but got "
                    f"{padding!r}.")


class _TorchPad(Cell):
    _n = 1
    _mode = "constant"

    def __init__(self, padding, value=0.0):
        super().__init__()
        self.padding = _pad_tuple(padding, self._n, type(self).__name__)
        self.value = value

    def construct(self, x):
        if self._mode == "constant":
            return F.pad(x, self.padding, "constant", self.value)
        return F.pad(x, self.padding, self._mode)


class ConstantPad1d(_TorchPad):
    """Mirrors ``nn.ConstantPad1d(padding, value)`` (torch order: (left, right))."""

    def __init__(self, padding, value):
        super().__init__(padding, value)


class ConstantPad2d(_TorchPad):
    """Mirrors ``nn.ConstantPad2d(padding, value)`` ((left, right, top, bottom))."""

    _n = 2

    def __init__(self, padding, value):
        super().__init__(padding, value)


class ConstantPad3d(_TorchPad):
    """Mirrors ``nn.ConstantPad3d(padding, value)``."""

    _n = 3

    def __init__(self, padding, value):
        super().__init__(padding, value)


class ZeroPad2d(_TorchPad):
    """Mirrors ``nn.ZeroPad2d(padding)``."""

    _n = 2

    def __init__(self, padding):
        super().__init__(padding, 0.0)


class ReflectionPad1d(_TorchPad):
    """Mirrors ``nn.ReflectionPad1d(padding)``."""

    _mode = "reflect"

    def __init__(self, padding):
        super().__init__(padding)


class ReflectionPad2d(ReflectionPad1d):
    """Mirrors ``nn.ReflectionPad2d(padding)``."""

    _n = 2


class ReflectionPad3d(ReflectionPad1d):
    """Mirrors ``nn.ReflectionPad3d(padding)``."""

    _n = 3


class ReplicationPad1d(_TorchPad):
    """Mirrors ``nn.ReplicationPad1d(padding)``."""

    _mode = "replicate"

    def __init__(self, padding):
        super().__init__(padding)


class ReplicationPad2d(ReplicationPad1d):
    """Mirrors ``nn.ReplicationPad2d(padding)``."""

    _n = 2


class ReplicationPad3d(ReplicationPad1d):
    """Mirrors ``nn.ReplicationPad3d(padding)``."""

    _n = 3

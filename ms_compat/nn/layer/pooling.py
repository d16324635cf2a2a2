"""Pooling layers mirroring ``mindspore.nn``: MaxPool1d/2d/3d, AvgPool1d/2d/3d (``kernel_size=1``,
**``stride=1`` by default**, ``pad_mode`` 'valid'/'same'/'pad'), adaptive pools, LPPool1d/2d.

'same' is TF-style: output ``ceil(in/stride)``, padding split with the extra element after; max
pooling pads with -inf and average pooling averages over the real (unpadded) elements only.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from ...common.tensor import run_plain
from ..cell import Cell
from ._checks import int_tuple, same_pads, rank_error, shape_error

__all__ = ["MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d",
           "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d",
           "LPPool1d", "LPPool2d"]

_MAX = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}
_AVG = {1: F.avg_pool1d, 2: F.avg_pool2d, 3: F.avg_pool3d}


def _pool_error(cell, x, err):
    """MindSpore's ValueError for a pooling failure, built only after torch's kernel raised."""
    n = cell._nd
    if x.dim() not in (n + 1, n + 2):
        return rank_error(type(cell).__name__, f"{n + 1} or {n + 2}", x)
    return shape_error(type(cell).__name__, err)


class _Pool(Cell):
    _nd = 2
    _is_max = True

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1, return_indices=False,
                 ceil_mode=False, count_include_pad=True, divisor_override=None):
        super().__init__()
        cls = type(self).__name__
        n = self._nd
        if not isinstance(pad_mode, str) or pad_mode.upper() not in ("VALID", "SAME", "PAD"):
            raise ValueError(f"For '{cls}', the 'pad_mode' must be str and must be in '['VALID', 'SAME', 'PAD']', "
                             f"but got '{pad_mode.upper() if isinstance(pad_mode, str) else pad_mode}'.")
        self.pad_mode = pad_mode.upper()
        if self.pad_mode != "PAD" and (padding != 0 or dilation != 1 or return_indices or ceil_mode):
            raise ValueError(f"For {cls}, the parameter 'padding', 'dilation', 'return_indices', 'ceil_mode' can not "
                             f"be set to non-default value when pad_mode is not 'pad', but got pad_mode:"
                             f"{pad_mode}.")
        self.kernel_size = kernel_size
        self.stride = stride
        self._k = int_tuple(kernel_size, n, "kernel_size", cls)
        self._s = int_tuple(stride, n, "stride", cls)
        self._p = int_tuple(padding, n, "padding", cls, allow_zero=True)
        self._d = int_tuple(dilation, n, "dilation", cls)
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override
        self._same = self.pad_mode == "SAME"
        self._fn = (_MAX if self._is_max else _AVG)[n]

    def _same_pad(self, x):
        sizes = x.shape[-self._nd:]
        pads = []
        for size, k, s in zip(reversed(sizes), reversed(self._k), reversed(self._s)):
            pads.extend(same_pads(size, k, s, 1))
        return tuple(pads)

    def extend_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}"


class _MaxPool(_Pool):
    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super().__init__(kernel_size, stride, pad_mode, padding, dilation, return_indices, ceil_mode)

    def construct(self, x):
        try:
            if self._same:
                pads = self._same_pad(x)
                if any(pads):  # F.pad copies even when every pad is 0
                    x = run_plain(F.pad, x, pads, value=float("-inf"))
                return run_plain(self._fn, x, self._k, self._s)
            return run_plain(self._fn, x, self._k, self._s, self._p, self._d, self.ceil_mode, self.return_indices)
        except (RuntimeError, IndexError) as e:  # failure path only (wrong rank, kernel past the input)
            raise _pool_error(self, x, e) from e


class _AvgPool(_Pool):
    _is_max = False

    def construct(self, x):
        try:
            if self._same:
                pads = self._same_pad(x)
                if not any(pads):
                    return run_plain(self._fn, x, self._k, self._s)
                ones = torch.ones((1, 1) + tuple(x.shape[-self._nd:]), dtype=x.dtype, device=x.device)
                if x.dim() == self._nd + 1:
                    ones = ones[0]
                return self._fn(F.pad(x, pads), self._k, self._s) / self._fn(F.pad(ones, pads), self._k, self._s)
            if self._nd == 1:
                return run_plain(self._fn, x, self._k, self._s, self._p, self.ceil_mode, self.count_include_pad)
            return run_plain(self._fn, x, self._k, self._s, self._p, self.ceil_mode, self.count_include_pad,
                             self.divisor_override)
        except (RuntimeError, IndexError) as e:  # failure path only (wrong rank, kernel past the input)
            raise _pool_error(self, x, e) from e


class _OneD:
    """1-D pools print their kernel/stride as MindSpore's 2-D pairs ``(1, k)``."""

    def extend_repr(self):
        return f"kernel_size={(1, self._k[0])}, stride={(1, self._s[0])}, pad_mode={self.pad_mode}"


class MaxPool1d(_OneD, _MaxPool):
    """Mirrors ``nn.MaxPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False)``."""

    _nd = 1


class MaxPool2d(_MaxPool):
    """Mirrors ``nn.MaxPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False, data_format='NCHW')``. torch differs: stride defaults to the
    kernel size there."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1, return_indices=False,
                 ceil_mode=False, data_format="NCHW"):
        super().__init__(kernel_size, stride, pad_mode, padding, dilation, return_indices, ceil_mode)


class MaxPool3d(_MaxPool):
    """Mirrors ``nn.MaxPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False)``."""

    _nd = 3


class AvgPool1d(_OneD, _AvgPool):
    """Mirrors ``nn.AvgPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True)``."""

    _nd = 1

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True):
        super().__init__(kernel_size, stride, pad_mode, padding, 1, False, ceil_mode, count_include_pad)


class AvgPool2d(_AvgPool):
    """Mirrors ``nn.AvgPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None, data_format='NCHW')``."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None, data_format="NCHW"):
        super().__init__(kernel_size, stride, pad_mode, padding, 1, False, ceil_mode, count_include_pad,
                         divisor_override)


class AvgPool3d(_AvgPool):
    """Mirrors ``nn.AvgPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None)``."""

    _nd = 3

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None):
        super().__init__(kernel_size, stride, pad_mode, padding, 1, False, ceil_mode, count_include_pad,
                         divisor_override)


class _Adaptive(Cell):
    _fn = None

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices


class AdaptiveAvgPool1d(_Adaptive):
    """Mirrors ``nn.AdaptiveAvgPool1d(output_size)``."""

    def __init__(self, output_size):
        super().__init__(output_size)

    def construct(self, input):
        if input.shape[-1] % self.output_size:
            raise ValueError(f"For AdaptiveAvgPool1d, the input's last dimension must be divisible by output size "
                             f"{self.output_size}, but got {input.shape[-1]}.")
        return F.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(_Adaptive):
    """Mirrors ``nn.AdaptiveAvgPool2d(output_size)`` (int, tuple, ``None`` entries keep the input size)."""

    def __init__(self, output_size):
        super().__init__(output_size)

    def construct(self, input):
        return F.adaptive_avg_pool2d(input, self.output_size)


class AdaptiveAvgPool3d(_Adaptive):
    """Mirrors ``nn.AdaptiveAvgPool3d(output_size)``."""

    def __init__(self, output_size):
        super().__init__(output_size)

    def construct(self, input):
        return F.adaptive_avg_pool3d(input, self.output_size)


class AdaptiveMaxPool1d(_Adaptive):
    """Mirrors ``nn.AdaptiveMaxPool1d(output_size)``."""

    def __init__(self, output_size):
        super().__init__(output_size)

    def construct(self, input):
        if input.shape[-1] % self.output_size:
            raise ValueError(f"For AdaptiveMaxPool1d, the input's last dimension must be divisible by output size "
                             f"{self.output_size}, but got {input.shape[-1]}.")
        return F.adaptive_max_pool1d(input, self.output_size)


class AdaptiveMaxPool2d(_Adaptive):
    """Mirrors ``nn.AdaptiveMaxPool2d(output_size, return_indices=False)``."""

    def construct(self, input):
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool3d(_Adaptive):
    """Mirrors ``nn.AdaptiveMaxPool3d(output_size, return_indices=False)``."""

    def construct(self, input):
        return F.adaptive_max_pool3d(input, self.output_size, self.return_indices)


class LPPool1d(Cell):
    """Mirrors ``nn.LPPool1d(norm_type, kernel_size, stride=None, ceil_mode=False)``."""

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def construct(self, x):
        return F.lp_pool1d(x, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)


class LPPool2d(LPPool1d):
    """Mirrors ``nn.LPPool2d(norm_type, kernel_size, stride=None, ceil_mode=False)``."""

    def construct(self, x):
        return F.lp_pool2d(x, self.norm_type, self.kernel_size, self.stride, self.ceil_mode)

"""Convolution layers mirroring ``mindspore.nn``: Conv1d/2d/3d and Conv1d/2d/3dTranspose.

MindSpore defaults kept: ``pad_mode='same'`` (TF-style, extra padding after), ``has_bias=False``,
``group`` (not ``groups``), weight ``(out, in/group, *k)`` — **Conv1d's weight is 4-D (out, in, 1, k)**,
transposed weights are ``(in, out/group, *k)`` — and HeUniform(sqrt(5)) / U(±1/sqrt(fan_in)) initial
values. ``pad_mode='pad'`` takes ``padding`` as an int or MindSpore's per-side tuple
(``(top, bottom, left, right)`` in 2-D; ``(head, tail, top, bottom, left, right)`` in 3-D).
"""
from __future__ import annotations

import math

import numpy as np

import torch
import torch.nn.functional as F

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.op_errors import conv_error, conv_rank_error
from ...common.parameter import Parameter
from ...common.tensor import Tensor, rank_of, run_plain
from ..cell import Cell
from ._checks import check_bool, int_tuple, positive_int, same_pads, rank_error, shape_error

__all__ = ["Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose"]

_CONV = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}
_CONVT = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}


def _side_pads(padding, n, cls_name, prim):
    """MindSpore ``padding`` → per-dim (before, after) pairs for n spatial dims."""
    if isinstance(padding, int) and not isinstance(padding, bool):
        if padding < 0:
            raise ValueError(f"For '{prim}', the 'pad' must be greater than or equal to 0, but got {padding}.")
        return [(padding, padding)] * n
    if isinstance(padding, (tuple, list)) and all(isinstance(p, int) and not isinstance(p, bool) for p in padding):
        if len(padding) == 2 * n:
            pairs = [(padding[2 * i], padding[2 * i + 1]) for i in range(n)]
        elif len(padding) == n:
            pairs = [(p, p) for p in padding]
        elif n == 1 and len(padding) == 4:
            pairs = [(padding[2], padding[3])]
        else:
            raise ValueError(f"For '{cls_name}', the 'padding' must be an int or a tuple of {2 * n} ints, "
                             f"but got {padding}.")
        if any(p < 0 for pair in pairs for p in pair):
            raise ValueError(f"For '{prim}', the 'pad' must be greater than or equal to 0, but got {padding}.")
        return pairs
    raise TypeError(f"For '{cls_name}', the type of 'padding' should be int or tuple, but got "
                    f"{type(padding).__name__}.")


class _Conv(Cell):
    """Shared constructor for the convolution layers (n spatial dims; ``transposed``)."""

    _nd = 2
    _transposed = False
    _prim = "Conv2D"

    def __init__(self, in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group, has_bias,
                 weight_init, bias_init, data_format="NCHW", transposed=False, dtype=mstype.float32, *,
                 output_padding=0):
        super().__init__()
        if transposed:  # MindSpore's argument; ms_compat's own subclasses say it with the class attribute
            self._transposed = True
        cls = type(self).__name__
        n = self._nd
        self.in_channels = positive_int(in_channels, "in_channels", cls)
        self.out_channels = positive_int(out_channels, "out_channels", cls)
        if self._one_d:
            kernel_size = (1, int_tuple(kernel_size, 1, "kernel_size", cls)[0]) if not isinstance(
                kernel_size, (tuple, list)) or len(kernel_size) == 1 else tuple(kernel_size)
            stride = (1, int_tuple(stride, 1, "stride", cls)[0]) if not isinstance(
                stride, (tuple, list)) or len(stride) == 1 else tuple(stride)
            dilation = (1, int_tuple(dilation, 1, "dilation", cls)[0]) if not isinstance(
                dilation, (tuple, list)) or len(dilation) == 1 else tuple(dilation)
        self.kernel_size = int_tuple(kernel_size, len(kernel_size) if isinstance(kernel_size, tuple) and
                                     self._one_d else n, "kernel_size", cls)
        self.stride = int_tuple(stride, len(self.kernel_size), "stride", cls)
        self.dilation = int_tuple(dilation, len(self.kernel_size), "dilation", cls)
        if not isinstance(pad_mode, str) or pad_mode.lower() not in ("same", "valid", "pad"):
            raise ValueError(f"For '{self._prim}', the 'pad_mode' must be str and must be in '['valid', 'same', "
                             f"'pad']', but got '{pad_mode}'.")
        self.pad_mode = pad_mode.lower()
        if self.pad_mode != "pad" and padding != 0 and padding != (0,) * len(padding if isinstance(
                padding, (tuple, list)) else ()):
            raise ValueError(f"For '{self._prim}', the 'pad' must be zero when 'pad_mode' is not 'pad', but got "
                             f"'pad': {padding} and 'pad_mode': {pad_mode}.")
        self.padding = padding
        if isinstance(group, bool) or not isinstance(group, int) or group < 1:
            raise TypeError(f"For '{cls}', the 'group' must be a positive int, but got {group}.")
        if in_channels % group or out_channels % group:
            raise ValueError(f"The argument 'group' should be divisible by 'in_channels' and 'out_channels', but got "
                             f"group:{group}, in_channels:{in_channels}, out_channels:{out_channels}.")
        if self._one_d and not (isinstance(padding, int) and not isinstance(padding, bool)):
            raise TypeError(f"For '{cls}', the type of 'padding' should be 'int', but got type "
                            f"'{type(padding).__name__}'.")
        self.group = group
        self.has_bias = check_bool(has_bias, "has_bias", cls)
        if data_format not in ("NCHW", "NCDHW", "NCW"):
            raise ValueError(f"For '{cls}', the 'NHWC' format only support in GPU target, but got device target "
                             "CPU.")
        self.format = "NCDHW" if n == 3 else "NCHW"
        self.weight_init = weight_init if weight_init is not None else HeUniform(math.sqrt(5))
        self.bias_init = bias_init
        k = self.kernel_size
        if self._transposed:
            shape = [in_channels, out_channels // group, *k]
        else:
            shape = [out_channels, in_channels // group, *k]
        self.weight = Parameter(initializer(self.weight_init, shape, dtype), name="weight")
        self.bias = None
        if has_bias:
            if bias_init is None:
                fan_in = (shape[1] * math.prod(k))
                bias_init = Uniform(1 / math.sqrt(fan_in))
                self.bias_init = bias_init
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")
        # ---- precomputed call arguments (spatial dims of the torch op) ------------------------
        ks = k[-n:] if not self._one_d else (k[1],)
        ss = self.stride[-n:] if not self._one_d else (self.stride[1],)
        ds = self.dilation[-n:] if not self._one_d else (self.dilation[1],)
        self._k, self._s, self._d = ks, ss, ds
        self._pre_pad = None        # F.pad argument applied before a forward conv
        self._dyn_same = False      # 'same' with stride > 1: pads depend on the input size
        self._crop = None           # slices applied after a transposed conv
        self._out_pad = 0
        nsp = 1 if self._one_d else n
        if self.pad_mode == "pad":
            pairs = _side_pads(padding, nsp, cls, self._prim)
        elif self.pad_mode == "valid":
            pairs = [(0, 0)] * nsp
        else:
            pairs = None
        if not self._transposed:
            if pairs is None:
                if all(s == 1 for s in ss) or all((kk - 1) * dd == 0 for kk, dd in zip(ks, ds)):
                    # (a 1-wide kernel never pads: (ceil(n/s) - 1) * s + 1 <= n for any stride)
                    pairs = [(((kk - 1) * dd) // 2, (kk - 1) * dd - ((kk - 1) * dd) // 2) for kk, dd in zip(ks, ds)]
                else:
                    self._dyn_same = True
                    pairs = [(0, 0)] * nsp
            if all(a == b for a, b in pairs):
                self._padding = tuple(a for a, _ in pairs)
            else:
                self._padding = 0
                self._pre_pad = tuple(v for a, b in reversed(pairs) for v in (a, b))
        else:
            if pairs is None:  # output = in * stride: crop the full transposed output
                pairs = []
                for kk, ss_, dd in zip(ks, ss, ds):
                    total = (kk - 1) * dd + 1 - ss_
                    pairs.append((total // 2, total - total // 2) if total >= 0 else (0, total))
            self._padding = tuple(max(min(a, b), 0) for a, b in pairs)
            op = int_tuple(output_padding, nsp, "output_padding", cls, allow_zero=True)
            self._out_pad = tuple(o + (-b if b < 0 else 0) for o, (_, b) in zip(op, pairs))
            extra = [(a - p, b - p) if b >= 0 else (0, 0) for (a, b), p in zip(pairs, self._padding)]
            if any(e != (0, 0) for e in extra):
                self._crop = (Ellipsis,) + tuple(slice(a, (-b if b else None)) for a, b in extra)
        self._fn = (_CONVT if self._transposed else _CONV)[nsp]
        self._rank = nsp + 2

    _one_d = False

    def _weight(self):
        return self.weight

    def construct(self, x):
        # torch calls through run_plain: no __torch_function__ trip per call (issue 20)
        if rank_of(x) != self._rank:  # torch's conv takes an unbatched input; MindSpore raises
            if self._transposed:
                raise rank_error(type(self).__name__, self._rank, x)
            raise conv_rank_error(self._rank - 2, x)
        if self._transposed:
            w = self.weight[:, :, 0] if self._one_d else self.weight
            out = run_plain(self._fn, x, w, self.bias, self._s, self._padding, self._out_pad, self.group, self._d)
            return out if self._crop is None else out[self._crop]
        if self._pre_pad is not None:
            x = run_plain(F.pad, x, self._pre_pad)
        elif self._dyn_same:
            pads = self._same_pads(x)
            if any(pads):  # F.pad copies even when every pad is 0
                x = run_plain(F.pad, x, pads)
        w = self.weight[:, :, 0] if self._one_d else self.weight
        try:
            return run_plain(self._fn, x, w, self.bias, self._s, self._padding, self._d, self.group)
        except RuntimeError as e:
            if "Kernel size can't be greater" in str(e):  # MindSpore: ValueError
                raise shape_error(type(self).__name__, e) from e
            err = conv_error(self._rank - 2, x, w, self.group)  # dtypes or channels: MindSpore's words
            if err is None:
                raise
            raise err from e

    def _same_pads(self, x):
        sizes = x.shape[2:]
        out = []
        for size, k, s, d in zip(reversed(sizes), reversed(self._k), reversed(self._s), reversed(self._d)):
            out.extend(same_pads(size, k, s, d))
        return tuple(out)

    def extend_repr(self):
        pad = self.padding
        if self._one_d:
            pad = (0, 0, pad, pad) if isinstance(pad, int) else (0, 0) + tuple(pad)
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, "
                f"padding={pad}, dilation={self.dilation}, group={self.group}, has_bias={self.has_bias}, "
                f"weight_init={self.weight_init}, bias_init={self.bias_init}, format={self.format}")


class Conv2d(_Conv):
    """Mirrors ``nn.Conv2d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, data_format='NCHW', dtype)``."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0, dilation=1,
                 group=1, has_bias=False, weight_init=None, bias_init=None, data_format="NCHW",
                 dtype=mstype.float32):
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, data_format, dtype=dtype)


def _one_d_weight_init(weight_init, cls):
    """MindSpore 2.10's Conv1d/Conv1dTranspose: a Tensor ``weight_init`` (an ``initializer(...)`` too) is given
    3-D ``(out, in/group, k)`` (``(in, out/group, k)`` transposed) and stored with a unit axis at 2; any other rank
    is MindSpore's ValueError."""
    if not isinstance(weight_init, Tensor):
        return weight_init
    if weight_init.ndim != 3:
        raise ValueError(f"For '{cls}', the 'weight_init_shape' must be int and must = 3, but got "
                         f"'{weight_init.ndim}' with type 'int'.")
    return Tensor(np.expand_dims(weight_init.asnumpy(), 2), weight_init.dtype)


class Conv1d(_Conv):
    """Mirrors ``nn.Conv1d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, dtype)``; input (N, C, L);
    the weight is stored 4-D ``(out, in/group, 1, k)`` as in MindSpore."""

    _one_d = True
    _nd = 2

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0, dilation=1,
                 group=1, has_bias=False, weight_init=None, bias_init=None, dtype=mstype.float32):
        weight_init = _one_d_weight_init(weight_init, type(self).__name__)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, "NCHW", dtype=dtype)


class Conv3d(_Conv):
    """Mirrors ``nn.Conv3d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, data_format='NCDHW', dtype)``."""

    _nd = 3
    _prim = "Conv3D"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0, dilation=1,
                 group=1, has_bias=False, weight_init=None, bias_init=None, data_format="NCDHW",
                 dtype=mstype.float32):
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, data_format, dtype=dtype)


class Conv2dTranspose(_Conv):
    """Mirrors ``nn.Conv2dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, output_padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
    dtype)``: 'same' gives ``in*stride``, 'valid' ``(in-1)*s + d*(k-1) + 1``, 'pad' crops ``padding``."""

    _transposed = True
    _prim = "Conv2DBackpropInput"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 output_padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
                 dtype=mstype.float32):
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, "NCHW", dtype=dtype, output_padding=output_padding)


class Conv1dTranspose(_Conv):
    """Mirrors ``nn.Conv1dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, dtype)``; weight
    ``(in, out/group, 1, k)``."""

    _transposed = True
    _one_d = True
    _prim = "Conv2DBackpropInput"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0, dilation=1,
                 group=1, has_bias=False, weight_init=None, bias_init=None, dtype=mstype.float32):
        weight_init = _one_d_weight_init(weight_init, type(self).__name__)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, "NCHW", dtype=dtype)


class Conv3dTranspose(_Conv):
    """Mirrors ``nn.Conv3dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, output_padding=0, has_bias=False, weight_init=None, bias_init=None,
    data_format='NCDHW', dtype)``."""

    _transposed = True
    _nd = 3
    _prim = "Conv3DTranspose"

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0, dilation=1,
                 group=1, output_padding=0, has_bias=False, weight_init=None, bias_init=None,
                 data_format="NCDHW", dtype=mstype.float32):
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, data_format, dtype=dtype, output_padding=output_padding)

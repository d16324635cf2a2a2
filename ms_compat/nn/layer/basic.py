"""Basic layers mirroring ``mindspore.nn``: Dense, Flatten, Unflatten, Identity, Dropout family, Unfold,
Upsample, OneHot, Tril/Triu. Each ``construct`` calls torch directly on its inputs."""
from __future__ import annotations

import math
import numbers
import warnings

import torch
import torch.nn.functional as F

import ms_compat.common.op_random as op_random

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import run_plain
from ..cell import Cell
from ._checks import check_bool, check_init, positive_int, same_pads

__all__ = ["Dense", "BiDense", "Flatten", "Unflatten", "Identity", "Dropout", "Dropout1d", "Dropout2d",
           "Dropout3d", "Unfold", "Upsample", "OneHot", "Tril", "Triu", "PixelShuffle", "PixelUnshuffle",
           "ChannelShuffle"]


class Dense(Cell):
    """Mirrors ``nn.Dense(in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
    activation=None, dtype=mstype.float32)``: ``weight`` (out, in), default HeUniform(sqrt(5)) and
    bias U(±1/sqrt(in)) — the same distributions as ``torch.nn.Linear``."""

    def __init__(self, in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
                 activation=None, dtype=mstype.float32):
        super().__init__()
        self.in_channels = positive_int(in_channels, "in_channels", "Dense")
        self.out_channels = positive_int(out_channels, "out_channels", "Dense")
        self.has_bias = check_bool(has_bias, "has_bias", "Dense")
        check_init(weight_init, "weight_init", "Dense")
        if hasattr(weight_init, "shape") and tuple(weight_init.shape) != (out_channels, in_channels):
            raise ValueError("For 'Dense', weight init shape error. The ndim of 'weight_init' must be equal to 2, "
                             "and the first dim must be equal to 'out_channels', and the second dim must be "
                             f"equal to 'in_channels'. But got 'weight_init': {weight_init}, 'out_channels': "
                             f"{out_channels}, 'in_channels': {in_channels}.")
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels], dtype), name="weight")
        self.bias = None
        if has_bias:
            if bias_init is None:
                bias_init = Uniform(1 / math.sqrt(in_channels))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")
        if isinstance(activation, str):
            from .activation import get_activation
            activation = get_activation(activation)
        if activation is not None and not isinstance(activation, Cell) and not callable(activation):
            raise TypeError(f"For 'Dense', the 'activation' must be str or Cell or Primitive, but got "
                            f"{type(activation).__name__}.")
        self.activation = activation
        self.activation_flag = activation is not None

    def construct(self, x):
        # Dense's own Parameters read from the module's dict: through Cell.__getattr__ the two reads cost ~2 µs
        # of a 15 µs batch-1 call (issue 20); subclasses (which may define them as properties) and an attribute
        # set another way (bias None) take the plain lookup
        weight = bias = None
        if type(self) is Dense:
            params = self._parameters
            weight, bias = params.get("weight"), params.get("bias")
        if weight is None:
            weight = self.weight
        if bias is None:
            bias = self.bias
        try:
            x = run_plain(F.linear, x, weight, bias)  # no __torch_function__ trip (issue 20)
        except RuntimeError as e:
            raise self._linear_error(x, e) from e
        if self.activation_flag:
            return self.activation(x)
        return x

    def _linear_error(self, x, err):
        """MindSpore's error for a failed matmul: ValueError for the shapes, TypeError for the dtypes;
        anything else (devices that do not match, out of memory) stays PyTorch's own error."""
        if not x.dim():  # MindSpore reads x.shape[-1] in Python
            return IndexError(f"tuple index out of range (For 'Dense', the input is a 0-d tensor; it needs a "
                              f"last dimension of {self.in_channels}.)")
        if x.shape[-1:] != (self.in_channels,):
            return ValueError(f"For 'MatMul' the input dimensions must be equal, but got 'x1_col': "
                              f"{x.shape[-1] if x.dim() else None} and 'x2_row': {self.in_channels}.")
        if x.dtype != self.weight.dtype:
            return TypeError(f"For 'MatMul', the type of 'x2' should be same as 'x1', but got 'x1' with type "
                             f"Tensor[{mstype.dtype_str(x.dtype)}] and 'x2' with type "
                             f"Tensor[{mstype.dtype_str(self.weight.dtype)}].")
        return err

    def extend_repr(self):
        s = f"input_channels={self.in_channels}, output_channels={self.out_channels}"
        if self.has_bias:
            s += f", has_bias={self.has_bias}"
        if self.activation_flag:
            s += f", activation={self.activation}"
        return s


class BiDense(Cell):
    """Mirrors ``nn.BiDense(in1_channels, in2_channels, out_channels, weight_init=None, bias_init=None,
    has_bias=True, dtype)``: ``y = x1^T W x2 + b``, weight (out, in1, in2), init U(±1/sqrt(in1))."""

    def __init__(self, in1_channels, in2_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
                 dtype=mstype.float32):
        super().__init__()
        self.in1_channels = positive_int(in1_channels, "in1_channels", "BiDense")
        self.in2_channels = positive_int(in2_channels, "in2_channels", "BiDense")
        self.out_channels = positive_int(out_channels, "out_channels", "BiDense")
        self.has_bias = check_bool(has_bias, "has_bias", "BiDense")
        bound = 1 / math.sqrt(in1_channels)
        self.weight = Parameter(initializer(weight_init if weight_init is not None else Uniform(bound),
                                            [out_channels, in1_channels, in2_channels], dtype), name="weight")
        self.bias = None
        if has_bias:
            self.bias = Parameter(initializer(bias_init if bias_init is not None else Uniform(bound),
                                              [out_channels], dtype), name="bias")

    def construct(self, input1, input2):
        return F.bilinear(input1, input2, self.weight, self.bias)

    def extend_repr(self):
        s = (f"in1_channels={self.in1_channels}, in2_channels={self.in2_channels}, "
             f"output_channels={self.out_channels}")
        if self.has_bias:
            s += f", has_bias={self.has_bias}"
        return s


class Flatten(Cell):
    """Mirrors ``nn.Flatten(start_dim=1, end_dim=-1)``."""

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        for n, v in (("start_dim", start_dim), ("end_dim", end_dim)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"For 'Flatten', the type of '{n}' should be 'int', but got type "
                                f"'{type(v).__name__}'.")
        self.start_dim = start_dim
        self.end_dim = end_dim

    def construct(self, x):
        return torch.flatten(x, self.start_dim, self.end_dim)


class Unflatten(Cell):
    """Mirrors ``nn.Unflatten(axis, unflattened_size)``."""

    def __init__(self, axis, unflattened_size):
        super().__init__()
        self.axis = axis
        self.unflattened_size = tuple(unflattened_size)

    def construct(self, input):
        return torch.unflatten(input, self.axis, self.unflattened_size)


class Identity(Cell):
    """Mirrors ``nn.Identity(*args, **kwargs)`` (arguments ignored)."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def construct(self, x):
        return x


def _check_p(p, cls_name, closed=False):
    if isinstance(p, bool) or not isinstance(p, numbers.Real):
        raise TypeError(f"For '{cls_name}', the type of 'p' should be float, but got {type(p).__name__}.")
    if not (0 <= p <= 1 if closed else 0 <= p < 1):
        raise ValueError(f"For '{cls_name}', the 'p' must be a number in range [0, {1 if closed else '1)'}"
                         f"{']' if closed else ''}, but got {p}.")
    return float(p)


class Dropout(Cell):
    """Mirrors ``nn.Dropout(keep_prob=0.5, p=None, dtype)``: the first positional argument is the
    probability to KEEP (deprecated form, warns); ``p=`` is the drop probability as in torch.
    Identity unless the cell is in training mode (``set_train()``). As in MindSpore, the cell takes its
    kernel seeds when built (``_get_graph_seed(0, "dropout")``) and its masks continue one stream per
    input shape and dtype: MindSpore's masks when a global seed is set; torch's generator otherwise, and inside
    ``torch.compile``."""

    def __init__(self, keep_prob=0.5, p=None, dtype=mstype.float32):
        super().__init__()
        if p is None:
            if isinstance(keep_prob, bool) or not isinstance(keep_prob, numbers.Real):
                raise TypeError(f"For 'Dropout', the type of 'keep_prob' should be float, but got "
                                f"{type(keep_prob).__name__}.")
            if not 0 < keep_prob <= 1:
                raise ValueError(f"For 'Dropout', the 'keep_prob' must be a number in range (0, 1], but got "
                                 f"{keep_prob}.")
            warnings.warn("For Dropout, this parameter `keep_prob` will be deprecated, please use `p` instead.",
                          stacklevel=2)
            self.keep_prob = keep_prob
            self.p = 1.0 - float(keep_prob)
            self._repr = f"keep_prob={keep_prob}"
        else:
            self.p = _check_p(p, "Dropout")
            self.keep_prob = 1.0 - self.p
            self._repr = f"p={p}"
        seeds = op_random.kernel_seeds(0, "dropout")
        self._kernels = op_random.KernelCache(*seeds) if seeds is not None else None

    def construct(self, x):
        if not self.training or self.p == 0.0:
            return x
        if self._kernels is None or torch.compiler.is_compiling():
            return run_plain(F.dropout, x, self.p, True)
        kernel = self._kernels.get((tuple(x.shape), x.dtype))
        return run_plain(op_random.mindspore_dropout, kernel, x, self.keep_prob)

    def extend_repr(self):
        return self._repr


def _dropout_nd(name, x, p):
    """MindSpore's ``Dropout2D``/``Dropout3D(1 - p)`` kernel on ``x`` (process-wide engines, no seed:
    ``common/op_random.py``); torch's generator inside ``torch.compile``."""
    rank = 4 if name == "Dropout2D" else 5
    if x.dim() != rank:
        raise ValueError(f"For primitive[{name}], the rank of input  must be equal to {rank} , but got {x.dim()}.")
    if torch.compiler.is_compiling():
        return (F.dropout2d if rank == 4 else F.dropout3d)(x, p, True)
    return run_plain(lambda t: op_random.mindspore_dropout_nd(name, t, 1.0 - p)[0], x)


class Dropout1d(Cell):
    """Mirrors ``nn.Dropout1d(p=0.5)``: zeroes whole channels of (N, C, L) / (C, L) in training, with
    MindSpore 2.10's masks (its ``Dropout2D`` kernel on (N, C, L, 1), which no seed affects)."""

    def __init__(self, p=0.5):
        super().__init__()
        self.p = _check_p(p, "Dropout1d", closed=True)

    def construct(self, x):
        if not self.training or self.p == 0.0:
            return x
        if x.dim() not in (2, 3):
            raise ValueError(f"For dropout1d, input shape should be 2D or 3D, but got {x.dim()}.")
        out = _dropout_nd("Dropout2D", x.unsqueeze(-1) if x.dim() == 3 else x.unsqueeze(0).unsqueeze(-1),
                          self.p).squeeze(-1)
        return out if x.dim() == 3 else out.squeeze(0)


class Dropout2d(Cell):
    """Mirrors ``nn.Dropout2d(p=0.5)``: zeroes whole channels of (N, C, H, W) in training, with MindSpore
    2.10's masks (``ops.Dropout2D``: one engine per (p, shape, dtype) for the process, no seed)."""

    def __init__(self, p=0.5):
        super().__init__()
        self.p = _check_p(p, "Dropout2d", closed=True)

    def construct(self, x):
        if not self.training or self.p == 0.0:
            return x
        return _dropout_nd("Dropout2D", x, self.p)

    def extend_repr(self):
        # MindSpore 2.10 prints the keep probability under the name 'p' (Dropout2d(0.2) → 'p=0.8')
        return f"p={1.0 - self.p}"


class Dropout3d(Cell):
    """Mirrors ``nn.Dropout3d(p=0.5)``: zeroes whole channels of (N, C, D, H, W) in training, with MindSpore
    2.10's masks (``ops.Dropout3D``, as ``Dropout2d``)."""

    def __init__(self, p=0.5):
        super().__init__()
        self.p = _check_p(p, "Dropout3d", closed=True)

    def construct(self, x):
        if not self.training or self.p == 0.0:
            return x
        return _dropout_nd("Dropout3D", x, self.p)

    def extend_repr(self):
        return f"p={1.0 - self.p}"


class Unfold(Cell):
    """Mirrors ``nn.Unfold(ksizes, strides, rates, padding='valid')`` (TF ``extract_image_patches``):
    (N, C, H, W) → (N, C*kh*kw, out_h, out_w) with the channel index varying fastest
    (depth order ``(kh, kw, C)``), unlike ``torch.nn.Unfold`` which returns (N, C*kh*kw, L) in C-major order."""

    def __init__(self, ksizes, strides, rates, padding="valid"):
        super().__init__()
        for n, v in (("ksizes", ksizes), ("strides", strides), ("rates", rates)):
            if not isinstance(v, (tuple, list)) or len(v) != 4 or v[0] != 1 or v[3] != 1:
                raise ValueError(f"For 'Unfold', the format of '{n}' must be [1, {n}_row, {n}_col, 1], "
                                 f"but got {v}.")
        padding = padding.lower() if isinstance(padding, str) else padding
        if padding not in ("valid", "same"):
            raise ValueError(f"For 'Unfold', the 'padding' must be 'valid' or 'same', but got {padding}.")
        self.ksize = (ksizes[1], ksizes[2])
        self.stride = (strides[1], strides[2])
        self.rate = (rates[1], rates[2])
        self.padding = padding

    def construct(self, x):
        n, c, h, w = x.shape
        (kh, kw), (sh, sw), (dh, dw) = self.ksize, self.stride, self.rate
        if self.padding == "same":
            ph, pw = same_pads(h, kh, sh, dh), same_pads(w, kw, sw, dw)
            x = F.pad(x, (pw[0], pw[1], ph[0], ph[1]))
            h, w = h + sum(ph), w + sum(pw)
        oh = (h - (kh - 1) * dh - 1) // sh + 1
        ow = (w - (kw - 1) * dw - 1) // sw + 1
        cols = F.unfold(x, (kh, kw), dilation=(dh, dw), stride=(sh, sw))  # (N, C*kh*kw, L), C-major
        cols = torch.transpose(torch.reshape(cols, (n, c, kh * kw, oh, ow)), 1, 2)
        return torch.reshape(cols, (n, kh * kw * c, oh, ow))


_INTERP_SUPPORT = {  # MindSpore 2.10 interpolate: rank → options allowed (others raise ValueError)
    "nearest": {3: (), 4: (), 5: ("scale_factor",)}, "linear": {3: ("align_corners",)},
    "bilinear": {4: ("align_corners",)}, "bicubic": {4: ("align_corners",)},
    "area": {3: ("scale_factor",), 4: ("scale_factor",), 5: ("scale_factor",)}, "nearest-exact": {3: (), 4: ()},
    "trilinear": {5: ("align_corners", "scale_factor")},
}


class Upsample(Cell):
    """Mirrors ``nn.Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None)`` with MindSpore 2.10's restrictions (e.g. ``scale_factor`` is
    rejected for 4-D 'nearest'/'bilinear' unless ``recompute_scale_factor=True``, which turns it into
    ``size = floor(in * scale_factor)``); computed by ``torch.nn.functional.interpolate``."""

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        if mode not in _INTERP_SUPPORT:
            raise ValueError(f"For 'interpolate', 'mode' must be in '{list(_INTERP_SUPPORT)}', but got {mode}")
        if size is not None and scale_factor is not None:
            raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be set simultaneously")
        self.size = tuple(size) if isinstance(size, list) else size
        self.scale_factor = tuple(scale_factor) if isinstance(scale_factor, list) else scale_factor
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def construct(self, x):
        rank = x.dim()
        mode = self.mode
        allowed = _INTERP_SUPPORT[mode].get(rank)
        if allowed is None:
            raise ValueError(f"For 'interpolate', {mode} only support '{list(_INTERP_SUPPORT[mode])}'D, but got "
                             f"{rank}D")
        size, sf = self.size, self.scale_factor
        if self.recompute_scale_factor or (mode == "area" and size is None):
            if self.recompute_scale_factor and size is not None:
                raise ValueError("For 'interpolate', it is incorrect to set 'recompute_scale_factor' to True after "
                                 "specifying an explicit 'size'.")
            if sf is not None:
                sfs = sf if isinstance(sf, tuple) else (sf,) * (rank - 2)
                size = tuple(int(math.floor(x.shape[i + 2] * sfs[i])) for i in range(min(rank - 2, len(sfs))))
                sf = None
        elif sf is not None and "scale_factor" not in allowed:
            raise ValueError(f"For 'interpolate', 'scale_factor' option cannot currently be set with the mode = "
                             f"{mode} and dim = {rank}D.")
        ac = self.align_corners
        if ac is not None and "align_corners" not in allowed:
            raise ValueError(f"For 'interpolate', 'align_corners' option cannot currently be set with the mode = "
                             f"{mode}, and dim = {rank}D")
        if mode in ("linear", "bilinear", "bicubic", "trilinear"):
            ac = bool(ac)
        return F.interpolate(x, size, sf, mode, ac)


class OneHot(Cell):
    """Mirrors ``nn.OneHot(axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=mstype.float32)``."""

    def __init__(self, axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=mstype.float32):
        super().__init__()
        self.axis = axis
        self.depth = depth
        self.on_value = on_value
        self.off_value = off_value
        self.dtype = mstype.to_torch_dtype(dtype)

    def construct(self, indices):
        oh = F.one_hot(indices.long(), self.depth).to(self.dtype)
        out = oh * (self.on_value - self.off_value) + self.off_value
        if self.axis != -1:
            out = torch.movedim(out, -1, self.axis)
        return out


class Tril(Cell):
    """Mirrors ``nn.Tril()``: ``construct(x, k=0)``."""

    def construct(self, x, k=0):
        return torch.tril(x, k)


class Triu(Cell):
    """Mirrors ``nn.Triu()``: ``construct(x, k=0)``."""

    def construct(self, x, k=0):
        return torch.triu(x, k)


class PixelShuffle(Cell):
    """Mirrors ``nn.PixelShuffle(upscale_factor)``."""

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = positive_int(upscale_factor, "upscale_factor", "PixelShuffle")

    def construct(self, input):
        return F.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Cell):
    """Mirrors ``nn.PixelUnshuffle(downscale_factor)``."""

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = positive_int(downscale_factor, "downscale_factor", "PixelUnshuffle")

    def construct(self, input):
        return F.pixel_unshuffle(input, self.downscale_factor)


class ChannelShuffle(Cell):
    """Mirrors ``nn.ChannelShuffle(groups)``: (N, g*k, ...) → channels regrouped as (k, g)."""

    def __init__(self, groups):
        super().__init__()
        self.groups = positive_int(groups, "groups", "ChannelShuffle")

    def construct(self, x):
        n, c = x.shape[0], x.shape[1]
        rest = tuple(x.shape[2:])
        y = torch.reshape(x, (n, self.groups, c // self.groups) + rest)
        return torch.reshape(torch.transpose(y, 1, 2), (n, c) + rest)

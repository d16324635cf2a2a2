"""``mindspore.mint.nn``: MindSpore's PyTorch-shaped layers, as ms_compat Cells.

Every layer is a :class:`ms_compat.nn.Cell` (hence a ``torch.nn.Module``): MindSpore's parameter names
(``weight``, ``bias``, ``running_mean``…), checkpoints, hooks and ``set_train`` work as for any Cell.
Where MindSpore 2.10's ``mint.nn.X`` *is* a classic ``mindspore.nn`` class (``mint.nn.Linear is
nn.Linear``, ``mint.nn.Dropout is nn.DropoutExt``…), the same ms_compat class is exported here too.
Layers compute with ``mint.nn.functional``. See migration_guides/mint.md.
"""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...nn.cell import Cell
from ...nn.layer.activation import HShrink as Hardshrink, HSigmoid as Hardsigmoid, HSwish as Hardswish, ReLU
from ...nn.layer.activation import SoftShrink as Softshrink
from ...nn.layer.basic import Identity
from ...nn.layer.pooling import AdaptiveMaxPool2d
from ...nn.layer.torch_style import (AvgPool2dExt as AvgPool2d, DropoutExt as Dropout, Dropout2dExt as Dropout2d,
                                     EmbeddingExt as Embedding, LayerNormExt as LayerNorm, Linear,
                                     LogSoftmaxExt as LogSoftmax, MaxPool2dExt as MaxPool2d, PReLUExt as PReLU)
from ...nn.loss import SoftMarginLoss
from . import functional

__all__ = [
    "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
    "AvgPool1d", "AvgPool2d", "AvgPool3d", "BCELoss", "BCEWithLogitsLoss", "BatchNorm1d", "BatchNorm2d",
    "BatchNorm3d", "Cell", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "Conv1d", "Conv2d", "Conv3d",
    "ConvTranspose2d", "CosineEmbeddingLoss", "CrossEntropyLoss", "Dropout", "Dropout2d", "ELU", "Embedding",
    "Flatten", "Fold", "GELU", "GLU", "GroupNorm", "Hardshrink", "Hardsigmoid", "Hardswish", "Hardtanh",
    "Identity", "KLDivLoss", "L1Loss", "LayerNorm", "Linear", "LogSigmoid", "LogSoftmax", "MSELoss", "MaxPool2d",
    "MaxUnpool2d", "Mish", "NLLLoss", "PReLU", "PixelShuffle", "ReLU", "ReLU6", "ReflectionPad1d",
    "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d", "SELU",
    "SiLU", "Sigmoid", "SmoothL1Loss", "SoftMarginLoss", "Softmax", "Softshrink", "SyncBatchNorm", "Tanh",
    "Threshold", "Unfold", "Upsample", "UpsamplingBilinear2d", "UpsamplingNearest2d", "ZeroPad1d", "ZeroPad2d",
    "ZeroPad3d", "functional"]


def _ntuple(n, v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,) * n


# ---------------------------------------------------------------------------------------------- activations
class _Elementwise(Cell):
    """A parameter-free layer applying one ``mint.nn.functional`` function with stored keyword arguments."""
    _fn = None

    def __init__(self, **kwargs):
        super().__init__()
        self._kw = kwargs
        for k, v in kwargs.items():
            setattr(self, k, v)

    def construct(self, input):
        return type(self)._fn(input, **self._kw)

    def extend_repr(self):
        return ", ".join(f"{k}={v}" for k, v in self._kw.items())


class GELU(_Elementwise):
    """Mirrors ``mint.nn.GELU(approximate='none')``."""
    _fn = staticmethod(functional.gelu)

    def __init__(self, approximate="none"):
        super().__init__(approximate=approximate)


class ELU(_Elementwise):
    """Mirrors ``mint.nn.ELU(alpha=1.0, inplace=False)``."""
    _fn = staticmethod(functional.elu)

    def __init__(self, alpha=1.0, inplace=False):
        super().__init__(alpha=alpha, inplace=inplace)


class Hardtanh(_Elementwise):
    """Mirrors ``mint.nn.Hardtanh(min_val=-1.0, max_val=1.0, inplace=False)``."""
    _fn = staticmethod(functional.hardtanh)

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False):
        if min_val > max_val:
            raise ValueError(f"For Hardtanh, max_val should be greater than or equal to min_val, but got "
                             f"min_val={min_val}, max_val={max_val}.")
        super().__init__(min_val=min_val, max_val=max_val, inplace=inplace)


class ReLU6(_Elementwise):
    """Mirrors ``mint.nn.ReLU6(inplace=False)``."""
    _fn = staticmethod(functional.relu6)

    def __init__(self, inplace=False):
        super().__init__(inplace=inplace)


class SiLU(_Elementwise):
    """Mirrors ``mint.nn.SiLU(inplace=False)``."""
    _fn = staticmethod(functional.silu)

    def __init__(self, inplace=False):
        super().__init__(inplace=inplace)


class Threshold(_Elementwise):
    """Mirrors ``mint.nn.Threshold(threshold, value, inplace=False)``."""
    _fn = staticmethod(functional.threshold)

    def __init__(self, threshold, value, inplace=False):
        super().__init__(threshold=threshold, value=value, inplace=inplace)


class GLU(_Elementwise):
    """Mirrors ``mint.nn.GLU(dim=-1)``."""
    _fn = staticmethod(functional.glu)

    def __init__(self, dim=-1):
        super().__init__(dim=dim)


class Softmax(_Elementwise):
    """Mirrors ``mint.nn.Softmax(dim=None)`` (MindSpore's ``nn.SoftmaxExt``)."""
    _fn = staticmethod(functional.softmax)

    def __init__(self, dim=None):
        super().__init__(dim=dim)


class Flatten(_Elementwise):
    """Mirrors ``mint.nn.Flatten(start_dim=1, end_dim=-1)``."""
    _fn = staticmethod(functional.flatten)

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__(start_dim=start_dim, end_dim=end_dim)


class PixelShuffle(_Elementwise):
    """Mirrors ``mint.nn.PixelShuffle(upscale_factor)``."""
    _fn = staticmethod(functional.pixel_shuffle)

    def __init__(self, upscale_factor):
        super().__init__(upscale_factor=upscale_factor)


class _NoArg(_Elementwise):
    def __init__(self):
        super().__init__()


class SELU(_NoArg):
    """Mirrors ``mint.nn.SELU()``."""
    _fn = staticmethod(functional.selu)


class Mish(_NoArg):
    """Mirrors ``mint.nn.Mish()``."""
    _fn = staticmethod(functional.mish)


class Tanh(_NoArg):
    """Mirrors ``mint.nn.Tanh()``."""
    _fn = staticmethod(functional.tanh)


class Sigmoid(_NoArg):
    """Mirrors ``mint.nn.Sigmoid()``."""
    _fn = staticmethod(functional.sigmoid)


class LogSigmoid(_NoArg):
    """Mirrors ``mint.nn.LogSigmoid()``."""
    _fn = staticmethod(functional.logsigmoid)


# ---------------------------------------------------------------------------------------------- resampling
class Upsample(_Elementwise):
    """Mirrors ``mint.nn.Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None)`` (MindSpore's ``nn.UpsampleExt``)."""
    _fn = staticmethod(functional.interpolate)

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None):
        super().__init__(size=size, scale_factor=scale_factor, mode=mode, align_corners=align_corners,
                         recompute_scale_factor=recompute_scale_factor)


class UpsamplingNearest2d(_Elementwise):
    """Mirrors ``mint.nn.UpsamplingNearest2d(size=None, scale_factor=None)``."""
    _fn = staticmethod(functional.interpolate)

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size=size, scale_factor=scale_factor, mode="nearest")


class UpsamplingBilinear2d(_Elementwise):
    """Mirrors ``mint.nn.UpsamplingBilinear2d(size=None, scale_factor=None)`` (``align_corners=True``)."""
    _fn = staticmethod(functional.interpolate)

    def __init__(self, size=None, scale_factor=None):
        super().__init__(size=size, scale_factor=scale_factor, mode="bilinear", align_corners=True)


class Fold(_Elementwise):
    """Mirrors ``mint.nn.Fold(output_size, kernel_size, dilation=1, padding=0, stride=1)``."""
    _fn = staticmethod(functional.fold)

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__(output_size=output_size, kernel_size=kernel_size, dilation=dilation, padding=padding,
                         stride=stride)


class Unfold(_Elementwise):
    """Mirrors ``mint.nn.Unfold(kernel_size, dilation=1, padding=0, stride=1)`` (``nn.UnfoldExt``)."""
    _fn = staticmethod(functional.unfold)

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__(kernel_size=kernel_size, dilation=dilation, padding=padding, stride=stride)


# ---------------------------------------------------------------------------------------------- pooling
class AvgPool1d(_Elementwise):
    """Mirrors ``mint.nn.AvgPool1d(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True)``."""
    _fn = staticmethod(functional.avg_pool1d)

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__(kernel_size=kernel_size, stride=stride, padding=padding, ceil_mode=ceil_mode,
                         count_include_pad=count_include_pad)


class AvgPool3d(_Elementwise):
    """Mirrors ``mint.nn.AvgPool3d(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
    divisor_override=None)``."""
    _fn = staticmethod(functional.avg_pool3d)

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__(kernel_size=kernel_size, stride=stride, padding=padding, ceil_mode=ceil_mode,
                         count_include_pad=count_include_pad, divisor_override=divisor_override)


class AdaptiveAvgPool1d(_Elementwise):
    """Mirrors ``mint.nn.AdaptiveAvgPool1d(output_size)``."""
    _fn = staticmethod(functional.adaptive_avg_pool1d)

    def __init__(self, output_size):
        super().__init__(output_size=output_size)


class AdaptiveAvgPool2d(AdaptiveAvgPool1d):
    """Mirrors ``mint.nn.AdaptiveAvgPool2d(output_size)``."""
    _fn = staticmethod(functional.adaptive_avg_pool2d)


class AdaptiveAvgPool3d(AdaptiveAvgPool1d):
    """Mirrors ``mint.nn.AdaptiveAvgPool3d(output_size)``."""
    _fn = staticmethod(functional.adaptive_avg_pool3d)


class AdaptiveMaxPool1d(_Elementwise):
    """Mirrors ``mint.nn.AdaptiveMaxPool1d(output_size, return_indices=False)``."""
    _fn = staticmethod(functional.adaptive_max_pool1d)

    def __init__(self, output_size, return_indices=False):
        super().__init__(output_size=output_size, return_indices=return_indices)


class MaxUnpool2d(Cell):
    """Mirrors ``mint.nn.MaxUnpool2d(kernel_size, stride=None, padding=0)``; ``construct(input, indices,
    output_size=None)``."""

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding

    def construct(self, input, indices, output_size=None):
        return functional.max_unpool2d(input, indices, self.kernel_size, self.stride, self.padding, output_size)


# ---------------------------------------------------------------------------------------------- padding
class _Pad(Cell):
    _n = 1
    _mode = "constant"

    def __init__(self, padding, value=None):
        super().__init__()
        self.padding = _ntuple(2 * self._n, padding)
        if len(self.padding) != 2 * self._n:
            raise ValueError(f"For '{type(self).__name__}', the length of 'padding' must be {2 * self._n}, "
                             f"but got {len(self.padding)}.")
        self.value = value

    def construct(self, input):
        return functional.pad(input, self.padding, self._mode, self.value if self._mode == "constant" else None)

    def extend_repr(self):
        return f"padding={self.padding}" + (f", value={self.value}" if self._mode == "constant" else "")


def _pad_class(name, n, mode, with_value):
    if with_value:
        def __init__(self, padding, value):
            _Pad.__init__(self, padding, value)
        sig = "(padding, value)"
    elif mode == "constant":
        def __init__(self, padding):
            _Pad.__init__(self, padding, 0.0)
        sig = "(padding)"
    else:
        def __init__(self, padding):
            _Pad.__init__(self, padding)
        sig = "(padding)"
    return type(name, (_Pad,), {"_n": n, "_mode": mode, "__init__": __init__, "__module__": __name__,
                                "__doc__": f"Mirrors ``mint.nn.{name}{sig}`` (mode ``{mode}``)."})


ConstantPad1d, ConstantPad2d, ConstantPad3d = (_pad_class(f"ConstantPad{n}d", n, "constant", True) for n in (1, 2, 3))
ZeroPad1d, ZeroPad2d, ZeroPad3d = (_pad_class(f"ZeroPad{n}d", n, "constant", False) for n in (1, 2, 3))
ReflectionPad1d, ReflectionPad2d, ReflectionPad3d = (_pad_class(f"ReflectionPad{n}d", n, "reflect", False)
                                                     for n in (1, 2, 3))
ReplicationPad1d, ReplicationPad2d, ReplicationPad3d = (_pad_class(f"ReplicationPad{n}d", n, "replicate", False)
                                                        for n in (1, 2, 3))


# ---------------------------------------------------------------------------------------------- losses
class _Loss(Cell):
    def __init__(self, reduction="mean"):
        super().__init__()
        if reduction not in ("mean", "sum", "none"):
            raise ValueError(f"For '{type(self).__name__}', the 'reduction' must be in ['mean', 'sum', 'none'], "
                             f"but got {reduction}.")
        self.reduction = reduction


class L1Loss(_Loss):
    """Mirrors ``mint.nn.L1Loss(reduction='mean')`` (MindSpore's ``nn.L1LossExt``)."""

    def construct(self, input, target):
        return functional.l1_loss(input, target, self.reduction)


class MSELoss(_Loss):
    """Mirrors ``mint.nn.MSELoss(reduction='mean')``."""

    def construct(self, input, target):
        return functional.mse_loss(input, target, self.reduction)


class SmoothL1Loss(_Loss):
    """Mirrors ``mint.nn.SmoothL1Loss(reduction='mean', beta=1.0)``."""

    def __init__(self, reduction="mean", beta=1.0):
        super().__init__(reduction)
        self.beta = beta

    def construct(self, input, target):
        return functional.smooth_l1_loss(input, target, self.reduction, self.beta)


class KLDivLoss(_Loss):
    """Mirrors ``mint.nn.KLDivLoss(reduction='mean', log_target=False)``."""

    def __init__(self, reduction="mean", log_target=False):
        if reduction not in ("mean", "sum", "none", "batchmean"):
            raise ValueError(f"For 'KLDivLoss', the 'reduction' must be in ['mean', 'sum', 'none', 'batchmean'], "
                             f"but got {reduction}.")
        Cell.__init__(self)
        self.reduction, self.log_target = reduction, log_target

    def construct(self, input, target):
        return functional.kl_div(input, target, self.reduction, self.log_target)


class BCELoss(_Loss):
    """Mirrors ``mint.nn.BCELoss(weight=None, reduction='mean')``."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, input, target):
        return functional.binary_cross_entropy(input, target, self.weight, self.reduction)


class BCEWithLogitsLoss(_Loss):
    """Mirrors ``mint.nn.BCEWithLogitsLoss(weight=None, reduction='mean', pos_weight=None)``."""

    def __init__(self, weight=None, reduction="mean", pos_weight=None):
        super().__init__(reduction)
        self.weight, self.pos_weight = weight, pos_weight

    def construct(self, input, target):
        return functional.binary_cross_entropy_with_logits(input, target, self.weight, self.reduction,
                                                           self.pos_weight)


class CrossEntropyLoss(_Loss):
    """Mirrors ``mint.nn.CrossEntropyLoss(weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0)``."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        self.weight, self.ignore_index, self.label_smoothing = weight, ignore_index, label_smoothing

    def construct(self, input, target):
        return functional.cross_entropy(input, target, self.weight, self.ignore_index, self.reduction,
                                        self.label_smoothing)


class NLLLoss(_Loss):
    """Mirrors ``mint.nn.NLLLoss(weight=None, ignore_index=-100, reduction='mean')``."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__(reduction)
        self.weight, self.ignore_index = weight, ignore_index

    def construct(self, input, target):
        return functional.nll_loss(input, target, self.weight, self.ignore_index, self.reduction)


class CosineEmbeddingLoss(_Loss):
    """Mirrors ``mint.nn.CosineEmbeddingLoss(margin=0.0, reduction='mean')``."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = margin

    def construct(self, input1, input2, target):
        return functional.cosine_embedding_loss(input1, input2, target, self.margin, self.reduction)


# ---------------------------------------------------------------------------------------------- convolution
class _ConvNd(Cell):
    """MindSpore's ``mint.nn`` convolution: weight ``HeUniform(sqrt(5))``, bias ``Uniform(1/sqrt(fan_in))``
    (PyTorch's initialisation), parameters ``weight``/``bias``; ``padding_mode`` other than ``'zeros'``
    pads explicitly before a ``padding=0`` convolution."""
    _n = 2
    _transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode="zeros", dtype=None, output_padding=0):
        super().__init__()
        n = self._n
        self.kernel_size = _ntuple(n, kernel_size)
        self.stride = _ntuple(n, stride)
        self.dilation = _ntuple(n, dilation)
        self.padding = padding if isinstance(padding, str) else _ntuple(n, padding)
        self.output_padding = _ntuple(n, output_padding)
        self.padding_mode = padding_mode
        if groups <= 0 or in_channels % groups or out_channels % groups:
            raise ValueError("in_channels must be divisible by groups." if groups > 0 and in_channels % groups else
                             "out_channels must be divisible by groups." if groups > 0 else
                             f"For '{type(self).__name__}', 'groups' must be a positive int, but got {groups}.")
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError(f"The value of 'padding' must be one of '{{'same', 'valid'}}', but got {padding}.")
            if padding == "same" and any(s != 1 for s in self.stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in ("zeros", "reflect", "replicate", "circular"):
            raise ValueError(f"The value of 'padding_mode' must be one of "
                             f"'{{'zeros', 'reflect', 'replicate', 'circular'}}', but got {padding_mode}.")
        self.in_channels, self.out_channels, self.groups = in_channels, out_channels, groups
        dtype = dtype or mstype.float32
        shape = ([in_channels, out_channels // groups] if self._transposed
                 else [out_channels, in_channels // groups]) + list(self.kernel_size)
        self.weight = Parameter(initializer(HeUniform(math.sqrt(5)), shape, dtype), name="weight")
        fan_in = shape[1] * math.prod(self.kernel_size)
        self.bias = (Parameter(initializer(Uniform(1 / math.sqrt(fan_in)) if fan_in else "zeros", [out_channels],
                                           dtype), name="bias") if bias else None)
        if isinstance(self.padding, str):
            self._reversed_padding = [0, 0] * n
            if self.padding == "same":
                for d, k, i in zip(self.dilation, self.kernel_size, range(n - 1, -1, -1)):
                    total = d * (k - 1)
                    self._reversed_padding[2 * i] = total // 2
                    self._reversed_padding[2 * i + 1] = total - total // 2
        else:
            self._reversed_padding = [p for p in reversed(self.padding) for _ in range(2)]

    def construct(self, input):
        conv = (F.conv1d, F.conv2d, F.conv3d)[self._n - 1]
        if self.padding_mode != "zeros":
            input = F.pad(input, self._reversed_padding, mode=self.padding_mode)
            return conv(input, self.weight, self.bias, self.stride, 0, self.dilation, self.groups)
        return conv(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)

    def extend_repr(self):
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, groups={self.groups}, bias={self.bias is not None}")


class Conv1d(_ConvNd):
    """Mirrors ``mint.nn.Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True, padding_mode='zeros', dtype=None)``."""
    _n = 1

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode="zeros", dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                         padding_mode, dtype)


class Conv2d(Conv1d):
    """Mirrors ``mint.nn.Conv2d(...)`` (arguments as :class:`Conv1d`)."""
    _n = 2


class Conv3d(Conv1d):
    """Mirrors ``mint.nn.Conv3d(...)`` (arguments as :class:`Conv1d`)."""
    _n = 3


class ConvTranspose2d(_ConvNd):
    """Mirrors ``mint.nn.ConvTranspose2d(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros', dtype=None)``;
    ``construct(input, output_size=None)``. Only ``padding_mode='zeros'`` (as MindSpore)."""
    _n = 2
    _transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode="zeros", dtype=None):
        if padding_mode != "zeros":
            raise ValueError(f"Only \"zeros\" padding mode is supported for {type(self).__name__}")
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                         padding_mode, dtype, output_padding)

    def construct(self, input, output_size=None):
        output_padding = self.output_padding
        if output_size is not None:
            m = torch.nn.ConvTranspose2d.__new__(torch.nn.ConvTranspose2d)
            m.stride, m.padding, m.kernel_size, m.dilation = self.stride, self.padding, self.kernel_size, self.dilation
            output_padding = torch.nn.ConvTranspose2d._output_padding(
                m, input, list(output_size), list(self.stride), list(self.padding), list(self.kernel_size), 2,
                list(self.dilation))
        return F.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding, output_padding,
                                  self.groups, self.dilation)


# ---------------------------------------------------------------------------------------------- normalization
class _BatchNorm(Cell):
    """MindSpore's ``mint.nn`` batch norm: ``weight``/``bias`` and the running statistics
    ``running_mean``/``running_var``/``num_batches_tracked`` are Parameters (the statistics with
    ``requires_grad=False``), so they are saved in checkpoints under those names; ``momentum=None`` is a
    cumulative moving average."""
    _dims = (2, 3)

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, dtype=None):
        super().__init__()
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        self.dtype = dtype if dtype is not None else mstype.float32
        if affine:
            self.weight = Parameter(initializer("ones", [num_features], self.dtype), name="weight")
            self.bias = Parameter(initializer("zeros", [num_features], self.dtype), name="bias")
        else:
            self.weight = self.bias = None
        if track_running_stats:
            self.running_mean = Parameter(initializer("zeros", [num_features], self.dtype), name="running_mean",
                                          requires_grad=False)
            self.running_var = Parameter(initializer("ones", [num_features], self.dtype), name="running_var",
                                         requires_grad=False)
            self.num_batches_tracked = Parameter(Tensor(0, mstype.int64), name="num_batches_tracked",
                                                 requires_grad=False)
        else:
            self.running_mean = self.running_var = self.num_batches_tracked = None

    def reset_running_stats(self):
        if self.track_running_stats:
            with torch.no_grad():
                self.running_mean.zero_()
                self.running_var.fill_(1)
                self.num_batches_tracked.zero_()

    def reset_parameters(self):
        self.reset_running_stats()
        if self.affine:
            with torch.no_grad():
                self.weight.fill_(1)
                self.bias.zero_()

    def _check_input_dim(self, input):
        if input.dim() not in self._dims:
            raise ValueError(f"expected {' or '.join(f'{d}D' for d in self._dims)} input, but got {input.dim()}D input")

    def construct(self, input):
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            with torch.no_grad():
                self.num_batches_tracked.add_(1)
            if self.momentum is None:
                factor = 1.0 / float(self.num_batches_tracked)
        bn_training = self.training or (self.running_mean is None and self.running_var is None)
        use_stats = not self.training or self.track_running_stats
        return F.batch_norm(input, self.running_mean if use_stats else None, self.running_var if use_stats else None,
                            self.weight, self.bias, bn_training, factor, self.eps)

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, "
                f"track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    """Mirrors ``mint.nn.BatchNorm1d(num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True,
    dtype=None)`` (2D or 3D input)."""
    _dims = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Mirrors ``mint.nn.BatchNorm2d(...)`` (4D input)."""
    _dims = (4,)


class BatchNorm3d(_BatchNorm):
    """Mirrors ``mint.nn.BatchNorm3d(...)`` (5D input)."""
    _dims = (5,)


class SyncBatchNorm(_BatchNorm):
    """Mirrors ``mint.nn.SyncBatchNorm(num_features, eps=1e-05, momentum=0.1, affine=True,
    track_running_stats=True, process_group=None, dtype=None)``: in training with an initialised
    ``torch.distributed`` world of more than one process, the batch statistics are reduced over
    ``process_group`` (PyTorch's ``sync_batch_norm``); otherwise it is a plain batch norm."""
    _dims = (2, 3, 4, 5)

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
                 process_group=None, dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype)
        self.process_group = process_group

    def construct(self, input):
        import torch.distributed as dist
        if not (self.training and dist.is_available() and dist.is_initialized() and dist.get_world_size() > 1):
            return super().construct(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.track_running_stats:
            with torch.no_grad():
                self.num_batches_tracked.add_(1)
            if self.momentum is None:
                factor = 1.0 / float(self.num_batches_tracked)
        from ..._torch_seam import sync_batch_norm_function
        _Sync = sync_batch_norm_function()
        group = self.process_group if self.process_group is not None else dist.group.WORLD
        if isinstance(group, str):
            from ..distributed import _group
            group = _group(group)
        return _Sync.apply(input, self.weight, self.bias, self.running_mean, self.running_var, self.eps, factor,
                           group, dist.get_world_size(group))


class GroupNorm(Cell):
    """Mirrors ``mint.nn.GroupNorm(num_groups, num_channels, eps=1e-05, affine=True, dtype=None)``."""

    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, dtype=None):
        super().__init__()
        if num_channels % num_groups:
            raise ValueError(f"For 'GroupNorm', the 'num_channels' must be divided by 'num_groups', but got "
                             f"'num_channels': {num_channels}, 'num_groups': {num_groups}.")
        self.num_groups, self.num_channels, self.eps, self.affine = num_groups, num_channels, eps, affine
        dtype = dtype if dtype is not None else mstype.float32
        self.weight = Parameter(initializer("ones", [num_channels], dtype), name="weight", requires_grad=affine)
        self.bias = Parameter(initializer("zeros", [num_channels], dtype), name="bias", requires_grad=affine)

    def construct(self, input):
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extend_repr(self):
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}, eps={self.eps}, affine={self.affine}"


def __getattr__(name):
    from ...porting._missing import module_getattr
    return module_getattr(__name__, name, {})

"""``mindspore.ops`` neural-network functions (activations, conv/pool, norms, losses, dropout,
interpolate) on PyTorch, with MindSpore's argument names and defaults."""
from __future__ import annotations

import math
import numbers

import numpy as np
import torch
import torch.nn.functional as _F

import ms_compat.common.op_random as op_random

from ...common.op_errors import conv_error, float_only_error
from ...common.tensor import run_plain
from .._utils import check_tensor, to_tensor
from .math_func import sigmoid, tanh  # noqa: F401  (re-exported as ops.sigmoid / ops.tanh)

__all__ = [
    "softmax", "log_softmax", "softmin", "relu", "relu6", "gelu", "fast_gelu", "silu", "sigmoid", "tanh",
    "leaky_relu", "elu", "celu", "selu", "hardswish", "hardsigmoid", "hardtanh", "softplus", "softsign",
    "mish", "glu", "prelu", "logsigmoid", "rrelu", "dropout", "dropout1d", "dropout2d", "dropout3d",
    "conv1d", "conv2d", "conv3d", "conv_transpose2d", "avg_pool1d", "avg_pool2d", "avg_pool3d",
    "max_pool1d", "max_pool2d", "max_pool3d", "adaptive_avg_pool1d", "adaptive_avg_pool2d",
    "adaptive_avg_pool3d", "adaptive_max_pool1d", "adaptive_max_pool2d", "interpolate", "upsample",
    "layer_norm", "batch_norm", "group_norm", "instance_norm", "cross_entropy", "nll_loss", "mse_loss",
    "l1_loss", "smooth_l1_loss", "huber_loss", "kl_div", "binary_cross_entropy",
    "binary_cross_entropy_with_logits", "soft_margin_loss", "cosine_embedding_loss", "margin_ranking_loss",
    "embedding", "unfold", "fold", "pixel_shuffle", "pixel_unshuffle", "cosine_similarity",
    "pairwise_distance", "normalize", "l2_normalize", "one_hot_like", "grid_sample", "affine_grid",
    "scaled_dot_product_attention",
]


# ---------------------------------------------------------------------------------- activations
def softmax(input, axis=-1, *, dtype=None):
    """``ops.softmax(input, axis=-1, *, dtype=None)``."""
    check_tensor("softmax", input)
    if not isinstance(axis, int):
        if isinstance(axis, (tuple, list)) and len(axis) == 1:
            axis = axis[0]
        else:
            raise TypeError(f"the type of 'axis' must be 'int', but got '{axis}' with type '{type(axis).__name__}'.")
    if dtype is not None:
        input = input.to(dtype)
    try:
        return torch.softmax(input, axis)
    except (NotImplementedError, RuntimeError) as e:  # an integer input: MindSpore's TypeError
        err = float_only_error("Softmax", input)
        if err is None:
            raise
        raise err from e


def log_softmax(logits, axis=-1):
    """``ops.log_softmax(logits, axis=-1)``."""
    check_tensor("log_softmax", logits, "logits")
    return torch.log_softmax(logits, axis)


def softmin(x, axis=-1, *, dtype=None):
    """``ops.softmin(x, axis=-1, *, dtype=None)``."""
    return torch.softmax(-x if dtype is None else -x.to(dtype), axis)


def relu(input, inplace=False):
    """``ops.relu(input, inplace=False)``."""
    check_tensor("relu", input)
    return torch.relu_(input) if inplace else torch.relu(input)


def relu6(x):
    """``ops.relu6(x)``."""
    return _F.relu6(x)


def gelu(input, approximate="none"):
    """``ops.gelu(input, approximate='none')``: 'none' (erf) or 'tanh'."""
    check_tensor("gelu", input)
    if approximate not in ("none", "tanh"):
        raise ValueError("For ops.gelu, approximate value should be either 'none' or 'tanh'.")
    return _F.gelu(input, approximate=approximate)


def fast_gelu(x):
    """``ops.fast_gelu(x)``: ``x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|))``."""
    ax = torch.abs(x)
    return x / (1 + torch.exp(-1.702 * ax)) * torch.exp(0.851 * (x - ax))


def silu(input):
    """``ops.silu(input)``."""
    return _F.silu(input)


def leaky_relu(input, alpha=0.2):
    """``ops.leaky_relu(input, alpha=0.2)``: note MindSpore's default slope 0.2 (torch: 0.01)."""
    return _F.leaky_relu(input, alpha)


def elu(input_x, alpha=1.0):
    """``ops.elu(input_x, alpha=1.0)``."""
    return _F.elu(input_x, alpha)


def celu(x, alpha=1.0):
    """``ops.celu(x, alpha=1.0)``."""
    return _F.celu(x, alpha)


def selu(input_x):
    """``ops.selu(input_x)``."""
    return _F.selu(input_x)


def hardswish(input):
    """``ops.hardswish(input)``."""
    return _F.hardswish(input)


def hardsigmoid(input):
    """``ops.hardsigmoid(input)``."""
    return _F.hardsigmoid(input)


def hardtanh(input, min_val=-1.0, max_val=1.0):
    """``ops.hardtanh(input, min_val=-1.0, max_val=1.0)``."""
    return _F.hardtanh(input, min_val, max_val)


def softplus(input, beta=1, threshold=20):
    """``ops.softplus(input, beta=1, threshold=20)``."""
    return _F.softplus(input, beta, threshold)


def softsign(x):
    """``ops.softsign(x)``."""
    return _F.softsign(x)


def mish(x):
    """``ops.mish(x)``."""
    return _F.mish(x)


def glu(x, axis=-1):
    """``ops.glu(x, axis=-1)``."""
    return _F.glu(x, axis)


def prelu(input, weight):
    """``ops.prelu(input, weight)``."""
    return _F.prelu(input, weight)


def logsigmoid(x):
    """``ops.logsigmoid(x)``."""
    return _F.logsigmoid(x)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3):
    """``ops.rrelu(input, lower=1/8, upper=1/3)`` (training-mode random slopes)."""
    return _F.rrelu(input, lower, upper, training=True)


# ---------------------------------------------------------------------------------- dropout
def _seeded(seed):
    if seed is None:
        return None
    g = torch.Generator()
    g.manual_seed(int(seed))
    return g


def dropout(input, p=0.5, training=True, seed=None):
    """``ops.dropout(input, p=0.5, training=True, seed=None)``: zeroes with probability ``p`` and
    scales by ``1/(1-p)``. With a global or op seed the mask is MindSpore's (``Dropout`` kernel, seeds
    as ``_get_seed(seed, "dropout")``); with neither (MindSpore: nondeterministic) torch's generator."""
    check_tensor("dropout", input)
    if not 0 <= p <= 1:
        raise RuntimeError(f"For 'Dropout, the 'keep_prob' must be in (0.0, 1.0], but got {1 - p}")
    if not training:
        return input
    from .random_func import kernel_seeds
    seeds = kernel_seeds(seed, "dropout")
    if p == 0:
        return input
    if seeds is None or p == 1 or torch.compiler.is_compiling():
        return _F.dropout(input, p, True)
    return run_plain(mindspore_dropout, op_random.RandomKernel(*seeds), input, 1.0 - p)


mindspore_dropout = op_random.mindspore_dropout


def _dropout_nd(name, rank, input, p, training):
    """``Dropout2D``/``Dropout3D(1 - p)`` on a rank-``rank`` input: MindSpore's masks (see
    ``op_random.mindspore_dropout_nd``; no seed plays a part), torch's inside ``torch.compile``."""
    if not training:  # MindSpore returns before the Primitive checks the rank
        return input
    if input.dim() != rank:
        raise ValueError(f"For primitive[{name}], the rank of input  must be equal to {rank} , but got "
                         f"{input.dim()}.")
    if torch.compiler.is_compiling():
        return (_F.dropout2d if rank == 4 else _F.dropout3d)(input, p, True)
    return run_plain(lambda t: op_random.mindspore_dropout_nd(name, t, 1.0 - p)[0], input)


def dropout1d(input, p=0.5, training=True):
    """``ops.dropout1d(input, p=0.5, training=True)``: (N, C, L) or (C, L), as MindSpore through
    ``Dropout2D`` on (N, C, L, 1) — the same masks as MindSpore, which no seed affects (see ``dropout2d``)."""
    if not isinstance(p, float):
        raise TypeError(f"For dropout1d, 'p' must be float, but got type {type(p)}.")
    if p < 0 or p > 1:
        raise ValueError(f"For dropout1d, the 'p' must be a number in range [0, 1], but got {p}.")
    if input.dim() not in (2, 3):
        raise ValueError(f"For dropout1d, input shape should be 2D or 3D, but got {input.dim()}.")
    if not training:
        return input
    x = input.unsqueeze(-1) if input.dim() == 3 else input.unsqueeze(0).unsqueeze(-1)
    out = _dropout_nd("Dropout2D", 4, x, p, True).squeeze(-1)
    return out if input.dim() == 3 else out.squeeze(0)


def dropout2d(input, p=0.5, training=True):
    """``ops.dropout2d(input, p=0.5, training=True)`` on (N, C, H, W): MindSpore 2.10's masks. Its
    ``Dropout2D`` kernel ignores every seed: each (keep_prob, shape, dtype) has one engine for the process,
    seeded alike, so a fresh process draws the same masks every run (ms_compat: the same numbers)."""
    return _dropout_nd("Dropout2D", 4, input, p, training)


def dropout3d(input, p=0.5, training=True):
    """``ops.dropout3d(input, p=0.5, training=True)`` on (N, C, D, H, W): MindSpore 2.10's masks (as
    ``dropout2d``, with ``Dropout3D``'s own engines)."""
    return _dropout_nd("Dropout3D", 5, input, p, training)


# ---------------------------------------------------------------------------------- conv / pool
def _ntuple(v, n):
    if isinstance(v, numbers.Integral):
        return (int(v),) * n
    v = tuple(int(a) for a in v)
    if len(v) == 1:
        return v * n
    return v


def _same_pads(in_sizes, kernel, stride, dilation):
    """MindSpore 'same': total pad so that out = ceil(in/stride); the extra pixel goes at the end."""
    pads = []
    for i, k, s, d in zip(in_sizes, kernel, stride, dilation):
        out = -(-i // s)
        total = max((out - 1) * s + (k - 1) * d + 1 - i, 0)
        pads.append((total // 2, total - total // 2))
    flat = []
    for lo, hi in reversed(pads):
        flat += [lo, hi]
    return flat


def _conv(n, name, fn, input, weight, bias, stride, pad_mode, padding, dilation, groups):
    check_tensor(name, input)
    if pad_mode not in ("valid", "same", "pad"):
        raise ValueError(f"For '{name[0].upper() + name[1:-1].lower() + name[-1].upper()}', the 'pad_mode' must be str "
                         f"and must be in '['valid', 'same', 'pad']', but got '{pad_mode}'.")
    stride = _ntuple(stride, n)
    dilation = _ntuple(dilation, n)
    kernel = tuple(weight.shape[2:])
    if pad_mode == "same":
        pads = _same_pads(tuple(input.shape[2:]), kernel, stride, dilation)
        if any(pads):
            input = _F.pad(input, pads)
        return fn(input, weight, bias, stride, 0, dilation, groups)
    if pad_mode == "valid":
        if padding not in (0, (0,) * n, (0,) * (2 * n)):
            raise ValueError(f"For '{name[0].upper() + name[1:-1].lower() + name[-1].upper()}', the 'pad' must be zero "
                             f"when 'pad_mode' is not 'pad', but got 'pad': {padding} and 'pad_mode': valid.")
        return fn(input, weight, bias, stride, 0, dilation, groups)
    if isinstance(padding, numbers.Integral):
        return fn(input, weight, bias, stride, int(padding), dilation, groups)
    padding = tuple(padding)
    if len(padding) == n:
        return fn(input, weight, bias, stride, padding, dilation, groups)
    if len(padding) == 2 * n:  # MindSpore order: (begin, end) per spatial dim, first dim first
        flat = []
        for i in reversed(range(n)):
            flat += [padding[2 * i], padding[2 * i + 1]]
        return fn(_F.pad(input, flat), weight, bias, stride, 0, dilation, groups)
    raise ValueError(f"For '{name}', the length of 'padding' must be 1, {n} or {2 * n}, but got {len(padding)}.")


def conv1d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    """``ops.conv1d(input, weight, bias=None, stride=1, pad_mode='valid', padding=0, dilation=1, groups=1)``."""
    return _conv(1, "conv1d", _F.conv1d, input, weight, bias, stride, pad_mode, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    """``ops.conv2d(input, weight, bias=None, stride=1, pad_mode='valid', padding=0, dilation=1, groups=1)``;
    ``padding`` may be an int, 2 values (h, w) or 4 values (top, bottom, left, right)."""
    try:
        return _conv(2, "conv2d", _F.conv2d, input, weight, bias, stride, pad_mode, padding, dilation, groups)
    except RuntimeError as e:  # checked only once torch refused: MindSpore's dtype and channel errors
        err = conv_error(2, input, weight, groups)
        if err is None:
            raise
        raise err from e


def conv3d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    """``ops.conv3d(...)`` (same arguments as conv2d, 3 spatial dims)."""
    return _conv(3, "conv3d", _F.conv3d, input, weight, bias, stride, pad_mode, padding, dilation, groups)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """``ops.conv_transpose2d`` (torch argument order)."""
    return _F.conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def avg_pool1d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True):
    """``ops.avg_pool1d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True)``."""
    return _F.avg_pool1d(input_x, kernel_size, stride, padding, ceil_mode, count_include_pad)


def avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=0):
    """``ops.avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True,
    divisor_override=0)``: note the defaults kernel_size=1, stride=1 (torch: stride=kernel_size)."""
    check_tensor("avg_pool2d", input_x, "input_x")
    return _F.avg_pool2d(input_x, kernel_size, stride, padding, ceil_mode, count_include_pad,
                         divisor_override or None)


def avg_pool3d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=0):
    """``ops.avg_pool3d(...)``."""
    return _F.avg_pool3d(input_x, kernel_size, stride, padding, ceil_mode, count_include_pad,
                         divisor_override or None)


def max_pool1d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
    """``ops.max_pool1d``."""
    return _F.max_pool1d(x, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
    """``ops.max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False)``;
    ``stride`` None means ``kernel_size``."""
    check_tensor("max_pool2d", x, "x")
    out = _F.max_pool2d(x, kernel_size, stride, padding, dilation, ceil_mode, return_indices)
    return tuple(out) if return_indices else out


def max_pool3d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """``ops.max_pool3d``."""
    out = _F.max_pool3d(x, kernel_size, stride, padding, dilation, ceil_mode, return_indices)
    return tuple(out) if return_indices else out


def adaptive_avg_pool1d(input, output_size):
    """``ops.adaptive_avg_pool1d(input, output_size)``."""
    return _F.adaptive_avg_pool1d(input, output_size)


def adaptive_avg_pool2d(input, output_size):
    """``ops.adaptive_avg_pool2d(input, output_size)``."""
    return _F.adaptive_avg_pool2d(input, output_size)


def adaptive_avg_pool3d(input, output_size):
    """``ops.adaptive_avg_pool3d(input, output_size)``."""
    return _F.adaptive_avg_pool3d(input, output_size)


def adaptive_max_pool1d(input, output_size):
    """``ops.adaptive_max_pool1d(input, output_size)``."""
    return _F.adaptive_max_pool1d(input, output_size)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """``ops.adaptive_max_pool2d(input, output_size, return_indices=False)``."""
    out = _F.adaptive_max_pool2d(input, output_size, return_indices)
    return tuple(out) if return_indices else out


_INTERP = {"nearest": "nearest", "linear": "linear", "bilinear": "bilinear", "bicubic": "bicubic",
           "trilinear": "trilinear", "area": "area", "nearest-exact": "nearest-exact"}


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """``ops.interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None)``: the same modes and coordinate rules as torch's
    ``F.interpolate``; exactly one of ``size`` / ``scale_factor``. Known difference: 'bicubic' uses
    torch's kernel; MindSpore 2.10 CPU's bicubic values differ by up to ~2e-3."""
    check_tensor("interpolate", input)
    if mode not in _INTERP:
        raise ValueError(f"For 'interpolate', 'mode' must be one of {list(_INTERP)}, but got {mode}.")
    if (size is None) == (scale_factor is None):
        raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be set simultaneously and one of "
                         "them must be set.")
    if align_corners and mode not in ("linear", "bilinear", "bicubic", "trilinear"):
        raise ValueError(f"For 'interpolate', 'align_corners' can only be set with mode 'linear', 'bilinear', "
                         f"'bicubic' or 'trilinear', but got mode '{mode}'.")
    if isinstance(size, list):
        size = tuple(size)
    if isinstance(scale_factor, list):
        scale_factor = tuple(scale_factor)
    return _F.interpolate(input, size, scale_factor, _INTERP[mode],
                          align_corners if mode in ("linear", "bilinear", "bicubic", "trilinear") else None,
                          recompute_scale_factor)


upsample = interpolate


# ---------------------------------------------------------------------------------- normalisation
def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    """``ops.layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)``."""
    if isinstance(normalized_shape, int):
        normalized_shape = (normalized_shape,)
    return _F.layer_norm(input, tuple(normalized_shape), weight, bias, eps)


def batch_norm(input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1, eps=1e-05):
    """``ops.batch_norm(input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1,
    eps=1e-05)``: in training the running stats are updated in place with
    ``new = (1 - momentum) * old + momentum * batch`` (torch's rule)."""
    rm = running_mean.detach() if running_mean is not None else None  # same storage: updated in place
    rv = running_var.detach() if running_var is not None else None
    return _F.batch_norm(input_x, rm, rv, weight, bias, training, momentum, eps)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    """``ops.group_norm(input, num_groups, weight=None, bias=None, eps=1e-05)``."""
    return _F.group_norm(input, num_groups, weight, bias, eps)


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.1, eps=1e-05):
    """``instance_norm`` (torch's functional form)."""
    return _F.instance_norm(input, running_mean, running_var, weight, bias, use_input_stats, momentum, eps)


def normalize(input, p=2.0, dim=1, eps=1e-12):
    """Like ``mint.nn.functional.normalize(input, p=2.0, dim=1, eps=1e-12)``."""
    return _F.normalize(input, p, dim, eps)


def l2_normalize(x, axis=0, epsilon=1e-4):
    """``L2Normalize``: ``x / sqrt(max(sum(x**2, axis), epsilon))``."""
    if isinstance(axis, (list, tuple)):
        axis = tuple(axis)
    return x / torch.sqrt(torch.clamp_min(torch.sum(x * x, axis, keepdim=True), epsilon))


# ---------------------------------------------------------------------------------- losses
_REDUCTIONS = ("none", "mean", "sum")


def _check_reduction(name, reduction, extra=()):
    if reduction not in _REDUCTIONS + tuple(extra):
        raise ValueError(f"For ops.{name}, `reduction` value should be either 'mean', 'none' or 'sum'.")


def cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
    """``ops.cross_entropy(input, target, weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0)``:
    class indices or class probabilities as ``target``."""
    if reduction not in _REDUCTIONS:
        raise ValueError("For 'cross_entropy_loss', the 'reduction' must be str and must be in '['none', 'mean', "
                         f"'sum']', but got '{reduction}'.")
    if not target.is_floating_point():
        target = target.long()
    return _F.cross_entropy(input, target, weight, ignore_index=ignore_index, reduction=reduction,
                            label_smoothing=label_smoothing)


def nll_loss(inputs, target, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
    """``ops.nll_loss(inputs, target, weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0)``."""
    _check_reduction("nll_loss", reduction)
    target = target.long()
    if label_smoothing == 0.0:
        return _F.nll_loss(inputs, target, weight, ignore_index=ignore_index, reduction=reduction)
    # label smoothing on log-probabilities, as MindSpore's nll_loss does
    c = inputs.shape[1]
    loss = _F.nll_loss(inputs, target, weight, ignore_index=ignore_index, reduction="none")
    mask = (target != ignore_index).to(inputs.dtype)
    w = weight.reshape((1, c) + (1,) * (inputs.dim() - 2)) if weight is not None else 1.0
    smooth = -(inputs * w).sum(1) * mask
    out = (1 - label_smoothing) * loss + label_smoothing / c * smooth
    if reduction == "none":
        return out
    if reduction == "sum":
        return out.sum()
    denom = (weight[target.clamp_min(0)] * mask).sum() if weight is not None else mask.sum()
    return out.sum() / denom


def _reduce(loss, reduction):
    if reduction == "mean":
        return loss.mean()
    if reduction == "sum":
        return loss.sum()
    return loss


def mse_loss(input, target, reduction="mean"):
    """``ops.mse_loss(input, target, reduction='mean')`` (broadcasts)."""
    _check_reduction("mse_loss", reduction)
    return _reduce((input - target) ** 2, reduction)


def l1_loss(input, target, reduction="mean"):
    """``ops.l1_loss(input, target, reduction='mean')``."""
    _check_reduction("l1_loss", reduction)
    return _reduce(torch.abs(input - target), reduction)


def smooth_l1_loss(input, target, beta=1.0, reduction="none"):
    """``ops.smooth_l1_loss(input, target, beta=1.0, reduction='none')``: note the default
    ``reduction='none'`` (torch: 'mean')."""
    _check_reduction("smooth_l1_loss", reduction)
    return _F.smooth_l1_loss(input, target, reduction=reduction, beta=beta)


def huber_loss(input, target, reduction="mean", delta=1.0):
    """``ops.huber_loss(input, target, reduction='mean', delta=1.0)``."""
    return _F.huber_loss(input, target, reduction=reduction, delta=delta)


def kl_div(logits, labels, reduction="mean"):
    """``ops.kl_div(logits, labels, reduction='mean')``: ``labels * (log(labels) - logits)``;
    'mean' averages over all elements, 'batchmean' over the batch."""
    _check_reduction("kl_div", reduction, ("batchmean",))
    loss = torch.xlogy(labels, labels) - labels * logits  # written out: torch's 'mean' warns and will change
    if reduction == "batchmean":
        return loss.sum() / logits.shape[0]
    return _reduce(loss, reduction)


def binary_cross_entropy(logits, labels, weight=None, reduction="mean"):
    """``ops.binary_cross_entropy(logits, labels, weight=None, reduction='mean')`` (probabilities in)."""
    _check_reduction("binary_cross_entropy", reduction)
    return _F.binary_cross_entropy(logits, labels, weight, reduction=reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction="mean"):
    """``ops.binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction='mean')``."""
    _check_reduction("binary_cross_entropy_with_logits", reduction)
    return _F.binary_cross_entropy_with_logits(input, target, weight, reduction=reduction, pos_weight=pos_weight)


def soft_margin_loss(input, target, reduction="mean"):
    """``ops.soft_margin_loss(input, target, reduction='mean')``."""
    return _F.soft_margin_loss(input, target, reduction=reduction)


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """``ops.cosine_embedding_loss(input1, input2, target, margin=0.0, reduction='mean')``."""
    return _F.cosine_embedding_loss(input1, input2, target, margin, reduction=reduction)


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """``ops.margin_ranking_loss(input1, input2, target, margin=0.0, reduction='mean')``."""
    return _F.margin_ranking_loss(input1, input2, target, margin, reduction=reduction)


# ---------------------------------------------------------------------------------- misc
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False):
    """``ops.embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False)``."""
    return _F.embedding(input.long(), weight, padding_idx, max_norm, norm_type, scale_grad_by_freq)


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """``ops.unfold(input, kernel_size, dilation=1, padding=0, stride=1)`` (im2col)."""
    return _F.unfold(input, kernel_size, dilation, padding, stride)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """``ops.fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1)``."""
    if isinstance(output_size, torch.Tensor):
        output_size = tuple(int(v) for v in output_size.tolist())
    return _F.fold(input, output_size, kernel_size, dilation, padding, stride)


def pixel_shuffle(input, upscale_factor):
    """``ops.pixel_shuffle(input, upscale_factor)``."""
    return _F.pixel_shuffle(input, upscale_factor)


def pixel_unshuffle(input, downscale_factor):
    """``ops.pixel_unshuffle(input, downscale_factor)``."""
    return _F.pixel_unshuffle(input, downscale_factor)


def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    """``ops.cosine_similarity(x1, x2, dim=1, eps=1e-08)``."""
    return _F.cosine_similarity(x1, x2, dim, eps)


def pairwise_distance(x1, x2, p=2.0, eps=1e-06, keepdim=False):
    """``ops.pairwise_distance(x1, x2, p=2.0, eps=1e-06, keepdim=False)``."""
    return _F.pairwise_distance(x1, x2, p, eps, keepdim)


def one_hot_like(x, depth):
    return _F.one_hot(x.long(), depth)


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """``ops.grid_sample(input, grid, mode='bilinear', padding_mode='zeros', align_corners=None)``; ``None`` is
    ``False``, as in MindSpore."""
    return _F.grid_sample(input, grid, mode, padding_mode, False if align_corners is None else align_corners)


def affine_grid(theta, size, align_corners=False):
    """``ops.affine_grid(theta, size, align_corners=False)``."""
    return _F.affine_grid(theta, list(size), align_corners)


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None):
    """Scaled dot-product attention (torch's fused kernel)."""
    return _F.scaled_dot_product_attention(query, key, value, attn_mask, dropout_p, is_causal, scale=scale)


"""Neural-network and random Primitive classes of ``mindspore.ops.operations``."""
from __future__ import annotations

import numbers

import torch
import torch.nn.functional as _F

import ms_compat.common.op_random as op_random
from ..primitive import Primitive
from ..function import nn_func as _n
from ..function import random_func as _r
from .._utils import check_tensor, shape_tuple
from ...common.tensor import as_ms as _as_ms

__all__ = [
    "Softmax", "LogSoftmax", "ReLU", "ReLU6", "GeLU", "FastGeLU", "Sigmoid", "Tanh", "HSwish", "HSigmoid",
    "Elu", "Softplus", "Softsign", "Mish", "SeLU", "PReLU", "Dropout", "Conv2D", "Conv3D", "Conv2DTranspose",
    "BiasAdd", "LayerNorm", "BatchNorm", "MaxPool", "AvgPool", "SoftmaxCrossEntropyWithLogits",
    "SparseSoftmaxCrossEntropyWithLogits", "SigmoidCrossEntropyWithLogits", "BCEWithLogitsLoss", "NLLLoss",
    "SmoothL1Loss", "L2Normalize", "L2Loss", "ResizeNearestNeighbor", "ResizeBilinearV2", "UniformReal",
    "StandardNormal", "UniformInt", "ApplyMomentum", "Dense",
]


def _act(name, fn):
    def __init__(self):
        Primitive.__init__(self, name)

    return type(name, (Primitive,), {"__init__": __init__, "__call__": lambda self, x: fn(x),
                                     "__module__": __name__, "__doc__": f"Mirrors ``ops.{name}()``."})


ReLU = _act("ReLU", torch.relu)
ReLU6 = _act("ReLU6", _F.relu6)
GeLU = _act("GeLU", lambda x: _F.gelu(x, approximate="tanh"))  # MindSpore's GeLU primitive is the tanh form
FastGeLU = _act("FastGeLU", _n.fast_gelu)
Sigmoid = _act("Sigmoid", torch.sigmoid)
Tanh = _act("Tanh", torch.tanh)
HSwish = _act("HSwish", _F.hardswish)
HSigmoid = _act("HSigmoid", _F.hardsigmoid)
Softsign = _act("Softsign", _F.softsign)
Mish = _act("Mish", _F.mish)
SeLU = _act("SeLU", _F.selu)


class Softplus(Primitive):
    """Mirrors ``ops.Softplus()``: ``log(1 + exp(x))``."""

    def __init__(self):
        Primitive.__init__(self, "Softplus")

    def __call__(self, x):
        return _F.softplus(x)


class PReLU(Primitive):
    """Mirrors ``ops.PReLU()``: ``PReLU()(x, weight)``."""

    def __init__(self):
        Primitive.__init__(self, "PReLU")

    def __call__(self, x, weight):
        return _F.prelu(x, weight)


class Elu(Primitive):
    """Mirrors ``ops.Elu(alpha=1.0)``."""

    def __init__(self, alpha=1.0):
        Primitive.__init__(self, "Elu")
        self.add_prim_attr("alpha", alpha)

    def __call__(self, input_x):
        return _F.elu(input_x, self.alpha)


class Softmax(Primitive):
    """Mirrors ``ops.Softmax(axis=-1)`` (axis an int or a 1-tuple)."""

    def __init__(self, axis=-1):
        Primitive.__init__(self, "Softmax")
        if isinstance(axis, (tuple, list)) and len(axis) == 1:
            axis = axis[0]
        if not isinstance(axis, (int, tuple, list)):
            raise TypeError(f"For 'Softmax', the type of 'axis' must be int or tuple, but got {type(axis).__name__}.")
        self.add_prim_attr("axis", axis)

    def __call__(self, input):
        if not isinstance(self.axis, int):  # as MindSpore 2.10 CPU: several axes fail when the kernel runs
            raise RuntimeError(f"For 'Softmax', the CPU kernel supports one axis only, but got axis {self.axis}.")
        return torch.softmax(input, self.axis)


class LogSoftmax(Primitive):
    """Mirrors ``ops.LogSoftmax(axis=-1)``."""

    def __init__(self, axis=-1):
        Primitive.__init__(self, "LogSoftmax")
        self.add_prim_attr("axis", axis)

    def __call__(self, logits):
        return torch.log_softmax(logits, self.axis)


class Dropout(Primitive):
    """Mirrors ``ops.Dropout(keep_prob=0.5, Seed0=0, Seed1=0)``: ``Dropout()(x)`` → ``(output, mask)``;
    the mask has the input's dtype (1 = kept). Always active (MindSpore's primitive has no training flag).
    With nonzero seeds the masks are MindSpore's, continuing one stream per input shape and dtype."""

    def __init__(self, keep_prob=0.5, Seed0=0, Seed1=0):
        Primitive.__init__(self, "Dropout")
        self.add_prim_attr("keep_prob", float(keep_prob))
        self.add_prim_attr("Seed0", Seed0)
        self.add_prim_attr("Seed1", Seed1)

    def __call__(self, x):
        kernel = _kernel(self, (tuple(x.shape), x.dtype), "Seed0", "Seed1")
        if kernel is None or torch.compiler.is_compiling():
            keep = _as_ms((torch.rand(x.shape, device=x.device) < self.keep_prob).to(x.dtype))
            return x * keep / self.keep_prob, keep
        out, keep = _n.mindspore_dropout(kernel, x, self.keep_prob, with_mask=True)
        return _as_ms(out), _as_ms(keep)


def _pair(v):
    if isinstance(v, int):
        return (v, v)
    v = tuple(v)
    return v[-2:] if len(v) == 4 else v


class Conv2D(Primitive):
    """Mirrors ``ops.Conv2D(out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1,
    dilation=1, group=1, data_format='NCHW')``: ``Conv2D(...)(x, weight)`` (no bias); ``pad`` is an
    int or (top, bottom, left, right)."""

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1, dilation=1, group=1,
                 data_format="NCHW"):
        Primitive.__init__(self, "Conv2D")
        pm = pad_mode.lower()
        if pm not in ("valid", "same", "pad"):
            raise ValueError(f"For 'Conv2D', the 'pad_mode' must be one of ['valid', 'same', 'pad'], but got "
                             f"{pad_mode}.")
        if data_format != "NCHW":
            raise ValueError("For 'Conv2D', only data_format 'NCHW' is supported by ms_compat.")
        for n, v in (("out_channel", out_channel), ("kernel_size", kernel_size), ("mode", mode),
                     ("pad_mode", pm), ("pad", pad), ("stride", stride), ("dilation", dilation),
                     ("group", group), ("data_format", data_format)):
            self.add_prim_attr(n, v)

    def __call__(self, x, weight):
        pad = self.pad if isinstance(self.pad, int) else tuple(self.pad)
        return _n.conv2d(x, weight, None, _pair(self.stride), self.pad_mode, pad, _pair(self.dilation), self.group)


class Conv3D(Primitive):
    """Mirrors ``ops.Conv3D(out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1,
    dilation=1, group=1, data_format='NCDHW')``."""

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1, dilation=1, group=1,
                 data_format="NCDHW"):
        Primitive.__init__(self, "Conv3D")
        for n, v in (("out_channel", out_channel), ("kernel_size", kernel_size), ("pad_mode", pad_mode.lower()),
                     ("pad", pad), ("stride", stride), ("dilation", dilation), ("group", group)):
            self.add_prim_attr(n, v)

    def __call__(self, x, weight, bias=None):
        def t3(v):
            return (v,) * 3 if isinstance(v, int) else tuple(v)[-3:]
        return _n.conv3d(x, weight, bias, t3(self.stride), self.pad_mode, self.pad, t3(self.dilation), self.group)


class Conv2DTranspose(Primitive):
    """Mirrors ``ops.Conv2DTranspose`` / ``Conv2DBackpropInput``: ``(dout, weight, input_size)``."""

    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=None, mode=1, stride=1,
                 dilation=1, group=1, data_format="NCHW"):
        Primitive.__init__(self, "Conv2DTranspose")
        for n, v in (("out_channel", out_channel), ("kernel_size", kernel_size), ("pad_mode", pad_mode.lower()),
                     ("pad", pad), ("stride", stride), ("dilation", dilation), ("group", group)):
            self.add_prim_attr(n, v)

    def __call__(self, dout, weight, input_size):
        stride, dil = _pair(self.stride), _pair(self.dilation)
        x = torch.zeros(tuple(input_size), dtype=dout.dtype, device=dout.device, requires_grad=True)
        with torch.enable_grad():
            y = _n.conv2d(x, weight, None, stride, self.pad_mode, self.pad, dil, self.group)
            (g,) = torch.autograd.grad(y, x, dout, create_graph=torch.is_grad_enabled())
        return g


class BiasAdd(Primitive):
    """Mirrors ``ops.BiasAdd(data_format='NCHW')``: adds ``bias`` along the channel dim."""

    def __init__(self, data_format="NCHW"):
        Primitive.__init__(self, "BiasAdd")
        self.add_prim_attr("data_format", data_format)

    def __call__(self, input_x, bias):
        if self.data_format == "NHWC":
            return input_x + bias
        return input_x + bias.reshape((1, -1) + (1,) * (input_x.dim() - 2))


class LayerNorm(Primitive):
    """Mirrors ``ops.LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-07)``:
    ``LayerNorm(...)(x, gamma, beta)`` → ``(output, mean, variance)``; mean/variance keep the
    normalised dims as size 1."""

    def __init__(self, begin_norm_axis=1, begin_params_axis=1, epsilon=1e-07):
        Primitive.__init__(self, "LayerNorm")
        self.add_prim_attr("begin_norm_axis", begin_norm_axis)
        self.add_prim_attr("begin_params_axis", begin_params_axis)
        self.add_prim_attr("epsilon", epsilon)

    def __call__(self, input_x, gamma, beta):
        nd = input_x.dim()
        bna = self.begin_norm_axis % nd
        bpa = self.begin_params_axis % nd
        axes = tuple(range(bna, nd))
        mean = torch.mean(input_x, axes, keepdim=True)
        var = torch.var(input_x, axes, correction=0, keepdim=True)
        y = (input_x - mean) * torch.rsqrt(var + self.epsilon)
        pshape = (1,) * bpa + tuple(input_x.shape[bpa:])
        y = y * gamma.reshape(pshape) + beta.reshape(pshape)
        return y, mean.detach(), var.detach()  # MindSpore's bprop ignores the mean/variance outputs


class BatchNorm(Primitive):
    """Mirrors ``ops.BatchNorm(is_training=False, epsilon=1e-05, momentum=0.1, data_format='NCHW')``:
    ``BatchNorm(...)(x, scale, bias, mean, variance)`` → ``(y, batch_mean, batch_variance,
    reserve_space_1, reserve_space_2)``. In training ``mean``/``variance`` are updated in place with
    ``new = (1 - momentum) * old + momentum * batch``."""

    def __init__(self, is_training=False, epsilon=1e-05, momentum=0.1, data_format="NCHW"):
        Primitive.__init__(self, "BatchNorm")
        self.add_prim_attr("is_training", is_training)
        self.add_prim_attr("epsilon", epsilon)
        self.add_prim_attr("momentum", momentum)
        self.add_prim_attr("data_format", data_format)

    def __call__(self, input_x, scale, bias, mean, variance):
        y = _F.batch_norm(input_x, mean.detach(), variance.detach(), scale, bias, self.is_training, self.momentum,
                          self.epsilon)  # detach: same storage, so the running stats still update in place
        if self.is_training:
            axes = (0,) + tuple(range(2, input_x.dim()))
            bm = torch.mean(input_x.detach(), axes)
            bv = torch.var(input_x.detach(), axes, correction=0)
        else:
            bm, bv = mean, variance
        return y, bm, bv, bm, bv


class _Pool(Primitive):
    def __init__(self, name, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        Primitive.__init__(self, name)
        pm = pad_mode.lower()
        if pm not in ("valid", "same"):
            raise ValueError(f"For '{name}', the 'pad_mode' must be 'same' or 'valid', but got {pad_mode}.")
        self.add_prim_attr("kernel_size", kernel_size)
        self.add_prim_attr("strides", strides)
        self.add_prim_attr("pad_mode", pm)
        self.add_prim_attr("data_format", data_format)

    def _prep(self, x, fill):
        k, s = _pair(self.kernel_size), _pair(self.strides)
        if self.pad_mode == "same":
            pads = _n._same_pads(tuple(x.shape[2:]), k, s, (1, 1))
            if any(pads):
                x = _F.pad(x, pads, value=fill)
            return x, k, s, pads
        return x, k, s, None


class MaxPool(_Pool):
    """Mirrors ``ops.MaxPool(kernel_size=1, strides=1, pad_mode='valid', data_format='NCHW')``."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        _Pool.__init__(self, "MaxPool", kernel_size, strides, pad_mode, data_format)

    def __call__(self, x):
        x, k, s, _ = self._prep(x, float("-inf"))
        return _F.max_pool2d(x, k, s)


class AvgPool(_Pool):
    """Mirrors ``ops.AvgPool(kernel_size=1, strides=1, pad_mode='VALID', data_format='NCHW')``; with
    'same' the padded zeros are not counted in the average."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="VALID", data_format="NCHW"):
        _Pool.__init__(self, "AvgPool", kernel_size, strides, pad_mode, data_format)

    def __call__(self, x):
        k, s = _pair(self.kernel_size), _pair(self.strides)
        if self.pad_mode == "same":
            pads = _n._same_pads(tuple(x.shape[2:]), k, s, (1, 1))
            if any(pads):
                ones = torch.ones((1, 1) + tuple(x.shape[2:]), dtype=x.dtype, device=x.device)
                num = _F.avg_pool2d(_F.pad(x, pads), k, s)
                den = _F.avg_pool2d(_F.pad(ones, pads), k, s)
                return num / den
        return _F.avg_pool2d(x, k, s)


class SoftmaxCrossEntropyWithLogits(Primitive):
    """Mirrors ``ops.SoftmaxCrossEntropyWithLogits()``: ``(logits, labels)`` (one-hot/probabilities)
    → ``(loss per sample, backprop = softmax(logits) - labels)``."""

    def __init__(self):
        Primitive.__init__(self, "SoftmaxCrossEntropyWithLogits")

    def __call__(self, logits, labels):
        logp = torch.log_softmax(logits, -1)
        loss = -(labels * logp).sum(-1)
        return loss, torch.softmax(logits, -1).detach() - labels


class SparseSoftmaxCrossEntropyWithLogits(Primitive):
    """Mirrors ``ops.SparseSoftmaxCrossEntropyWithLogits(is_grad=False)``: mean cross entropy over
    the batch with class-index labels (``is_grad=True`` returns the gradient w.r.t. logits)."""

    def __init__(self, is_grad=False):
        Primitive.__init__(self, "SparseSoftmaxCrossEntropyWithLogits")
        self.add_prim_attr("is_grad", is_grad)

    def __call__(self, logits, labels):
        if self.is_grad:
            oh = _F.one_hot(labels.long(), logits.shape[-1]).to(logits.dtype)
            return (torch.softmax(logits, -1) - oh) / logits.shape[0]
        return _F.cross_entropy(logits, labels.long())


class SigmoidCrossEntropyWithLogits(Primitive):
    """Mirrors ``ops.SigmoidCrossEntropyWithLogits()`` (element-wise, no reduction)."""

    def __init__(self):
        Primitive.__init__(self, "SigmoidCrossEntropyWithLogits")

    def __call__(self, logits, label):
        return _F.binary_cross_entropy_with_logits(logits, label, reduction="none")


class BCEWithLogitsLoss(Primitive):
    """Mirrors ``ops.BCEWithLogitsLoss(reduction='mean')``: ``(logits, label, weight, pos_weight)``."""

    def __init__(self, reduction="mean"):
        Primitive.__init__(self, "BCEWithLogitsLoss")
        self.add_prim_attr("reduction", reduction)

    def __call__(self, logits, label, weight=None, pos_weight=None):
        return _F.binary_cross_entropy_with_logits(logits, label, weight, reduction=self.reduction,
                                                   pos_weight=pos_weight)


class NLLLoss(Primitive):
    """Mirrors ``ops.NLLLoss(reduction='mean', ignore_index=-100)``: ``(logits, labels, weight)`` →
    ``(loss, total_weight)``."""

    def __init__(self, reduction="mean", ignore_index=-100):
        Primitive.__init__(self, "NLLLoss")
        self.add_prim_attr("reduction", reduction)
        self.add_prim_attr("ignore_index", ignore_index)

    def __call__(self, logits, labels, weight):
        lab = labels.long()
        loss = _F.nll_loss(logits, lab, weight, ignore_index=self.ignore_index, reduction=self.reduction)
        valid = lab != self.ignore_index
        total = (weight[lab.clamp_min(0)] * valid.to(weight.dtype)).sum()
        return loss, total


class SmoothL1Loss(Primitive):
    """Mirrors ``ops.SmoothL1Loss(beta=1.0, reduction='none')``."""

    def __init__(self, beta=1.0, reduction="none"):
        Primitive.__init__(self, "SmoothL1Loss")
        self.add_prim_attr("beta", beta)
        self.add_prim_attr("reduction", reduction)

    def __call__(self, logits, labels):
        return _F.smooth_l1_loss(logits, labels, reduction=self.reduction, beta=self.beta)


class L2Normalize(Primitive):
    """Mirrors ``ops.L2Normalize(axis=0, epsilon=1e-4)``: ``x / sqrt(max(sum(x^2), epsilon))``."""

    def __init__(self, axis=0, epsilon=1e-4):
        Primitive.__init__(self, "L2Normalize")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("epsilon", epsilon)

    def __call__(self, x):
        return _n.l2_normalize(x, self.axis, self.epsilon)


class L2Loss(Primitive):
    """Mirrors ``ops.L2Loss()``: ``sum(x ** 2) / 2``."""

    def __init__(self):
        Primitive.__init__(self, "L2Loss")

    def __call__(self, input):
        return torch.sum(input * input) / 2


class ResizeNearestNeighbor(Primitive):
    """Mirrors ``ops.ResizeNearestNeighbor(size, align_corners=False, half_pixel_centers=False)``."""

    def __init__(self, size, align_corners=False, half_pixel_centers=False):
        Primitive.__init__(self, "ResizeNearestNeighbor")
        self.add_prim_attr("size", tuple(size))
        self.add_prim_attr("align_corners", align_corners)
        self.add_prim_attr("half_pixel_centers", half_pixel_centers)

    def __call__(self, input_x):
        h, w = input_x.shape[-2:]
        oh, ow = self.size
        if self.half_pixel_centers:
            return _F.interpolate(input_x, size=(oh, ow), mode="nearest-exact")
        if self.align_corners:
            ys = torch.floor(torch.arange(oh, device=input_x.device) * ((h - 1) / max(oh - 1, 1)) + 0.5).long()
            xs = torch.floor(torch.arange(ow, device=input_x.device) * ((w - 1) / max(ow - 1, 1)) + 0.5).long()
            return input_x[..., ys[:, None], xs[None, :]]
        return _F.interpolate(input_x, size=(oh, ow), mode="nearest")


class ResizeBilinearV2(Primitive):
    """Mirrors ``ops.ResizeBilinearV2(align_corners=False, half_pixel_centers=False)``: ``(x, size)``."""

    def __init__(self, align_corners=False, half_pixel_centers=False):
        Primitive.__init__(self, "ResizeBilinearV2")
        self.add_prim_attr("align_corners", align_corners)
        self.add_prim_attr("half_pixel_centers", half_pixel_centers)

    def __call__(self, x, size):
        size = shape_tuple("ResizeBilinearV2", size, "size")
        if self.align_corners or self.half_pixel_centers:
            return _F.interpolate(x, size=size, mode="bilinear", align_corners=self.align_corners)
        # legacy (asymmetric) coordinates: src = dst * in / out
        h, w = x.shape[-2:]
        oh, ow = size
        ys = torch.arange(oh, device=x.device, dtype=torch.float32) * (h / oh)
        xs = torch.arange(ow, device=x.device, dtype=torch.float32) * (w / ow)
        y0 = ys.floor().long().clamp(max=h - 1)
        x0 = xs.floor().long().clamp(max=w - 1)
        y1 = (y0 + 1).clamp(max=h - 1)
        x1 = (x0 + 1).clamp(max=w - 1)
        wy = (ys - y0).to(x.dtype)[:, None]
        wx = (xs - x0).to(x.dtype)[None, :]
        top = x[..., y0[:, None], x0[None, :]] * (1 - wx) + x[..., y0[:, None], x1[None, :]] * wx
        bot = x[..., y1[:, None], x0[None, :]] * (1 - wx) + x[..., y1[:, None], x1[None, :]] * wx
        return top * (1 - wy) + bot * wy


def _kernel(prim, signature, seed_attr="seed", seed2_attr="seed2"):
    """The Primitive's MindSpore random kernel for one input ``signature`` (shape, dtype): MindSpore builds a
    kernel per signature and keeps its engines across calls; ``None`` when both seed attributes are 0
    (MindSpore: nondeterministic; here torch's generator)."""
    seed, seed2 = prim.attrs[seed_attr], prim.attrs[seed2_attr]
    if seed == 0 and seed2 == 0:
        return None
    cache = prim.__dict__.get("_random_kernels")
    if cache is None:
        cache = prim.__dict__["_random_kernels"] = op_random.KernelCache(seed, seed2)
    return cache.get(signature)


def _placed(array):
    return _r.from_kernel(array)


class UniformReal(Primitive):
    """Mirrors ``ops.UniformReal(seed=0, seed2=0)``: ``UniformReal()(shape)`` → U[0, 1) float32, MindSpore's
    numbers for nonzero seeds; calls with the same shape continue one stream, as MindSpore's kernel does."""

    def __init__(self, seed=0, seed2=0):
        Primitive.__init__(self, "UniformReal")
        self.add_prim_attr("seed", seed)
        self.add_prim_attr("seed2", seed2)

    def __call__(self, shape):
        shp = shape_tuple("UniformReal", shape)
        kernel = _kernel(self, shp)
        return _placed(kernel.uniform_real(shp)) if kernel is not None else _r._place(torch.rand(shp))


class StandardNormal(Primitive):
    """Mirrors ``ops.StandardNormal(seed=0, seed2=0)``: ``StandardNormal()(shape)``, MindSpore's numbers for
    nonzero seeds; calls with the same shape continue one stream, as MindSpore's kernel does."""

    def __init__(self, seed=0, seed2=0):
        Primitive.__init__(self, "StandardNormal")
        self.add_prim_attr("seed", seed)
        self.add_prim_attr("seed2", seed2)

    def __call__(self, shape):
        shp = shape_tuple("StandardNormal", shape)
        kernel = _kernel(self, shp)
        return _placed(kernel.standard_normal(shp)) if kernel is not None else _r._place(torch.randn(shp))


class UniformInt(Primitive):
    """Mirrors ``ops.UniformInt(seed=0, seed2=0)``: ``UniformInt()(shape, minval, maxval)`` → int32, MindSpore's
    numbers for nonzero seeds; calls with the same shape continue one stream, as MindSpore's kernel does."""

    def __init__(self, seed=0, seed2=0):
        Primitive.__init__(self, "UniformInt")
        self.add_prim_attr("seed", seed)
        self.add_prim_attr("seed2", seed2)

    def __call__(self, shape, minval, maxval):
        shp = shape_tuple("UniformInt", shape)
        kernel = _kernel(self, shp)
        if kernel is not None:
            return _placed(kernel.uniform_int(shp, int(minval), int(maxval)))
        return _r._place(torch.randint(int(minval), int(maxval), shp, dtype=torch.int32))


class ApplyMomentum(Primitive):
    """Mirrors ``ops.ApplyMomentum(use_nesterov=False, use_locking=False, gradient_scale=1.0)``:
    ``(variable, accumulation, learning_rate, gradient, momentum)``; updates in place:
    ``accum = accum * momentum + grad``; ``var -= lr * accum`` (nesterov: ``lr * (grad + momentum * accum)``)."""

    def __init__(self, use_nesterov=False, use_locking=False, gradient_scale=1.0):
        Primitive.__init__(self, "ApplyMomentum")
        self.add_prim_attr("use_nesterov", use_nesterov)
        self.add_prim_attr("use_locking", use_locking)
        self.add_prim_attr("gradient_scale", gradient_scale)

    def __call__(self, variable, accumulation, learning_rate, gradient, momentum):
        with torch.no_grad():
            g = gradient * self.gradient_scale if self.gradient_scale != 1.0 else gradient
            accumulation.mul_(momentum).add_(g)
            if self.use_nesterov:
                variable.sub_(learning_rate * (g + momentum * accumulation))
            else:
                variable.sub_(learning_rate * accumulation)
        return variable


class Dense(Primitive):
    """Mirrors ``ops.Dense()``: ``Dense()(x, w, b)``."""

    def __init__(self):
        Primitive.__init__(self, "Dense")

    def __call__(self, x, w, b=None):
        return _F.linear(x, w, b)

# mindspore.ops.operations.nn_ops.FlashAttentionScore (kept out of __all__: not in ops / ops.operations)
from .flash_attention_ops import FlashAttentionScore  # noqa: E402,F401

"""More Primitives of ``mindspore.ops``: ``Conv3DTranspose``, ``PyFunc``, ``NonMaxSuppressionV3``,
``NonMaxSuppressionWithOverlaps``, ``ApplyAdamWithAmsgradV2``, ``NonDeterministicInts``."""
from __future__ import annotations

import numpy as np
import torch

from ..primitive import Primitive
from .._utils import wrap
from ..function.conv3d_transpose_func import _conv3d_transpose

__all__ = ["Conv3DTranspose", "PyFunc", "NonMaxSuppressionV3", "NonMaxSuppressionWithOverlaps",
           "ApplyAdamWithAmsgradV2", "NonDeterministicInts"]


class Conv3DTranspose(Primitive):
    """Mirrors ``ops.Conv3DTranspose(in_channel, out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1,
    dilation=1, group=1, output_padding=0, data_format='NCDHW')``: ``(dout, weight, bias=None)`` (bias must be None,
    as in MindSpore)."""

    def __init__(self, in_channel, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1, dilation=1,
                 group=1, output_padding=0, data_format="NCDHW"):
        super().__init__("Conv3DTranspose")
        if data_format != "NCDHW":
            raise ValueError(f"For 'Conv3DTranspose', 'data_format' must be 'NCDHW', but got {data_format}.")
        self.in_channel, self.out_channel, self.kernel_size = in_channel, out_channel, kernel_size
        self.pad_mode, self.pad, self.stride, self.dilation = pad_mode, pad, stride, dilation
        self.group, self.output_padding = group, output_padding

    def __call__(self, dout, weight, bias=None):
        if bias is not None:
            raise ValueError("For 'Conv3DTranspose', 'bias' currently only supports None.")
        return wrap(_conv3d_transpose(dout, weight, self.pad_mode, self.pad, self.stride, self.dilation, self.group,
                                      self.output_padding))


class PyFunc(Primitive):
    """Mirrors ``ops.PyFunc(fn, in_types, in_shapes, out_types, out_shapes, stateful=True)``: ``(*inputs)`` calls
    ``fn`` on the inputs as numpy arrays (Python scalars for ``()`` shapes) and returns its results as a tuple of
    Tensors of ``out_types``. Not differentiable (as in MindSpore)."""

    def __init__(self, fn, in_types, in_shapes, out_types, out_shapes, stateful=True):
        super().__init__("PyFunc")
        if not callable(fn):
            raise TypeError(f"For 'PyFunc', 'fn' must be callable, but got {type(fn).__name__}.")
        self.fn, self.in_types, self.in_shapes = fn, in_types, in_shapes
        self.out_types, self.out_shapes, self.stateful = out_types, out_shapes, stateful

    def __call__(self, *inputs):
        args = [t.detach().cpu().numpy() if isinstance(t, torch.Tensor) else t for t in inputs]
        outs = self.fn(*args)
        if not isinstance(outs, (tuple, list)):
            outs = (outs,)
        return tuple(wrap(torch.as_tensor(np.asarray(o)).to(dt)) for o, dt in zip(outs, self.out_types))


def _scalar(v):
    return v.item() if isinstance(v, torch.Tensor) else v


def _greedy_nms(scores, overlap, max_out, overlap_thr, score_thr):
    order = torch.argsort(scores, descending=True, stable=True)
    keep = []
    for i in order.tolist():
        if len(keep) >= max_out:
            break
        if scores[i] <= score_thr:
            continue
        if all(overlap(i, j) <= overlap_thr for j in keep):
            keep.append(i)
    return keep


class NonMaxSuppressionV3(Primitive):
    """Mirrors ``ops.NonMaxSuppressionV3()``: ``(boxes, scores, max_output_size, iou_threshold, score_threshold)`` →
    int32 indices of the boxes kept by greedy IoU suppression (highest score first; scores at or below
    ``score_threshold`` dropped; a negative ``max_output_size`` counts as 0)."""

    def __init__(self):
        super().__init__("NonMaxSuppressionV3")

    def __call__(self, boxes, scores, max_output_size, iou_threshold, score_threshold):
        b = torch.Tensor.as_subclass(boxes, torch.Tensor).double()
        s = torch.Tensor.as_subclass(scores, torch.Tensor).double()
        y1, x1 = torch.minimum(b[:, 0], b[:, 2]), torch.minimum(b[:, 1], b[:, 3])
        y2, x2 = torch.maximum(b[:, 0], b[:, 2]), torch.maximum(b[:, 1], b[:, 3])
        area = (y2 - y1) * (x2 - x1)

        def iou(i, j):
            h = (torch.minimum(y2[i], y2[j]) - torch.maximum(y1[i], y1[j])).clamp(min=0)
            w = (torch.minimum(x2[i], x2[j]) - torch.maximum(x1[i], x1[j])).clamp(min=0)
            inter = h * w
            union = area[i] + area[j] - inter
            return float(inter / union) if union > 0 else 0.0
        keep = _greedy_nms(s, iou, max(0, int(_scalar(max_output_size))), float(_scalar(iou_threshold)),
                           float(_scalar(score_threshold)))
        return wrap(torch.tensor(keep, dtype=torch.int32))


class NonMaxSuppressionWithOverlaps(Primitive):
    """Mirrors ``ops.NonMaxSuppressionWithOverlaps()``: ``(overlaps, scores, max_output_size, overlap_threshold,
    score_threshold)`` → int32 indices kept by greedy suppression on the given (N, N) overlap matrix."""

    def __init__(self):
        super().__init__("NonMaxSuppressionWithOverlaps")

    def __call__(self, overlaps, scores, max_output_size, overlap_threshold, score_threshold):
        ov = torch.Tensor.as_subclass(overlaps, torch.Tensor).double()
        s = torch.Tensor.as_subclass(scores, torch.Tensor).double()
        max_out = int(_scalar(max_output_size))
        if max_out < 0:
            raise ValueError(f"For 'NonMaxSuppressionWithOverlaps', 'max_output_size' must be equal to or greater "
                             f"than 0, but got {max_out}.")
        keep = _greedy_nms(s, lambda i, j: float(ov[i, j]), max_out, float(_scalar(overlap_threshold)),
                           float(_scalar(score_threshold)))
        return wrap(torch.tensor(keep, dtype=torch.int32))


class ApplyAdamWithAmsgradV2(Primitive):
    """Mirrors ``ops.ApplyAdamWithAmsgradV2(use_locking=False)``: ``(var, m, v, vhat, beta1_power, beta2_power, lr,
    beta1, beta2, epsilon, grad)`` updates ``var``, ``m``, ``v``, ``vhat`` in place by AMSGrad-Adam
    (``lr_t = lr * sqrt(1 - beta2_power) / (1 - beta1_power)``) and returns them."""

    def __init__(self, use_locking=False):
        super().__init__("ApplyAdamWithAmsgradV2")
        if not isinstance(use_locking, bool):
            raise TypeError(f"For 'ApplyAdamWithAmsgradV2', 'use_locking' must be a bool, but got "
                            f"{type(use_locking).__name__}.")
        self.use_locking = use_locking

    def __call__(self, var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad):
        b1p, b2p, lr, b1, b2, eps = (_scalar(a) for a in (beta1_power, beta2_power, lr, beta1, beta2, epsilon))
        with torch.no_grad():
            g = grad.to(var.dtype)
            lr_t = lr * (1 - b2p) ** 0.5 / (1 - b1p)
            m.copy_(b1 * m + (1 - b1) * g)
            v.copy_(b2 * v + (1 - b2) * g * g)
            vhat.copy_(torch.maximum(vhat, v))
            var.sub_(lr_t * m / (torch.sqrt(vhat) + eps))
        return var, m, v, vhat


class NonDeterministicInts(Primitive):
    """Mirrors ``ops.NonDeterministicInts(dtype=int64)``: ``(shape)`` → random integers over the whole range of
    ``dtype`` (int32 or int64)."""

    def __init__(self, dtype=torch.int64):
        super().__init__("NonDeterministicInts")
        if dtype not in (torch.int32, torch.int64):
            raise TypeError(f"For 'NonDeterministicInts', 'dtype' must be int32 or int64, but got {dtype}.")
        self.dtype = dtype

    def __call__(self, shape):
        shp = tuple(int(d) for d in (shape.tolist() if isinstance(shape, torch.Tensor) else shape))
        if len(shp) < 2:
            raise ValueError("For 'NonDeterministicInts', 'shape' must be at least 2-dimensional.")
        info = torch.iinfo(self.dtype)
        return wrap(torch.randint(info.min, info.max, shp, dtype=self.dtype))

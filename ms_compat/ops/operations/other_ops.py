"""More Primitive classes of ``mindspore.ops.operations``: summaries, older conv/pool forms and aliases."""
from __future__ import annotations

import torch
import torch.nn.functional as _F

from ... import context as _context
from ..primitive import Primitive
from ..function import array_func as _a
from .nn_ops import Conv2DTranspose, _pair
from ...common.tensor import as_ms as _as_ms

__all__ = ["ScalarSummary", "ImageSummary", "TensorSummary", "HistogramSummary", "SparseGatherV2",
           "Conv2DBackpropInput", "DepthwiseConv2dNative", "MaxPoolWithArgmax", "AdaptiveAvgPool2D",
           "DynamicShape"]


SUMMARY_TENSOR_CACHE = []   # [op name, tag, tensor] appended by the summary primitives, drained by SummaryRecord
_OPEN_SUMMARY_RECORDS = [0]  # values are kept only while a SummaryRecord is open (else nothing would drain them)
# GRAPH_MODE: "tag[:Type]" -> the last value of each summary op, drained by
# mindspore.train.summary.summary_record._get_summary_tensor_data (one entry per tag: bounded)
GRAPH_SUMMARY_TENSORS = {}
_GRAPH_TAG_SUFFIX = {"ScalarSummary": "[:Scalar]", "ImageSummary": "[:Image]", "TensorSummary": "[:Tensor]",
                     "HistogramSummary": "[:Histogram]"}


class _Summary(Primitive):
    """Mirrors the summary primitives (``ops.ScalarSummary()(name, value)`` ...): the call returns None and
    keeps ``(name, value)`` until the next ``SummaryRecord.record(step)`` (or ``SummaryCollector``'s) writes
    it to the TensorBoard event file at that step, as MindSpore's PyNative cache does. The value is checked
    then (MindSpore's rules: a scalar has one element, an image is 4-D NCHW with 1 or 3 channels, a tensor
    or histogram is not 0-d). With no ``SummaryRecord`` open the value is dropped.

    Under ``set_context(mode=GRAPH_MODE)`` each call keeps its value as MindSpore's compiled graphs hand theirs
    to the summary callback after every run: the last value of each tag, keyed ``"tag[:Tensor]"``
    (``[:Scalar]``, ``[:Image]``, ``[:Histogram]``), which ``summary_record._get_summary_tensor_data()`` returns
    and empties (MindArmour's coverage metrics read it after ``Model.predict``) and ``SummaryRecord.record``
    writes; held whether or not a ``SummaryRecord`` is open (one value per tag), without its autograd graph."""

    def __init__(self):
        Primitive.__init__(self, type(self).__name__)

    def __call__(self, *args):
        if _context._ctx["mode"] == _context.GRAPH_MODE:
            name, value = args[0], args[1]
            if not isinstance(name, str) or not name:
                raise TypeError(f'For "{type(self).__name__}", the name must be valid string, but got "{name}".')
            GRAPH_SUMMARY_TENSORS[name + _GRAPH_TAG_SUFFIX[type(self).__name__]] = (
                value.detach() if isinstance(value, torch.Tensor) else value)
        elif _OPEN_SUMMARY_RECORDS[0]:
            SUMMARY_TENSOR_CACHE.append([type(self).__name__, args[0], args[1]])
        return None


class ScalarSummary(_Summary):
    __doc__ = _Summary.__doc__


class ImageSummary(_Summary):
    __doc__ = _Summary.__doc__


class TensorSummary(_Summary):
    __doc__ = _Summary.__doc__


class HistogramSummary(_Summary):
    __doc__ = _Summary.__doc__


class SparseGatherV2(Primitive):
    """Mirrors ``ops.SparseGatherV2()``: ``(params, indices, axis)``, same result as ``Gather``."""

    def __init__(self):
        Primitive.__init__(self, "SparseGatherV2")

    def __call__(self, input_params, input_indices, axis):
        return _a.gather(input_params, input_indices, int(axis))


class Conv2DBackpropInput(Conv2DTranspose):
    """Mirrors ``ops.Conv2DBackpropInput(out_channel, kernel_size, pad_mode='valid', pad=0, pad_list=None,
    mode=1, stride=1, dilation=1, group=1, data_format='NCHW')``: ``(dout, weight, input_size)``."""


class DepthwiseConv2dNative(Primitive):
    """Mirrors ``ops.DepthwiseConv2dNative(channel_multiplier, kernel_size, mode=3, pad_mode='valid', pad=0,
    stride=1, dilation=1, group=1)``: weight shape ``(channel_multiplier, C, kh, kw)``."""

    def __init__(self, channel_multiplier, kernel_size, mode=3, pad_mode="valid", pad=0, stride=1, dilation=1,
                 group=1):
        Primitive.__init__(self, "DepthwiseConv2dNative")
        for n, v in (("channel_multiplier", channel_multiplier), ("kernel_size", kernel_size),
                     ("pad_mode", pad_mode.lower()), ("pad", pad), ("stride", stride), ("dilation", dilation)):
            self.add_prim_attr(n, v)

    def __call__(self, x, w):
        from ..function.nn_func import conv2d
        c = x.shape[1]
        m = w.shape[0]
        weight = w.permute(1, 0, 2, 3).reshape(c * m, 1, w.shape[2], w.shape[3])
        return conv2d(x, weight, None, _pair(self.stride), self.pad_mode, self.pad, _pair(self.dilation), c)


class MaxPoolWithArgmax(Primitive):
    """Mirrors ``ops.MaxPoolWithArgmax(kernel_size=1, strides=1, pad_mode='valid', data_format='NCHW')`` →
    ``(output, argmax)``; argmax is the int32 flat index inside each (H, W) plane."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        Primitive.__init__(self, "MaxPoolWithArgmax")
        self.add_prim_attr("kernel_size", kernel_size)
        self.add_prim_attr("strides", strides)
        self.add_prim_attr("pad_mode", pad_mode.lower())

    def __call__(self, x):
        from ..function.nn_func import _same_pads
        k, s = _pair(self.kernel_size), _pair(self.strides)
        if self.pad_mode == "same":
            pt, pb, pl, pr = (lambda p: (p[2], p[3], p[0], p[1]))(_same_pads(tuple(x.shape[2:]), k, s, (1, 1)))
            if pt != pb or pl != pr:
                xp = _F.pad(x, (pl, pr, pt, pb), value=float("-inf"))
                out, idx = _F.max_pool2d(xp, k, s, return_indices=True)
                h, w = xp.shape[-2:]
                r, c = idx // w - pt, idx % w - pl
                return out, _as_ms((r * x.shape[-1] + c).to(torch.int32))
            out, idx = _F.max_pool2d(x, k, s, (pt, pl), return_indices=True)
            return out, _as_ms(idx.to(torch.int32))
        out, idx = _F.max_pool2d(x, k, s, return_indices=True)
        return out, _as_ms(idx.to(torch.int32))


class AdaptiveAvgPool2D(Primitive):
    """Mirrors ``ops.AdaptiveAvgPool2D(output_size)``."""

    def __init__(self, output_size):
        Primitive.__init__(self, "AdaptiveAvgPool2D")
        self.add_prim_attr("output_size", output_size)

    def __call__(self, input_x):
        return _F.adaptive_avg_pool2d(input_x, self.output_size)


class DynamicShape(Primitive):
    """Mirrors ``ops.DynamicShape()`` / ``TensorShape``: the shape as an int64 Tensor."""

    def __init__(self, dtype=9):
        Primitive.__init__(self, "DynamicShape")

    def __call__(self, input_x):
        return _a.dyn_shape(input_x)

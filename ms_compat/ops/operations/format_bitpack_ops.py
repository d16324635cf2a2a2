"""Deprecated small Primitives of ``mindspore.ops`` (still in MindSpore 2.10): ``DataFormatDimMap``,
``DataFormatVecPermute`` (NHWC/NCHW index and vector mapping), ``CompareAndBitpack`` (threshold and pack bits into
uint8) and ``ConfusionMatrix``."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from .._utils import wrap

__all__ = ["DataFormatDimMap", "DataFormatVecPermute", "CompareAndBitpack", "ConfusionMatrix"]

_FORMATS = ("NHWC", "NCHW")


def _check_formats(op, src, dst):
    for n, v in (("src_format", src), ("dst_format", dst)):
        if not isinstance(v, str):
            raise TypeError(f"For '{op}', the type of '{n}' must be str, but got {type(v).__name__}.")
        if v not in _FORMATS:
            raise ValueError(f"For '{op}', the '{n}' must be one of {list(_FORMATS)}, but got {v}.")


class DataFormatDimMap(Primitive):
    """Mirrors ``ops.DataFormatDimMap(src_format='NHWC', dst_format='NCHW')``: ``(input_x)`` → for each index ``i``
    (in [-4, 4)), ``src_format.index(dst_format[i % 4])``, as MindSpore 2.10 computes it."""

    def __init__(self, src_format="NHWC", dst_format="NCHW"):
        super().__init__("DataFormatDimMap")
        _check_formats("DataFormatDimMap", src_format, dst_format)
        self.src_format, self.dst_format = src_format, dst_format

    def __call__(self, input_x):
        table = torch.tensor([self.src_format.index(c) for c in self.dst_format], dtype=input_x.dtype)
        return wrap(table[torch.remainder(torch.Tensor.as_subclass(input_x, torch.Tensor), 4).long()])


class DataFormatVecPermute(Primitive):
    """Mirrors ``ops.DataFormatVecPermute(src_format='NHWC', dst_format='NCHW')``: ``(input_x)`` of shape (4,) or
    (4, 2), in source-format order → the same rows in destination-format order."""

    def __init__(self, src_format="NHWC", dst_format="NCHW"):
        super().__init__("DataFormatVecPermute")
        _check_formats("DataFormatVecPermute", src_format, dst_format)
        self.src_format, self.dst_format = src_format, dst_format

    def __call__(self, input_x):
        if tuple(input_x.shape) not in ((4,), (4, 2)):
            raise ValueError(f"For 'DataFormatVecPermute', the shape of 'input_x' must be (4,) or (4, 2), but got "
                             f"{tuple(input_x.shape)}.")
        order = [self.src_format.index(c) for c in self.dst_format]
        return wrap(torch.Tensor.as_subclass(input_x, torch.Tensor)[order])


class CompareAndBitpack(Primitive):
    """Mirrors ``ops.CompareAndBitpack()``: ``(x, threshold)`` → ``x > threshold`` packed 8 bits to a uint8 along
    the last axis, the first element in the most significant bit."""

    def __init__(self):
        super().__init__("CompareAndBitpack")

    def __call__(self, x, threshold):
        if x.dim() == 0:
            raise ValueError("For 'CompareAndBitpack', 'x' must not be a 0-D Tensor.")
        if x.shape[-1] % 8:
            raise ValueError("For 'CompareAndBitpack', the innermost dimension of 'x' must be divisible by 8, but got "
                             f"{x.shape[-1]}.")
        bits = (torch.Tensor.as_subclass(x, torch.Tensor) > threshold).to(torch.int32)
        bits = bits.reshape(tuple(x.shape[:-1]) + (x.shape[-1] // 8, 8))
        weights = torch.tensor([128, 64, 32, 16, 8, 4, 2, 1], dtype=torch.int32)
        return wrap((bits * weights).sum(-1).to(torch.uint8))


class ConfusionMatrix(Primitive):
    """Mirrors ``ops.ConfusionMatrix(num_classes, dtype='int32')``: ``(labels, predictions, weights=None)`` →
    ``(num_classes, num_classes)`` counts (or summed ``weights``) of each (label, prediction) pair."""

    def __init__(self, num_classes, dtype="int32"):
        super().__init__("ConfusionMatrix")
        if not isinstance(num_classes, int) or isinstance(num_classes, bool):
            raise TypeError(f"For 'ConfusionMatrix', the type of 'num_classes' must be int, but got "
                            f"{type(num_classes).__name__}.")
        if not isinstance(dtype, str):
            raise TypeError(f"For 'ConfusionMatrix', the type of 'dtype' must be str, but got {type(dtype).__name__}.")
        self.num_classes, self.dtype = num_classes, dtype

    def __call__(self, labels, predictions, weights=None):
        n = self.num_classes
        flat = (torch.Tensor.as_subclass(labels, torch.Tensor).long() * n
                + torch.Tensor.as_subclass(predictions, torch.Tensor).long())
        w = None if weights is None else torch.Tensor.as_subclass(weights, torch.Tensor).double()
        cm = torch.bincount(flat, weights=w, minlength=n * n).reshape(n, n)
        return wrap(cm.to(getattr(torch, self.dtype)))

"""MindSpore 2.10's torch-style ("Ext") layers: ``Linear``, ``LayerNormExt``, ``DropoutExt``,
``Dropout2dExt``, ``EmbeddingExt``, ``LogSoftmaxExt``, ``PReLUExt``, ``MaxPool2dExt``, ``AvgPool2dExt``.
They take PyTorch's argument names and parameter names (``weight``/``bias``) and defaults.

MindSpore 2.10 has no CPU kernels for LayerNormExt, EmbeddingExt, LogSoftmaxExt, MaxPool2dExt and
AvgPool2dExt (``RuntimeError`` on CPU; they target Ascend); here they compute what their documentation
specifies, i.e. the PyTorch layer of the same name (tested against ``torch.nn``)."""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Normal, Uniform, initializer
from ...common.parameter import Parameter
from ..cell import Cell
from ._checks import positive_int

__all__ = ["Linear", "LayerNormExt", "DropoutExt", "Dropout2dExt", "EmbeddingExt", "LogSoftmaxExt", "PReLUExt",
           "MaxPool2dExt", "AvgPool2dExt"]


class Linear(Cell):
    """Mirrors ``nn.Linear(in_features, out_features, bias=True, weight_init=None, bias_init=None, dtype=None)``."""

    def __init__(self, in_features, out_features, bias=True, weight_init=None, bias_init=None, dtype=None):
        super().__init__()
        self.in_features = positive_int(in_features, "in_features", "Linear")
        self.out_features = positive_int(out_features, "out_features", "Linear")
        self.has_bias = bool(bias)
        dtype = dtype or mstype.float32
        self.weight = Parameter(initializer(weight_init if weight_init is not None else HeUniform(math.sqrt(5)),
                                            [out_features, in_features], dtype), name="weight")
        self.bias = Parameter(initializer(bias_init if bias_init is not None else Uniform(1 / math.sqrt(in_features)),
                                          [out_features], dtype), name="bias") if bias else None

    def construct(self, input):
        return F.linear(input, self.weight, self.bias)

    def extend_repr(self):
        s = f"input_features={self.in_features}, output_features={self.out_features}"
        return s + (f", has_bias={self.has_bias}" if self.has_bias else "")


class LayerNormExt(Cell):
    """Mirrors ``nn.LayerNormExt(normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, dtype=None)``
    (= ``torch.nn.LayerNorm``; parameters ``weight``/``bias``)."""

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        dtype = dtype or mstype.float32
        self.weight = Parameter(initializer("ones", self.normalized_shape, dtype), name="weight",
                                requires_grad=elementwise_affine) if elementwise_affine else None
        self.bias = Parameter(initializer("zeros", self.normalized_shape, dtype), name="bias",
                              requires_grad=elementwise_affine) if elementwise_affine and bias else None

    def construct(self, input):
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extend_repr(self):
        return f"normalized_shape={self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}"


class DropoutExt(Cell):
    """Mirrors ``nn.DropoutExt(p=0.5, inplace=False)`` (drop probability, identity in inference mode)."""

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        self.p = p
        self.inplace = inplace

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        return F.dropout(x, self.p, True, self.inplace)


class Dropout2dExt(DropoutExt):
    """Mirrors ``nn.Dropout2dExt(p=0.5, inplace=False)``."""

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        return F.dropout2d(x, self.p, True, self.inplace)


class EmbeddingExt(Cell):
    """Mirrors ``nn.EmbeddingExt(num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
    norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, dtype=None)``:
    parameter ``weight`` initialised N(0, 1) with the padding row zeroed (= ``torch.nn.Embedding``)."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, dtype=None):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        if padding_idx is not None and padding_idx < 0:
            padding_idx += num_embeddings
        self.padding_idx = padding_idx
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        self.dtype = dtype or mstype.float32
        if _weight is None:
            w = initializer(Normal(1, 0), [num_embeddings, embedding_dim], self.dtype)
            if padding_idx is not None:
                with torch.no_grad():
                    w[padding_idx] = 0
        else:
            if tuple(_weight.shape) != (num_embeddings, embedding_dim):
                raise ValueError(f"For Embedding, shape of weight should be match with num_embeddings and "
                                 f"embedding_dim, but got weight.shape: {tuple(_weight.shape)}, and (num_embeddings, "
                                 f"embedding_dim): ({num_embeddings}, {embedding_dim})")
            w = _weight
        self.weight = Parameter(w, name="weight", requires_grad=not _freeze)

    def construct(self, input):
        return F.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                           self.scale_grad_by_freq)

    def extend_repr(self):
        return (f"num_embeddings={self.num_embeddings}, embedding_dim={self.embedding_dim}, "
                f"padding_idx={self.padding_idx}, max_norm={self.max_norm}, norm_type={self.norm_type}, "
                f"scale_grad_by_freq={self.scale_grad_by_freq}, dtype={mstype.dtype_str(self.dtype)}")


class LogSoftmaxExt(Cell):
    """Mirrors ``nn.LogSoftmaxExt(dim=None)`` (``dim=None`` → last axis... as torch's legacy rule)."""

    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def construct(self, input):
        dim = self.dim
        if dim is None:
            dim = 0 if input.dim() in (0, 1, 3) else 1  # torch's implicit-dim rule
        return torch.log_softmax(input, dim)


class PReLUExt(Cell):
    """Mirrors ``nn.PReLUExt(num_parameters=1, init=0.25, dtype=None)``; parameter ``weight``."""

    def __init__(self, num_parameters=1, init=0.25, dtype=None):
        super().__init__()
        self.num_parameters = num_parameters
        self.weight = Parameter(initializer(init, [num_parameters], dtype or mstype.float32), name="weight")

    def construct(self, input):
        return F.prelu(input, self.weight)


class MaxPool2dExt(Cell):
    """Mirrors ``nn.MaxPool2dExt(kernel_size=1, stride=None, padding=0, dilation=1, return_indices=False,
    ceil_mode=False)`` (= ``torch.nn.MaxPool2d``: stride defaults to the kernel size)."""

    def __init__(self, kernel_size=1, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def construct(self, input):
        return F.max_pool2d(input, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode,
                            self.return_indices)


class AvgPool2dExt(Cell):
    """Mirrors ``nn.AvgPool2dExt(kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
    divisor_override=None)`` (= ``torch.nn.AvgPool2d``)."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def construct(self, input):
        return F.avg_pool2d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad, self.divisor_override)

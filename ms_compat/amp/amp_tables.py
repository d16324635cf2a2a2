"""Module-level tables and helpers of ``mindspore.train.amp``: ``AMP_AUTO_WHITE_LIST`` / ``AMP_AUTO_BLACK_LIST``
(the Primitive classes of the ``amp_level='auto'`` lists), ``AMP_PRIM_ARG_TABLE``, ``MS_AMP_BY_REWRITE``,
``amp_cast`` and ``Primitive``.

Difference: ms_compat's ``'auto'`` level applies its policy to the torch functions those Primitives run on
(ms_compat/amp/amp_levels.py), so editing the two lists does not change it (in MindSpore it does)."""
from __future__ import annotations

import collections

import torch

from ..common import dtype as mstype
from ..common.tensor import Tensor

__all__ = ["AMP_AUTO_WHITE_LIST", "AMP_AUTO_BLACK_LIST", "AMP_PRIM_ARG_TABLE", "MS_AMP_BY_REWRITE", "amp_cast",
           "Primitive", "auto_list"]

# MindSpore 2.10's lists, by Primitive name (those ms_compat has are listed)
_WHITE = ("Conv2D", "Conv3D", "Conv2DExt", "Conv3DExt", "ConvTranspose2D", "Conv2DTranspose", "Conv3DTranspose",
          "Convolution", "MatMul", "MatMulExt", "BatchMatMul", "BatchMatMulExt", "PReLU", "Einsum", "Dense", "Addmm",
          "Addbmm", "Addmv", "Baddbmm", "Mv")
_BLACK = ("Pow", "ACos", "Asin", "Cosh", "Erfinv", "Exp", "Expm1", "Log", "Log10", "Log1p", "Log2", "Reciprocal",
          "Rsqrt", "Sinh", "Tan", "Softplus", "SoftplusExt", "LayerNorm", "LayerNormExt", "BatchNorm", "BatchNormExt",
          "GroupNorm", "Norm", "KLDivLoss", "SmoothL1Loss", "MultilabelMarginLoss", "SoftMarginLoss",
          "TripletMarginLoss", "MultiMarginLoss", "BCEWithLogitsLoss", "Pdist", "Cdist", "Renorm", "ReduceProd",
          "Softmax", "LogSoftmax", "LogSoftmaxExt", "CumProd", "CumSum", "CumsumExt", "ProdExt", "SumExt", "L1LossExt",
          "MSELossExt", "NLLLoss", "NLLLoss2d")

AMP_PRIM_ARG_TABLE = collections.defaultdict(list, {})
MS_AMP_BY_REWRITE = False
_LISTS = {}


def auto_list(name):
    """``AMP_AUTO_WHITE_LIST`` / ``AMP_AUTO_BLACK_LIST`` (built on first use from ``ms_compat.ops``)."""
    lst = _LISTS.get(name)
    if lst is None:
        from .. import ops
        from ..porting._missing import is_placeholder
        names = _WHITE if name == "AMP_AUTO_WHITE_LIST" else _BLACK
        lst = []
        for n in names:
            try:
                obj = getattr(ops, n)
            except AttributeError:
                continue
            if not is_placeholder(obj) and isinstance(obj, type) and obj not in lst:
                lst.append(obj)
        lst = _LISTS.setdefault(name, lst)
    return lst


def amp_cast(value, dtype):
    """Mirrors ``mindspore.train.amp.amp_cast(value, dtype)``: a float Tensor cast to ``dtype``; anything else
    unchanged."""
    if isinstance(value, Tensor) and value.dtype in mstype.float_type:
        return value.to(dtype)
    return value


def __getattr__(name):
    if name in ("AMP_AUTO_WHITE_LIST", "AMP_AUTO_BLACK_LIST"):
        return auto_list(name)
    if name == "Primitive":
        from ..ops.primitive import Primitive
        return Primitive
    raise AttributeError(name)

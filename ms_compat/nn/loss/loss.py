"""``mindspore.nn`` losses on ``torch.nn.functional``, with MindSpore's defaults and checks.

Differences from torch to remember: ``SoftmaxCrossEntropyWithLogits`` defaults to one-hot float
labels and ``reduction='none'``; ``SmoothL1Loss`` defaults to ``reduction='none'``;
``CrossEntropyLoss`` class-index labels must be int32 (as MindSpore checks).
"""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F

from ...common.parameter import Parameter
from ...common.tensor import as_ms, run_plain, to_torch
from ..cell import Cell
from ..optim import _validate as V

__all__ = ["LossBase", "L1Loss", "MSELoss", "SmoothL1Loss", "SoftmaxCrossEntropyWithLogits", "CrossEntropyLoss",
           "BCELoss", "BCEWithLogitsLoss", "NLLLoss", "KLDivLoss", "HuberLoss", "CosineEmbeddingLoss"]

_REDUCTIONS = ("mean", "sum", "none")
_FLOATS = (torch.float16, torch.float32)


def _dtype_name(dt):
    from ...common.dtype import dtype_str
    return dtype_str(dt)


def _check_is_tensor(name, x, cls_name):
    if x is not None and not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{cls_name}', the '{name}' must be 'Tensor', but got '{type(x).__name__}'")


def _check_reduction(reduction, cls_name, allowed=_REDUCTIONS):
    if reduction not in allowed:
        raise ValueError(f"For '{cls_name}', the 'reduction' must be in {list(allowed)}, but got {reduction}.")


def _check_type_name(arg, dt, valid, prim):
    if dt not in valid:
        if len(valid) == 1:
            raise TypeError(f"For '{prim}', the '{arg}' should be {_dtype_name(valid[0])}, but got "
                            f"'mindspore.{str(dt).replace('torch.', '')}'.")
        names = ", ".join(_dtype_name(d) for d in valid)
        raise TypeError(f"For '{prim}', the '{arg}' should be a tensor with type in [{names}], "
                        f"but got {_dtype_name(dt)}.")


class LossBase(Cell):
    """Mirrors ``mindspore.nn.LossBase(reduction='mean')``; ``get_loss(x, weights=1.0)`` multiplies
    by ``weights`` in float32, reduces over all axes per ``reduction`` and casts back to x's dtype."""

    def __init__(self, reduction="mean"):
        super().__init__()
        _check_reduction(reduction, type(self).__name__)
        self.average = reduction != "sum"
        self.reduce = reduction != "none"

    def get_axis(self, x):
        return tuple(range(x.ndim))

    def get_loss(self, x, weights=1.0):
        dt = x.dtype
        y = to_torch(x).float()
        if isinstance(weights, torch.Tensor):
            y = to_torch(weights).float() * y
        elif weights != 1.0:
            y = float(weights) * y
        if self.reduce:  # MindSpore reduces over self.get_axis(x): a subclass may override it
            axis = self.get_axis(as_ms(y))
            axis = tuple(axis) if isinstance(axis, (tuple, list)) else (int(axis),)
            if axis == tuple(range(y.ndim)):
                y = y.mean() if self.average else y.sum()
            else:
                y = y.mean(dim=axis) if self.average else y.sum(dim=axis)
        return as_ms(y.to(dt))

    def construct(self, logits, labels):
        raise NotImplementedError



class _Loss(LossBase):
    """Mirrors ``mindspore.nn.loss.loss._Loss(reduction='mean')``: ``LossBase`` under its pre-1.3 name (MindSpore 2.10
    logs the same deprecation warning); ``construct`` raises ``NotImplementedError`` until a subclass defines it."""

    def __init__(self, reduction="mean"):
        from ... import log
        log.warning("'_Loss' is deprecated from version 1.3 and will be removed after version 2.9.0, use 'LossBase' "
                    "instead.")
        super().__init__(reduction)

    def construct(self, logits, labels):
        raise NotImplementedError

class L1Loss(LossBase):
    """Mirrors ``nn.L1Loss(reduction='mean')``: ``|logits - labels|`` (broadcast), reduced."""

    def __init__(self, reduction="mean"):
        super().__init__(reduction)
        self.reduction = reduction

    def construct(self, logits, labels):
        d = torch.abs(to_torch(logits) - to_torch(labels))
        return as_ms(d.mean() if self.reduction == "mean" else d.sum() if self.reduction == "sum" else d)


class MSELoss(LossBase):
    """Mirrors ``nn.MSELoss(reduction='mean')``: ``(logits - labels)²`` (broadcast), reduced."""

    def construct(self, logits, labels):
        _check_is_tensor("logits", logits, self.cls_name)
        _check_is_tensor("labels", labels, self.cls_name)
        return self.get_loss(torch.square(to_torch(logits) - to_torch(labels)))


class SmoothL1Loss(LossBase):
    """Mirrors ``nn.SmoothL1Loss(beta=1.0, reduction='none')`` (note the default ``'none'``; torch: ``'mean'``)."""

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__(reduction)
        V.value_type("beta", beta, [float], "SmoothL1Loss")
        V.positive_float(beta, "beta", "SmoothL1Loss")
        self.beta = beta
        self.reduction = reduction

    def construct(self, logits, labels):
        x, y = to_torch(logits), to_torch(labels)
        if x.dtype != y.dtype:
            raise TypeError(f"For 'SmoothL1Loss', the dtype of 'labels' must be the same as 'logits', "
                            f"but got {_dtype_name(y.dtype)} and {_dtype_name(x.dtype)}.")
        if x.shape != y.shape:
            raise ValueError(f"For 'SmoothL1Loss', the shape of 'logits' and 'labels' must be the same, "
                             f"but got {tuple(x.shape)} and {tuple(y.shape)}.")
        return as_ms(F.smooth_l1_loss(x, y, reduction=self.reduction, beta=self.beta))


class SoftmaxCrossEntropyWithLogits(LossBase):
    """Mirrors ``nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction='none')``.

    ``sparse=False``: labels are one-hot/probabilities of the logits' dtype (int labels raise
    ``TypeError``); the per-sample loss ``-sum(labels * log_softmax(logits), -1)`` is reduced per
    ``reduction``. ``sparse=True``: labels are class indices (one-hot encoded first)."""

    def __init__(self, sparse=False, reduction="none"):
        super().__init__(reduction)
        self.sparse = V.check_bool(sparse, "sparse", type(self).__name__)
        self.reduction = reduction

    def construct(self, logits, labels):
        _check_is_tensor("logits", logits, self.cls_name)
        _check_is_tensor("labels", labels, self.cls_name)
        # with subclass dispatch off (run_plain): no plain views of the inputs, no __torch_function__ trips
        return run_plain(self._loss, logits, labels)

    def _loss(self, x, y):
        if self.sparse:
            if y.is_floating_point():
                raise TypeError("For 'SparseSoftmaxCrossEntropyWithLogits', the 'labels' must be a tensor of "
                                f"int32 or int64, but got {_dtype_name(y.dtype)}.")
            if self.reduction == "mean":
                n = x.shape[-1]
                return F.cross_entropy(torch.reshape(x, (-1, n)), torch.reshape(y, (-1,)).long())
            y = F.one_hot(y.long(), x.shape[-1]).to(x.dtype)
        elif y.dtype != x.dtype:
            raise TypeError("For primitive[SoftmaxCrossEntropyWithLogits], the input type must be same. "
                            f"name:[logits]:Tensor[{_dtype_name(x.dtype)}]. name:[labels]:Tensor[{_dtype_name(y.dtype)}].")
        per = -(y * F.log_softmax(x, dim=-1)).sum(-1)
        return self.get_loss(per)


class CrossEntropyLoss(LossBase):
    """Mirrors ``nn.CrossEntropyLoss(weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0)``:
    ``torch.nn.functional.cross_entropy`` with MindSpore's input checks (logits float16/32; class
    indices int32; probabilities of the logits' shape)."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        name = type(self).__name__
        V.value_type("ignore_index", ignore_index, int, name)
        V.value_type("label_smoothing", label_smoothing, float, name)
        V.float_range(label_smoothing, 0.0, 1.0, "both", "label_smoothing", name)
        if weight is not None:
            V.value_type("weight", weight, [torch.Tensor], name)
            _check_type_name("weight", weight.dtype, _FLOATS, name)
        self.weight = weight
        self.ignore_index = ignore_index
        self.reduction = reduction
        self.label_smoothing = label_smoothing

    def construct(self, logits, labels):
        name = self.cls_name
        _check_is_tensor("logits", logits, name)
        _check_is_tensor("labels", labels, name)
        x, y = to_torch(logits), to_torch(labels)
        _check_type_name("logits", x.dtype, _FLOATS, name)
        if x.ndim == y.ndim:
            _check_type_name("labels", y.dtype, _FLOATS, name)
            if x.shape != y.shape:
                raise ValueError(f"For '{name}', the shape of 'logits' should be (N, C, d_0, d_1, ...), and the shape "
                                 f"of 'labels' should be (N, C, d_0, d_1, ...), but get 'logits' shape: "
                                 f"{tuple(x.shape)} and 'labels' shape: {tuple(y.shape)}.")
        elif y.ndim == x.ndim - 1:
            _check_type_name("labels", y.dtype, (torch.int32,), name)
            if x.ndim != 1 and (x.shape[0], *x.shape[2:]) != tuple(y.shape):
                raise ValueError(f"For '{name}', the shape of 'logits' should be (N, C, d_0, d_1, ...), and the shape "
                                 f"of 'labels' should be (N, d_0, d_1, ...), but get 'logits' shape: "
                                 f"{tuple(x.shape)} and 'labels' shape: {tuple(y.shape)}.")
            y = y.long()
        else:
            raise ValueError(f"For '{name}', the rank of 'logits' and 'labels' should be:\n1. 'logits.ndim == "
                             "labels.ndim' for probabilities, \n2. 'logits.ndim - 1 == labels.ndim' for class "
                             f"indices, \nbut get 'logits' rank: {x.ndim} and 'labels' rank: {y.ndim}.")
        w = to_torch(self.weight) if self.weight is not None else None
        return as_ms(F.cross_entropy(x, y, weight=w, ignore_index=self.ignore_index, reduction=self.reduction,
                                     label_smoothing=self.label_smoothing))


class BCELoss(LossBase):
    """Mirrors ``nn.BCELoss(weight=None, reduction='mean')``."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.reduction = reduction
        self.weight = weight

    def construct(self, logits, labels):
        w = to_torch(self.weight) if self.weight is not None else None
        return as_ms(F.binary_cross_entropy(to_torch(logits), to_torch(labels), weight=w, reduction=self.reduction))


class BCEWithLogitsLoss(LossBase):
    """Mirrors ``nn.BCEWithLogitsLoss(reduction='mean', weight=None, pos_weight=None)``."""

    def __init__(self, reduction="mean", weight=None, pos_weight=None):
        super().__init__()
        _check_reduction(reduction, type(self).__name__)
        if isinstance(weight, Parameter):
            raise TypeError(f"For '{type(self).__name__}', the 'weight' can not be a Parameter.")
        if isinstance(pos_weight, Parameter):
            raise TypeError(f"For '{type(self).__name__}', the 'pos_weight' can not be a Parameter.")
        self.reduction = reduction
        self.weight = weight
        self.pos_weight = pos_weight

    def construct(self, input, target):  # noqa: A002 - MindSpore's argument name
        _check_is_tensor("input", input, self.cls_name)
        _check_is_tensor("target", target, self.cls_name)
        w = to_torch(self.weight) if self.weight is not None else None
        pw = to_torch(self.pos_weight) if self.pos_weight is not None else None
        return as_ms(F.binary_cross_entropy_with_logits(to_torch(input), to_torch(target), weight=w, pos_weight=pw,
                                                        reduction=self.reduction))


class NLLLoss(LossBase):
    """Mirrors ``nn.NLLLoss(weight=None, ignore_index=-100, reduction='mean')``."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__(reduction)
        V.value_type("ignore_index", ignore_index, int, type(self).__name__)
        if weight is not None:
            V.value_type("weight", weight, [torch.Tensor], type(self).__name__)
            _check_type_name("weight", weight.dtype, _FLOATS, type(self).__name__)
        self.weight = weight
        self.ignore_index = ignore_index
        self.reduction = reduction

    def construct(self, logits, labels):
        w = to_torch(self.weight) if self.weight is not None else None
        return as_ms(F.nll_loss(to_torch(logits), to_torch(labels).long(), weight=w, ignore_index=self.ignore_index,
                                reduction=self.reduction))


class KLDivLoss(LossBase):
    """Mirrors ``nn.KLDivLoss(reduction='mean')``: ``labels * (log(labels) - logits)``; reduction
    ``'mean'`` (over all elements), ``'batchmean'``, ``'sum'`` or ``'none'``."""

    def __init__(self, reduction="mean"):
        super().__init__()
        _check_reduction(reduction, type(self).__name__, ("none", "mean", "batchmean", "sum"))
        self.reduction = reduction

    def construct(self, logits, labels):
        _check_is_tensor("logits", logits, self.cls_name)
        _check_is_tensor("labels", labels, self.cls_name)
        if self.reduction == "mean":  # MindSpore: mean over all elements (torch's 'mean' warns and will change)
            return as_ms(F.kl_div(to_torch(logits), to_torch(labels), reduction="none").mean())
        return as_ms(F.kl_div(to_torch(logits), to_torch(labels), reduction=self.reduction))


class HuberLoss(LossBase):
    """Mirrors ``nn.HuberLoss(reduction='mean', delta=1.0)``."""

    def __init__(self, reduction="mean", delta=1.0):
        super().__init__(reduction)
        V.value_type("delta", delta, [float, int], "huber_loss")
        V.check_number(float(delta), 0, "gt", float, "delta", "huber_loss")
        self.reduction = reduction
        self.delta = delta

    def construct(self, logits, labels):
        return as_ms(F.huber_loss(to_torch(logits), to_torch(labels), reduction=self.reduction, delta=float(self.delta)))


class CosineEmbeddingLoss(LossBase):
    """Mirrors ``nn.CosineEmbeddingLoss(margin=0.0, reduction='mean')``: ``1 - cos`` for label 1,
    ``max(0, cos - margin)`` for label -1, 0 otherwise (cosine over axis 1)."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        V.value_type("margin", margin, [float], type(self).__name__)
        self.margin = V.float_range(margin, -1.0, 1.0, "both", "margin", type(self).__name__)

    def construct(self, logits_x1, logits_x2, labels):
        x1, x2, y = to_torch(logits_x1), to_torch(logits_x2), to_torch(labels)
        if x1.shape != x2.shape or x1.dtype != x2.dtype:
            raise TypeError("For 'CosineEmbeddingLoss', 'logits_x1' and 'logits_x2' must have the same shape and "
                            f"dtype, but got {tuple(x1.shape)} {_dtype_name(x1.dtype)} and {tuple(x2.shape)} "
                            f"{_dtype_name(x2.dtype)}.")
        cos = (x1 * x2).sum(1) / (torch.sqrt(torch.square(x1).sum(1)) * torch.sqrt(torch.square(x2).sum(1)))
        zeros = torch.zeros_like(cos)
        out = torch.where(y == 1, 1.0 - cos, zeros) + torch.where(y == -1, torch.clamp(cos - self.margin, min=0.0), zeros)
        return self.get_loss(out)


# ---------------------------------------------------------------------------- more MindSpore losses
__all__ += ["RMSELoss", "MAELoss", "MarginRankingLoss", "SoftMarginLoss", "DiceLoss", "PoissonNLLLoss",
            "MultiLabelSoftMarginLoss", "MultiMarginLoss", "FocalLoss", "TripletMarginLoss", "GaussianNLLLoss",
            "HingeEmbeddingLoss"]


def _reduce(x, reduction):
    return x.mean() if reduction == "mean" else x.sum() if reduction == "sum" else x


class RMSELoss(LossBase):
    """Mirrors ``nn.RMSELoss()``: ``sqrt(mean((logits - label)²))``."""

    def __init__(self):
        super().__init__()

    def construct(self, logits, label):
        for t in (logits, label):
            if t.dtype in (torch.uint8,):
                raise TypeError(f"For 'RMSELoss', the dtype of input can not be {_dtype_name(t.dtype)}.")
        return as_ms(torch.sqrt(torch.square(to_torch(logits) - to_torch(label)).float().mean()).to(logits.dtype))


class MAELoss(LossBase):
    """Mirrors ``nn.MAELoss(reduction='mean')``: ``|logits - label|`` reduced (float32 accumulation)."""

    def construct(self, logits, label):
        _check_is_tensor("logits", logits, self.cls_name)
        _check_is_tensor("labels", label, self.cls_name)
        return self.get_loss(torch.abs(to_torch(logits) - to_torch(label)))


class MarginRankingLoss(LossBase):
    """Mirrors ``nn.MarginRankingLoss(margin=0.0, reduction='mean')``: ``max(0, -target*(x1-x2) + margin)``."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.reduction = reduction
        self.margin = margin

    def construct(self, input1, input2, target):
        return as_ms(F.margin_ranking_loss(to_torch(input1), to_torch(input2), to_torch(target), margin=self.margin,
                                           reduction=self.reduction))


class SoftMarginLoss(LossBase):
    """Mirrors ``nn.SoftMarginLoss(reduction='mean')``: ``log(1 + exp(-y*x))``."""

    def __init__(self, reduction="mean"):
        super().__init__()
        _check_reduction(reduction, type(self).__name__)
        self.reduction = reduction

    def construct(self, logits, labels):
        return as_ms(F.soft_margin_loss(to_torch(logits), to_torch(labels), reduction=self.reduction))


class DiceLoss(LossBase):
    """Mirrors ``nn.DiceLoss(smooth=1e-5)`` (deprecated in MindSpore): ``1 - 2·sum(x·y) / (sum(x²) + sum(y²) + smooth)``."""

    def __init__(self, smooth=1e-5):
        super().__init__()
        self.smooth = V.positive_float(smooth, "smooth")

    def construct(self, logits, label):
        _check_is_tensor("logits", logits, self.cls_name)
        _check_is_tensor("labels", label, self.cls_name)
        x, y = to_torch(logits), to_torch(label)
        if x.shape != y.shape:
            raise ValueError(f"For '{self.cls_name}', the shape of 'logits' and 'labels' must be the same, "
                             f"but got {tuple(x.shape)} and {tuple(y.shape)}.")
        x, y = x.reshape(-1), y.reshape(-1)
        inter = (x * y).sum()
        union = (x * x).sum() + (y * y).sum()
        return as_ms(1 - (2 * inter) / (union + self.smooth))


class PoissonNLLLoss(LossBase):
    """Mirrors ``nn.PoissonNLLLoss(log_input=True, full=False, eps=1e-08, reduction='mean')``."""

    def __init__(self, log_input=True, full=False, eps=1e-08, reduction="mean"):
        super().__init__(reduction=reduction)
        self.log_input = log_input
        self.full = full
        self.eps = eps

    def construct(self, input, target):  # noqa: A002 - MindSpore's argument name
        x = to_torch(input)
        t = to_torch(target).to(x.dtype)
        loss = torch.exp(x) - t * x if self.log_input else x - t * torch.log(x + self.eps)
        if self.full:
            t = torch.clamp(t, min=self.eps)
            stirling = (t + 0.5) * torch.log(t) - t + 0.5 * math.log(2 * math.pi)
            loss = loss + torch.where(t > 1, stirling, torch.zeros_like(stirling))
        return self.get_loss(loss)


class MultiLabelSoftMarginLoss(LossBase):
    """Mirrors ``nn.MultiLabelSoftMarginLoss(weight=None, reduction='mean')``."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight
        self.reduction = reduction

    def construct(self, x, target):
        w = to_torch(self.weight) if self.weight is not None else None
        return as_ms(F.multilabel_soft_margin_loss(to_torch(x), to_torch(target), weight=w, reduction=self.reduction))


class MultiMarginLoss(LossBase):
    """Mirrors ``nn.MultiMarginLoss(p=1, margin=1.0, reduction='mean', weight=None)``; ``construct(x, target, weight=None)``."""

    def __init__(self, p=1, margin=1.0, reduction="mean", weight=None):
        super().__init__()
        if p not in (1, 2) or isinstance(p, bool):
            raise ValueError(f"For 'MultiMarginLoss', the 'p' must be 1 or 2, but got {p}.")
        _check_reduction(reduction, "MultiMarginLoss")
        self.p = p
        self.margin = margin
        self.reduction = reduction
        self.weight = weight

    def construct(self, x, target, weight=None):
        _check_is_tensor("x", x, self.cls_name)
        _check_is_tensor("target", target, self.cls_name)
        w = self.weight if self.weight is not None else weight
        w = to_torch(w) if w is not None else None
        return as_ms(F.multi_margin_loss(to_torch(x), to_torch(target).long(), p=self.p, margin=self.margin, weight=w,
                                         reduction=self.reduction))


class FocalLoss(LossBase):
    """Mirrors ``nn.FocalLoss(weight=None, gamma=2.0, reduction='mean')`` (deprecated in MindSpore):
    labels of shape (N, 1, ...) are class indices, else one-hot of the logits' shape; the per-sample
    loss is averaged over the class axis (MindSpore's definition) before ``reduction``."""

    def __init__(self, weight=None, gamma=2.0, reduction="mean"):
        super().__init__(reduction=reduction)
        self.gamma = V.value_type("gamma", gamma, [float])
        if weight is not None and not isinstance(weight, torch.Tensor):
            raise TypeError(f"For '{type(self).__name__}', the type of 'weight' must be a Tensor, "
                            f"but got {type(weight).__name__}.")
        if weight is not None and weight.ndim != 1:
            raise ValueError(f"For '{type(self).__name__}', the dimension of 'weight' must be 1, but got {weight.ndim}.")
        self.weight = weight

    def construct(self, logits, labels):
        x, y = to_torch(logits), to_torch(labels)
        if x.ndim != y.ndim:
            raise ValueError(f"For '{self.cls_name}', the dimension of 'logits' and 'labels' must be equal, "
                             f"but got {x.ndim} and {y.ndim}.")
        if y.shape[1] != 1 and y.shape[1] != x.shape[1]:
            raise ValueError(f"For '{self.cls_name}', the 'logits' channel and 'labels' channel must be equal or "
                             f"'labels' channel must be 1, but got {x.shape[1]} and {y.shape[1]}.")
        if x.ndim > 2:
            x = x.reshape(x.shape[0], x.shape[1], -1)
            y = y.reshape(y.shape[0], y.shape[1], -1)
        else:
            x, y = x.unsqueeze(2), y.unsqueeze(2)
        logp = F.log_softmax(x, dim=1)
        index = y.shape[1] == 1
        if index:
            logp = torch.gather(logp, 1, y.long()).squeeze(1)
        prob = torch.exp(logp)
        if self.weight is not None:
            cw = to_torch(self.weight)[None, :, None].expand(y.shape[0], -1, y.shape[2])
            if index:
                cw = torch.gather(cw, 1, y.long()).squeeze(1)
            logp = logp * cw
        w = torch.pow(1.0 - prob, self.gamma)
        loss = (-w * logp).mean(dim=1) if index else (-w * y * logp).mean(dim=-1)
        return self.get_loss(loss)


class TripletMarginLoss(LossBase):
    """Mirrors ``nn.TripletMarginLoss(p=2, swap=False, eps=1e-06, reduction='mean', margin=1.0)``;
    ``construct(x, positive, negative, margin=1.0)``."""

    def __init__(self, p=2, swap=False, eps=1e-06, reduction="mean", margin=1.0):
        super().__init__()
        _check_reduction(reduction, "TripletMarginLoss")
        self.p = p
        self.swap = swap
        self.eps = eps
        self.reduction = reduction
        self.margin = margin

    def construct(self, x, positive, negative, margin=1.0):
        if self.margin != 1.0:
            margin = self.margin
        m = float(margin) if not isinstance(margin, torch.Tensor) else float(margin.detach())
        return as_ms(F.triplet_margin_loss(to_torch(x), to_torch(positive), to_torch(negative), margin=m, p=self.p,
                                           eps=self.eps, swap=self.swap, reduction=self.reduction))


class GaussianNLLLoss(LossBase):
    """Mirrors ``nn.GaussianNLLLoss(*, full=False, eps=1e-6, reduction='mean')``; ``construct(logits, labels, var)``."""

    def __init__(self, *, full=False, eps=1e-6, reduction="mean"):
        super().__init__()
        V.float_range(eps, 0, float("inf"), "neither", "eps", type(self).__name__)
        V.value_type("full", full, [bool], type(self).__name__)
        if reduction not in ("none", "mean", "sum"):
            raise ValueError(f"For 'gaussian_nll_loss', the 'reduction' must be str and must be in "
                             f"'['none', 'mean', 'sum']', but got '{reduction}'.")
        self.full = full
        self.eps = eps
        self.reduction = reduction

    def construct(self, logits, labels, var):
        return as_ms(F.gaussian_nll_loss(to_torch(logits), to_torch(labels), to_torch(var), full=self.full,
                                         eps=self.eps, reduction=self.reduction))


class HingeEmbeddingLoss(LossBase):
    """Mirrors ``nn.HingeEmbeddingLoss(margin=1.0, reduction='mean')``."""

    def __init__(self, margin=1.0, reduction="mean"):
        super().__init__()
        V.value_type("margin", margin, [float, int], type(self).__name__)
        if reduction not in ("none", "sum", "mean"):
            raise ValueError(f"For '{type(self).__name__}', the 'reduction' must be str and must be in "
                             f"'['none', 'sum', 'mean']', but got '{reduction}'.")
        self.margin = margin
        self.reduction = reduction

    def construct(self, logits, labels):
        return as_ms(F.hinge_embedding_loss(to_torch(logits), to_torch(labels).to(logits.dtype),
                                            margin=float(self.margin), reduction=self.reduction))

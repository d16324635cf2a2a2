"""Neural-network Primitives of ``mindspore.ops.operations`` beyond nn_ops: activations (``Gelu``,
``FastGelu``, ``CeLU``, ``GLU``, ``HShrink``, ``SoftShrink``), ``LRN`` and losses (``BinaryCrossEntropy``,
``KLDivLoss``, ``SoftMarginLoss``, ``MultiMarginLoss``, ``TripletMarginLoss``, ``MultilabelMarginLoss``,
``CTCLoss``)."""
from __future__ import annotations

import torch
import torch.nn.functional as tF

from ..primitive import Primitive
from .._utils import wrap
from ..function import nn_func as _f, nn_extra_func as _n

__all__ = ["Gelu", "FastGelu", "CeLU", "GLU", "HShrink", "SoftShrink", "LRN", "BinaryCrossEntropy", "KLDivLoss",
           "SoftMarginLoss", "MultiMarginLoss", "TripletMarginLoss", "MultilabelMarginLoss", "CTCLoss"]


class _NNPrim(Primitive):
    def __init__(self, **attrs):
        super().__init__(type(self).__name__)
        for k, v in attrs.items():
            self.add_prim_attr(k, v)


def _check_reduction(name, reduction):
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"For '{name}', the 'reduction' must be in ['none', 'mean', 'sum'], but got {reduction}.")
    return reduction


class Gelu(_NNPrim):
    """Mirrors the deprecated ``ops.Gelu()`` (same as ``ops.GeLU()``: the tanh approximation)."""

    def __call__(self, x):
        return tF.gelu(x, approximate="tanh")


class FastGelu(_NNPrim):
    """Mirrors ``ops.FastGelu()``: ``x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|))``."""

    def __call__(self, x):
        return _f.fast_gelu(x)


class CeLU(_NNPrim):
    """Mirrors ``ops.CeLU(alpha=1.0)``."""

    def __init__(self, alpha=1.0):
        if alpha == 0:
            raise ValueError("For 'CeLU', the 'alpha' can not be equal to 0.")
        super().__init__(alpha=alpha)

    def __call__(self, x):
        return tF.celu(x, self.alpha)


class GLU(_NNPrim):
    """Mirrors ``ops.GLU(axis=-1)``: first half times sigmoid of the second half along ``axis``."""

    def __init__(self, axis=-1):
        super().__init__(axis=axis)

    def __call__(self, x):
        return tF.glu(x, self.axis)


class HShrink(_NNPrim):
    """Mirrors ``ops.HShrink(lambd=0.5)``."""

    def __init__(self, lambd=0.5):
        super().__init__(lambd=lambd)

    def __call__(self, x):
        return tF.hardshrink(x, self.lambd)


class SoftShrink(_NNPrim):
    """Mirrors ``ops.SoftShrink(lambd=0.5)``."""

    def __init__(self, lambd=0.5):
        if lambd < 0:
            raise ValueError(f"For 'SoftShrink', the 'lambd' must be no less than 0, but got {lambd}.")
        super().__init__(lambd=lambd)

    def __call__(self, x):
        return tF.softshrink(x, self.lambd)


class LRN(_NNPrim):
    """Mirrors ``ops.LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS')``
    (TensorFlow's formula, see ``ops.lrn``)."""

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
        super().__init__(depth_radius=depth_radius, bias=bias, alpha=alpha, beta=beta, norm_region=norm_region)

    def __call__(self, x):
        return _n.lrn(x, self.depth_radius, self.bias, self.alpha, self.beta, self.norm_region)


class BinaryCrossEntropy(_NNPrim):
    """Mirrors ``ops.BinaryCrossEntropy(reduction='mean')``: ``(logits, labels, weight=None)`` with
    ``logits`` probabilities (no sigmoid applied)."""

    def __init__(self, reduction="mean"):
        super().__init__(reduction=_check_reduction("BinaryCrossEntropy", reduction))

    def __call__(self, logits, labels, weight=None):
        return tF.binary_cross_entropy(logits, labels, weight=weight, reduction=self.reduction)


class KLDivLoss(_NNPrim):
    """Mirrors ``ops.KLDivLoss(reduction='mean')``: ``(logits, labels)`` → ``labels * (log(labels) - logits)``;
    'mean' averages over all elements, 'batchmean' divides by the batch size."""

    def __init__(self, reduction="mean"):
        if reduction not in ("none", "mean", "sum", "batchmean"):
            raise ValueError("For 'KLDivLoss', the 'reduction' must be in ['none', 'mean', 'sum', 'batchmean'], "
                             f"but got {reduction}.")
        super().__init__(reduction=reduction)

    def __call__(self, logits, labels):
        return tF.kl_div(logits, labels, reduction=self.reduction)


class SoftMarginLoss(_NNPrim):
    """Mirrors ``ops.SoftMarginLoss(reduction='mean')``: ``mean(log(1 + exp(-y x)))`` (MindSpore 2.10 has no
    CPU kernel for the Primitive; the formula is the documented one)."""

    def __init__(self, reduction="mean"):
        super().__init__(reduction=_check_reduction("SoftMarginLoss", reduction))

    def __call__(self, x, y):
        return tF.soft_margin_loss(x, y, reduction=self.reduction)


class MultiMarginLoss(_NNPrim):
    """Mirrors ``ops.MultiMarginLoss(p=1, margin=1.0, reduction='mean')``: ``(inputs, target, weight=None)``
    (``target`` int64, as MindSpore requires)."""

    def __init__(self, p=1, margin=1.0, reduction="mean"):
        if p not in (1, 2):
            raise ValueError(f"For 'MultiMarginLoss', 'p' must be 1 or 2, but got {p}.")
        super().__init__(p=p, margin=margin, reduction=_check_reduction("MultiMarginLoss", reduction))

    def __call__(self, inputs, target, weight=None):
        if target.dtype != torch.int64:
            raise TypeError("For primitive[MultiMarginLoss], the input argument[target] must be a type of "
                            f"{{Tensor[Int64]}}, but got {target.dtype}.")
        return tF.multi_margin_loss(inputs, target, p=self.p, margin=self.margin, weight=weight,
                                    reduction=self.reduction)


class TripletMarginLoss(_NNPrim):
    """Mirrors ``ops.TripletMarginLoss(p=2, swap=False, eps=1e-06, reduction='mean')``:
    ``(x, positive, negative, margin)`` (MindSpore 2.10 has no CPU kernel; formula as documented)."""

    def __init__(self, p=2, swap=False, eps=1e-06, reduction="mean"):
        super().__init__(p=p, swap=swap, eps=eps, reduction=_check_reduction("TripletMarginLoss", reduction))

    def __call__(self, x, positive, negative, margin):
        return tF.triplet_margin_loss(x, positive, negative, margin=float(margin), p=self.p, eps=self.eps,
                                      swap=self.swap, reduction=self.reduction)


class MultilabelMarginLoss(_NNPrim):
    """Mirrors ``ops.MultilabelMarginLoss(reduction='mean')``: ``(x, target)`` → ``(loss, is_target)``
    (MindSpore 2.10 has no CPU kernel; formula as documented)."""

    def __init__(self, reduction="mean"):
        super().__init__(reduction=_check_reduction("MultilabelMarginLoss", reduction))

    def __call__(self, x, target):
        loss = tF.multilabel_margin_loss(x, target.long(), reduction=self.reduction)
        is_target = torch.zeros_like(target)
        for i in range(target.shape[0] if target.dim() == 2 else 1):
            row = target[i] if target.dim() == 2 else target
            for t in row.tolist():
                if t < 0:
                    break
                (is_target[i] if target.dim() == 2 else is_target)[t] = 1
        return loss, wrap(is_target)


class CTCLoss(_NNPrim):
    """Mirrors ``ops.CTCLoss(preprocess_collapse_repeated=False, ctc_merge_repeated=True,
    ignore_longer_outputs_than_inputs=False)``: ``(x, labels_indices, labels_values, sequence_length)``
    with TensorFlow's sparse labels and blank = last class; returns ``(loss, gradient)`` where the
    gradient is d(loss)/dx computed by autograd. ``preprocess_collapse_repeated=True`` and
    ``ctc_merge_repeated=False`` are not supported (NotImplementedError)."""

    def __init__(self, preprocess_collapse_repeated=False, ctc_merge_repeated=True,
                 ignore_longer_outputs_than_inputs=False):
        if preprocess_collapse_repeated or not ctc_merge_repeated:
            raise NotImplementedError("CTCLoss: only preprocess_collapse_repeated=False, ctc_merge_repeated=True "
                                      "are implemented by ms_compat.")
        super().__init__(preprocess_collapse_repeated=preprocess_collapse_repeated,
                         ctc_merge_repeated=ctc_merge_repeated,
                         ignore_longer_outputs_than_inputs=ignore_longer_outputs_than_inputs)

    def __call__(self, x, labels_indices, labels_values, sequence_length):
        t, n, c = x.shape
        idx = labels_indices.long()
        lens = torch.zeros(n, dtype=torch.long)
        lens.index_add_(0, idx[:, 0], torch.ones(idx.shape[0], dtype=torch.long))
        xg = x.detach().float().requires_grad_(True)
        with torch.enable_grad():
            logp = torch.log_softmax(xg, -1)
            loss = tF.ctc_loss(logp, labels_values.long(), sequence_length.long(), lens, blank=c - 1,
                               reduction="none", zero_infinity=self.ignore_longer_outputs_than_inputs)
            (grad,) = torch.autograd.grad(loss.sum(), xg)
        return wrap(loss.detach().to(x.dtype)), wrap(grad.to(x.dtype))

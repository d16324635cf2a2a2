"""More ``mindspore.nn`` losses: ``CTCLoss``, ``MultilabelMarginLoss``, ``TripletMarginWithDistanceLoss``."""
from __future__ import annotations

import torch
import torch.nn.functional as tF

from .loss import LossBase

__all__ = ["CTCLoss", "MultilabelMarginLoss", "TripletMarginWithDistanceLoss", "MultiClassDiceLoss"]


class CTCLoss(LossBase):
    """Mirrors ``nn.CTCLoss(blank=0, reduction='mean', zero_infinity=False)``:
    ``(log_probs (T, N, C), targets, input_lengths, target_lengths)``; 'mean' divides each loss by its
    target length, then averages (as MindSpore/PyTorch)."""

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__(reduction)
        if not isinstance(blank, int) or blank < 0:
            raise ValueError(f"For 'CTCLoss', the 'blank' must be a non-negative int, but got {blank}.")
        self.blank = blank
        self.reduction = reduction
        self.zero_infinity = zero_infinity

    def construct(self, log_probs, targets, input_lengths, target_lengths):
        return tF.ctc_loss(log_probs, targets.long(), input_lengths.long(), target_lengths.long(), blank=self.blank,
                           reduction=self.reduction, zero_infinity=self.zero_infinity)


class MultilabelMarginLoss(LossBase):
    """Mirrors ``nn.MultilabelMarginLoss(reduction='mean')``: ``(x, target)``; targets after the first -1
    are ignored. (MindSpore 2.10 has no CPU kernel for it; the result is the documented formula.)"""

    def __init__(self, reduction="mean"):
        super().__init__(reduction)
        self.reduction = reduction

    def construct(self, x, target):
        return tF.multilabel_margin_loss(x, target.long(), reduction=self.reduction)


class TripletMarginWithDistanceLoss(LossBase):
    """Mirrors ``nn.TripletMarginWithDistanceLoss(distance_function=None, swap=False, reduction='mean',
    margin=1.0)``: ``(x, positive, negative)``; the default distance is the pairwise L2 distance."""

    def __init__(self, distance_function=None, swap=False, reduction="mean", margin=1.0):
        super().__init__(reduction)
        if distance_function is not None and not callable(distance_function):
            raise TypeError("For 'TripletMarginWithDistanceLoss', 'distance_function' must be callable or None.")
        if margin < 0:
            raise ValueError(f"For 'TripletMarginWithDistanceLoss', 'margin' must be >= 0, but got {margin}.")
        self.distance_function = distance_function
        self.swap = swap
        self.reduction = reduction
        self.margin = float(margin)

    def construct(self, x, positive, negative):
        dist = self.distance_function or tF.pairwise_distance
        d_pos = dist(x, positive)
        d_neg = dist(x, negative)
        if self.swap:
            d_neg = torch.minimum(d_neg, dist(positive, negative))
        loss = torch.clamp(self.margin + d_pos - d_neg, min=0)
        if self.reduction == "mean":
            return loss.mean()
        if self.reduction == "sum":
            return loss.sum()
        return loss


class MultiClassDiceLoss(LossBase):
    """Mirrors ``nn.MultiClassDiceLoss(weights=None, ignore_indiex=None, activation='softmax')``: ``(logits, label)``
    of shape (N, C, ...); the activation (a name or Cell, applied over axis 1 for softmax) then per class
    ``1 - 2<p, y> / (<p, p> + <y, y> + 1e-5)``, times ``weights[i]`` if given (2-D, one row per class),
    summed over the classes except ``ignore_indiex`` and divided by C."""

    def __init__(self, weights=None, ignore_indiex=None, activation="softmax"):
        super().__init__()
        from ..layer.activation import get_activation
        names = ("softmax", "logsoftmax", "relu", "relu6", "tanh", "sigmoid")
        if weights is not None and (not isinstance(weights, torch.Tensor) or weights.dim() != 2):
            raise ValueError("For 'MultiClassDiceLoss', 'weights' must be a 2-D Tensor.")
        if ignore_indiex is not None and not isinstance(ignore_indiex, int):
            raise TypeError(f"For 'MultiClassDiceLoss', 'ignore_indiex' must be int, but got {type(ignore_indiex)}.")
        if isinstance(activation, str) and activation not in names:
            raise ValueError(f"For 'MultiClassDiceLoss', the 'activation' must be in {list(names)}, but got "
                             f"{activation}.")
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if self.activation is not None and not isinstance(self.activation, torch.nn.Module):
            raise TypeError(f"For 'MultiClassDiceLoss', the 'activation' must be str or Cell, but got "
                            f"{type(self.activation)}.")
        self.weights, self.ignore_indiex = weights, ignore_indiex

    def construct(self, logits, label):
        if logits.shape != label.shape:
            raise ValueError(f"For 'MultiClassDiceLoss', logits shape {tuple(logits.shape)} must equal label shape "
                             f"{tuple(label.shape)}.")
        if self.activation is not None:
            logits = self.activation(logits)
        total = 0
        for i in range(label.shape[1]):
            if i == self.ignore_indiex:
                continue
            p, y = logits[:, i].reshape(-1), label[:, i].reshape(-1).to(logits.dtype)
            dice = 1 - 2 * torch.sum(p * y) / (torch.sum(p * p) + torch.sum(y * y) + 1e-5)
            if self.weights is not None:
                dice = dice * self.weights[i]
            total = total + dice
        return total / label.shape[1]

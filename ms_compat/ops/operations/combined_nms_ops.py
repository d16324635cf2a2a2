"""``mindspore.ops.operations.CombinedNonMaxSuppression``: per-class greedy non-maximum suppression over a batch,
then the best boxes of all classes together (TensorFlow's ``combined_non_max_suppression``, which MindSpore's
kernels follow)."""
from __future__ import annotations

import torch

from ...common.tensor import to_torch
from .._utils import wrap
from ..primitive import Primitive

__all__ = ["CombinedNonMaxSuppression"]


def _iou(box, others):
    """IoU of ``box`` (4,) with ``others`` (k, 4); corners in any order; zero-area boxes give 0."""
    def norm(b):
        return (torch.minimum(b[..., 0], b[..., 2]), torch.minimum(b[..., 1], b[..., 3]),
                torch.maximum(b[..., 0], b[..., 2]), torch.maximum(b[..., 1], b[..., 3]))
    ay1, ax1, ay2, ax2 = norm(box)
    by1, bx1, by2, bx2 = norm(others)
    area_a = (ay2 - ay1) * (ax2 - ax1)
    area_b = (by2 - by1) * (bx2 - bx1)
    ih = (torch.minimum(ay2, by2) - torch.maximum(ay1, by1)).clamp(min=0)
    iw = (torch.minimum(ax2, bx2) - torch.maximum(ax1, bx1)).clamp(min=0)
    inter = ih * iw
    union = area_a + area_b - inter
    ok = (area_a > 0) & (area_b > 0)
    return torch.where(ok, inter / torch.where(ok, union, torch.ones_like(union)), torch.zeros_like(inter))


def _nms(boxes, scores, max_out, iou_threshold, score_threshold):
    """Indices kept by greedy NMS, best score first."""
    cand = torch.nonzero(scores > score_threshold).flatten()
    order = cand[torch.argsort(scores[cand], descending=True, stable=True)]
    keep = []
    for i in order.tolist():
        if len(keep) >= max_out:
            break
        if keep and bool((_iou(boxes[i], boxes[keep]) > iou_threshold).any()):
            continue
        keep.append(i)
    return keep


def _scalar(op, name, t, dtype):
    if not isinstance(t, torch.Tensor):
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor, but got {type(t).__name__}.")
    if t.dtype != dtype:
        raise TypeError(f"For '{op}', the '{name}' must be {dtype}, but got {t.dtype}.")
    if t.ndim != 0:
        raise ValueError(f"For '{op}', the '{name}' must be 0-D, but got shape {tuple(t.shape)}.")
    return t.item()


class CombinedNonMaxSuppression(Primitive):
    """Mirrors ``ops.CombinedNonMaxSuppression(pad_per_class=False, clip_boxes=True)``: ``(boxes, scores,
    max_output_size_per_class, max_total_size, iou_threshold, score_threshold)`` with ``boxes`` ``(B, N, q, 4)``
    (``q`` 1: shared by the classes, or one box per class) and ``scores`` ``(B, N, num_classes)`` →
    ``(nmsed_boxes (B, D, 4), nmsed_scores (B, D), nmsed_classes (B, D) float32, valid_detections (B,) int32)``.
    Per class: boxes scoring above ``score_threshold``, best first, each kept unless its IoU with a kept box
    exceeds ``iou_threshold``, at most ``max_output_size_per_class``; then all classes' kept boxes by score, the
    first ``D`` (``max_total_size``, or ``min(max_output_size_per_class * num_classes, max_total_size)`` with
    ``pad_per_class``), zero-padded; ``clip_boxes`` clips the boxes to [0, 1]. Equal scores keep the lower box
    index first (TensorFlow's sort leaves their order unspecified)."""

    def __init__(self, pad_per_class=False, clip_boxes=True):
        super().__init__("CombinedNonMaxSuppression")
        for n, v in (("pad_per_class", pad_per_class), ("clip_boxes", clip_boxes)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'CombinedNonMaxSuppression', the '{n}' must be bool, but got "
                                f"{type(v).__name__}.")
            self.add_prim_attr(n, v)

    def __call__(self, boxes, scores, max_output_size_per_class, max_total_size, iou_threshold, score_threshold):
        op = "CombinedNonMaxSuppression"
        for n, t in (("boxes", boxes), ("scores", scores)):
            if not isinstance(t, torch.Tensor) or t.dtype != torch.float32:
                raise TypeError(f"For '{op}', the '{n}' must be a float32 Tensor.")
        if boxes.ndim != 4 or boxes.shape[-1] != 4:
            raise ValueError(f"For '{op}', the 'boxes' must be 4-D (batch, num_boxes, q, 4), but got shape "
                             f"{tuple(boxes.shape)}.")
        if scores.ndim != 3:
            raise ValueError(f"For '{op}', the 'scores' must be 3-D, but got shape {tuple(scores.shape)}.")
        if boxes.shape[:2] != scores.shape[:2] or boxes.shape[2] not in (1, scores.shape[2]):
            raise ValueError(f"For '{op}', the shapes of 'boxes' {tuple(boxes.shape)} and 'scores' "
                             f"{tuple(scores.shape)} do not match.")
        per_class = _scalar(op, "max_output_size_per_class", max_output_size_per_class, torch.int32)
        total = _scalar(op, "max_total_size", max_total_size, torch.int32)
        iou_t = _scalar(op, "iou_threshold", iou_threshold, torch.float32)
        score_t = _scalar(op, "score_threshold", score_threshold, torch.float32)
        if per_class < 0 or total < 0:
            raise ValueError(f"For '{op}', 'max_output_size_per_class' and 'max_total_size' must be >= 0, but got "
                             f"{per_class} and {total}.")
        if not 0 <= iou_t <= 1:
            raise ValueError(f"For '{op}', the 'iou_threshold' must be in [0, 1], but got {iou_t}.")
        b, s = to_torch(boxes), to_torch(scores)
        batch, _, q, _ = b.shape
        num_classes = s.shape[2]
        detections = min(per_class * num_classes, total) if self.pad_per_class else total
        out_boxes = torch.zeros(batch, detections, 4)
        out_scores = torch.zeros(batch, detections)
        out_classes = torch.zeros(batch, detections)
        valid = torch.zeros(batch, dtype=torch.int32)
        for i in range(batch):
            found = []  # (score, class, box index, box class slot)
            for c in range(num_classes):
                slot = c if q > 1 else 0
                for k in _nms(b[i, :, slot], s[i, :, c], per_class, iou_t, score_t):
                    found.append((float(s[i, k, c]), c, k, slot))
            found.sort(key=lambda r: -r[0])
            found = found[:detections]
            for j, (score, c, k, slot) in enumerate(found):
                out_boxes[i, j] = b[i, k, slot]
                out_scores[i, j] = score
                out_classes[i, j] = c
            valid[i] = len(found)
        if self.clip_boxes:
            out_boxes = out_boxes.clamp(0.0, 1.0)
        return wrap(out_boxes), wrap(out_scores), wrap(out_classes), wrap(valid)

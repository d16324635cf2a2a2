"""Segment reductions of ``mindspore.ops``: ``unsorted_segment_max/min/prod`` and the sorted
``segment_sum/mean/max/min/prod`` used by the ``SegmentXxx`` Primitives.

Empty segments get MindSpore's fill values: the dtype's lowest value (max), highest value (min), 1
(prod) for the unsorted forms; 0 (sum/mean/max/min) and 1 (prod) for the sorted forms.
Negative or out-of-range segment ids are skipped.
"""
from __future__ import annotations

import torch

from .._utils import check_tensor, wrap

__all__ = ["unsorted_segment_max", "unsorted_segment_min", "unsorted_segment_prod"]


def _limits(dtype):
    info = torch.finfo(dtype) if dtype.is_floating_point else torch.iinfo(dtype)
    return info.min, info.max


def _segment_reduce(op, x, segment_ids, num_segments, reduce, empty):
    check_tensor(op, x, "x")
    check_tensor(op, segment_ids, "segment_ids")
    if segment_ids.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For '{op}', the dtype of 'segment_ids' must be int32 or int64, but got "
                        f"{segment_ids.dtype}.")
    n = int(num_segments)
    ids = segment_ids.long().reshape(-1)
    rest = tuple(x.shape[segment_ids.dim():])
    vals = x.reshape((-1,) + rest)
    keep = (ids >= 0) & (ids < n)
    ids, vals = ids[keep], vals[keep]
    out = torch.full((n,) + rest, empty, dtype=x.dtype, device=x.device)
    index = ids.reshape((-1,) + (1,) * len(rest)).expand_as(vals)
    return wrap(out).scatter_reduce(0, index, vals, reduce, include_self=False)


def unsorted_segment_max(x, segment_ids, num_segments):
    """Mirrors ``ops.unsorted_segment_max(x, segment_ids, num_segments)``; empty segments hold the
    dtype's lowest value, as in MindSpore."""
    return _segment_reduce("unsorted_segment_max", x, segment_ids, num_segments, "amax", _limits(x.dtype)[0])


def unsorted_segment_min(x, segment_ids, num_segments):
    """Mirrors ``ops.unsorted_segment_min(x, segment_ids, num_segments)``; empty segments hold the
    dtype's highest value."""
    return _segment_reduce("unsorted_segment_min", x, segment_ids, num_segments, "amin", _limits(x.dtype)[1])


def unsorted_segment_prod(x, segment_ids, num_segments):
    """Mirrors ``ops.unsorted_segment_prod(x, segment_ids, num_segments)``; empty segments hold 1."""
    return _segment_reduce("unsorted_segment_prod", x, segment_ids, num_segments, "prod", 1)


def sorted_segment(op, x, segment_ids, reduce):
    """``SegmentSum/Mean/Max/Min/Prod``: ``segment_ids`` (1-D, sorted, non-negative) index axis 0;
    the output has ``segment_ids[-1] + 1`` rows, empty ones 0 (1 for prod)."""
    check_tensor(op, x, "input_x")
    check_tensor(op, segment_ids, "segment_ids")
    if segment_ids.dim() != 1 or segment_ids.shape[0] != x.shape[0]:
        raise ValueError(f"For '{op}', 'segment_ids' must be 1-D with length x.shape[0] ({x.shape[0]}), but got "
                         f"shape {tuple(segment_ids.shape)}.")
    ids = segment_ids.long()
    if ids.numel() and (bool((ids[1:] < ids[:-1]).any()) or int(ids.min()) < 0):
        raise ValueError(f"For '{op}', 'segment_ids' must be sorted in ascending order and non-negative.")
    n = int(ids[-1]) + 1 if ids.numel() else 0
    rest = tuple(x.shape[1:])
    index = ids.reshape((-1,) + (1,) * len(rest)).expand_as(x)
    fill = 1 if reduce == "prod" else 0
    out = torch.full((n,) + rest, fill, dtype=x.dtype, device=x.device)
    torch_reduce = {"sum": "sum", "mean": "mean", "max": "amax", "min": "amin", "prod": "prod"}[reduce]
    return wrap(out).scatter_reduce(0, index, x, torch_reduce, include_self=False)

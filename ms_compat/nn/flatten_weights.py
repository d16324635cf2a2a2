"""``Cell.flatten_weights`` (MindSpore r2.3; removed in 2.10): pack parameters into contiguous buffers.

Emulated for real: all parameters of one dtype and device are copied into one flat buffer and each
Parameter becomes a view of its slice (object identity, names and ``requires_grad`` kept), so
optimizers that work on the flat buffer or fused kernels see contiguous memory. ``fusion_size`` (MiB,
0 = no limit) caps the size of each buffer.
"""
from __future__ import annotations

from collections import defaultdict

import torch

from ..common.tensor import _PlainTensor, _as_subclass

__all__ = ["flatten_weights"]


def flatten_weights(cell, fusion_size=0):
    """Pack ``cell``'s parameters into contiguous per-dtype buffers (see module docstring)."""
    if isinstance(fusion_size, bool) or not isinstance(fusion_size, int) or fusion_size < 0:
        raise ValueError(f"For 'flatten_weights', the argument 'fusion_size' must be int >= 0, but got {fusion_size}.")
    groups = defaultdict(list)
    for p in cell.get_parameters():
        groups[(p.dtype, p.device)].append(p)
    limit = fusion_size * 1024 * 1024
    for (dtype, device), params in groups.items():
        chunks, cur, size = [], [], 0
        for p in params:
            nbytes = p.numel() * p.element_size()
            if limit and cur and size + nbytes > limit:
                chunks.append(cur)
                cur, size = [], 0
            cur.append(p)
            size += nbytes
        if cur:
            chunks.append(cur)
        for chunk in chunks:
            flat = torch.empty(sum(p.numel() for p in chunk), dtype=dtype, device=device)
            off = 0
            with torch.no_grad():
                for p in chunk:
                    n = p.numel()
                    view = flat[off:off + n].view(_PlainTensor.size(p))
                    view.copy_(_as_subclass(p, _PlainTensor))
                    torch.Tensor.data.__set__(p, view)
                    off += n
    return None


def _flatten_weights(self, fusion_size=0):
    """r2.3 ``Cell.flatten_weights`` (removed in 2.10): packs parameters into one contiguous buffer per dtype."""
    return flatten_weights(self, fusion_size)


CELL_METHODS = {"flatten_weights": _flatten_weights}  # installed on Cell by ms_compat/nn/_cell_features.py

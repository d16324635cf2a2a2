"""``mindspore.nn.EmbeddingLookup``: a table lookup whose out-of-range ids give zero rows (MindSpore's CPU
``EmbeddingLookup`` kernel semantics), with optional ``max_norm`` clipping of the looked-up rows."""
from __future__ import annotations

import torch

from ..cell import Cell
from .norm_cells import ClipByNorm
from ...common import dtype as mstype
from ...common.initializer import initializer
from ...common.parameter import Parameter

__all__ = ["EmbeddingLookup"]


class EmbeddingLookup(Cell):
    """Mirrors ``nn.EmbeddingLookup(vocab_size, embedding_size, param_init='normal', target='CPU',
    slice_mode='batch_slice', manual_shapes=None, max_norm=None, sparse=True, dtype=mstype.float32)``:
    Parameter ``embedding_table`` (vocab_size, embedding_size); ids outside ``[0, vocab_size)`` give zero
    rows. ``target``/``slice_mode``/``manual_shapes``/``sparse`` are stored (host/device placement and
    parameter-server slicing have no eager PyTorch meaning)."""

    def __init__(self, vocab_size, embedding_size, param_init="normal", target="CPU", slice_mode="batch_slice",
                 manual_shapes=None, max_norm=None, sparse=True, dtype=mstype.float32):
        super().__init__()
        if target not in ("CPU", "DEVICE"):
            raise ValueError(f"For 'EmbeddingLookup', the 'target' must be 'CPU' or 'DEVICE', but got {target}.")
        if not isinstance(vocab_size, int) or vocab_size <= 0 or not isinstance(embedding_size, int) \
                or embedding_size <= 0:
            raise ValueError("For 'EmbeddingLookup', 'vocab_size' and 'embedding_size' must be positive ints.")
        self.vocab_size, self.embedding_size = vocab_size, embedding_size
        self.target, self.slice_mode, self.manual_shapes, self.sparse = target, slice_mode, manual_shapes, sparse
        self.embedding_table = Parameter(initializer(param_init, [vocab_size, embedding_size], dtype=dtype),
                                         name="embedding_table")
        if max_norm is not None and (not isinstance(max_norm, float) or max_norm <= 0):
            raise ValueError(f"For 'EmbeddingLookup', 'max_norm' must be a positive float, but got {max_norm}.")
        self.max_norm = max_norm

    def construct(self, indices):
        ids = indices.long()
        valid = (ids >= 0) & (ids < self.vocab_size)
        out = torch.nn.functional.embedding(torch.where(valid, ids, torch.zeros_like(ids)), self.embedding_table)
        out = out * valid.unsqueeze(-1).to(out.dtype)
        if self.max_norm is not None:
            out = ClipByNorm(tuple(range(indices.dim(), out.dim())))(out, self.max_norm)
        return out

"""``mindspore.nn.Embedding`` on ``torch.nn.functional.embedding``."""
from __future__ import annotations

import torch.nn.functional as F
import torch

from ...common import dtype as mstype
from ...common.initializer import initializer
from ...common.parameter import Parameter
from ...common.tensor import run_plain
from ..cell import Cell
from ._checks import check_bool, positive_int

__all__ = ["Embedding"]


class Embedding(Cell):
    """Mirrors ``nn.Embedding(vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
    dtype=mstype.float32, padding_idx=None)``: Parameter ``embedding_table`` (vocab, dim), default
    Normal(sigma=0.01) (torch: N(0, 1), name ``weight``), float32 whatever ``dtype`` (as MindSpore). ``padding_idx``
    only zeroes that row at construction — its gradient is *not* masked (torch masks it)."""

    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table="normal",
                 dtype=mstype.float32, padding_idx=None):
        super().__init__()
        self.vocab_size = positive_int(vocab_size, "vocab_size", "Embedding")
        self.embedding_size = positive_int(embedding_size, "embedding_size", "Embedding")
        self.use_one_hot = check_bool(use_one_hot, "use_one_hot", "Embedding")
        self.dtype = mstype.to_torch_dtype(dtype)
        if padding_idx is not None:
            if isinstance(padding_idx, bool) or not isinstance(padding_idx, int) or \
                    not 0 <= padding_idx < vocab_size:
                raise ValueError(f"For 'Embedding', the 'padding_idx' must be in range of [0, {vocab_size}), but got "
                                 f"{padding_idx} with type '{type(padding_idx).__name__}'.")
        self.padding_idx = padding_idx
        # as MindSpore: the table is float32 whatever ``dtype`` (the type of the one-hot path's values)
        table = initializer(embedding_table, [vocab_size, embedding_size])
        if padding_idx is not None:
            with torch.no_grad():
                table[padding_idx] = 0
        self.embedding_table = Parameter(table, name="embedding_table")

    def construct(self, ids):
        try:
            return run_plain(F.embedding, ids, self.embedding_table)
        except RuntimeError:
            if ids.dtype.is_floating_point or ids.dtype.is_complex or ids.dtype == torch.bool:
                raise TypeError(f"For 'Embedding', the ids must be an integer tensor, but got "
                                f"{mstype.dtype_str(ids.dtype)}.") from None
            raise
        except IndexError:
            # MindSpore gathers negative ids from the end (-1: the last row) and raises RuntimeError
            # past the table; handled only on failure, so valid ids cost nothing extra
            n = self.embedding_table.shape[0]
            if bool(((ids < -n) | (ids >= n)).any()):
                bad = ids[(ids < -n) | (ids >= n)].flatten()[0].item()
                raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range [0, {n}), but got "
                                   f"{bad}.") from None
            return F.embedding(torch.remainder(ids, n), self.embedding_table)

    def extend_repr(self):
        return (f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
                f"use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table}, "
                f"dtype={mstype.dtype_str(self.dtype)}, padding_idx={self.padding_idx}")

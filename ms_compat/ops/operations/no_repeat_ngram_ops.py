"""``mindspore.ops.operations.NoRepeatNGram``: the beam-search ban of tokens that would repeat an n-gram."""
from __future__ import annotations

import torch

from ...common.tensor import to_torch
from .._utils import wrap
from ..primitive import Primitive

__all__ = ["NoRepeatNGram"]


class NoRepeatNGram(Primitive):
    """Mirrors ``ops.NoRepeatNGram(ngram_size=1)`` (deprecated in MindSpore 2.10, still callable):
    ``(state_seq, log_probs)`` with shapes ``(batch, beam, m)`` (int) and ``(batch, beam, vocab)`` (float) →
    ``log_probs`` where every token that would complete an ``ngram_size``-gram already in the beam's sequence is set
    to ``-FLT_MAX`` (the token following each earlier occurrence of the last ``ngram_size - 1`` tokens)."""

    def __init__(self, ngram_size=1):
        super().__init__("NoRepeatNGram")
        if not isinstance(ngram_size, int) or isinstance(ngram_size, bool):
            raise TypeError(f"For 'NoRepeatNGram', the 'ngram_size' must be int, but got {type(ngram_size).__name__}.")
        if ngram_size < 1:
            raise ValueError(f"For 'NoRepeatNGram', the 'ngram_size' must be greater than or equal to 1, but got "
                             f"{ngram_size}.")
        self.add_prim_attr("ngram_size", ngram_size)

    def __call__(self, state_seq, log_probs):
        for n, t in (("state_seq", state_seq), ("log_probs", log_probs)):
            if not isinstance(t, torch.Tensor):
                raise TypeError(f"For 'NoRepeatNGram', the '{n}' must be a Tensor, but got {type(t).__name__}.")
            if t.ndim != 3:
                raise ValueError(f"For 'NoRepeatNGram', the '{n}' must be a 3-D Tensor, but got {t.ndim}-D.")
        if state_seq.is_floating_point() or state_seq.is_complex():
            raise TypeError(f"For 'NoRepeatNGram', the 'state_seq' must be an int Tensor, but got {state_seq.dtype}.")
        if not log_probs.is_floating_point():
            raise TypeError(f"For 'NoRepeatNGram', the 'log_probs' must be a float Tensor, but got {log_probs.dtype}.")
        if state_seq.shape[:2] != log_probs.shape[:2]:
            raise ValueError("For 'NoRepeatNGram', the batch_size and beam_width of 'state_seq' and 'log_probs' must "
                             f"be equal, but got {tuple(state_seq.shape)} and {tuple(log_probs.shape)}.")
        n, m = self.ngram_size, state_seq.shape[-1]
        if n > m:
            raise ValueError(f"For 'NoRepeatNGram', the 'ngram_size' must be less than or equal to the sequence "
                             f"length {m}, but got {n}.")
        seq = to_torch(state_seq).reshape(-1, m).long()
        # windows of n tokens starting at 0..m-n; a window whose first n-1 tokens equal the last n-1 bans its last
        windows = seq.unfold(1, n, 1)                       # (rows, m-n+1, n)
        tail = seq[:, m - n + 1:]                           # (rows, n-1)
        match = (windows[:, :, :n - 1] == tail[:, None, :]).all(-1)
        vocab = log_probs.shape[-1]
        banned = torch.zeros(seq.shape[0], vocab, dtype=torch.bool, device=log_probs.device)
        tokens = windows[:, :, n - 1]
        ok = match & (tokens >= 0) & (tokens < vocab)
        rows = torch.arange(seq.shape[0], device=seq.device)[:, None].expand_as(tokens)
        banned[rows[ok], tokens[ok]] = True
        lp = to_torch(log_probs).reshape(-1, vocab)
        low = torch.full_like(lp, torch.finfo(torch.float32).min)
        return wrap(torch.where(banned, low, lp).reshape(log_probs.shape))

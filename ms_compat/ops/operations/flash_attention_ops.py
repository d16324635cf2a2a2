"""The ``FlashAttentionScore`` Primitive (``mindspore.ops.operations.nn_ops`` / ``ops.auto_generate``): the
attention of ``ops.flash_attention_score`` (ms_compat/ops/function/flash_attention_func.py) with the Primitive's
four outputs."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from .._utils import wrap
from ..function.flash_attention_func import _attention

__all__ = []  # MindSpore 2.10 has it in ops.operations.nn_ops and ops.auto_generate, not in ops / ops.operations


class FlashAttentionScore(Primitive):
    """Mirrors ``FlashAttentionScore(head_num, keep_prob=1.0, scale_value=1.0, pre_tokens=2147483647,
    next_tokens=2147483647, inner_precise=0, input_layout='BSH', sparse_mode=0)``: ``(query, key, value,
    real_shift=None, drop_mask=None, padding_mask=None, attn_mask=None, prefix=None, actual_seq_qlen=None,
    actual_seq_kvlen=None)`` → ``(softmax_max, softmax_sum, softmax_out, attention_out)``: the row maxima and the
    sums of ``exp(score - max)`` of the scaled, masked scores, float32 of shape (B, N1, S1, 8) (the value repeated
    8 times, as the Ascend kernel lays it out), an empty ``softmax_out`` and the attention output."""

    def __init__(self, head_num, keep_prob=1.0, scale_value=1.0, pre_tokens=2147483647, next_tokens=2147483647,
                 inner_precise=0, input_layout="BSH", sparse_mode=0):
        super().__init__("FlashAttentionScore")
        self.head_num, self.keep_prob, self.scale_value = int(head_num), float(keep_prob), float(scale_value)
        self.pre_tokens, self.next_tokens, self.inner_precise = int(pre_tokens), int(next_tokens), int(inner_precise)
        self.input_layout, self.sparse_mode = input_layout, int(sparse_mode)
        for k in ("head_num", "keep_prob", "scale_value", "pre_tokens", "next_tokens", "inner_precise",
                  "input_layout", "sparse_mode"):
            self.add_prim_attr(k, getattr(self, k))

    def __call__(self, query, key, value, real_shift=None, drop_mask=None, padding_mask=None, attn_mask=None,
                 prefix=None, actual_seq_qlen=None, actual_seq_kvlen=None):
        out, scores = _attention(query, key, value, self.head_num, real_shift, attn_mask, self.keep_prob,
                                 self.scale_value, self.pre_tokens, self.next_tokens, self.input_layout,
                                 self.sparse_mode, drop_mask, prefix, actual_seq_qlen, actual_seq_kvlen)
        mx = scores.amax(-1, keepdim=True)
        sm = torch.exp(scores - mx).sum(-1, keepdim=True)
        shape = tuple(scores.shape[:-1]) + (8,)
        return (wrap(torch.broadcast_to(mx, shape).contiguous()), wrap(torch.broadcast_to(sm, shape).contiguous()),
                wrap(torch.zeros((), dtype=query.dtype)), wrap(out))

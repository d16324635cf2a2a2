"""``mindspore.ops.flash_attention_score`` and the ``FlashAttentionScore`` Primitive (``ops.operations.nn_ops`` /
``ops.auto_generate``): fused attention, an Ascend kernel in MindSpore 2.10, here its documented formula in torch ops

    attention_out = Dropout(Softmax(Mask(scale * query @ key^T + real_shift, attn_mask)), keep_prob) @ value

for the layouts ``BSH``, ``BNSD``, ``SBH`` and ``BSND``, grouped-query attention (``N1`` a multiple of ``N2``),
``attn_mask`` (1/True = discard), ``sparse_mode`` 0 (with the ``pre_tokens``/``next_tokens`` band), 1 (full
``attn_mask``), 2 (left-up causal) and 3 (right-down causal). Scores are computed in float32 and the result is cast
back to the query's dtype. Not provided: the ``TND`` layout, ``prefix`` (sparse_mode 5) and an explicit
``drop_mask`` (``keep_prob < 1`` draws torch's dropout). MindSpore documents the position bias ``real_shift`` as added
after the scaling for the function and inside it for the Primitive; both apply it after the scaling here, as the
function's documentation gives.
"""
from __future__ import annotations

import torch

from .._utils import wrap

__all__ = ["flash_attention_score"]

_LAYOUTS = ("BSH", "BNSD", "SBH", "BSND")


def _to_bnsd(x, layout, heads):
    if layout == "BNSD":
        return x
    if layout == "BSND":
        return x.permute(0, 2, 1, 3)
    if layout == "SBH":
        x = x.permute(1, 0, 2)
    b, s, h = x.shape
    return x.reshape(b, s, heads, h // heads).permute(0, 2, 1, 3)


def _from_bnsd(x, layout):
    if layout == "BNSD":
        return x
    if layout == "BSND":
        return x.permute(0, 2, 1, 3)
    b, n, s, d = x.shape
    x = x.permute(0, 2, 1, 3).reshape(b, s, n * d)
    return x.permute(1, 0, 2) if layout == "SBH" else x


def _attention(query, key, value, head_num, real_shift, attn_mask, keep_prob, scalar_value, pre_tokens, next_tokens,
               input_layout, sparse_mode, drop_mask=None, prefix=None, actual_seq_qlen=None, actual_seq_kvlen=None):
    """(attention_out in the query's layout, scaled masked scores in float32 (B, N1, S1, S2))."""
    if input_layout not in _LAYOUTS:
        raise ValueError(f"For 'FlashAttentionScore', 'input_layout' must be one of {list(_LAYOUTS)} here (TND is "
                         f"not provided), but got {input_layout}.")
    if sparse_mode not in (0, 1, 2, 3):
        raise ValueError(f"For 'FlashAttentionScore', 'sparse_mode' {sparse_mode} is not provided (0, 1, 2, 3 are).")
    if drop_mask is not None or prefix is not None or actual_seq_qlen is not None or actual_seq_kvlen is not None:
        raise ValueError("For 'FlashAttentionScore', 'drop_mask', 'prefix', 'actual_seq_qlen' and 'actual_seq_kvlen' "
                         "are not provided.")
    if not 0.0 < keep_prob <= 1.0:
        raise ValueError(f"For 'FlashAttentionScore', 'keep_prob' must be in (0.0, 1.0], but got {keep_prob}.")
    n2 = head_num
    if input_layout in ("BSH", "SBH"):
        n2 = head_num * key.shape[-1] // query.shape[-1]
    q = _to_bnsd(query, input_layout, head_num).float()
    k = _to_bnsd(key, input_layout, n2).float()
    v = _to_bnsd(value, input_layout, n2).float()
    n1, n2 = q.shape[1], k.shape[1]
    if n1 % n2:
        raise ValueError(f"For 'FlashAttentionScore', the head number of 'key' ({n2}) must divide that of 'query' "
                         f"({n1}).")
    if n2 != n1:
        k = k.repeat_interleave(n1 // n2, 1)
        v = v.repeat_interleave(n1 // n2, 1)
    scores = torch.matmul(q, k.transpose(-1, -2)) * scalar_value
    if real_shift is not None:
        scores = scores + real_shift.float()
    s1, s2 = scores.shape[-2:]
    drop = None
    if attn_mask is not None and sparse_mode in (0, 1):
        m = attn_mask.bool()
        drop = m if m.dim() == 4 else m.reshape((1, 1) + tuple(m.shape[-2:]))
    rows = torch.arange(s1, device=scores.device).unsqueeze(1)
    cols = torch.arange(s2, device=scores.device).unsqueeze(0)
    band = None
    if sparse_mode == 0 and (pre_tokens < s1 + s2 or next_tokens < s1 + s2):
        band = (cols < rows - pre_tokens) | (cols > rows + next_tokens)
    elif sparse_mode == 2:
        band = cols > rows
    elif sparse_mode == 3:
        band = cols > rows + (s2 - s1)
    if band is not None:
        drop = band if drop is None else (drop | band)
    if drop is not None:
        scores = scores.masked_fill(drop, float("-inf"))
    probs = torch.softmax(scores, -1)
    if drop is not None:
        probs = torch.nan_to_num(probs, nan=0.0)  # a fully masked row attends to nothing
    if keep_prob < 1.0:
        probs = torch.nn.functional.dropout(probs, 1.0 - keep_prob)
    out = torch.matmul(probs, v).to(query.dtype)
    return _from_bnsd(out, input_layout), scores


def flash_attention_score(query, key, value, head_num, real_shift=None, drop_mask=None, padding_mask=None,
                          attn_mask=None, prefix=None, actual_seq_qlen=None, actual_seq_kvlen=None, keep_prob=1.0,
                          scalar_value=1.0, pre_tokens=2147483647, next_tokens=2147483647, inner_precise=0,
                          input_layout="BSH", sparse_mode=0):
    """Mirrors ``ops.flash_attention_score(query, key, value, head_num, real_shift=None, drop_mask=None,
    padding_mask=None, attn_mask=None, prefix=None, actual_seq_qlen=None, actual_seq_kvlen=None, keep_prob=1.0,
    scalar_value=1.0, pre_tokens=2147483647, next_tokens=2147483647, inner_precise=0, input_layout='BSH',
    sparse_mode=0)`` → ``attention_out`` (see the module docstring for what is provided)."""
    out, _ = _attention(query, key, value, head_num, real_shift, attn_mask, keep_prob, scalar_value, pre_tokens,
                        next_tokens, input_layout, sparse_mode, drop_mask, prefix, actual_seq_qlen, actual_seq_kvlen)
    return wrap(out)

"""MindSpore's mixture-of-experts token routing helpers ``ops.moe_token_permute`` / ``ops.moe_token_unpermute``
(Ascend kernels in MindSpore 2.10; here their documented behaviour in torch ops, differentiable w.r.t. the tokens and
probabilities)."""
from __future__ import annotations

import torch

from .._utils import wrap

__all__ = ["moe_token_permute", "moe_token_unpermute"]


def moe_token_permute(tokens, indices, num_out_tokens=None, padded_mode=False):
    """Mirrors ``ops.moe_token_permute(tokens, indices, num_out_tokens=None, padded_mode=False)``: tokens grouped by
    expert index (a stable sort of the flattened ``indices``, shape ``(num_tokens,)`` or ``(num_tokens, topk)``);
    returns ``(permuted_tokens, sorted_indices)`` where ``sorted_indices[i]`` (int32) is the row of the permuted
    output that flattened entry ``i`` went to. ``num_out_tokens`` keeps the first rows (dropped tokens)."""
    if not isinstance(tokens, torch.Tensor) or not isinstance(indices, torch.Tensor):
        raise TypeError("For 'MoeTokenPermute', 'tokens' and 'indices' must be Tensors.")
    if indices.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For 'MoeTokenPermute', the dtype of 'indices' must be int32 or int64, but got "
                        f"{indices.dtype}.")
    if num_out_tokens is not None and (not isinstance(num_out_tokens, int) or isinstance(num_out_tokens, bool)):
        raise TypeError("For 'MoeTokenPermute', 'num_out_tokens' must be an integer.")
    if not isinstance(padded_mode, bool):
        raise TypeError("For 'MoeTokenPermute', 'padded_mode' must be a bool.")
    if padded_mode:
        raise ValueError("For 'MoeTokenPermute', 'padded_mode' can only be False currently.")
    topk = 1 if indices.dim() == 1 else indices.shape[1]
    flat = torch.Tensor.as_subclass(indices, torch.Tensor).reshape(-1)
    order = torch.argsort(flat, stable=True)
    n = flat.numel() if not num_out_tokens else num_out_tokens
    permuted = torch.index_select(tokens, 0, order[:n] // topk)
    sorted_indices = torch.argsort(order, stable=True).to(torch.int32)
    return wrap(permuted), wrap(sorted_indices)


def moe_token_unpermute(permuted_tokens, sorted_indices, probs=None, padded_mode=False, restore_shape=None):
    """Mirrors ``ops.moe_token_unpermute(permuted_tokens, sorted_indices, probs=None, padded_mode=False,
    restore_shape=None)``: the inverse of ``moe_token_permute`` — row ``i`` of the result gathers permuted row
    ``sorted_indices[i]`` (rows beyond the permuted ones, i.e. dropped tokens, are zeros); with ``probs``
    (``(num_tokens, topk)``) the ``topk`` copies of each token are weighted by them and summed."""
    if not isinstance(permuted_tokens, torch.Tensor):
        raise TypeError("For 'MoeTokenUnpermute', 'permuted_tokens' must be a Tensor.")
    if padded_mode:
        raise ValueError("For 'MoeTokenUnpermute', only padded_mode=False is supported.")
    idx = torch.Tensor.as_subclass(sorted_indices, torch.Tensor).long()
    rows = permuted_tokens.shape[0]
    if rows < idx.numel():  # dropped tokens read zeros
        pad = permuted_tokens.new_zeros((idx.numel() - rows,) + tuple(permuted_tokens.shape[1:]))
        permuted_tokens = torch.cat([permuted_tokens, pad], 0)
    out = torch.index_select(permuted_tokens, 0, idx)
    if probs is None:
        return wrap(out)
    topk = probs.shape[-1]
    out = out.reshape(-1, topk, out.shape[-1]) * probs.unsqueeze(-1).to(out.dtype)
    return wrap(out.sum(1))

"""``mindspore.ops.cond(A, p=None)``: the condition number of a matrix (or a batch of them)."""
from __future__ import annotations

import torch

from .._utils import wrap

__all__ = ["cond"]


def cond(A, p=None):
    """Mirrors ``ops.cond(A, p=None)``: ``norm(A, p) * norm(inverse(A), p)`` with MindSpore's ``ops.norm`` (``p``
    None means 2, the largest singular value); batched over the leading axes."""
    from .math_func import norm, inverse
    if p is None:
        p = 2
    if A.dim() >= 3:
        flat = A.reshape((-1,) + tuple(A.shape[-2:]))
        out = torch.stack([torch.as_tensor(norm(m, p) * norm(inverse(m), p)).float() for m in flat])
        return wrap(out.reshape(A.shape[:-2]))
    return norm(A, p) * norm(inverse(A), p)

"""``mindspore.mint.linalg``: on ``torch.linalg`` (same names and meaning, MindSpore's argument names)."""
from __future__ import annotations

from ._thin import define_all as _define_all

_TABLE = r"""
inv(input) : torch.linalg.inv(input)
vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None) : torch.linalg.vector_norm(x, ord, dim, keepdim, dtype=dtype)
matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None) : torch.linalg.matrix_norm(A, ord, dim, keepdim, dtype=dtype)
norm(A, ord=None, dim=None, keepdim=False, *, dtype=None) : torch.linalg.norm(A, ord, dim, keepdim, dtype=dtype)
qr(A, mode='reduced') : tuple(torch.linalg.qr(A, mode))
"""

__all__ = _define_all(_TABLE, globals(), __name__)

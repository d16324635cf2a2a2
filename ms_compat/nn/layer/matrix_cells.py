"""Matrix Cells of ``mindspore.nn``: ``MatMul``, ``MatrixDiag``, ``MatrixDiagPart``, ``MatrixSetDiag``,
``MatDet``, ``MatInverse`` (each one PyTorch call in ``construct``)."""
from __future__ import annotations

import torch

from ..cell import Cell

__all__ = ["MatMul", "MatrixDiag", "MatrixDiagPart", "MatrixSetDiag", "MatDet", "MatInverse"]


class MatMul(Cell):
    """Mirrors ``nn.MatMul(transpose_x1=False, transpose_x2=False)``: batched matmul with broadcasting
    of the batch dims; the flags transpose the last two axes of the inputs (rank ≥ 2) first."""

    def __init__(self, transpose_x1=False, transpose_x2=False):
        super().__init__()
        if not isinstance(transpose_x1, bool) or not isinstance(transpose_x2, bool):
            raise TypeError("For 'MatMul', the type of 'transpose_x1' and 'transpose_x2' must be bool.")
        self.transpose_x1 = transpose_x1
        self.transpose_x2 = transpose_x2

    def construct(self, x1, x2):
        if self.transpose_x1 and x1.dim() >= 2:
            x1 = x1.transpose(-1, -2) if not hasattr(x1, "asnumpy") else torch.Tensor.transpose(x1, -1, -2)
        if self.transpose_x2 and x2.dim() >= 2:
            x2 = torch.Tensor.transpose(x2, -1, -2)
        return torch.matmul(x1, x2)


class MatrixDiag(Cell):
    """Mirrors ``nn.MatrixDiag()``: ``x`` (..., n) → (..., n, n) with ``x`` on the diagonal.
    (MindSpore 2.10 has no CPU kernel for it; the result is the documented one.)"""

    def construct(self, x):
        return torch.diag_embed(x)


class MatrixDiagPart(Cell):
    """Mirrors ``nn.MatrixDiagPart()``: the main diagonal of the last two axes (no CPU kernel in MindSpore 2.10)."""

    def construct(self, x):
        return torch.diagonal(x, 0, -2, -1)


class MatrixSetDiag(Cell):
    """Mirrors ``nn.MatrixSetDiag()``: ``(x, diagonal)`` → ``x`` with its main diagonal replaced
    (no CPU kernel in MindSpore 2.10)."""

    def construct(self, x, diagonal):
        return torch.diagonal_scatter(x, diagonal.to(x.dtype), 0, -2, -1)


class MatDet(Cell):
    """Mirrors ``nn.MatDet()``: batched determinant (no CPU kernel in MindSpore 2.10)."""

    def construct(self, a):
        return torch.linalg.det(a)


class MatInverse(Cell):
    """Mirrors ``nn.MatInverse()``: batched inverse (no CPU kernel in MindSpore 2.10)."""

    def construct(self, a):
        return torch.linalg.inv(a)

"""``mindspore.ops.operations.MatrixLogarithm``: the principal matrix logarithm of complex square matrices."""
from __future__ import annotations

import torch

from .._utils import wrap
from ..primitive import Primitive

__all__ = ["MatrixLogarithm"]


class MatrixLogarithm(Primitive):
    """Mirrors ``ops.MatrixLogarithm()``: ``x`` complex64 / complex128 of shape ``(..., n, n)`` → its principal
    logarithm ``logm(x)`` (same shape and dtype). ``TypeError`` for a real Tensor, ``ValueError`` for non-square
    matrices, as MindSpore. Difference: computed by eigendecomposition (``V diag(log λ) V⁻¹``, in complex128),
    where MindSpore (Eigen) uses a Schur decomposition with Padé approximants — the same result for
    diagonalizable matrices; a defective (non-diagonalizable) matrix gives inaccurate results here."""

    def __init__(self):
        super().__init__("MatrixLogarithm")

    def __call__(self, x):
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"For 'MatrixLogarithm', the 'x' must be a Tensor, but got {type(x).__name__}.")
        if x.dtype not in (torch.complex64, torch.complex128):
            raise TypeError(f"For 'MatrixLogarithm', the 'x' must be complex64 or complex128, but got {x.dtype}.")
        if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
            raise ValueError(f"For 'MatrixLogarithm', the 'x' must be square matrices (..., n, n), but got shape "
                             f"{tuple(x.shape)}.")
        a = x.to(torch.complex128)
        vals, vecs = torch.linalg.eig(a)
        out = vecs @ torch.diag_embed(torch.log(vals)) @ torch.linalg.inv(vecs)
        return wrap(out.to(x.dtype))

"""Linear-algebra Primitives of ``mindspore.ops.operations``: ``MatrixInverse``, ``MatrixDeterminant``,
``LogMatrixDeterminant``, ``Cholesky``, ``CholeskyInverse``, ``CholeskySolve``, ``Qr``, ``Svd``,
``MatrixSolve``, ``MatrixPower``, ``MatrixExp``, ``MatrixTriangularSolve`` — on ``torch.linalg``."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from .._utils import wrap
from ..function import linalg_func as _l

__all__ = ["MatrixInverse", "MatrixDeterminant", "LogMatrixDeterminant", "Cholesky", "CholeskyInverse",
           "CholeskySolve", "Qr", "Svd", "MatrixSolve", "MatrixPower", "MatrixExp", "MatrixTriangularSolve"]


class _LinalgPrim(Primitive):
    def __init__(self, **attrs):
        super().__init__(type(self).__name__)
        for k, v in attrs.items():
            self.add_prim_attr(k, v)


class MatrixInverse(_LinalgPrim):
    """Mirrors ``ops.MatrixInverse(adjoint=False)``: ``(x)`` → ``inv(x)`` (``inv(x^H)`` when ``adjoint``)."""

    def __init__(self, adjoint=False):
        super().__init__(adjoint=adjoint)

    def __call__(self, x):
        return torch.linalg.inv(x.mH if self.adjoint else x)


class MatrixDeterminant(_LinalgPrim):
    """Mirrors ``ops.MatrixDeterminant()``."""

    def __call__(self, x):
        return torch.linalg.det(x)


class LogMatrixDeterminant(_LinalgPrim):
    """Mirrors ``ops.LogMatrixDeterminant()``: ``(x)`` → ``(sign, log|det|)``."""

    def __call__(self, x):
        return _l.log_matrix_determinant(x)


class Cholesky(_LinalgPrim):
    """Mirrors ``ops.Cholesky(upper=False)``."""

    def __init__(self, upper=False):
        super().__init__(upper=upper)

    def __call__(self, x):
        return torch.linalg.cholesky(x, upper=self.upper)


class CholeskyInverse(_LinalgPrim):
    """Mirrors ``ops.CholeskyInverse(upper=False)``: ``(u)`` the Cholesky factor → ``inv(A)``."""

    def __init__(self, upper=False):
        super().__init__(upper=upper)

    def __call__(self, x):
        return torch.cholesky_inverse(x, upper=self.upper)


class CholeskySolve(_LinalgPrim):
    """Mirrors ``ops.CholeskySolve(upper=False)``: ``(x1, x2)`` solves ``A X = x1`` with factor ``x2``."""

    def __init__(self, upper=False):
        super().__init__(upper=upper)

    def __call__(self, x1, x2):
        return torch.cholesky_solve(x1, x2, upper=self.upper)


class Qr(_LinalgPrim):
    """Mirrors ``ops.Qr(full_matrices=False)``: ``(x)`` → ``(Q, R)``."""

    def __init__(self, full_matrices=False):
        super().__init__(full_matrices=full_matrices)

    def __call__(self, x):
        q, r = torch.linalg.qr(x, mode="complete" if self.full_matrices else "reduced")
        return wrap(q), wrap(r)


class Svd(_LinalgPrim):
    """Mirrors ``ops.Svd(full_matrices=False, compute_uv=True)``: ``(x)`` → ``(s, u, v)``; with
    ``compute_uv=False`` ``u`` and ``v`` are shape-(1,) zeros, as MindSpore returns."""

    def __init__(self, full_matrices=False, compute_uv=True):
        super().__init__(full_matrices=full_matrices, compute_uv=compute_uv)

    def __call__(self, x):
        if not self.compute_uv:
            z = wrap(torch.zeros(1, dtype=x.dtype, device=x.device))
            return wrap(torch.linalg.svdvals(x)), z, z.clone()
        return _l.svd(x, self.full_matrices, True)


class MatrixSolve(_LinalgPrim):
    """Mirrors ``ops.MatrixSolve(adjoint=False)``: ``(matrix, rhs)`` solves ``matrix X = rhs``."""

    def __init__(self, adjoint=False):
        super().__init__(adjoint=adjoint)

    def __call__(self, matrix, rhs):
        return torch.linalg.solve(matrix.mH if self.adjoint else matrix, rhs)


class MatrixPower(_LinalgPrim):
    """Mirrors ``ops.MatrixPower(n)``: ``(x)`` batched integer matrix power."""

    def __init__(self, n):
        super().__init__(n=n)

    def __call__(self, x):
        return torch.linalg.matrix_power(x, self.n)


class MatrixExp(_LinalgPrim):
    """Mirrors ``ops.MatrixExp()`` (MindSpore 2.10 has no CPU kernel for it)."""

    def __call__(self, x):
        return torch.linalg.matrix_exp(x)


class MatrixTriangularSolve(_LinalgPrim):
    """Mirrors ``ops.MatrixTriangularSolve(lower=True, adjoint=False)``: ``(matrix, rhs)``."""

    def __init__(self, lower=True, adjoint=False):
        super().__init__(lower=lower, adjoint=adjoint)

    def __call__(self, matrix, rhs):
        m = matrix.mH if self.adjoint else matrix
        return torch.linalg.solve_triangular(m, rhs, upper=(not self.lower) != self.adjoint)

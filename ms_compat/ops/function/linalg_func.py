"""Linear algebra of ``mindspore.ops`` beyond math_func: decompositions (``cholesky``, ``qr``,
``svd``), determinants, inverses/solves, matrix functions, norms and the matrix-vector products
(``mv``, ``addmv``, ``addr``, ``ger``, ``vecdot``, ``addbmm``) — each on ``torch.linalg``."""
from __future__ import annotations

import torch

from .._utils import check_tensor, ms_dtype, wrap

__all__ = ["cholesky", "cholesky_inverse", "cholesky_solve", "svd", "qr", "matrix_determinant",
           "log_matrix_determinant", "slogdet", "logdet", "pinv", "matrix_power", "matrix_exp", "vector_norm",
           "matrix_norm", "mv", "addmv", "addr", "ger", "vecdot", "addbmm"]


def cholesky(input_x, upper=False):
    """Mirrors ``ops.cholesky(input_x, upper=False)``."""
    check_tensor("cholesky", input_x, "input_x")
    return torch.linalg.cholesky(input_x, upper=upper)


def cholesky_inverse(input_x, upper=False):
    """Mirrors ``ops.cholesky_inverse(input_x, upper=False)``: inverse of ``A`` from its factor."""
    return torch.cholesky_inverse(input_x, upper=upper)


def cholesky_solve(input, input2, upper=False):
    """Mirrors ``ops.cholesky_solve(input, input2, upper=False)``: solves ``A X = input`` with the
    Cholesky factor ``input2`` of ``A``."""
    return torch.cholesky_solve(input, input2, upper=upper)


def svd(input, full_matrices=False, compute_uv=True):
    """Mirrors ``ops.svd(input, full_matrices=False, compute_uv=True)``: ``(s, u, v)`` — MindSpore's
    order, with ``v`` (not ``v^H``) — or ``s`` alone when ``compute_uv=False``."""
    check_tensor("svd", input)
    if not compute_uv:
        return torch.linalg.svdvals(input)
    u, s, vh = torch.linalg.svd(input, full_matrices=full_matrices)
    return wrap(s), wrap(u), wrap(vh.mH)


def qr(input, mode="reduced"):
    """Mirrors ``ops.qr(input, mode='reduced')``: ``(Q, R)``; ``mode`` 'reduced' or 'complete'."""
    if mode not in ("reduced", "complete"):
        raise ValueError(f"For 'qr', the 'mode' must be 'reduced' or 'complete', but got {mode}.")
    q, r = torch.linalg.qr(input, mode=mode)
    return wrap(q), wrap(r)


def matrix_determinant(input):
    """Mirrors ``ops.matrix_determinant(input)``."""
    return torch.linalg.det(input)


def log_matrix_determinant(input):
    """Mirrors ``ops.log_matrix_determinant(input)``: ``(sign, log|det|)``."""
    sign, logabs = torch.linalg.slogdet(input)
    return wrap(sign), wrap(logabs)


def slogdet(input):
    """Mirrors ``ops.slogdet(input)``: ``(sign, log|det|)``."""
    return log_matrix_determinant(input)


def logdet(input):
    """Mirrors ``ops.logdet(input)`` (NaN for a negative determinant)."""
    return torch.logdet(input)


def pinv(x, *, atol=None, rtol=None, hermitian=False):
    """Mirrors ``ops.pinv(x, *, atol=None, rtol=None, hermitian=False)``."""
    return torch.linalg.pinv(x, atol=atol, rtol=rtol, hermitian=hermitian)


def matrix_power(input, n):
    """Mirrors ``ops.matrix_power(input, n)``."""
    return torch.linalg.matrix_power(input, int(n))


def matrix_exp(input):
    """Mirrors ``ops.matrix_exp(input)`` (MindSpore 2.10 has no CPU kernel for it)."""
    return torch.linalg.matrix_exp(input)


def vector_norm(x, ord=2, axis=None, keepdims=False, *, dtype=None):
    """Mirrors ``ops.vector_norm(x, ord=2, axis=None, keepdims=False, *, dtype=None)``."""
    if isinstance(axis, list):
        axis = tuple(axis)
    return torch.linalg.vector_norm(x, ord=ord, dim=axis, keepdim=keepdims, dtype=ms_dtype("vector_norm", dtype))


def matrix_norm(A, ord="fro", axis=(-2, -1), keepdims=False, *, dtype=None):
    """Mirrors ``ops.matrix_norm(A, ord='fro', axis=(-2, -1), keepdims=False, *, dtype=None)``."""
    return torch.linalg.matrix_norm(A, ord=ord, dim=tuple(axis), keepdim=keepdims,
                                    dtype=ms_dtype("matrix_norm", dtype))


def mv(mat, vec):
    """Mirrors ``ops.mv(mat, vec)``."""
    return torch.mv(mat, vec)


def addmv(input, mat, vec, *, beta=1, alpha=1):
    """Mirrors ``ops.addmv(input, mat, vec, *, beta=1, alpha=1)``: ``beta*input + alpha*(mat @ vec)``."""
    return torch.addmv(input, mat, vec, beta=beta, alpha=alpha)


def addr(x, vec1, vec2, *, beta=1, alpha=1):
    """Mirrors ``ops.addr(x, vec1, vec2, *, beta=1, alpha=1)``: ``beta*x + alpha*outer(vec1, vec2)``."""
    return torch.addr(x, vec1, vec2, beta=beta, alpha=alpha)


def ger(input, vec2):
    """Mirrors ``ops.ger(input, vec2)``: outer product."""
    return torch.outer(input, vec2)


def vecdot(x, y, *, axis=-1):
    """Mirrors ``ops.vecdot(x, y, *, axis=-1)``: ``sum(conj(x) * y, axis)``."""
    return torch.linalg.vecdot(x, y, dim=axis)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """Mirrors ``ops.addbmm(input, batch1, batch2, *, beta=1, alpha=1)``."""
    return torch.addbmm(input, batch1, batch2, beta=beta, alpha=alpha)

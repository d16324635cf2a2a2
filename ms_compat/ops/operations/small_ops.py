"""Small Primitives of ``mindspore.ops.operations``: ``ScatterNonAliasingAdd``, ``AccumulateNV2``,
``ParallelConcat``, ``FillV2``, ``ScalarToArray``, ``ListDiff``, ``RaggedRange``, ``TridiagonalMatMul``,
``RGBToHSV``, ``HSVToRGB``, ``Cauchy``, ``LogNormalReverse``, ``MatrixSolveLs``, ``identity``."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from .._utils import to_tensor, wrap, ms_dtype, shape_tuple

__all__ = ["ScatterNonAliasingAdd", "AccumulateNV2", "ParallelConcat", "FillV2", "ScalarToArray", "ListDiff",
           "RaggedRange", "TridiagonalMatMul", "RGBToHSV", "HSVToRGB", "Cauchy", "LogNormalReverse", "MatrixSolveLs",
           "MatrixDiagV3", "MatrixDiagPartV3", "MatrixSetDiagV3"]
# ``identity`` is kept out of __all__: ``ops.identity`` is the function, only ``P.identity`` is this Primitive


class _P(Primitive):
    def __init__(self, **attrs):
        super().__init__(type(self).__name__)
        for k, v in attrs.items():
            self.add_prim_attr(k, v)


class ScatterNonAliasingAdd(_P):
    """Mirrors ``ops.ScatterNonAliasingAdd()``: ``(input_x, indices, updates)`` adds ``updates`` at the N-d
    ``indices`` of the Parameter ``input_x`` in place and returns it."""

    def __call__(self, input_x, indices, updates):
        with torch.no_grad():
            input_x.index_put_(tuple(indices.long().unbind(-1)), updates.to(input_x.dtype), accumulate=True)
        return input_x


class AccumulateNV2(_P):
    """Mirrors ``ops.AccumulateNV2()``: ``(x)`` a tuple/list of tensors → their element-wise sum."""

    def __call__(self, x):
        out = x[0]
        for t in x[1:]:
            out = out + t
        return out


class ParallelConcat(_P):
    """Mirrors ``ops.ParallelConcat()``: ``(values)`` tensors with a leading axis of 1 concatenated on axis 0."""

    def __call__(self, values):
        for v in values:
            if v.shape[0] != 1:
                raise ValueError(f"For 'ParallelConcat', each input must have shape[0] == 1, but got {tuple(v.shape)}.")
        return torch.cat(list(values), 0)


class FillV2(_P):
    """Mirrors ``ops.FillV2()``: ``(shape, value)`` with ``value`` a 0-d Tensor whose dtype the output keeps."""

    def __call__(self, shape, value):
        value = to_tensor(value)
        return wrap(torch.full(shape_tuple("FillV2", shape), value.item(), dtype=value.dtype))


class ScalarToArray(_P):
    """Mirrors ``ops.ScalarToArray()``: a Python number → 0-d Tensor (float32 for float, int64 for int)."""

    def __call__(self, x):
        if isinstance(x, bool) or not isinstance(x, (int, float)):
            raise TypeError(f"For 'ScalarToArray', the input must be int or float, but got {type(x).__name__}.")
        return wrap(torch.tensor(x, dtype=torch.float32 if isinstance(x, float) else torch.int64))


class ListDiff(_P):
    """Mirrors ``ops.ListDiff(out_idx=mstype.int32)``: ``(x, y)`` → ``(out, idx)``: the values of ``x`` not in
    ``y`` (order kept) and their positions in ``x``."""

    def __init__(self, out_idx=torch.int32):
        super().__init__(out_idx=ms_dtype("ListDiff", out_idx))

    def __call__(self, x, y):
        keep = ~torch.isin(x, y)
        idx = torch.nonzero(keep).reshape(-1)
        return x[keep], wrap(idx.to(self.out_idx))


class RaggedRange(_P):
    """Mirrors ``ops.RaggedRange(Tsplits)``: ``(starts, limits, deltas)`` → ``(rt_nested_splits, rt_dense_values)``."""

    def __init__(self, Tsplits):
        super().__init__(Tsplits=ms_dtype("RaggedRange", Tsplits))

    def __call__(self, starts, limits, deltas):
        s, l, d = (torch.broadcast_tensors(to_tensor(starts).reshape(-1), to_tensor(limits).reshape(-1),
                                           to_tensor(deltas).reshape(-1)))
        vals, splits = [], [0]
        for a, b, c in zip(s.tolist(), l.tolist(), d.tolist()):
            r = torch.arange(a, b, c, dtype=s.dtype) if (b - a) * c > 0 else torch.empty(0, dtype=s.dtype)
            vals.append(r)
            splits.append(splits[-1] + r.numel())
        return wrap(torch.tensor(splits, dtype=self.Tsplits)), wrap(torch.cat(vals) if vals else
                                                                    torch.empty(0, dtype=s.dtype))


class TridiagonalMatMul(_P):
    """Mirrors ``ops.TridiagonalMatMul()``: ``(superdiag, maindiag, subdiag, rhs)`` with diagonals of shape
    (..., 1, M) (superdiag's last and subdiag's first entries ignored) → ``T @ rhs``."""

    def __call__(self, superdiag, maindiag, subdiag, rhs):
        sup, main, sub = superdiag[..., 0, :], maindiag[..., 0, :], subdiag[..., 0, :]
        out = main.unsqueeze(-1) * rhs
        out[..., :-1, :] += sup[..., :-1].unsqueeze(-1) * rhs[..., 1:, :]
        out[..., 1:, :] += sub[..., 1:].unsqueeze(-1) * rhs[..., :-1, :]
        return out


class RGBToHSV(_P):
    """Mirrors ``ops.RGBToHSV()``: last axis (r, g, b) in [0, 1] → (h, s, v) with h in [0, 1)."""

    def __call__(self, images):
        r, g, b = images.unbind(-1)
        v, _ = images.max(-1)
        mn, _ = images.min(-1)
        delta = v - mn
        s = torch.where(v > 0, delta / torch.where(v > 0, v, torch.ones_like(v)), torch.zeros_like(v))
        safe = torch.where(delta > 0, delta, torch.ones_like(delta))
        h = torch.where(v == r, (g - b) / safe, torch.where(v == g, 2 + (b - r) / safe, 4 + (r - g) / safe))
        h = torch.where(delta > 0, h / 6, torch.zeros_like(h))
        h = torch.where(h < 0, h + 1, h)
        return torch.stack([h, s, v], -1)


class HSVToRGB(_P):
    """Mirrors ``ops.HSVToRGB()``: last axis (h, s, v) → (r, g, b)."""

    def __call__(self, x):
        h, s, v = x.unbind(-1)
        h6 = (h * 6) % 6
        c = v * s
        xx = c * (1 - torch.abs(h6 % 2 - 1))
        m = v - c
        z = torch.zeros_like(h)
        sector = torch.floor(h6).long()
        rgb = [(c, xx, z), (xx, c, z), (z, c, xx), (z, xx, c), (xx, z, c), (c, z, xx)]
        r = sum(torch.where(sector == i, t[0], z) for i, t in enumerate(rgb))
        g = sum(torch.where(sector == i, t[1], z) for i, t in enumerate(rgb))
        b = sum(torch.where(sector == i, t[2], z) for i, t in enumerate(rgb))
        return torch.stack([r + m, g + m, b + m], -1)


class Cauchy(_P):
    """Mirrors ``ops.Cauchy(size, median=0.0, sigma=1.0)``: called with no input → float32 samples of ``size``."""

    def __init__(self, size, median=0.0, sigma=1.0):
        super().__init__(size=list(size), median=median, sigma=sigma)

    def __call__(self):
        return wrap(torch.empty(self.size, dtype=torch.float32).cauchy_(self.median, self.sigma))


class LogNormalReverse(_P):
    """Mirrors ``ops.LogNormalReverse(mean=1.0, std=2.0)``: ``(input)`` → log-normal samples shaped like it."""

    def __init__(self, mean=1.0, std=2.0):
        super().__init__(mean=mean, std=std)

    def __call__(self, input):
        return torch.empty_like(input).log_normal_(self.mean, self.std)


class MatrixSolveLs(_P):
    """Mirrors ``ops.MatrixSolveLs(fast=True)``: ``(matrix, rhs, l2)`` → least-squares ``x`` of ``matrix x = rhs``
    with ridge term ``l2`` (normal equations, as ``fast=True``)."""

    def __init__(self, fast=True):
        super().__init__(fast=fast)

    def __call__(self, matrix, rhs, l2):
        l2 = float(l2)
        a = matrix
        at = a.mT
        n = a.shape[-1]
        if a.shape[-2] >= n:
            return torch.linalg.solve(at @ a + l2 * torch.eye(n, dtype=a.dtype), at @ rhs)
        return at @ torch.linalg.solve(a @ at + l2 * torch.eye(a.shape[-2], dtype=a.dtype), rhs)


class identity(_P):  # noqa: N801 - MindSpore's (deprecated) lowercase Primitive name
    """Mirrors the deprecated ``ops.operations.identity()`` Primitive: returns its input."""

    def __call__(self, x):
        return x


def _align(name, align):
    if align not in ("LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT"):
        raise ValueError(f"For '{name}', 'align' must be LEFT_RIGHT, RIGHT_LEFT, LEFT_LEFT or RIGHT_RIGHT, but got "
                         f"{align}.")
    return align


class MatrixDiagV3(_P):
    """Mirrors ``ops.MatrixDiagV3(align='RIGHT_LEFT')``: ``(x, k, num_rows, num_cols, padding_value)`` for a
    single diagonal ``k`` (bands raise NotImplementedError; see ``ops.matrix_diag``)."""

    def __init__(self, align="RIGHT_LEFT"):
        super().__init__(align=_align("MatrixDiagV3", align))

    def __call__(self, x, k, num_rows, num_cols, padding_value):
        from ..function.array_extra_func import matrix_diag
        return matrix_diag(x, k, int(num_rows), int(num_cols), padding_value, self.align)


class MatrixDiagPartV3(_P):
    """Mirrors ``ops.MatrixDiagPartV3(align='RIGHT_LEFT')``: ``(x, k, padding_value)`` for a single diagonal."""

    def __init__(self, align="RIGHT_LEFT"):
        super().__init__(align=_align("MatrixDiagPartV3", align))

    def __call__(self, x, k, padding_value):
        from ..function.array_extra_func import matrix_diag_part
        return matrix_diag_part(x, k, padding_value, self.align)


class MatrixSetDiagV3(_P):
    """Mirrors ``ops.MatrixSetDiagV3(align='RIGHT_LEFT')``: ``(x, diagonal, k)`` for a single diagonal."""

    def __init__(self, align="RIGHT_LEFT"):
        super().__init__(align=_align("MatrixSetDiagV3", align))

    def __call__(self, x, diagonal, k):
        from ..function.array_extra_func import matrix_set_diag
        return matrix_set_diag(x, diagonal, k, self.align)

"""Array manipulation of ``mindspore.ops`` beyond array_func: stacking/splitting helpers,
diagonal builders (``diag_embed``, ``matrix_diag``...), ``*_scatter`` views, index builders
(``tril_indices``...), ``sequence_mask``, ``mirror_pad``, block rearrangements
(``space_to_batch_nd``...), ``iou``, ``top_k``/``intopk``."""
from __future__ import annotations

import numbers

import torch

from .._utils import check_tensor, to_tensor, ms_dtype, wrap

__all__ = ["padding", "diag_embed", "diagflat", "atleast_1d", "atleast_2d", "atleast_3d", "column_stack", "dstack",
           "row_stack", "hsplit", "vsplit", "dsplit", "cartesian_prod", "combinations", "block_diag", "vander",
           "tril_indices", "triu_indices", "msort", "t", "take", "rot90", "expand_as", "view_as", "type_as",
           "select_scatter", "slice_scatter", "diagonal_scatter", "matrix_diag", "matrix_diag_part",
           "matrix_set_diag", "sequence_mask", "reverse", "top_k", "intopk", "diff_ext", "batch_to_space_nd",
           "space_to_batch_nd", "channel_shuffle", "iou", "mirror_pad", "bucketize"]


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """Mirrors ``ops.diag_embed(input, offset=0, dim1=-2, dim2=-1)``."""
    return torch.diag_embed(input, offset, dim1, dim2)


def diagflat(input, offset=0):
    """Mirrors ``ops.diagflat(input, offset=0)``."""
    return torch.diagflat(input, offset)


def _seq_or_one(fn, inputs):
    if isinstance(inputs, torch.Tensor):
        return fn(inputs)
    return tuple(fn(x) for x in inputs)


def atleast_1d(inputs):
    """Mirrors ``ops.atleast_1d(inputs)`` (a Tensor or a list/tuple of Tensors)."""
    return _seq_or_one(torch.atleast_1d, inputs)


def atleast_2d(inputs):
    """Mirrors ``ops.atleast_2d(inputs)``."""
    return _seq_or_one(torch.atleast_2d, inputs)


def atleast_3d(inputs):
    """Mirrors ``ops.atleast_3d(inputs)``."""
    return _seq_or_one(torch.atleast_3d, inputs)


def column_stack(tensors):
    """Mirrors ``ops.column_stack(tensors)``."""
    return torch.column_stack(list(tensors))


def dstack(tensors):
    """Mirrors ``ops.dstack(tensors)``."""
    return torch.dstack(list(tensors))


def row_stack(tensors):
    """Mirrors ``ops.row_stack(tensors)`` (``vstack``)."""
    return torch.vstack(list(tensors))


def hsplit(input, indices_or_sections):
    """Mirrors ``ops.hsplit(input, indices_or_sections)``: a tuple of Tensors."""
    return tuple(torch.hsplit(input, indices_or_sections))


def vsplit(input, indices_or_sections):
    """Mirrors ``ops.vsplit(input, indices_or_sections)``."""
    return tuple(torch.vsplit(input, indices_or_sections))


def dsplit(input, indices_or_sections):
    """Mirrors ``ops.dsplit(input, indices_or_sections)``."""
    return tuple(torch.dsplit(input, indices_or_sections))


def cartesian_prod(*inputs):
    """Mirrors ``ops.cartesian_prod(*inputs)``."""
    return torch.cartesian_prod(*inputs)


def combinations(input, r=2, with_replacement=False):
    """Mirrors ``ops.combinations(input, r=2, with_replacement=False)``."""
    return torch.combinations(input, r=r, with_replacement=with_replacement)


def block_diag(*inputs):
    """Mirrors ``ops.block_diag(*inputs)``."""
    return torch.block_diag(*inputs)


def vander(x, N=None):
    """Mirrors ``ops.vander(x, N=None)``: columns are decreasing powers ``x**(N-1) ... x**0``."""
    return torch.vander(x, N=N)


def _indices(op, row, col, offset, dtype, fn):
    return wrap(fn(int(row), int(col), int(offset), dtype=ms_dtype(op, dtype)))


def tril_indices(row, col, offset=0, *, dtype=torch.int64):
    """Mirrors ``ops.tril_indices(row, col, offset=0, *, dtype=mstype.int64)``: a (2, N) Tensor."""
    return _indices("tril_indices", row, col, offset, dtype, torch.tril_indices)


def triu_indices(row, col, offset=0, *, dtype=torch.int64):
    """Mirrors ``ops.triu_indices(row, col, offset=0, *, dtype=mstype.int64)``."""
    return _indices("triu_indices", row, col, offset, dtype, torch.triu_indices)


def msort(input):
    """Mirrors ``ops.msort(input)``: sorted along axis 0."""
    return torch.sort(input, dim=0).values


def t(input):
    """Mirrors ``ops.t(input)``: transpose of a 1-D/2-D Tensor."""
    if input.dim() > 2:
        raise ValueError(f"For 't', the dimension of 'input' must be 1 or 2, but got {input.dim()}.")
    return torch.t(input)


def take(input, index):
    """Mirrors ``ops.take(input, index)``: elements of the flattened ``input`` (MindSpore 2.10 has no
    CPU kernel for it)."""
    return torch.take(input, index.long())


def rot90(input, k, dims):
    """Mirrors ``ops.rot90(input, k, dims)``."""
    return torch.rot90(input, int(k), list(dims))


def expand_as(input, other):
    """Mirrors ``ops.expand_as(input, other)``."""
    return input.expand_as(other)


def view_as(input, other):
    """Mirrors ``ops.view_as(input, other)``."""
    return input.reshape(other.shape)


def type_as(input, other):
    """Mirrors ``ops.type_as(input, other)`` (MindSpore 2.10 has no CPU kernel for it)."""
    return input.to(other.dtype)


def select_scatter(input, src, axis, index):
    """Mirrors ``ops.select_scatter(input, src, axis, index)``."""
    return torch.select_scatter(input, src.to(input.dtype), axis, index)


def slice_scatter(input, src, axis=0, start=None, end=None, step=1):
    """Mirrors ``ops.slice_scatter(input, src, axis=0, start=None, end=None, step=1)``."""
    return torch.slice_scatter(input, src.to(input.dtype), axis, start, end, step)


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    """Mirrors ``ops.diagonal_scatter(input, src, offset=0, dim1=0, dim2=1)``."""
    return torch.diagonal_scatter(input, src.to(input.dtype), offset, dim1, dim2)


def _single_k(op, k):
    if isinstance(k, torch.Tensor):
        if k.numel() != 1:
            raise NotImplementedError(f"For '{op}', ms_compat supports a single diagonal 'k'; a band "
                                      "(k[0], k[1]) is not implemented yet.")
        k = int(k.reshape(-1)[0])
    elif isinstance(k, (tuple, list)):
        if len(k) != 1 and not (len(k) == 2 and k[0] == k[1]):
            raise NotImplementedError(f"For '{op}', ms_compat supports a single diagonal 'k'; a band is not "
                                      "implemented yet.")
        k = int(k[0])
    return int(k)


def matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    """Mirrors ``ops.matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align='RIGHT_LEFT')``
    for a single diagonal ``k``: the last axis of ``x`` becomes diagonal ``k`` of a matrix whose other
    entries are ``padding_value``. Bands of diagonals raise NotImplementedError."""
    check_tensor("matrix_diag", x, "x")
    k = _single_k("matrix_diag", k)
    n = x.shape[-1]
    rows = int(num_rows) if int(num_rows) > 0 else n + abs(k)
    cols = int(num_cols) if int(num_cols) > 0 else n + abs(k)
    if rows != n + max(-k, 0) and cols != n + max(k, 0):
        raise ValueError("For MatrixDiagV3, the number of rows or columns is not consistent with the specified k "
                         "and x.")
    pad = float(padding_value) if isinstance(padding_value, (torch.Tensor, numbers.Number)) else 0
    out = torch.full(tuple(x.shape[:-1]) + (rows, cols), pad, dtype=x.dtype, device=x.device)
    diag_len = min(rows + min(k, 0), cols - max(k, 0))
    return torch.diagonal_scatter(wrap(out), x[..., :diag_len], k, -2, -1)


def matrix_diag_part(x, k, padding_value, align="RIGHT_LEFT"):
    """Mirrors ``ops.matrix_diag_part(x, k, padding_value, align='RIGHT_LEFT')`` for a single diagonal
    ``k`` (then ``padding_value`` is unused); bands raise NotImplementedError."""
    check_tensor("matrix_diag_part", x, "x")
    k = _single_k("matrix_diag_part", k)
    return torch.diagonal(x, k, -2, -1)


def matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    """Mirrors ``ops.matrix_set_diag(x, diagonal, k=0, align='RIGHT_LEFT')`` for a single diagonal ``k``."""
    check_tensor("matrix_set_diag", x, "x")
    k = _single_k("matrix_set_diag", k)
    return torch.diagonal_scatter(x, diagonal.to(x.dtype), k, -2, -1)


def sequence_mask(lengths, maxlen=None):
    """Mirrors ``ops.sequence_mask(lengths, maxlen=None)``: ``mask[..., j] = j < lengths[...]``
    (``maxlen`` defaults to ``max(lengths)``)."""
    check_tensor("sequence_mask", lengths, "lengths")
    if maxlen is None:
        maxlen = int(lengths.max())
    ar = torch.arange(int(maxlen), device=lengths.device)
    return ar < lengths.unsqueeze(-1)


def reverse(x, axis):
    """Mirrors ``ops.reverse(x, axis)`` (deprecated alias of ``flip``)."""
    return torch.flip(x, tuple(axis) if isinstance(axis, (tuple, list)) else (axis,))


def top_k(input_x, k, sorted=True):
    """Mirrors ``ops.top_k(input_x, k, sorted=True)``: ``(values, indices)`` along the last axis
    (indices int32 as MindSpore's TopK)."""
    r = torch.topk(input_x, int(k), dim=-1, sorted=sorted)
    return wrap(r.values), wrap(r.indices.to(torch.int32))


def intopk(x1, x2, k):
    """Mirrors ``ops.intopk(x1, x2, k)``: whether ``x2[i]``'s score is among the top ``k`` of row ``i``
    (ties counted in favour, as MindSpore/TensorFlow InTopK)."""
    target = x1.gather(1, x2.long().unsqueeze(1))
    return (x1 > target).sum(1) < int(k)


def diff_ext(input, n=1, dim=-1, prepend=None, append=None):
    """Mirrors ``ops.diff_ext(input, n=1, dim=-1, prepend=None, append=None)``."""
    return torch.diff(input, n=n, dim=dim, prepend=prepend, append=append)


def _pairs(v, n):
    if isinstance(v, numbers.Integral):
        return [(int(v), int(v))] * n if n else []
    return [tuple(int(a) for a in p) for p in v]


def space_to_batch_nd(input_x, block_size, paddings):
    """Mirrors ``ops.space_to_batch_nd(input_x, block_size, paddings)``: spatial blocks moved into
    the batch axis (TensorFlow layout: batch index = block offset * N + n)."""
    block = list(block_size) if isinstance(block_size, (tuple, list)) else [int(block_size)] * 2
    m = len(block)
    pads = _pairs(paddings, m)
    flat = []
    for p in reversed(pads):
        flat += [p[0], p[1]]
    x = torch.nn.functional.pad(input_x, flat + [0, 0] * (input_x.dim() - 2 - m))
    n, c = x.shape[:2]
    sp = x.shape[2:2 + m]
    shape = [n, c]
    for s, b in zip(sp, block):
        shape += [s // b, b]
    x = x.reshape(shape)
    perm = [3 + 2 * i for i in range(m)] + [0, 1] + [2 + 2 * i for i in range(m)]
    x = x.permute(perm)
    prod = 1
    for b in block:
        prod *= b
    return x.reshape([prod * n, c] + [s // b for s, b in zip(sp, block)])


def batch_to_space_nd(input_x, block_shape, crops):
    """Mirrors ``ops.batch_to_space_nd(input_x, block_shape, crops)`` (inverse of space_to_batch_nd)."""
    block = list(block_shape) if isinstance(block_shape, (tuple, list)) else [int(block_shape)] * 2
    m = len(block)
    crops = _pairs(crops, m)
    prod = 1
    for b in block:
        prod *= b
    nb, c = input_x.shape[:2]
    sp = list(input_x.shape[2:2 + m])
    n = nb // prod
    x = input_x.reshape(block + [n, c] + sp)
    perm = [m, m + 1]
    for i in range(m):
        perm += [m + 2 + i, i]
    x = x.permute(perm).reshape([n, c] + [s * b for s, b in zip(sp, block)])
    for i, (a, b) in enumerate(crops):
        x = x.narrow(2 + i, a, x.shape[2 + i] - a - b)
    return x


def channel_shuffle(x, groups):
    """Mirrors ``ops.channel_shuffle(x, groups)``."""
    n, c = x.shape[:2]
    if c % groups:
        raise ValueError(f"For 'channel_shuffle', the number of channels {c} must be divisible by groups {groups}.")
    return x.reshape((n, groups, c // groups) + tuple(x.shape[2:])).transpose(1, 2).reshape(x.shape)


def iou(anchor_boxes, gt_boxes, mode="iou"):
    """Mirrors ``ops.iou(anchor_boxes, gt_boxes, mode='iou')``: boxes ``(x0, y0, x1, y1)``; output
    ``(M, N)`` for ``N`` anchors and ``M`` ground truths. As MindSpore, widths/heights count
    ``x1 - x0 + 1`` (pixel convention). ``mode='iof'`` divides by the ground-truth area."""
    if mode not in ("iou", "iof"):
        raise KeyError(f"For 'iou', the 'mode' must be 'iou' or 'iof', but got {mode}.")
    a, g = anchor_boxes, gt_boxes
    area_a = (a[:, 2] - a[:, 0] + 1) * (a[:, 3] - a[:, 1] + 1)
    area_g = (g[:, 2] - g[:, 0] + 1) * (g[:, 3] - g[:, 1] + 1)
    w = (torch.minimum(g[:, None, 2], a[None, :, 2]) - torch.maximum(g[:, None, 0], a[None, :, 0]) + 1).clamp(min=0)
    h = (torch.minimum(g[:, None, 3], a[None, :, 3]) - torch.maximum(g[:, None, 1], a[None, :, 1]) + 1).clamp(min=0)
    inter = w * h
    if mode == "iou":
        return inter / (area_g[:, None] + area_a[None, :] - inter)
    return inter / area_g[:, None]


def mirror_pad(input_x, paddings, mode):
    """Mirrors ``ops.mirror_pad(input_x, paddings, mode)``: ``paddings`` an (rank, 2) Tensor;
    ``mode`` 'REFLECT' (edge not repeated) or 'SYMMETRIC' (edge repeated)."""
    check_tensor("mirror_pad", input_x, "input_x")
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError(f"For 'MirrorPad', the 'mode' must be 'REFLECT' or 'SYMMETRIC', but got {mode}.")
    pads = [tuple(int(v) for v in row) for row in to_tensor(paddings).tolist()]
    if len(pads) != input_x.dim():
        raise ValueError(f"For 'MirrorPad', 'paddings' must have {input_x.dim()} rows, but got {len(pads)}.")
    x = input_x
    for d, (lo, hi) in enumerate(pads):
        if lo == 0 and hi == 0:
            continue
        n = x.shape[d]
        off = 1 if mode == "REFLECT" else 0
        if lo > n - off or hi > n - off:
            raise ValueError(f"For 'MirrorPad', paddings[{d}] must be no greater than the dimension size minus "
                             f"{off}, but got {(lo, hi)} for size {n}.")
        left = torch.arange(lo + off - 1, off - 1, -1, device=x.device) if lo else None
        right = torch.arange(n - 1 - off, n - 1 - off - hi, -1, device=x.device) if hi else None
        parts = ([x.index_select(d, left)] if lo else []) + [x] + ([x.index_select(d, right)] if hi else [])
        x = torch.cat(parts, d)
    return x


def bucketize(input, boundaries, *, right=False):
    """Mirrors ``ops.bucketize(input, boundaries, *, right=False)``."""
    b = boundaries if isinstance(boundaries, torch.Tensor) else torch.tensor(list(boundaries), dtype=input.dtype)
    return torch.bucketize(input, b.to(input.device), right=right)


def padding(x, pad_dim_size=8):
    """Mirrors ``ops.padding(x, pad_dim_size=8)`` (deprecated in MindSpore for ``ops.pad``): the last axis, which
    must have size 1, extended to ``pad_dim_size`` with zeros after the original value."""
    if x.shape[-1] != 1:
        raise ValueError(f"For 'Padding', the last dimension of 'x' must be 1, but got {x.shape[-1]}.")
    if not isinstance(pad_dim_size, int) or pad_dim_size < 1:
        raise ValueError(f"For 'Padding', 'pad_dim_size' must be a positive int, but got {pad_dim_size}.")
    return wrap(torch.nn.functional.pad(x, (0, pad_dim_size - 1)))

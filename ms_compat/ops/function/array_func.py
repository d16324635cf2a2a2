"""``mindspore.ops`` array functions (shape, indexing, creation, sorting) on PyTorch.

Each function keeps MindSpore 2.10's name, argument names and defaults; results are ms ``Tensor``
objects. Differences from MindSpore are named in the docstrings.
"""
from __future__ import annotations

import builtins
import numbers

import numpy as np
import torch
import torch.nn.functional as _F

from ...common.mutation import traced_base_of_alias as _traced_base_of_alias
from ...common.mutation import write_tracked as _write_tracked
from ...common.mutation import write_tracked_traced as _write_tracked_traced
from ...common.mutation import write_untracked as _write_untracked
from ...common.mutation import write_untracked_traced as _write_untracked_traced
from ...common.tensor import Tensor, gather_slices as _gather_slices
from .._utils import (axes_arg, check_axis, check_tensor, default_device, ms_dtype, shape_tuple, to_tensor,
                      wrap)

__all__ = [
    "reshape", "transpose", "permute", "concat", "cat", "stack", "hstack", "vstack", "split", "chunk",
    "tensor_split", "squeeze", "expand_dims", "unsqueeze", "tile", "broadcast_to", "gather", "gather_d",
    "gather_elements", "gather_nd", "scatter", "scatter_nd", "scatter_add", "tensor_scatter_update",
    "tensor_scatter_add", "tensor_scatter_elements", "index_select", "masked_fill", "masked_select",
    "where", "select", "one_hot", "zeros", "ones", "zeros_like", "ones_like", "fill", "full",
    "full_like", "arange", "range", "linspace", "cast", "shape", "rank", "size", "numel", "dtype",
    "flatten", "narrow", "slice", "strided_slice", "flip", "fliplr", "flipud", "roll", "meshgrid",
    "unique", "unique_consecutive", "sort", "argsort", "topk", "nonzero", "argwhere", "cumsum", "tril",
    "triu", "eye", "pad", "repeat_interleave", "repeat_elements", "unbind", "unstack", "movedim",
    "moveaxis", "swapaxes", "swapdims", "diag", "diagonal", "count_nonzero", "bincount", "searchsorted",
    "masked_scatter", "index_add", "expand", "view_as_real", "col2im", "reverse_sequence",
    "unsorted_segment_sum", "dyn_shape", "tensor_slice", "assign", "assign_add", "assign_sub", "is_tensor",
]

_isint = lambda v: isinstance(v, numbers.Integral) and not isinstance(v, bool)  # noqa: E731


# ---------------------------------------------------------------------------------- shape ops
def reshape(input, shape):
    """``ops.reshape(input, shape)``: ``shape`` may hold one ``-1``."""
    check_tensor("reshape", input)
    shp = shape_tuple("reshape", shape)
    if builtins.sum(1 for s in shp if s == -1) > 1:
        raise ValueError("only one dimension can be inferred")
    try:
        return torch.reshape(input, shp)
    except RuntimeError:
        raise ValueError(f"proposed_shape '[const vector]{{{', '.join(map(str, shp))}}}' is invalid for input of "
                         f"size {input.numel()}") from None


def transpose(input, dims):
    """``ops.transpose(input, dims)``: ``dims`` is a full permutation (torch's ``permute``)."""
    perm = dims if type(dims) is tuple else shape_tuple("transpose", dims, "input_perm")
    if not isinstance(input, torch.Tensor):
        check_tensor("transpose", input)
    if len(perm) != input.dim():
        raise ValueError(f"For 'Transpose', size of perm should equal to rank of x, but got {len(perm)} and "
                         f"{input.dim()}!")
    return torch.permute(input, perm)


def permute(input, axis):
    """``ops.permute(input, axis)``."""
    return transpose(input, axis)


def _tensor_seq(op, tensors):
    if isinstance(tensors, torch.Tensor):
        return list(torch.unbind(tensors))
    if not isinstance(tensors, (tuple, list)):
        raise TypeError(f"For '{op}', the 'tensors' must be a tuple or list of Tensor, but got "
                        f"{type(tensors).__name__}.")
    return [to_tensor(t) for t in tensors]


def _cat(op, tensors, axis):
    ts = _tensor_seq(op, tensors)
    try:
        return torch.cat(ts, axis)
    except RuntimeError as e:
        shapes = [tuple(t.shape) for t in ts]
        if len({len(s) for s in shapes}) > 1 or (shapes and shapes[0] and
                                                 len({s[:axis % len(s)] + s[axis % len(s) + 1:] for s in shapes}) > 1):
            raise ValueError(f"For primitive[Concat], element shapes must match except on 'axis' {axis}, but got "
                             f"{shapes}: {e}") from None
        raise  # not a shape problem (devices that do not match, ...): PyTorch's own error


def concat(tensors, axis=0):
    """``ops.concat(tensors, axis=0)`` (alias ``cat``)."""
    return _cat("concat", tensors, axis)


def cat(tensors, axis=0):
    """``ops.cat(tensors, axis=0)``."""
    return _cat("cat", tensors, axis)


def stack(tensors, axis=0):
    """``ops.stack(tensors, axis=0)``."""
    ts = _tensor_seq("stack", tensors)
    try:
        return torch.stack(ts, axis)
    except RuntimeError:
        if len({tuple(t.shape) for t in ts}) > 1:
            raise ValueError(f"All input shape must be the same! {[tuple(t.shape) for t in ts]}") from None
        raise  # not a shape problem (devices that do not match, axis out of range): PyTorch's own error


def hstack(tensors):
    """``ops.hstack(tensors)``."""
    return torch.hstack(_tensor_seq("hstack", tensors))


def vstack(inputs):
    """``ops.vstack(inputs)``."""
    return torch.vstack(_tensor_seq("vstack", inputs))


def split(tensor, split_size_or_sections, axis=0):
    """``ops.split(tensor, split_size_or_sections, axis=0)``: size-based like torch, returns a tuple."""
    check_tensor("split", tensor, "tensor")
    if isinstance(split_size_or_sections, (list, tuple)):
        if builtins.sum(split_size_or_sections) != tensor.shape[axis]:
            raise ValueError(f"The sum of 'split_size_or_sections' should be equal to {tensor.shape[axis]}, but got "
                             f"{builtins.sum(split_size_or_sections)}.")
        split_size_or_sections = list(split_size_or_sections)
    elif not _isint(split_size_or_sections):
        raise TypeError("For 'split', the type of 'split_size_or_sections' must be int, tuple or list, but got "
                        f"{type(split_size_or_sections).__name__}.")
    return tuple(torch.split(tensor, split_size_or_sections, axis))


def chunk(input, chunks, axis=0):
    """``ops.chunk(input, chunks, axis=0)``."""
    check_tensor("chunk", input)
    return tuple(torch.chunk(input, chunks, axis))


def tensor_split(input, indices_or_sections, axis=0):
    """``ops.tensor_split(input, indices_or_sections, axis=0)``."""
    return tuple(torch.tensor_split(input, indices_or_sections, axis))


def squeeze(input, axis=None):
    """``ops.squeeze(input, axis=None)``: named axes whose size is not 1 are left alone (as MindSpore 2.10
    and torch)."""
    check_tensor("squeeze", input)
    if axis is None:
        return torch.squeeze(input)
    axes = (axis,) if _isint(axis) else tuple(axis)
    if not axes:
        return torch.squeeze(input)
    nd = input.dim()
    shp = input.shape
    norm = []
    for a in axes:
        a = check_axis("squeeze", a, nd)
        norm.append(a)
    return torch.squeeze(input, tuple(norm))


def expand_dims(input_x, axis):
    """``ops.expand_dims(input_x, axis)``."""
    check_tensor("expand_dims", input_x, "input_x")
    if not _isint(axis):
        raise TypeError(f"For 'expand_dims', the type of 'axis' must be int, but got {type(axis).__name__}.")
    nd = input_x.dim()
    if axis < -nd - 1 or axis > nd:
        raise ValueError(f"Dimension out of range (expected to be in range of [{-nd - 1}, {nd + 1}), but got {axis})")
    return torch.unsqueeze(input_x, axis)


def unsqueeze(input, dim):
    """``ops.unsqueeze(input, dim)``."""
    return expand_dims(input, dim)


def tile(input, dims):
    """``ops.tile(input, dims)``: ``dims`` shorter than the rank is left-padded with 1."""
    check_tensor("tile", input)
    return torch.tile(input, shape_tuple("tile", dims, "dims"))


def broadcast_to(input, shape):
    """``ops.broadcast_to(input, shape)``: ``-1`` keeps that dim."""
    check_tensor("broadcast_to", input)
    shp = shape_tuple("broadcast_to", shape)
    try:
        return input.expand(shp)
    except RuntimeError:
        raise ValueError("For 'BroadcastTo', in order to broadcast, each dimension pair must be equal or input "
                         "dimension is 1 or target dimension is -1. But got x_shape: "
                         f"{tuple(input.shape)}, target shape: {shp}.") from None


def expand(input_x, size):
    """``ops.expand`` (older name of broadcast_to with a Tensor size)."""
    return broadcast_to(input_x, size)


# ---------------------------------------------------------------------------------- gather / scatter
def gather(input_params, input_indices, axis, batch_dims=0):
    """``ops.gather(input_params, input_indices, axis, batch_dims=0)``: whole slices along ``axis``
    (torch's ``index_select`` generalised to any index rank), not torch's element-wise gather."""
    check_tensor("gather", input_params, "input_params")
    input_indices = to_tensor(input_indices)
    if not _isint(axis):
        axis = int(axis)
    return _gather_slices(input_params, input_indices, axis, batch_dims)


def gather_d(x, dim, index):
    """``ops.gather_d(x, dim, index)`` = torch ``gather`` (element-wise)."""
    check_tensor("gather_d", x, "x")
    return torch.gather(x, dim, index.long() if index.dtype != torch.int64 else index)


def gather_elements(input, dim, index):
    """``ops.gather_elements(input, dim, index)`` = torch ``gather``."""
    check_tensor("gather_elements", input)
    return torch.gather(input, dim, index.long() if index.dtype != torch.int64 else index)


def gather_nd(input_x, indices):
    """``ops.gather_nd(input_x, indices)``: the last dim of ``indices`` indexes the leading dims."""
    check_tensor("gather_nd", input_x, "input_x")
    idx = to_tensor(indices).long()
    return input_x[tuple(torch.unbind(idx, -1))]


def scatter(input, axis, index, src):
    """``ops.scatter(input, axis, index, src)`` = torch ``scatter`` (out of place)."""
    check_tensor("scatter", input)
    if not isinstance(src, torch.Tensor):
        return torch.scatter(input, axis, index.long(), src)
    return torch.scatter(input, axis, index.long(), src.to(input.dtype))


def scatter_add(input_x, indices, updates, *args):
    """``ops.scatter_add(input_x, indices, updates)`` (MindSpore 2.10): ``updates`` added in place to the rows
    (axis 0) of the Parameter ``input_x`` that ``indices`` select, as ``ops.scatter_update``. The four-argument
    form ``scatter_add(input, axis, index, src)`` (torch ``scatter_add``, out of place; MindSpore's announced
    next signature) is kept."""
    if args:
        return torch.scatter_add(input_x, indices, updates.long(), args[0].to(input_x.dtype))
    from .scatter_func import scatter_add_rows
    return scatter_add_rows(input_x, indices, updates)


def _nd_index(indices):
    idx = to_tensor(indices).long()
    return tuple(torch.unbind(idx, -1))


def scatter_nd(indices, updates, shape):
    """``ops.scatter_nd(indices, updates, shape)``: a zero tensor of ``shape`` with ``updates``
    added at ``indices`` (duplicate indices are summed, as MindSpore's ScatterNd)."""
    check_tensor("scatter_nd", updates, "updates")
    out = torch.zeros(shape_tuple("scatter_nd", shape), dtype=updates.dtype, device=updates.device)
    return torch.index_put(wrap(out), _nd_index(indices), updates, accumulate=True)


def tensor_scatter_update(input_x, indices, updates):
    """``ops.tensor_scatter_update(input_x, indices, updates)`` (out of place)."""
    check_tensor("tensor_scatter_update", input_x, "input_x")
    return torch.index_put(input_x, _nd_index(indices), updates.to(input_x.dtype))


def tensor_scatter_add(input_x, indices, updates):
    """``ops.tensor_scatter_add(input_x, indices, updates)`` (duplicates accumulate)."""
    check_tensor("tensor_scatter_add", input_x, "input_x")
    return torch.index_put(input_x, _nd_index(indices), updates.to(input_x.dtype), accumulate=True)


def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction="none"):
    """``ops.tensor_scatter_elements(input_x, indices, updates, axis=0, reduction='none')``."""
    if reduction == "none":
        return torch.scatter(input_x, axis, indices.long(), updates.to(input_x.dtype))
    if reduction == "add":
        return torch.scatter_add(input_x, axis, indices.long(), updates.to(input_x.dtype))
    raise ValueError(f"For 'tensor_scatter_elements', the 'reduction' must be 'none' or 'add', but got {reduction}.")


def index_select(input, axis, index):
    """``ops.index_select(input, axis, index)``."""
    check_tensor("index_select", input)
    return torch.index_select(input, axis, to_tensor(index).long())


def index_add(x, indices, y, axis, use_lock=True, check_index_bound=True):
    """``ops.index_add(x, indices, y, axis)`` (out of place)."""
    return torch.index_add(x, axis, indices.long(), y.to(x.dtype))


def masked_fill(input_x, mask, value):
    """``ops.masked_fill(input_x, mask, value)``: ``input_x`` and ``mask`` broadcast together."""
    check_tensor("masked_fill", input_x, "input_x")
    check_tensor("masked_fill", mask, "mask")
    if mask.dtype != torch.bool:
        raise TypeError(f"For 'masked_fill', the type of 'mask' must be Bool, but got {mask.dtype}.")
    if isinstance(value, torch.Tensor):
        value = value.to(input_x.dtype)
    if mask.shape == input_x.shape or mask.dim() <= input_x.dim() and torch.broadcast_shapes(
            mask.shape, input_x.shape) == input_x.shape:
        return torch.masked_fill(input_x, mask, value)
    return torch.where(mask, torch.as_tensor(value, dtype=input_x.dtype, device=input_x.device), input_x)


def masked_select(input, mask):
    """``ops.masked_select(input, mask)``."""
    return torch.masked_select(input, mask)


def masked_scatter(input, mask, source):
    """``ops.masked_scatter(input, mask, source)``."""
    return torch.masked_scatter(input, mask, source)


def where(condition, input, other):
    """``ops.where(condition, input, other)``; Python scalars follow MindSpore's dtype rules."""
    check_tensor("where", condition, "condition")
    if condition.dtype != torch.bool:
        condition = condition.bool()
    return torch.where(condition, input, other)


def select(condition, input, other):
    """``ops.select(condition, input, other)`` (same as ``where``)."""
    return where(condition, input, other)


def one_hot(indices, depth, on_value=1, off_value=0, axis=-1):
    """``ops.one_hot(indices, depth, on_value=1, off_value=0, axis=-1)``; output dtype is that of
    ``on_value`` (a Tensor, or int64/float32 for Python numbers)."""
    check_tensor("one_hot", indices, "indices")
    if indices.dtype not in (torch.int32, torch.int64, torch.uint8):
        from ...common.dtype import dtype_str
        raise TypeError("For primitive[OneHot], the input argument[indices] must be a type of {Tensor[Int32], "
                        f"Tensor[Int64]}}, but got Tensor[{dtype_str(indices.dtype)}].")
    if not _isint(depth):
        if isinstance(depth, torch.Tensor):
            depth = int(depth)
        else:
            raise TypeError(f"For 'one_hot', the type of 'depth' must be int, but got {type(depth).__name__}.")
    if depth < 0:
        raise ValueError(f"For primitive[OneHot], the depth value must be greater than or equal to 0, but got {depth}.")
    on = to_tensor(on_value)
    off = to_tensor(off_value, on.dtype)
    idx = indices.long()
    valid = (idx >= 0) & (idx < depth)
    oh = _F.one_hot(torch.where(valid, idx, torch.zeros_like(idx)), depth) & valid.unsqueeze(-1).long()
    out = torch.where(oh.bool(), on.to(indices.device), off.to(indices.device))
    if axis != -1:
        out = torch.movedim(out, -1, axis)
    return out


# ---------------------------------------------------------------------------------- creation
def _creation_dtype(op, dtype, default=torch.float32):
    if dtype is None:
        return default
    try:
        return ms_dtype(op, dtype)
    except TypeError:
        raise TypeError(f"For '{op[:1].upper() + op[1:]}', the input 'dtype' should be mindspore dtype, but got "
                        f"{dtype}.") from None


def zeros(size, dtype=None):
    """``ops.zeros(size, dtype=None)``: float32 by default."""
    return wrap(torch.zeros(shape_tuple("zeros", size, "size"), dtype=_creation_dtype("zeros", dtype),
                            device=default_device()))


def ones(shape, dtype=None):
    """``ops.ones(shape, dtype=None)``: float32 by default."""
    return wrap(torch.ones(shape_tuple("ones", shape), dtype=_creation_dtype("ones", dtype),
                           device=default_device()))


def zeros_like(input, *, dtype=None):
    """``ops.zeros_like(input, *, dtype=None)``."""
    check_tensor("zeros_like", input)
    return torch.zeros_like(input, dtype=ms_dtype("zeros_like", dtype))


def ones_like(input, *, dtype=None):
    """``ops.ones_like(input, *, dtype=None)``."""
    check_tensor("ones_like", input)
    return torch.ones_like(input, dtype=ms_dtype("ones_like", dtype))


def fill(type, shape, value):
    """``ops.fill(type, shape, value)``."""
    v = value.item() if isinstance(value, torch.Tensor) else value
    return wrap(torch.full(shape_tuple("fill", shape), v, dtype=ms_dtype("fill", type), device=default_device()))


def _value_dtype(v):
    if isinstance(v, torch.Tensor):
        return v.dtype
    if isinstance(v, bool):
        return torch.bool
    if _isint(v):
        return torch.int64
    return torch.float32


def full(size, fill_value, *, dtype=None):
    """``ops.full(size, fill_value, *, dtype=None)``. As measured on MindSpore 2.10 CPU, a Python
    number with ``dtype=None`` gives an **int64** tensor (``full((3,), 1.5)`` → ``[1, 1, 1]``);
    pass ``dtype`` to keep floats. A Tensor ``fill_value`` keeps its dtype."""
    d = ms_dtype("full", dtype) or (fill_value.dtype if isinstance(fill_value, torch.Tensor) else torch.int64)
    if d is torch.int64 and dtype is None and isinstance(fill_value, float):
        fill_value = int(fill_value)
    v = fill_value.item() if isinstance(fill_value, torch.Tensor) else fill_value
    return wrap(torch.full(shape_tuple("full", size, "size"), v, dtype=d, device=default_device()))


def full_like(input, fill_value, *, dtype=None):
    """``ops.full_like(input, fill_value, *, dtype=None)``."""
    v = fill_value.item() if isinstance(fill_value, torch.Tensor) else fill_value
    return torch.full_like(input, v, dtype=ms_dtype("full_like", dtype))


def _num(v):
    return v.item() if isinstance(v, torch.Tensor) else v


def arange(start=0, end=None, step=1, *, dtype=None):
    """``ops.arange(start=0, end=None, step=1, *, dtype=None)``: int64 for ints, float32 if any
    argument is a float (or the Tensor dtype when Tensors are given)."""
    args = [a for a in (start, end, step) if a is not None]
    d = ms_dtype("arange", dtype)
    if d is None:
        tdt = [a.dtype for a in args if isinstance(a, torch.Tensor)]
        if tdt:
            d = tdt[0]
            for t in tdt[1:]:
                d = torch.promote_types(d, t)
        elif builtins.any(isinstance(_num(a), float) for a in args):
            d = torch.float32
        else:
            d = torch.int64
    if end is None:
        start, end = 0, start
    if _num(step) == 0:
        raise ValueError("For Range, delta cannot be equal to zero.")
    return wrap(torch.arange(_num(start), _num(end), _num(step), dtype=d, device=default_device()))


def range(start, end, step, maxlen=1000000):
    """``ops.range(start, end, step, maxlen=1000000)``: 0-d Tensor (or number) arguments; the
    output is int64 for integers and float32 for floats (MindSpore 2.10 CPU)."""
    d = torch.float32 if builtins.any(isinstance(_num(v), float) for v in (start, end, step)) else torch.int64
    return wrap(torch.arange(_num(start), _num(end), _num(step), dtype=d, device=default_device()))


def linspace(start, end, steps):
    """``ops.linspace(start, end, steps)``: float32."""
    return wrap(torch.linspace(float(_num(start)), float(_num(end)), int(_num(steps)), dtype=torch.float32,
                               device=default_device()))


def eye(n, m=None, dtype=None):
    """``ops.eye(n, m=None, dtype=None)``: float32 by default."""
    m = n if m is None else m
    return wrap(torch.eye(int(n), int(m), dtype=_creation_dtype("eye", dtype), device=default_device()))


# ---------------------------------------------------------------------------------- info / cast
def cast(input, dtype):
    """``ops.cast(input, dtype)``."""
    d = _creation_dtype("cast", dtype)
    if not isinstance(input, torch.Tensor):
        return Tensor(input, d)
    return input if input.dtype == d else input.to(d)


def shape(input_x):
    """``ops.shape(input_x)`` → tuple of ints."""
    check_tensor("shape", input_x, "input_x")
    return tuple(torch.Tensor.size(input_x))


def dyn_shape(input_x):
    """``ops.dyn_shape(input_x)`` → an int64 Tensor holding the shape."""
    return wrap(torch.tensor(tuple(torch.Tensor.size(input_x)), dtype=torch.int64))


def rank(input_x):
    """``ops.rank(input_x)`` → int."""
    check_tensor("rank", input_x, "input_x")
    return input_x.dim()


def size(input_x):
    """``ops.size(input_x)`` → element count (int)."""
    check_tensor("size", input_x, "input_x")
    return input_x.numel()


def numel(input):
    """``ops.numel(input)``."""
    return input.numel()


def dtype(x):
    """``ops.dtype(x)`` (F.dtype)."""
    return x.dtype


def flatten(input, order="C", *, start_dim=1, end_dim=-1):
    """``ops.flatten(input, order='C', *, start_dim=1, end_dim=-1)``: note the default
    ``start_dim=1`` (keeps the batch dim), unlike torch.flatten."""
    check_tensor("flatten", input)
    if order not in ("C", "F"):
        raise ValueError(f"For 'flatten', the 'order' must be 'C' or 'F', but got '{order}'.")
    if order == "F":
        input = torch.permute(input, tuple(builtins.range(input.dim() - 1, -1, -1)))
    if input.dim() == 0:
        return torch.reshape(input, (1,))
    if input.dim() == 1 and start_dim == 1:
        return input
    return torch.flatten(input, start_dim, end_dim)


def narrow(input, axis, start, length):
    """``ops.narrow(input, axis, start, length)``."""
    return torch.narrow(input, axis, start, length)


def slice(input_x, begin, size):
    """``ops.slice(input_x, begin, size)``: ``size`` -1 takes everything to the end."""
    check_tensor("slice", input_x, "input_x")
    b = shape_tuple("slice", begin, "begin")
    s = shape_tuple("slice", size, "size")
    if len(b) != input_x.dim() or len(s) != input_x.dim():
        raise ValueError(f"For 'slice', the length of 'begin' and 'size' must be equal to the rank of 'input_x' "
                         f"{input_x.dim()}, but got {len(b)} and {len(s)}.")
    idx = tuple(builtins.slice(bi, None if si == -1 else bi + si) for bi, si in zip(b, s))
    return input_x[idx]


tensor_slice = slice


def strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0):
    """``ops.strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0,
    new_axis_mask=0, shrink_axis_mask=0)`` with MindSpore's (TensorFlow-style) bit masks.
    Negative strides are served with ``flip`` (torch has no negative-step slicing)."""
    check_tensor("strided_slice", input_x, "input_x")
    b, e, s = (shape_tuple("strided_slice", v, n) for v, n in ((begin, "begin"), (end, "end"),
                                                                (strides, "strides")))
    if not (len(b) == len(e) == len(s)):
        raise ValueError("For 'strided_slice', the length of 'begin', 'end' and 'strides' must be equal, "
                         f"but got {len(b)}, {len(e)} and {len(s)}.")
    if 0 in s:
        raise ValueError("For 'strided_slice', the 'strides' cannot contain 0.")
    index = []
    flips = []
    dim = 0
    nd = input_x.dim()
    n_real = builtins.sum(1 for i in builtins.range(len(b)) if not (new_axis_mask >> i) & 1)
    for i in builtins.range(len(b)):
        if (ellipsis_mask >> i) & 1:
            skip = nd - (n_real - 1)
            index.append(Ellipsis)
            dim += skip
            continue
        if (new_axis_mask >> i) & 1:
            index.append(None)
            continue
        size_d = input_x.shape[dim]
        if (shrink_axis_mask >> i) & 1:
            index.append(b[i] if b[i] >= 0 else b[i] + size_d)
            dim += 1
            continue
        st = s[i]
        bi = None if (begin_mask >> i) & 1 else b[i]
        ei = None if (end_mask >> i) & 1 else e[i]
        if st > 0:
            index.append(builtins.slice(bi, ei, st))
        else:
            # python semantics of x[bi:ei:st] for negative st, computed as positions then flipped
            rng = builtins.range(size_d)[builtins.slice(bi, ei, st)]
            if len(rng) == 0:
                index.append(builtins.slice(0, 0))
            else:
                index.append(builtins.slice(rng[-1], rng[0] + 1, -st))
                flips.append(len([x for x in index if x is not None and x is not Ellipsis]) - 1)
        dim += 1
    out = input_x[tuple(index)]
    if flips:
        # map flip positions (over non-shrunk real dims) onto output dims
        out_dims = []
        od = 0
        for it in index:
            if it is None:
                od += 1
            elif it is Ellipsis:
                od += nd - (n_real - 1)
            elif isinstance(it, builtins.slice):
                out_dims.append(od)
                od += 1
        real_slices = [it for it in index if isinstance(it, (builtins.slice, int))]
        dims = []
        k = 0
        for j, it in enumerate(real_slices):
            if isinstance(it, builtins.slice):
                if j in flips:
                    dims.append(out_dims[k])
                k += 1
        out = torch.flip(out, dims)
    return out


def flip(input, dims):
    """``ops.flip(input, dims)``."""
    return torch.flip(input, shape_tuple("flip", dims, "dims"))


def fliplr(input):
    """``ops.fliplr(input)``."""
    return torch.fliplr(input)


def flipud(input):
    """``ops.flipud(input)``."""
    return torch.flipud(input)


def roll(input, shifts, dims=None):
    """``ops.roll(input, shifts, dims=None)``."""
    return torch.roll(input, shifts, dims)


def meshgrid(*inputs, indexing="xy"):
    """``ops.meshgrid(*inputs, indexing='xy')``: note MindSpore's default ``'xy'`` (torch: 'ij')."""
    if len(inputs) == 1 and isinstance(inputs[0], (tuple, list)):
        inputs = tuple(inputs[0])
    if indexing not in ("xy", "ij"):
        raise ValueError(f"For 'meshgrid', the 'indexing' must be 'xy' or 'ij', but got {indexing}.")
    return tuple(torch.meshgrid(*inputs, indexing=indexing))


def unique(input):
    """``ops.unique(input)`` → ``(output, idx)``: unique values in order of first occurrence (as
    MindSpore 2.10 CPU; torch sorts them) and int32 indices into ``output``."""
    srt, inv = torch.unique(input.reshape(-1), sorted=True, return_inverse=True)
    n = srt.numel()
    first = torch.full((n,), inv.numel(), dtype=torch.int64, device=input.device)
    first = first.scatter_reduce(0, inv, torch.arange(inv.numel(), device=input.device), "amin")
    order = torch.argsort(first)
    rank = torch.empty_like(order)
    rank[order] = torch.arange(n, device=input.device)
    return srt[order], rank[inv].reshape(input.shape).to(torch.int32)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    """``ops.unique_consecutive(input, return_inverse=False, return_counts=False, dim=None)``."""
    return torch.unique_consecutive(input, return_inverse=return_inverse, return_counts=return_counts, dim=dim)


def sort(input_x, axis=-1, descending=False):
    """``ops.sort(input_x, axis=-1, descending=False)`` → ``(values, int32 indices)``."""
    check_tensor("sort", input_x, "input_x")
    v, i = torch.sort(input_x, dim=axis, descending=descending, stable=True)
    return v, i.to(torch.int32)


def argsort(input, axis=-1, descending=False):
    """``ops.argsort(input, axis=-1, descending=False)`` → int32 indices."""
    return torch.argsort(input, dim=axis, descending=descending, stable=True).to(torch.int32)


def topk(input, k, dim=None, largest=True, sorted=True):
    """``ops.topk(input, k, dim=None, largest=True, sorted=True)`` → ``(values, int32 indices)``; ``dim``
    None means the last dim."""
    check_tensor("topk", input)
    v, i = torch.topk(input, k, -1 if dim is None else dim, largest, sorted)
    return v, i.to(torch.int32)


def nonzero(input, *, as_tuple=False):
    """``ops.nonzero(input, *, as_tuple=False)``."""
    if as_tuple:
        return tuple(torch.nonzero(input, as_tuple=True))
    return torch.nonzero(input)


def argwhere(input):
    """``ops.argwhere(input)``."""
    return torch.argwhere(input)


def count_nonzero(x, axis=(), keep_dims=False, dtype=torch.int32):
    """``ops.count_nonzero(x, axis=(), keep_dims=False, dtype=mstype.int32)``."""
    axis = axes_arg(axis)
    nz = (x != 0)
    out = nz.sum(axis, keepdim=keep_dims) if axis is not None else nz.sum()
    if axis is None and keep_dims:
        out = out.reshape((1,) * x.dim())
    return out.to(dtype)


def bincount(input, weights=None, minlength=0):
    """``ops.bincount(input, weights=None, minlength=0)``."""
    return torch.bincount(input, weights, minlength)


def searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None, sorter=None):
    """``ops.searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None, sorter=None)``."""
    return torch.searchsorted(sorted_sequence, values, out_int32=out_int32, right=right, side=side, sorter=sorter)


def cumsum(x, axis, dtype=None):
    """``ops.cumsum(x, axis, dtype=None)``: the result keeps ``x``'s dtype (torch promotes ints to int64)."""
    check_tensor("cumsum", x, "x")
    return torch.cumsum(x, axis, dtype=ms_dtype("cumsum", dtype) or (x.dtype if x.dtype != torch.bool else None))


def tril(input, diagonal=0):
    """``ops.tril(input, diagonal=0)``."""
    return torch.tril(input, diagonal)


def triu(input, diagonal=0):
    """``ops.triu(input, diagonal=0)``."""
    return torch.triu(input, diagonal)


def diag(input):
    """``ops.diag(input)``."""
    return torch.diag(input)


def diagonal(input, offset=0, dim1=0, dim2=1):
    """``ops.diagonal(input, offset=0, dim1=0, dim2=1)``."""
    return torch.diagonal(input, offset, dim1, dim2)


_PAD_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "replicate", "circular": "circular"}


def pad(input_x, padding, mode="constant", value=None):
    """``ops.pad(input_x, padding, mode='constant', value=None)``: ``padding`` lists
    (left, right) pairs starting from the LAST dim (as torch's ``F.pad``); negative pads crop."""
    check_tensor("pad", input_x, "input_x")
    if mode not in _PAD_MODES:
        raise ValueError("For 'PadV3', the 'mode' must be str and must be in '['constant', 'reflect', 'edge', "
                         f"'circular']', but got '{mode}'.")
    pads = shape_tuple("pad", padding, "padding")
    if len(pads) % 2 or len(pads) // 2 > input_x.dim():
        raise ValueError(f"For 'pad', the length of 'padding' must be even and at most twice the rank of "
                         f"'input_x', but got {len(pads)}.")
    if mode == "constant":
        return _F.pad(input_x, pads, "constant", 0 if value is None else value)
    if value is not None:
        raise ValueError(f"For 'pad', the 'value' must be None when 'mode' is '{mode}'.")
    return _F.pad(input_x, pads, _PAD_MODES[mode])


def repeat_interleave(input, repeats, axis=None):
    """``ops.repeat_interleave(input, repeats, axis=None)``."""
    if isinstance(repeats, (list, tuple)):
        repeats = torch.as_tensor(repeats, device=input.device)
    return torch.repeat_interleave(input, repeats, axis)


def repeat_elements(x, rep, axis=0):
    """``ops.repeat_elements(x, rep, axis=0)``."""
    return torch.repeat_interleave(x, rep, axis)


def unbind(input, dim=0):
    """``ops.unbind(input, dim=0)``."""
    return tuple(torch.unbind(input, dim))


def unstack(input_x, axis=0):
    """``ops.unstack(input_x, axis=0)``."""
    return tuple(torch.unbind(input_x, axis))


def movedim(x, source, destination):
    """``ops.movedim(x, source, destination)``."""
    return torch.movedim(x, source, destination)


def moveaxis(x, source, destination):
    """``ops.moveaxis(x, source, destination)``."""
    return torch.movedim(x, source, destination)


def swapaxes(input, axis0, axis1):
    """``ops.swapaxes(input, axis0, axis1)``."""
    return torch.transpose(input, axis0, axis1)


def swapdims(input, dim0, dim1):
    """``ops.swapdims(input, dim0, dim1)``."""
    return torch.transpose(input, dim0, dim1)


def view_as_real(input):
    """``ops.view_as_real(input)``."""
    return torch.view_as_real(input)


def col2im(input_x, output_size, kernel_size, dilation, padding_value, stride):
    """``ops.col2im`` = torch ``F.fold``."""
    return _F.fold(input_x.reshape(input_x.shape[0], -1, input_x.shape[-1]), tuple(output_size.tolist())
                   if isinstance(output_size, torch.Tensor) else output_size, kernel_size, dilation,
                   padding_value, stride)


def reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0):
    """``ops.reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0)``."""
    out = x.clone()
    for b in builtins.range(x.shape[batch_dim]):
        n = int(seq_lengths[b])
        src = torch.select(x, batch_dim, b)
        sd = seq_dim - (1 if seq_dim > batch_dim else 0)
        part = torch.narrow(src, sd, 0, n).flip(sd)
        torch.narrow(torch.select(out, batch_dim, b), sd, 0, n).copy_(part)
    return out


def unsorted_segment_sum(input_x, segment_ids, num_segments):
    """``ops.unsorted_segment_sum(input_x, segment_ids, num_segments)``."""
    n = int(num_segments)
    ids = segment_ids.long()
    out_shape = (n,) + tuple(input_x.shape[ids.dim():])
    out = torch.zeros(out_shape, dtype=input_x.dtype, device=input_x.device)
    flat_ids = ids.reshape(-1)
    vals = input_x.reshape((-1,) + out_shape[1:])
    keep = (flat_ids >= 0) & (flat_ids < n)
    return wrap(out).index_add(0, flat_ids[keep], vals[keep])


def assign(variable, value):
    """``ops.assign(variable, value)``: copy ``value`` into ``variable`` in place and return a new Tensor object
    on the same memory (MindSpore returns a new object, a Tensor also for a Parameter). As in MindSpore the write
    carries no gradient and ``variable`` keeps its autograd history; ops that saved ``variable`` for their
    backward see the new value (``common/mutation.py``)."""
    _check_not_view(variable, "Assign")
    if torch.compiler.is_compiling():
        _write_untracked_traced(variable, torch.Tensor.copy_, to_tensor(value))
        return _as_new_object(variable)
    _write_untracked(variable, torch.Tensor.copy_, to_tensor(value))
    return _as_new_object(variable)


def assign_add(variable, value):
    """``ops.assign_add(variable, value)``: in-place ``variable += value``, a new Tensor object returned (as
    ``assign``). Unlike ``assign``, under autograd the write is recorded as PyTorch's ``add_`` on ``variable``'s
    own memory (MindSpore 2.10, measured: the gradient reaches ``value`` and ``variable``'s own history, and an
    op that saved ``variable`` for its backward, as input or as output, sees the new value:
    ``common/mutation.py``, ``write_tracked``); a Parameter, the input of ``grad`` and a write with grad mode
    off are written without history."""
    _check_not_view(variable, "AssignAdd")
    return _assign_accumulate(variable, torch.Tensor.add_, torch.Tensor.add, to_tensor(value).to(variable.dtype))


def assign_sub(variable, value):
    """``ops.assign_sub(variable, value)``: in-place ``variable -= value`` (as ``assign_add``)."""
    _check_not_view(variable, "AssignSub")
    return _assign_accumulate(variable, torch.Tensor.sub_, torch.Tensor.sub, to_tensor(value).to(variable.dtype))


def _assign_accumulate(variable, op, functional, value):
    compiling = torch.compiler.is_compiling()
    if (not torch.is_grad_enabled() or isinstance(variable, torch.nn.Parameter)
            or (variable.requires_grad and variable.is_leaf)):
        if compiling:  # written as ``copy_(variable + value)``: with ``add_``, AOTAutograd's backward can
            # recompute the new value from the already-updated input (the update counted twice, measured)
            _write_untracked_traced(variable, lambda t, v: torch.Tensor.copy_(t, functional(t, v)), value)
        else:
            _write_untracked(variable, op, value)
    else:
        (_write_tracked_traced if compiling else _write_tracked)(variable, op, value)
    return _as_new_object(variable)


def _check_not_view(variable, prim):
    """MindSpore 2.10 refuses a view (``b[0]``, ``x.T``, a reshape ...) as the target of Assign* (measured; ``b[...]``,
    the same memory layout, is accepted, as ms_compat's own same-layout aliases are)."""
    if not isinstance(variable, torch.Tensor):
        return
    if torch.compiler.is_compiling():  # (TorchDynamo refuses ``_base`` on a Tensor subclass)
        base = _traced_base_of_alias(variable)
        base = None if base is variable else base
    else:
        base = variable._base
    if base is not None and (variable.shape != base.shape or variable.stride() != base.stride()
                             or variable.storage_offset() != base.storage_offset()):
        raise RuntimeError(f"Check view and inplace failed! Not support view input for inplace op {prim}.")


def _as_new_object(t):
    if torch.compiler.is_compiling():  # (TorchDynamo cannot trace ``as_subclass`` of a Tensor subclass)
        return t.view_as(t)
    return torch.Tensor.as_subclass(t, Tensor)


def is_tensor(obj):
    """``ops.is_tensor(obj)``: True for any Tensor (torch tensors included)."""
    return isinstance(obj, torch.Tensor)

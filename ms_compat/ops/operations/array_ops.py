"""Array Primitive classes of ``mindspore.ops.operations`` (shape, indexing, creation)."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from ..function import array_func as _a
from .._utils import check_tensor, ms_dtype, shape_tuple, to_tensor, wrap

__all__ = [
    "Transpose", "Reshape", "Concat", "Stack", "Pack", "Unstack", "Unpack", "Split", "Cast", "Shape",
    "TensorShape", "DType", "Rank", "Size", "ExpandDims", "Squeeze", "Gather", "GatherV2", "GatherD",
    "GatherNd", "OneHot", "Tile", "BroadcastTo", "Select", "Fill", "Fills", "ZerosLike", "OnesLike", "Zeros",
    "Ones", "StridedSlice", "Slice", "Pad", "ScatterNd", "TensorScatterUpdate", "TensorScatterAdd",
    "ScatterUpdate", "ScatterAdd", "Assign", "AssignAdd", "AssignSub", "Range", "TopK", "Sort", "Unique",
    "Identity", "Eye", "MaskedFill", "Meshgrid", "Triu", "Tril", "UnsortedSegmentSum", "InvertPermutation",
    "ReverseV2", "Flatten", "Depend", "Print", "Roll", "Diag", "Argsort", "NonZero", "Padding",
]


def _noarg(name, fn, doc):
    def __init__(self):
        Primitive.__init__(self, name)

    return type(name, (Primitive,), {"__init__": __init__, "__call__": lambda self, *a: fn(*a),
                                     "__module__": __name__, "__doc__": doc})


Transpose = _noarg("Transpose", _a.transpose, "Mirrors ``ops.Transpose()``: ``Transpose()(x, perm)``.")
Reshape = _noarg("Reshape", _a.reshape, "Mirrors ``ops.Reshape()``: ``Reshape()(x, shape)``.")
Cast = _noarg("Cast", _a.cast, "Mirrors ``ops.Cast()``: ``Cast()(x, dtype)``.")
Shape = _noarg("Shape", _a.shape, "Mirrors ``ops.Shape()``: ``Shape()(x)`` → tuple.")
TensorShape = _noarg("TensorShape", _a.dyn_shape, "Mirrors ``ops.TensorShape()`` → int64 Tensor of the shape.")
DType = _noarg("DType", lambda x: x.dtype, "Mirrors ``ops.DType()``: ``DType()(x)`` → dtype.")
Rank = _noarg("Rank", _a.rank, "Mirrors ``ops.Rank()`` → int.")
Size = _noarg("Size", _a.size, "Mirrors ``ops.Size()`` → element count.")
ExpandDims = _noarg("ExpandDims", _a.expand_dims, "Mirrors ``ops.ExpandDims()``: ``ExpandDims()(x, axis)``.")
GatherD = _noarg("GatherD", _a.gather_d, "Mirrors ``ops.GatherD()``: ``GatherD()(x, dim, index)``.")
GatherNd = _noarg("GatherNd", _a.gather_nd, "Mirrors ``ops.GatherNd()``: ``GatherNd()(x, indices)``.")
Tile = _noarg("Tile", _a.tile, "Mirrors ``ops.Tile()``: ``Tile()(x, multiples)``.")
Select = _noarg("Select", _a.where, "Mirrors ``ops.Select()``: ``Select()(cond, x, y)``.")
Fill = _noarg("Fill", _a.fill, "Mirrors ``ops.Fill()``: ``Fill()(dtype, shape, value)``.")
ZerosLike = _noarg("ZerosLike", lambda x: torch.zeros_like(x), "Mirrors ``ops.ZerosLike()``.")
OnesLike = _noarg("OnesLike", lambda x: torch.ones_like(x), "Mirrors ``ops.OnesLike()``.")
Zeros = _noarg("Zeros", _a.zeros, "Mirrors ``ops.Zeros()``: ``Zeros()(shape, dtype)``.")
Ones = _noarg("Ones", _a.ones, "Mirrors ``ops.Ones()``: ``Ones()(shape, dtype)``.")
Slice = _noarg("Slice", _a.slice, "Mirrors ``ops.Slice()``: ``Slice()(x, begin, size)``.")
ScatterNd = _noarg("ScatterNd", _a.scatter_nd, "Mirrors ``ops.ScatterNd()``: ``(indices, updates, shape)``.")
TensorScatterUpdate = _noarg("TensorScatterUpdate", _a.tensor_scatter_update,
                             "Mirrors ``ops.TensorScatterUpdate()``: ``(x, indices, updates)``.")
TensorScatterAdd = _noarg("TensorScatterAdd", _a.tensor_scatter_add, "Mirrors ``ops.TensorScatterAdd()``.")
Identity = _noarg("Identity", lambda x: x.clone(), "Mirrors ``ops.Identity()`` (returns a copy).")
Eye = _noarg("Eye", _a.eye, "Mirrors ``ops.Eye()``: ``Eye()(n, m, dtype)``.")
MaskedFill = _noarg("MaskedFill", _a.masked_fill, "Mirrors ``ops.MaskedFill()``: ``(x, mask, value)``.")
UnsortedSegmentSum = _noarg("UnsortedSegmentSum", _a.unsorted_segment_sum, "Mirrors ``ops.UnsortedSegmentSum()``.")
InvertPermutation = _noarg("InvertPermutation", lambda x: tuple(int(i) for i in torch.argsort(torch.as_tensor(
    list(x))).tolist()), "Mirrors ``ops.InvertPermutation()`` (on a tuple).")
Flatten = _noarg("Flatten", lambda x: torch.flatten(x, 1) if x.dim() > 1 else x,
                 "Mirrors ``ops.Flatten()``: keeps dim 0, flattens the rest.")
Depend = _noarg("Depend", lambda value, expr: value, "Mirrors ``ops.Depend()``: returns ``value`` (eager order "
                "already holds).")
Diag = _noarg("Diag", torch.diag, "Mirrors ``ops.Diag()``.")
NonZero = _noarg("NonZero", torch.nonzero, "Mirrors ``ops.NonZero()``.")


class Print(Primitive):
    """Mirrors ``ops.Print()``: prints its arguments (Tensors in MindSpore's repr)."""

    def __init__(self):
        Primitive.__init__(self, "Print")

    def __call__(self, *args):
        print(*args)
        return None


class Concat(Primitive):
    """Mirrors ``ops.Concat(axis=0)``: ``Concat(axis)(tensors)``."""

    def __init__(self, axis=0):
        Primitive.__init__(self, "Concat")
        if not isinstance(axis, int):
            raise TypeError(f"For 'Concat', the type of 'axis' must be int, but got {type(axis).__name__}.")
        self.add_prim_attr("axis", axis)

    def __call__(self, tensors, *more):
        if more:
            tensors = (tensors,) + more
        return _a.concat(tensors, self.axis)


class Stack(Primitive):
    """Mirrors ``ops.Stack(axis=0)``: ``Stack(axis)(tensors)``."""

    def __init__(self, axis=0):
        Primitive.__init__(self, "Stack")
        self.add_prim_attr("axis", axis)

    def __call__(self, tensors, *more):
        if more:
            tensors = (tensors,) + more
        return _a.stack(tensors, self.axis)


Pack = Stack


class Unstack(Primitive):
    """Mirrors ``ops.Unstack(axis=0, num=None)``."""

    def __init__(self, axis=0, num=None):
        Primitive.__init__(self, "Unstack")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("num", num)

    def __call__(self, x):
        return tuple(torch.unbind(x, self.axis))


Unpack = Unstack


class Split(Primitive):
    """Mirrors ``ops.Split(axis=0, output_num=1)``: splits into ``output_num`` equal parts."""

    def __init__(self, axis=0, output_num=1):
        Primitive.__init__(self, "Split")
        if not isinstance(output_num, int) or output_num <= 0:
            raise ValueError(f"For 'Split', the 'output_num' must be a positive int, but got {output_num}.")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("output_num", output_num)

    def __call__(self, input_x):
        check_tensor("Split", input_x, "input_x")
        n = input_x.shape[self.axis]
        if n % self.output_num:
            raise ValueError(f"For 'Split', the shape of 'input_x' at 'axis' ({n}) must be divisible by "
                             f"'output_num' ({self.output_num}).")
        return tuple(torch.split(input_x, n // self.output_num, self.axis))


class Squeeze(Primitive):
    """Mirrors ``ops.Squeeze(axis=())``: ``()`` removes every size-1 dim; a named dim must be 1."""

    def __init__(self, axis=()):
        Primitive.__init__(self, "Squeeze")
        if isinstance(axis, int):
            axis = (axis,)
        if not isinstance(axis, (tuple, list)):
            raise TypeError(f"For 'Squeeze', the type of 'axis' must be int or tuple, but got {type(axis).__name__}.")
        self.add_prim_attr("axis", tuple(axis))

    def __call__(self, input):
        return _a.squeeze(input, self.axis if self.axis else None)


class Gather(Primitive):
    """Mirrors ``ops.Gather(batch_dims=0)``: ``Gather()(params, indices, axis)`` (slice gather)."""

    def __init__(self, batch_dims=0):
        Primitive.__init__(self, "Gather")
        self.add_prim_attr("batch_dims", batch_dims)

    def __call__(self, input_params, input_indices, axis):
        return _a.gather(input_params, input_indices, int(axis), self.batch_dims)


GatherV2 = Gather


class OneHot(Primitive):
    """Mirrors ``ops.OneHot(axis=-1)``: ``OneHot()(indices, depth, on_value, off_value)``."""

    def __init__(self, axis=-1):
        Primitive.__init__(self, "OneHot")
        self.add_prim_attr("axis", axis)

    def __call__(self, indices, depth, on_value, off_value):
        return _a.one_hot(indices, depth, on_value, off_value, self.axis)


class BroadcastTo(Primitive):
    """Mirrors ``ops.BroadcastTo(shape)``."""

    def __init__(self, shape):
        Primitive.__init__(self, "BroadcastTo")
        self.add_prim_attr("shape", tuple(shape))

    def __call__(self, input):
        return _a.broadcast_to(input, self.shape)


class Fills(Primitive):
    """Mirrors ``ops.Fills()``: ``Fills()(x, value)`` → a tensor like ``x`` filled with ``value``."""

    def __init__(self):
        Primitive.__init__(self, "Fills")

    def __call__(self, x, value):
        return torch.full_like(x, float(value))


class StridedSlice(Primitive):
    """Mirrors ``ops.StridedSlice(begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
    shrink_axis_mask=0)``: ``StridedSlice(...)(x, begin, end, strides)``."""

    def __init__(self, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0):
        Primitive.__init__(self, "StridedSlice")
        for n, v in (("begin_mask", begin_mask), ("end_mask", end_mask), ("ellipsis_mask", ellipsis_mask),
                     ("new_axis_mask", new_axis_mask), ("shrink_axis_mask", shrink_axis_mask)):
            if not isinstance(v, int):
                raise TypeError(f"For 'StridedSlice', the type of '{n}' must be int, but got {type(v).__name__}.")
            self.add_prim_attr(n, v)

    def __call__(self, input_x, begin, end, strides):
        return _a.strided_slice(input_x, begin, end, strides, self.begin_mask, self.end_mask, self.ellipsis_mask,
                                self.new_axis_mask, self.shrink_axis_mask)


class Pad(Primitive):
    """Mirrors ``ops.Pad(paddings)``: ``paddings`` is ``((before, after), ...)`` for each dim, FIRST
    dim first (the reverse of ``ops.pad``'s flat list)."""

    def __init__(self, paddings):
        Primitive.__init__(self, "Pad")
        if not isinstance(paddings, tuple):
            raise TypeError(f"For 'Pad', the type of 'paddings' must be tuple, but got {type(paddings).__name__}.")
        for p in paddings:
            if len(p) != 2:
                raise ValueError(f"For 'Pad', each element of 'paddings' must be a pair, but got {paddings}.")
        self.add_prim_attr("paddings", paddings)

    def __call__(self, x):
        if len(self.paddings) != x.dim():
            raise ValueError(f"For 'Pad', the size of 'paddings' must be equal to the rank of 'x' {x.dim()}, but got "
                             f"{len(self.paddings)}.")
        flat = []
        for lo, hi in reversed(self.paddings):
            flat += [lo, hi]
        return torch.nn.functional.pad(x, flat)


class Padding(Primitive):
    """Mirrors ``ops.Padding(pad_dim_size=8)`` (deprecated in MindSpore for ``ops.pad``): ``(x)`` with a last
    dimension of 1 → that dimension extended to ``pad_dim_size`` with zeros."""

    def __init__(self, pad_dim_size=8):
        Primitive.__init__(self, "Padding")
        if not isinstance(pad_dim_size, int) or isinstance(pad_dim_size, bool):
            raise TypeError(f"For 'Padding', the type of 'pad_dim_size' must be int, but got "
                            f"{type(pad_dim_size).__name__}.")
        if pad_dim_size <= 0:
            raise ValueError(f"For 'Padding', the 'pad_dim_size' must be a positive int, but got {pad_dim_size}.")
        self.add_prim_attr("pad_dim_size", pad_dim_size)

    def __call__(self, x):
        if x.dim() < 2 or x.shape[-1] != 1:
            raise ValueError(f"For 'Padding', the rank of 'x' must be at least 2 and its last dimension 1, but got "
                             f"shape {tuple(x.shape)}.")
        return torch.nn.functional.pad(x, (0, self.pad_dim_size - 1))


class ScatterUpdate(Primitive):
    """Mirrors ``ops.ScatterUpdate(use_locking=True)``: in-place row update of a Parameter."""

    def __init__(self, use_locking=True):
        Primitive.__init__(self, "ScatterUpdate")
        self.add_prim_attr("use_locking", use_locking)

    def __call__(self, input_x, indices, updates):
        with torch.no_grad():
            input_x[indices.long()] = updates.to(input_x.dtype)
        return input_x


class ScatterAdd(Primitive):
    """Mirrors ``ops.ScatterAdd(use_locking=False)``: in-place row add into a Parameter."""

    def __init__(self, use_locking=False):
        Primitive.__init__(self, "ScatterAdd")
        self.add_prim_attr("use_locking", use_locking)

    def __call__(self, input_x, indices, updates):
        with torch.no_grad():
            input_x.index_put_((indices.long(),), updates.to(input_x.dtype), accumulate=True)
        return input_x


class Assign(Primitive):
    """Mirrors ``ops.Assign()``: ``Assign()(variable, value)`` copies ``value`` into the Parameter
    ``variable`` in place (no autograd history) and returns it."""

    def __init__(self):
        Primitive.__init__(self, "Assign")

    def __call__(self, variable, value):
        with torch.no_grad():
            variable.copy_(to_tensor(value))
        return variable


class AssignAdd(Primitive):
    """Mirrors ``ops.AssignAdd()``: in-place ``variable += value``."""

    def __init__(self):
        Primitive.__init__(self, "AssignAdd")

    def __call__(self, variable, value):
        with torch.no_grad():
            variable.add_(to_tensor(value).to(variable.dtype))
        return variable


class AssignSub(Primitive):
    """Mirrors ``ops.AssignSub()``: in-place ``variable -= value``."""

    def __init__(self):
        Primitive.__init__(self, "AssignSub")

    def __call__(self, variable, value):
        with torch.no_grad():
            variable.sub_(to_tensor(value).to(variable.dtype))
        return variable


class Range(Primitive):
    """Mirrors ``ops.Range(maxlen=1000000)``: ``Range()(start, end, step)``."""

    def __init__(self, maxlen=1000000):
        Primitive.__init__(self, "Range")
        self.add_prim_attr("maxlen", maxlen)

    def __call__(self, start, end, step):
        return _a.range(start, end, step, self.maxlen)


class TopK(Primitive):
    """Mirrors ``ops.TopK(sorted=True)``: ``TopK()(x, k)`` along the last dim → ``(values, indices)``
    with int32 indices."""

    def __init__(self, sorted=True):
        Primitive.__init__(self, "TopK")
        self.add_prim_attr("sorted", sorted)

    def __call__(self, input_x, k):
        v, i = torch.topk(input_x, int(k), -1, True, self.sorted)
        return v, i.to(torch.int32)


class Sort(Primitive):
    """Mirrors ``ops.Sort(axis=-1, descending=False)`` → ``(values, indices)`` with int32 indices."""

    def __init__(self, axis=-1, descending=False):
        Primitive.__init__(self, "Sort")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("descending", descending)

    def __call__(self, x):
        v, i = torch.sort(x, dim=self.axis, descending=self.descending, stable=True)
        return v, i.to(torch.int32)


class Argsort(Primitive):
    def __init__(self, axis=-1, descending=False):
        Primitive.__init__(self, "Argsort")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("descending", descending)

    def __call__(self, x):
        return torch.argsort(x, dim=self.axis, descending=self.descending, stable=True)


class Unique(Primitive):
    """Mirrors ``ops.Unique()`` → ``(y, idx)``."""

    def __init__(self):
        Primitive.__init__(self, "Unique")

    def __call__(self, input_x):
        out, inv = _a.unique(input_x)
        return out, inv.to(torch.int32)


class Meshgrid(Primitive):
    """Mirrors ``ops.Meshgrid(indexing='xy')``: ``Meshgrid()(inputs_tuple)``."""

    def __init__(self, indexing="xy"):
        Primitive.__init__(self, "Meshgrid")
        self.add_prim_attr("indexing", indexing)

    def __call__(self, inputs):
        return _a.meshgrid(*inputs, indexing=self.indexing)


class Triu(Primitive):
    """Mirrors ``ops.Triu(diagonal=0)``."""

    def __init__(self, diagonal=0):
        Primitive.__init__(self, "Triu")
        self.add_prim_attr("diagonal", diagonal)

    def __call__(self, input):
        return torch.triu(input, self.diagonal)


class Tril(Primitive):
    """Mirrors ``ops.Tril(diagonal=0)``."""

    def __init__(self, diagonal=0):
        Primitive.__init__(self, "Tril")
        self.add_prim_attr("diagonal", diagonal)

    def __call__(self, input):
        return torch.tril(input, self.diagonal)


class ReverseV2(Primitive):
    """Mirrors ``ops.ReverseV2(axis)``."""

    def __init__(self, axis):
        Primitive.__init__(self, "ReverseV2")
        self.add_prim_attr("axis", tuple(axis))

    def __call__(self, input_x):
        return torch.flip(input_x, self.axis)


class Roll(Primitive):
    """Mirrors ``ops.Roll(shifts, dims=None)`` (``dims=None`` rolls the flattened input)."""

    def __init__(self, shifts, dims=None):
        Primitive.__init__(self, "Roll")
        self.add_prim_attr("shifts", shifts)
        self.add_prim_attr("dims", dims)

    def __call__(self, input):
        return torch.roll(input, self.shifts, self.dims)

"""Scatter, segment, in-place-row and index Primitives of ``mindspore.ops.operations``:
``ScatterNd{Update,Add,Sub,Mul,Div,Max,Min}``, ``Scatter{Sub,Mul,Div,Max,Min}``,
``TensorScatter{Sub,Mul,Div,Max,Min,Elements}``, ``ScatterAddWithAxis``, ``UnsortedSegment{Max,Min,Prod}``,
``Segment{Sum,Mean,Max,Min,Prod}``, ``Inplace{Update,UpdateV2,Add,Sub}``, ``IndexAdd``, ``IndexFill``,
``MaskedSelect``, ``MaskedScatter``. ``use_locking`` / ``use_lock`` are accepted and stored (PyTorch
eager updates are already serialised)."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from ..function import scatter_func as _s, segment_func as _g, array_func as _a

__all__ = ["ScatterNdUpdate", "ScatterNdAdd", "ScatterNdSub", "ScatterNdMul", "ScatterNdDiv", "ScatterNdMax",
           "ScatterNdMin", "ScatterSub", "ScatterMul", "ScatterDiv", "ScatterMax", "ScatterMin", "TensorScatterSub",
           "TensorScatterMul", "TensorScatterDiv", "TensorScatterMax", "TensorScatterMin", "TensorScatterElements",
           "ScatterAddWithAxis", "UnsortedSegmentMax", "UnsortedSegmentMin", "UnsortedSegmentProd", "SegmentSum",
           "SegmentMean", "SegmentMax", "SegmentMin", "SegmentProd", "InplaceUpdate", "InplaceUpdateV2",
           "InplaceAdd", "InplaceSub", "IndexAdd", "IndexFill", "MaskedSelect", "MaskedScatter"]


def _locking_scatter(name, mode, nd, default_lock=False):
    def __init__(self, use_locking=default_lock):
        Primitive.__init__(self, name)
        if not isinstance(use_locking, bool):
            raise TypeError(f"For '{name}', the type of 'use_locking' must be bool, but got "
                            f"{type(use_locking).__name__}.")
        self.add_prim_attr("use_locking", use_locking)

    def __call__(self, input_x, indices, updates):
        idx = _s._check_indices(name, indices)
        if not nd:
            idx = idx.unsqueeze(-1)
        with torch.no_grad():
            return _s._nd_apply(name, input_x, idx, updates, mode, True)

    doc = (f"Mirrors ``ops.{name}(use_locking={default_lock})``: ``{name}()(input_x, indices, updates)`` updates "
           f"the Parameter ``input_x`` in place ({mode}) at {'N-d' if nd else 'first-axis'} ``indices`` and "
           "returns it.")
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__module__": __name__,
                                     "__doc__": doc})


ScatterNdUpdate = _locking_scatter("ScatterNdUpdate", "none", True, default_lock=True)
ScatterNdAdd = _locking_scatter("ScatterNdAdd", "add", True)
ScatterNdSub = _locking_scatter("ScatterNdSub", "sub", True)
ScatterNdMul = _locking_scatter("ScatterNdMul", "mul", True)
ScatterNdDiv = _locking_scatter("ScatterNdDiv", "div", True)
ScatterNdMax = _locking_scatter("ScatterNdMax", "max", True)
ScatterNdMin = _locking_scatter("ScatterNdMin", "min", True)
ScatterSub = _locking_scatter("ScatterSub", "sub", False)
ScatterMul = _locking_scatter("ScatterMul", "mul", False)
ScatterDiv = _locking_scatter("ScatterDiv", "div", False)
ScatterMax = _locking_scatter("ScatterMax", "max", False)
ScatterMin = _locking_scatter("ScatterMin", "min", False)


def _fn_prim(name, fn, doc):
    def __init__(self):
        Primitive.__init__(self, name)

    def __call__(self, *args):
        return fn(*args)

    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__module__": __name__,
                                     "__doc__": doc})


TensorScatterSub = _fn_prim("TensorScatterSub", _s.tensor_scatter_sub,
                            "Mirrors ``ops.TensorScatterSub()``: ``(input_x, indices, updates)``, out of place.")
TensorScatterMul = _fn_prim("TensorScatterMul", _s.tensor_scatter_mul,
                            "Mirrors ``ops.TensorScatterMul()``: ``(input_x, indices, updates)``, out of place.")
TensorScatterDiv = _fn_prim("TensorScatterDiv", _s.tensor_scatter_div,
                            "Mirrors ``ops.TensorScatterDiv()``: ``(input_x, indices, updates)``, out of place.")
TensorScatterMax = _fn_prim("TensorScatterMax", _s.tensor_scatter_max,
                            "Mirrors ``ops.TensorScatterMax()``: ``(input_x, indices, updates)``, out of place.")
TensorScatterMin = _fn_prim("TensorScatterMin", _s.tensor_scatter_min,
                            "Mirrors ``ops.TensorScatterMin()``: ``(input_x, indices, updates)``, out of place.")
UnsortedSegmentMax = _fn_prim("UnsortedSegmentMax", _g.unsorted_segment_max,
                              "Mirrors ``ops.UnsortedSegmentMax()``: ``(x, segment_ids, num_segments)``.")
UnsortedSegmentMin = _fn_prim("UnsortedSegmentMin", _g.unsorted_segment_min,
                              "Mirrors ``ops.UnsortedSegmentMin()``: ``(x, segment_ids, num_segments)``.")
UnsortedSegmentProd = _fn_prim("UnsortedSegmentProd", _g.unsorted_segment_prod,
                               "Mirrors ``ops.UnsortedSegmentProd()``: ``(x, segment_ids, num_segments)``.")
IndexFill = _fn_prim("IndexFill", _s.index_fill, "Mirrors ``ops.IndexFill()``: ``(x, axis, index, value)``.")
MaskedSelect = _fn_prim("MaskedSelect", _a.masked_select, "Mirrors ``ops.MaskedSelect()``: ``(input, mask)``.")
MaskedScatter = _fn_prim("MaskedScatter", _a.masked_scatter,
                         "Mirrors ``ops.MaskedScatter()``: ``(input, mask, updates)``.")


def _segment(name, reduce):
    def __init__(self):
        Primitive.__init__(self, name)

    def __call__(self, input_x, segment_ids):
        return _g.sorted_segment(name, input_x, segment_ids, reduce)

    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__module__": __name__,
                                     "__doc__": f"Mirrors ``ops.{name}()``: ``(input_x, segment_ids)`` with sorted "
                                                "ids; empty segments are 0 (1 for prod)."})


SegmentSum = _segment("SegmentSum", "sum")
SegmentMean = _segment("SegmentMean", "mean")
SegmentMax = _segment("SegmentMax", "max")
SegmentMin = _segment("SegmentMin", "min")
SegmentProd = _segment("SegmentProd", "prod")


class TensorScatterElements(Primitive):
    """Mirrors ``ops.TensorScatterElements(axis=0, reduction='none')``: ``(data, indices, updates)``."""

    def __init__(self, axis=0, reduction="none"):
        super().__init__("TensorScatterElements")
        if reduction not in ("none", "add"):
            raise ValueError("For 'TensorScatterElements', the 'reduction' must be 'none' or 'add', but got "
                             f"{reduction}.")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("reduction", reduction)

    def __call__(self, data, indices, updates):
        return _a.tensor_scatter_elements(data, indices, updates, self.axis, self.reduction)


class ScatterAddWithAxis(Primitive):
    """Mirrors ``ops.ScatterAddWithAxis(axis=0)``: ``(input_x, indices, updates)`` adds ``updates`` into
    the Parameter ``input_x`` along ``axis`` in place (torch ``scatter_add_``) and returns it."""

    def __init__(self, axis=0):
        super().__init__("ScatterAddWithAxis")
        self.add_prim_attr("axis", axis)

    def __call__(self, input_x, indices, updates):
        idx = _s._check_indices("ScatterAddWithAxis", indices)
        with torch.no_grad():
            input_x.scatter_add_(self.axis, idx.long(), updates.to(input_x.dtype))
        return input_x


class _RowsPrim(Primitive):
    _fn = None

    def __init__(self, indices):
        super().__init__(type(self).__name__)
        self.add_prim_attr("indices", indices)

    def __call__(self, x, v):
        return type(self)._fn(x, v, self.indices)


class InplaceUpdate(_RowsPrim):
    """Mirrors ``ops.InplaceUpdate(indices)``: ``(x, v)`` → ``x`` with rows ``indices`` replaced by ``v``."""
    _fn = staticmethod(_s.inplace_update)


class InplaceAdd(_RowsPrim):
    """Mirrors ``ops.InplaceAdd(indices)``: ``(x, v)`` → ``x`` with ``v`` added to rows ``indices``."""
    _fn = staticmethod(_s.inplace_add)


class InplaceSub(_RowsPrim):
    """Mirrors ``ops.InplaceSub(indices)``: ``(x, v)`` → ``x`` with ``v`` subtracted from rows ``indices``."""
    _fn = staticmethod(_s.inplace_sub)


class InplaceUpdateV2(Primitive):
    """Mirrors ``ops.InplaceUpdateV2()``: ``(x, indices, v)`` with ``indices`` an int or Tensor."""

    def __init__(self):
        super().__init__("InplaceUpdateV2")

    def __call__(self, x, indices, v):
        if isinstance(indices, torch.Tensor):
            indices = indices.reshape(-1).tolist()
        return _s.inplace_update(x, v, indices)


class IndexAdd(Primitive):
    """Mirrors ``ops.IndexAdd(axis, use_lock=True, check_index_bound=True)``: ``(input_x, indices, y)``
    adds ``y`` into the Parameter ``input_x`` along ``axis`` in place and returns it."""

    def __init__(self, axis, use_lock=True, check_index_bound=True):
        super().__init__("IndexAdd")
        if not isinstance(axis, int) or isinstance(axis, bool):
            raise TypeError(f"For 'IndexAdd', the type of 'axis' must be int, but got {type(axis).__name__}.")
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("use_lock", use_lock)
        self.add_prim_attr("check_index_bound", check_index_bound)

    def __call__(self, input_x, indices, y):
        return _s.inplace_index_add(input_x, indices, y, self.axis)

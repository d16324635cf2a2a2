"""``mindspore.ops.operations.Reshard``: the Primitive behind ``mindspore.reshard``."""
from __future__ import annotations

from ..primitive import Primitive

__all__ = ["Reshard"]


def _layout_dicts(what, layouts):
    from ...parallel.layout import Layout
    if not isinstance(layouts, tuple):
        raise TypeError(f"{what} must be tuple type, but got:{type(layouts)}")
    out = []
    for lay in layouts:
        if not isinstance(lay, Layout):
            raise TypeError(f"The element of {what} must be mindspore.parallel.Layout, but got {type(lay)}.")
        d = lay.to_dict()
        out.append({k: d[k] for k in ("device_matrix", "tensor_map", "interleaved_parallel", "alias_name")})
    return tuple(out)


class Reshard(Primitive):
    """Mirrors ``ops.Reshard(in_layout, out_layout, in_strategy)``: records the layouts (tuples of
    ``mindspore.parallel.Layout``; attributes ``in_layout`` / ``out_layout`` as MindSpore's dicts) and, called on
    a tensor, redistributes it to ``out_layout[0]`` with :func:`mindspore.parallel.reshard` — inside a sharded
    cell a DTensor ``redistribute``; otherwise (one process, or a plain tensor) the tensor itself, as MindSpore
    returns it in PyNative mode."""

    def __init__(self, in_layout, out_layout, in_strategy):
        super().__init__("Reshard")
        self.add_prim_attr("in_layout", _layout_dicts("in_strategy", in_layout))
        self.add_prim_attr("out_layout", _layout_dicts("out_strategy", out_layout))
        self._out_layouts = out_layout
        self.in_strategy = in_strategy

    def __call__(self, tensor):
        from ...parallel.layout import reshard
        return reshard(tensor, self._out_layouts[0]) if self._out_layouts else tensor

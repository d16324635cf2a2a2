"""``mindspore.shard`` / ``mindspore.parallel.shard`` (the function form of ``Cell.shard``)."""
from __future__ import annotations

from ..nn.cell import Cell
from .shard import cell_shard

__all__ = ["shard"]


class _FunctionCell(Cell):
    """A Cell whose ``construct`` calls a plain function (so a function can be sharded)."""

    def __init__(self, fn):
        super().__init__()
        self.__dict__["_fn"] = fn

    def construct(self, *args):
        return self.__dict__["_fn"](*args)


def shard(fn, in_strategy, out_strategy=None, parameter_plan=None, device="Ascend", level=0):
    """Mirrors ``mindspore.shard(fn, in_strategy, out_strategy=None, parameter_plan=None, device, level)``.

    A Cell is sharded in place (``Cell.shard``) and returned; a plain function is wrapped in a Cell
    first (it has no parameters, so ``parameter_plan`` must be ``None``). Call the result like ``fn``.
    Strategies are tuples of slice counts or ``Layout`` objects (DTensor placements on the device
    matrix's DeviceMesh). With one process ``fn`` is returned unchanged, as in MindSpore 2.10.
    ``device``/``level`` are type-checked and have no effect (see ``Cell.shard``).
    """
    from .shard import _group_size
    if _group_size() == 1:  # MindSpore 2.10: one device -> fn itself, unchanged
        return fn
    if isinstance(fn, Cell):
        cell = fn
    elif callable(fn):
        if parameter_plan is not None:
            raise TypeError(f"If parameter_plan is set, type of fn must be mindspore.nn.Cell, but got {type(fn)}")
        cell = _FunctionCell(fn)
    else:
        raise TypeError(f"For 'shard', the 'fn' should be a Cell or a function, but got {type(fn).__name__}.")
    cell_shard(cell, in_strategy, out_strategy, parameter_plan, device=device, level=level)
    return cell

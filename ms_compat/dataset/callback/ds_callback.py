"""Mirrors ``mindspore.dataset.callback.ds_callback``: ``DSCallback``."""
from __future__ import annotations

__all__ = ["DSCallback"]


class _RunContext:
    def __init__(self, epoch, step_in_epoch, step):
        self.cur_epoch_num, self.cur_step_num_in_epoch, self.cur_step_num = epoch, step_in_epoch, step


class DSCallback:
    """Mirrors ``mindspore.dataset.DSCallback(step_size=1)``: passed as ``map(callbacks=...)``; its ``ds_begin``,
    ``ds_epoch_begin``, ``ds_epoch_end``, ``ds_step_begin`` and ``ds_step_end`` run as the ``map`` step
    processes rows (``ds_step_*`` every ``step_size`` rows; counts from 1)."""

    def __init__(self, step_size=1):
        if not isinstance(step_size, int) or step_size < 1:
            raise ValueError("step_size should be a positive integer.")
        self.step_size = step_size

    def ds_begin(self, ds_run_context):
        pass

    def ds_epoch_begin(self, ds_run_context):
        pass

    def ds_epoch_end(self, ds_run_context):
        pass

    def ds_step_begin(self, ds_run_context):
        pass

    def ds_step_end(self, ds_run_context):
        pass


def run_with_callbacks(rows, callbacks, state):
    """Wraps one epoch of a ``map`` node's output with its callbacks (``state`` keeps the global step)."""
    state["epoch"] = state.get("epoch", 0) + 1
    if state["epoch"] == 1:
        for cb in callbacks:
            cb.ds_begin(_RunContext(1, 0, 0))
    epoch = state["epoch"]
    for cb in callbacks:
        cb.ds_epoch_begin(_RunContext(epoch, 0, state.get("step", 0)))
    k = 0
    for row in rows:
        k += 1
        state["step"] = state.get("step", 0) + 1
        ctx = _RunContext(epoch, k, state["step"])
        for cb in callbacks:
            if (k - 1) % cb.step_size == 0:
                cb.ds_step_begin(ctx)
        yield row
        for cb in callbacks:
            if (k - 1) % cb.step_size == 0:
                cb.ds_step_end(ctx)
    for cb in callbacks:
        cb.ds_epoch_end(_RunContext(epoch, k, state.get("step", 0)))

"""Mirrors ``mindspore.dataset.WaitedDSCallback``: a dataset callback that waits for the training loop.

One object is passed both to ``map(callbacks=...)`` and to ``Model.train(callbacks=...)``. From the second step
(epoch) on, the pipeline's ``ds_step_begin`` (``ds_epoch_begin``) blocks until the training's ``step_end``
(``epoch_end``) of the previous step arrives, then calls ``sync_step_begin(train_run_context, ds_run_context)``
(``sync_epoch_begin``) with the training's run context: e.g. to update an augmentation from the last loss.
A wait longer than ``config.get_callback_timeout()`` seconds raises RuntimeError; after the training's ``end``
nothing waits. As MindSpore, a subclass overriding neither ``sync_*`` method is refused (AttributeError, when
given to ``map``). In ms_compat the pipeline usually runs in the consumer's thread, so the wait is already over
when the training asks for the next batch; a pipeline run ahead (prefetching thread) waits as in MindSpore.
"""
from __future__ import annotations

import threading

from ...train.callback._callback import Callback
from .ds_callback import DSCallback

__all__ = ["WaitedDSCallback"]


class WaitedDSCallback(Callback, DSCallback):
    """Mirrors ``mindspore.dataset.WaitedDSCallback(step_size=1)`` (``step_size``: rows per step, usually the batch
    size). Override ``sync_epoch_begin`` and/or ``sync_step_begin``."""

    def __init__(self, step_size=1):
        DSCallback.__init__(self, step_size)
        self.step_event, self.step_run_context = threading.Event(), None
        self.epoch_event, self.epoch_run_context = threading.Event(), None
        self.training_ended = False

    def sync_epoch_begin(self, train_run_context, ds_run_context):
        """Runs before dataset epoch ``k >= 2``, after training epoch ``k - 1`` ended."""

    def sync_step_begin(self, train_run_context, ds_run_context):
        """Runs before dataset step ``k >= 2``, after training step ``k - 1`` ended."""

    # -- training side (internal, as MindSpore's: do not override)
    def epoch_end(self, run_context):
        self.epoch_run_context = run_context
        self.epoch_event.set()

    def step_end(self, run_context):
        self.step_run_context = run_context
        self.step_event.set()

    def end(self, run_context):
        self.epoch_end(run_context)
        self.step_end(run_context)
        self.training_ended = True

    # -- pipeline side
    def _wait(self, event, where):
        from ..core import config
        if self.training_ended:
            return
        ok = event.wait(timeout=config.get_callback_timeout())
        event.clear()
        if not ok:
            raise RuntimeError(f"{where} timed out after {config.get_callback_timeout()} second(s).")

    def ds_epoch_begin(self, ds_run_context):
        if type(self).sync_epoch_begin is WaitedDSCallback.sync_epoch_begin:
            return
        if ds_run_context.cur_epoch_num > 1:
            self._wait(self.epoch_event, "ds_epoch_begin")
            self.sync_epoch_begin(self.epoch_run_context, ds_run_context)

    def ds_step_begin(self, ds_run_context):
        if type(self).sync_step_begin is WaitedDSCallback.sync_step_begin:
            return
        if ds_run_context.cur_step_num > self.step_size:
            self._wait(self.step_event, "ds_step_begin")
            self.sync_step_begin(self.step_run_context, ds_run_context)

    def _check_overridden(self):
        if (type(self).sync_step_begin is WaitedDSCallback.sync_step_begin
                and type(self).sync_epoch_begin is WaitedDSCallback.sync_epoch_begin):
            raise AttributeError("Inheriting Callback class without overriding any methods, check the usage of user "
                                 "defined Callback.")

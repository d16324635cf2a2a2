"""``mindspore.train.LossMonitor``."""
from __future__ import annotations

import numpy as np

from ._callback import Callback, _handle_loss
from ._validate import non_negative_int


class LossMonitor(Callback):
    """Mirrors ``mindspore.train.LossMonitor(per_print_times=1)``: prints ``epoch: E step: S, loss is L``
    every ``per_print_times`` steps (``S`` is the step within the epoch, ``L`` the Python float of the
    loss); a NaN/Inf loss raises ``ValueError``. At a training epoch's end it prints
    ``Eval result: epoch E, metrics: {...}`` when ``Model.fit`` evaluated in that epoch."""

    def __init__(self, per_print_times=1):
        super().__init__()
        non_negative_int(per_print_times)
        self._per_print_times = per_print_times
        self._last_print_time = 0

    def step_end(self, run_context):
        cb = run_context.original_args()
        epoch = cb.get("cur_epoch_num", 1)
        loss = _handle_loss(cb.net_outputs)
        step_in_epoch = (cb.cur_step_num - 1) % cb.batch_num + 1
        if isinstance(loss, float) and (np.isnan(loss) or np.isinf(loss)):
            raise ValueError(f"In epoch: {epoch} step: {step_in_epoch}, loss is NAN or INF, training process cannot "
                             "continue, terminating training.")
        every = self._per_print_times
        if every != 0 and cb.cur_step_num <= self._last_print_time:
            while cb.cur_step_num <= self._last_print_time:
                self._last_print_time -= max(every, cb.batch_num if cb.get("dataset_sink_mode") else 1)
        if every != 0 and cb.cur_step_num - self._last_print_time >= every:
            self._last_print_time = cb.cur_step_num
            print("epoch: %s step: %s, loss is %s" % (epoch, step_in_epoch, loss), flush=True)

    def _resume_at(self, step):
        """Training resumed after ``step`` (``BackupAndRestore``): print at the steps an uninterrupted run would."""
        if self._per_print_times:
            self._last_print_time = step - step % self._per_print_times

    def on_train_epoch_end(self, run_context):
        cb = run_context.original_args()
        metrics = cb.get("metrics")
        if metrics:
            print("Eval result: epoch %d, metrics: %s" % (cb.cur_epoch_num, metrics))

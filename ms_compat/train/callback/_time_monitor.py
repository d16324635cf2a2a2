"""``mindspore.train.TimeMonitor``."""
from __future__ import annotations

import time

from ._callback import Callback
from ._validate import check_bool, positive_int


class TimeMonitor(Callback):
    """Mirrors ``mindspore.train.TimeMonitor(data_size=None, data_time=False)``: prints
    ``Train epoch time: X ms, per step time: Y ms`` at each epoch end (``Eval ...`` for evaluation), with
    `` (data time: Z ms)`` when ``data_time=True`` (time spent fetching a batch, per step)."""

    def __init__(self, data_size=None, data_time=False):
        super().__init__()
        self.data_size = data_size
        self.epoch_time = time.time()
        self.data_time = data_time
        self.data_time_sum = 0.0
        self.data_time_start = 0.0
        check_bool(data_time, "data_time")

    def on_train_step_begin(self, run_context):
        if self.data_time:
            self.data_time_sum += time.time() - self.data_time_start

    def on_train_step_end(self, run_context):
        if self.data_time:
            self.data_time_start = time.time()

    def epoch_begin(self, run_context):
        self.epoch_time = time.time()
        if self.data_time:
            self.data_time_sum = 0.0
            self.data_time_start = time.time()

    def epoch_end(self, run_context):
        epoch_ms = (time.time() - self.epoch_time) * 1000
        step_size = self.data_size
        cb = run_context.original_args()
        mode = cb.get("mode", "")
        bn = cb.get("batch_num")
        if isinstance(bn, int) and bn > 0:
            step_size = bn
        positive_int(step_size)
        log = "{} epoch time: {:5.3f} ms, per step time: {:5.3f} ms".format(mode.title(), epoch_ms, epoch_ms / step_size)
        if self.data_time:
            log += " (data time: {:5.3f} ms)".format(self.data_time_sum * 1000 / step_size)
        print(log, flush=True)

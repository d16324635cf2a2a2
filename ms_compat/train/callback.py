"""``mindspore.train.Callback``, ``RunContext``, ``LossMonitor``, ``TimeMonitor`` (used by ``Model``)."""
from __future__ import annotations

import time

import numpy as np
import torch

from ..nn.optim import _validate as V

__all__ = ["Callback", "RunContext", "LossMonitor", "TimeMonitor"]


class _CallbackParams(dict):
    """MindSpore's ``cb_params``: a dict whose keys are also attributes (``cb_params.cur_step_num``)."""

    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError:
            raise AttributeError(k) from None

    def __setattr__(self, k, v):
        self[k] = v


class RunContext:
    """Mirrors ``mindspore.train.RunContext(original_args)``: holds ``cb_params``; ``request_stop()`` ends training."""

    def __init__(self, original_args):
        if not isinstance(original_args, dict):
            raise TypeError("The argument 'original_args' of RunContext should be dict type, "
                            f"but got {type(original_args)}.")
        self._original_args = original_args
        self._stop_requested = False

    def original_args(self):
        return self._original_args

    def request_stop(self):
        self._stop_requested = True

    def get_stop_requested(self):
        return self._stop_requested


class Callback:
    """Mirrors ``mindspore.train.Callback``: override ``on_train_*``/``on_eval_*`` or the older
    ``begin/epoch_begin/step_begin/step_end/epoch_end/end`` (the ``on_*`` defaults call them)."""

    def __enter__(self):
        return self

    def __exit__(self, *err):
        pass

    def begin(self, run_context):
        pass

    def epoch_begin(self, run_context):
        pass

    def epoch_end(self, run_context):
        pass

    def step_begin(self, run_context):
        pass

    def step_end(self, run_context):
        pass

    def end(self, run_context):
        pass

    def on_train_begin(self, run_context):
        self.begin(run_context)

    def on_train_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_train_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_train_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_train_step_end(self, run_context):
        self.step_end(run_context)

    def on_train_end(self, run_context):
        self.end(run_context)

    def on_eval_begin(self, run_context):
        self.begin(run_context)

    def on_eval_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_eval_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_eval_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_eval_step_end(self, run_context):
        self.step_end(run_context)

    def on_eval_end(self, run_context):
        self.end(run_context)


def _handle_loss(loss):
    if isinstance(loss, (tuple, list)):
        if loss and isinstance(loss[0], torch.Tensor):
            loss = loss[0]
    elif isinstance(loss, torch.Tensor):
        loss = float(np.mean(loss.detach().cpu().float().numpy()))
    return loss


class LossMonitor(Callback):
    """Mirrors ``mindspore.train.LossMonitor(per_print_times=1)``: prints
    ``epoch: E step: S, loss is L`` every ``per_print_times`` steps; a NaN/Inf loss raises ``ValueError``."""

    def __init__(self, per_print_times=1):
        super().__init__()
        if isinstance(per_print_times, bool) or not isinstance(per_print_times, int):
            raise TypeError(f"The input value must be int, but got '{type(per_print_times).__name__}'")
        if per_print_times < 0:
            raise ValueError(f"The input value must be int and must >= 0, but got '{per_print_times}' with type 'int'.")
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
        if self._per_print_times != 0 and cb.cur_step_num <= self._last_print_time:
            while cb.cur_step_num <= self._last_print_time:
                self._last_print_time -= max(self._per_print_times, 1)
        if self._per_print_times != 0 and (cb.cur_step_num - self._last_print_time) >= self._per_print_times:
            self._last_print_time = cb.cur_step_num
            print(f"epoch: {epoch} step: {step_in_epoch}, loss is {loss}", flush=True)

    def on_train_epoch_end(self, run_context):
        metrics = run_context.original_args().get("metrics")
        if metrics:
            print("Eval result: epoch %d, metrics: %s" % (run_context.original_args().cur_epoch_num, metrics))


class TimeMonitor(Callback):
    """Mirrors ``mindspore.train.TimeMonitor(data_size=None, data_time=False)``: prints
    ``Train epoch time: X ms, per step time: Y ms`` at each epoch end."""

    def __init__(self, data_size=None, data_time=False):
        super().__init__()
        V.check_bool(data_time, "data_time")
        self.data_size = data_size
        self.data_time = data_time
        self.epoch_time = time.time()
        self.data_time_sum = 0.0
        self.data_time_start = 0.0

    def on_train_step_begin(self, run_context):
        if self.data_time:
            self.data_time_sum += time.time() - self.data_time_start

    def on_train_step_end(self, run_context):
        if self.data_time:
            self.data_time_start = time.time()

    def epoch_begin(self, run_context):
        self.epoch_time = time.time()
        self.data_time_sum = 0.0
        self.data_time_start = time.time()

    def epoch_end(self, run_context):
        ms_ = (time.time() - self.epoch_time) * 1000
        cb = run_context.original_args()
        step_size = self.data_size
        bn = cb.get("batch_num")
        if isinstance(bn, int) and bn > 0:
            step_size = bn
        V.positive_int(step_size)
        log = "{} epoch time: {:5.3f} ms, per step time: {:5.3f} ms".format(cb.get("mode", "").title(), ms_,
                                                                             ms_ / step_size)
        if self.data_time:
            log += " (data time: {:5.3f} ms)".format(self.data_time_sum * 1000 / step_size)
        print(log, flush=True)

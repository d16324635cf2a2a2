"""An opt-in progress bar for ``Model.train`` / ``Model.eval`` (ms_compat only; MindSpore has none)."""
from __future__ import annotations

import os
import sys
import time

from ._callback import Callback, _handle_loss


def progress_requested():
    """``MS_COMPAT_PROGRESS=1`` (or ``ms-compat run --progress``) asks ``Model`` to add a :class:`ProgressBar`."""
    return os.environ.get("MS_COMPAT_PROGRESS", "") not in ("", "0")


class ProgressBar(Callback):
    """``epoch 2/5 [#######.......] 7/16 loss 0.4821 12.3 step/s`` redrawn on one line of ``stream``
    (default ``sys.stderr``, so MindSpore's lines on stdout are unchanged), for training and evaluation.

    Off when ``stream`` is not a terminal unless ``force=True``. ``Model`` adds one when the environment
    variable ``MS_COMPAT_PROGRESS=1`` is set (``ms-compat run --progress`` sets it), so an unmodified MindSpore
    script gets it; or pass ``ProgressBar()`` in ``callbacks``."""

    def __init__(self, stream=None, force=False, width=24, min_interval=0.1):
        super().__init__()
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = force or (hasattr(self.stream, "isatty") and self.stream.isatty())
        self.width = width
        self.min_interval = min_interval
        self._t0 = self._last = 0.0
        self._n = 0

    def _draw(self, cb, final=False):
        now = time.time()
        if not final and now - self._last < self.min_interval:
            return
        self._last = now
        total = cb.get("batch_num") or 0
        step = (cb.cur_step_num - 1) % total + 1 if total and cb.cur_step_num else cb.get("cur_step_num", 0)
        frac = min(step / total, 1.0) if total else 0.0
        fill = int(frac * self.width)
        bar = "#" * fill + "." * (self.width - fill)
        rate = self._n / max(now - self._t0, 1e-9)
        if cb.get("mode") == "eval":
            head = "eval"
        else:
            head = f"epoch {cb.get('cur_epoch_num', 1)}/{cb.get('epoch_num', '?')}"
        loss = _handle_loss(cb.get("net_outputs")) if cb.get("mode") != "eval" else None
        tail = f" loss {loss:.4f}" if isinstance(loss, float) else ""
        self.stream.write(f"\r{head} [{bar}] {step}/{total or '?'}{tail} {rate:.1f} step/s")
        if final:
            self.stream.write("\n")
        self.stream.flush()

    def _begin(self, run_context):
        self._t0 = self._last = time.time()
        self._n = 0

    def _step(self, run_context):
        self._n += 1
        if self.enabled:
            self._draw(run_context.original_args())

    def _end(self, run_context):
        if self.enabled and self._n:
            self._draw(run_context.original_args(), final=True)

    on_train_epoch_begin = on_eval_epoch_begin = _begin
    on_train_step_end = on_eval_step_end = _step
    on_train_epoch_end = on_eval_epoch_end = _end

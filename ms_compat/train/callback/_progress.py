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
    script gets it; or pass ``ProgressBar()`` in ``callbacks``.

    While the bar is drawn, ``sys.stdout`` is wrapped so that a line printed by another callback
    (``LossMonitor``, ``TimeMonitor``) or the user's code first clears the bar's line: on a terminal the
    printed line stands alone and the bar is redrawn under it at the next step."""

    def __init__(self, stream=None, force=False, width=24, min_interval=0.1):
        super().__init__()
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = force or (hasattr(self.stream, "isatty") and self.stream.isatty())
        self.width = width
        self.min_interval = min_interval
        self._t0 = self._last = 0.0
        self._n = 0
        self._visible = False
        self._stdout = None

    def _draw(self, cb, final=False):
        now = time.time()
        if not final and self._visible and now - self._last < self.min_interval:
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
        self._visible = not final
        if final:
            self.stream.write("\n")
        self.stream.flush()

    def clear(self):
        """Erase the bar's line (carriage return, then ANSI erase-to-end-of-line) if the bar is on it."""
        if self._visible:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._visible = False

    def _begin(self, run_context):
        self._t0 = self._last = time.time()
        self._n = 0
        if self.enabled and self._stdout is None:
            self._stdout = sys.stdout
            sys.stdout = _ClearingStdout(self._stdout, self)

    def _step(self, run_context):
        self._n += 1
        if self.enabled:
            self._draw(run_context.original_args())

    def _end(self, run_context):
        if self.enabled and self._n:
            self._draw(run_context.original_args(), final=True)
        self._restore()

    def _restore(self):
        if self._stdout is not None:
            if isinstance(sys.stdout, _ClearingStdout) and sys.stdout.bar is self:
                sys.stdout = self._stdout
            self._stdout = None

    def on_train_end(self, run_context):
        self._restore()

    on_eval_end = on_train_end

    on_train_epoch_begin = on_eval_epoch_begin = _begin
    on_train_step_end = on_eval_step_end = _step
    on_train_epoch_end = on_eval_epoch_end = _end


class _ClearingStdout:
    """``sys.stdout`` while a :class:`ProgressBar` is drawn: clears the bar's line before each write."""

    def __init__(self, real, bar):
        self.real = real
        self.bar = bar

    def write(self, text):
        if text:
            self.bar.clear()
        return self.real.write(text)

    def __getattr__(self, name):
        return getattr(self.real, name)

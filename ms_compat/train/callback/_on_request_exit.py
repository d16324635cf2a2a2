"""``mindspore.train.OnRequestExit``: stop training cleanly on a signal and save a checkpoint."""
from __future__ import annotations

import json
import logging
import os
import signal
import threading

from ._callback import Callback
from ._checkpoint import _make_directory

_log = logging.getLogger("ms_compat")


class OnRequestExit(Callback):
    """Mirrors ``mindspore.train.OnRequestExit(save_ckpt=True, save_mindir=True, file_name='Net',
    directory='./', config_file=None, sig=signal.SIGTERM)``: when ``sig`` arrives (or ``config_file`` holds
    ``{"GracefulExit": 1}``), training stops at the end of the current step and the train network is saved
    to ``{directory}/rank_{device_id}/{file_name}_train.ckpt`` with ``epoch_num``, ``step_num``,
    ``batch_num`` and ``global_step`` (an evaluation saves ``{file_name}_eval.ckpt``); a later run loads that
    file at its start.

    Differences (documented): MindSpore stops at a step only with ``MS_ENABLE_GRACEFUL_EXIT=1`` and a
    ``graceful_exit`` parameter in the network (otherwise it saves after training finished); ms_compat stops
    at the next step in every case. ``save_mindir`` cannot be honoured: MindSpore exports the train network's
    whole training step (forward, backward and optimizer primitives such as ``ApplyMomentum``), which ms_compat's
    MindIR writer (inference graphs) does not translate; with ``save_mindir=True`` a warning says so once and no
    MindIR file is written."""

    def __init__(self, save_ckpt=True, save_mindir=True, file_name="Net", directory="./", config_file=None,
                 sig=signal.SIGTERM):
        super().__init__()
        for name, v, t in (("save_ckpt", save_ckpt, bool), ("save_mindir", save_mindir, bool), ("sig", sig, int)):
            if not isinstance(v, t):
                raise TypeError(f"The {name} must be {t.__name__}, but got {type(v).__name__}.")
        self.save_ckpt, self.save_mindir, self.sig = save_ckpt, save_mindir, sig
        if hasattr(signal, "SIGKILL") and self.sig == signal.SIGKILL:
            raise ValueError("Not support send exit request by signal SIGKILL.")
        self.exit = False
        self.lock = threading.Lock()
        self.save_path = directory
        self.key = "GracefulExit"
        self.remote_config_file = config_file
        self.stop_train = False
        self._old_handler = None
        if save_mindir:
            _log.warning("OnRequestExit(save_mindir=True): MindSpore exports the train network (the whole training "
                         "step: forward, backward and optimizer update) as MindIR; ms_compat's MindIR writer "
                         "translates inference graphs only, so only the checkpoint is saved.")
        self.train_name, self.eval_name = self._get_save_path(file_name)

    def _get_save_path(self, file_name):
        from ...context import get_context
        device_id = get_context("device_id")
        base = os.path.join(os.getcwd() if self.save_path is None else self.save_path, f"rank_{device_id}")
        base = _make_directory(base)
        return os.path.join(base, f"{file_name}_train"), os.path.join(base, f"{file_name}_eval")

    def _handle_signal(self, signum, frame):
        self.exit = True

    def _install(self):
        if threading.current_thread() is threading.main_thread():
            self._old_handler = signal.signal(self.sig, self._handle_signal)

    def _restore(self):
        if self._old_handler is not None:
            signal.signal(self.sig, self._old_handler)
            self._old_handler = None

    def _requested(self):
        if self.exit:
            return True
        if self.remote_config_file is not None and os.path.exists(self.remote_config_file):
            try:
                with open(self.remote_config_file, encoding="utf-8") as f:
                    return json.load(f).get(self.key) == 1
            except (json.JSONDecodeError, OSError, AttributeError) as e:
                _log.warning("Parse json file failed: %s, please check json file: %s", e, self.remote_config_file)
        return False

    def on_train_begin(self, run_context):
        from ..serialization import load_checkpoint
        self._install()
        if self.save_ckpt and os.path.isfile(f"{self.train_name}.ckpt"):
            load_checkpoint(f"{self.train_name}.ckpt", net=run_context.original_args().train_network)

    def on_train_step_end(self, run_context):
        from ..serialization import save_checkpoint
        with self.lock:
            if self.stop_train or not self._requested():
                return
            cb = run_context.original_args()
            _log.warning("Graceful exit is triggered, stop training.")
            if self.save_ckpt:
                append = {"epoch_num": cb.cur_epoch_num, "step_num": cb.cur_step_num, "batch_num": cb.batch_num}
                opt = cb.get("optimizer")
                if opt is not None and hasattr(opt, "global_step"):
                    append["global_step"] = int(opt.global_step.asnumpy().reshape(-1)[0])
                save_checkpoint(cb.train_network, self.train_name, append_dict=append)
            run_context.request_stop()
            self.stop_train = True

    def on_train_end(self, run_context):
        self._restore()

    def on_eval_begin(self, run_context):
        from ..serialization import load_checkpoint
        self._install()
        if not self.save_ckpt:
            return
        eval_net = run_context.original_args().eval_network
        if os.path.isfile(f"{self.eval_name}.ckpt"):
            load_checkpoint(f"{self.eval_name}.ckpt", net=eval_net)
        elif os.path.isfile(f"{self.train_name}.ckpt"):
            load_checkpoint(f"{self.train_name}.ckpt", net=eval_net)

    def on_eval_step_end(self, run_context):
        if self._requested():
            run_context.request_stop()

    def on_eval_end(self, run_context):
        from ..serialization import save_checkpoint
        self._restore()
        if self.exit and self.save_ckpt:
            save_checkpoint(run_context.original_args().eval_network, self.eval_name)

"""``mindspore.train.callback._callback``: ``Callback``, ``RunContext``, the callback list ``Model`` drives
(``CallbackManager``) and ``cb_params`` (``InternalCallbackParam``)."""
from __future__ import annotations

from contextlib import ExitStack

import numpy as np
import torch

__all__ = ["Callback", "RunContext"]


class InternalCallbackParam(dict):
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




_HOOKS = ("begin", "epoch_begin", "epoch_end", "step_begin", "step_end", "end",
          "on_train_begin", "on_train_epoch_begin", "on_train_epoch_end", "on_train_step_begin",
          "on_train_step_end", "on_train_end", "on_eval_begin", "on_eval_epoch_begin", "on_eval_epoch_end",
          "on_eval_step_begin", "on_eval_step_end", "on_eval_end")


class CallbackManager(Callback):
    """Mirrors MindSpore's ``CallbackManager``: runs each hook of every callback in list order; used as a
    context manager, it enters every callback (``with`` protocol) for the duration of a run."""

    def __init__(self, callbacks):
        self._callbacks, self._stack = [], None
        if isinstance(callbacks, Callback):
            self._callbacks.append(callbacks)
        elif isinstance(callbacks, list):
            for cb in callbacks:
                if not isinstance(cb, Callback):
                    raise TypeError("When the 'callbacks' is a list, the elements in 'callbacks' must be Callback "
                                    "functions.")
                self._callbacks.append(cb)
        elif callbacks is not None:
            raise TypeError("The 'callbacks' is not a Callback or a list of Callback.")

    def __enter__(self):
        if self._stack is None:
            callbacks, self._stack = [], ExitStack().__enter__()
            for cb in self._callbacks:
                target = self._stack.enter_context(cb)
                callbacks.append(target if isinstance(target, Callback) else cb)
            self._callbacks = callbacks
        return self

    def __exit__(self, *err):
        return self._stack.__exit__(*err)


def _dispatch(name):
    def hook(self, run_context):
        for cb in self._callbacks:
            getattr(cb, name)(run_context)
    hook.__name__ = name
    return hook


for _name in _HOOKS:
    setattr(CallbackManager, _name, _dispatch(_name))
del _name


def _handle_loss(loss):
    """MindSpore's ``_handle_loss``: a Tensor loss becomes the Python float mean; a tuple/list gives its
    first Tensor (left a Tensor, as MindSpore does)."""
    if isinstance(loss, (tuple, list)):
        if loss and isinstance(loss[0], torch.Tensor):
            loss = loss[0]
    elif isinstance(loss, torch.Tensor):
        loss = float(np.mean(loss.detach().cpu().float().numpy()))
    return loss


def _as_py_number(v):
    """A numpy scalar metric value as the Python number it equals (MindSpore with numpy 1.x prints
    ``np.float64`` as a plain float; numpy 2 would print ``np.float64(0.5)``)."""
    if isinstance(v, np.generic) and v.shape == ():
        return v.item()
    return v

"""``mindspore.train.LambdaCallback``."""
from __future__ import annotations

from ._callback import Callback

_HOOKS = ("on_train_epoch_begin", "on_train_epoch_end", "on_train_step_begin", "on_train_step_end",
          "on_train_begin", "on_train_end", "on_eval_epoch_begin", "on_eval_epoch_end", "on_eval_step_begin",
          "on_eval_step_end", "on_eval_begin", "on_eval_end")


class LambdaCallback(Callback):
    """Mirrors ``mindspore.train.LambdaCallback(on_train_epoch_begin=None, …, on_eval_end=None)``: each given
    function is called with the ``RunContext`` at that hook. As in MindSpore, ``Model.fit`` does not pass
    it to the evaluations it runs (so its ``on_eval_*`` functions run only under ``Model.eval``)."""

    def __init__(self, on_train_epoch_begin=None, on_train_epoch_end=None, on_train_step_begin=None,
                 on_train_step_end=None, on_train_begin=None, on_train_end=None, on_eval_epoch_begin=None,
                 on_eval_epoch_end=None, on_eval_step_begin=None, on_eval_step_end=None, on_eval_begin=None,
                 on_eval_end=None):
        super().__init__()
        given = locals()
        for name in _HOOKS:
            setattr(self, name, given[name] if given[name] else (lambda run_context: None))

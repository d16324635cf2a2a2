"""``mindspore.train.ReduceLROnPlateau``."""
from __future__ import annotations

import torch

from ._callback import Callback
from ._monitor_value import monitor_value, rank_mean, improvement_rule
from ._validate import check_bool, float_range, non_negative_int, value_type


class ReduceLROnPlateau(Callback):
    """Mirrors ``mindspore.train.ReduceLROnPlateau(monitor='eval_loss', factor=0.1, patience=10,
    verbose=False, mode='auto', min_delta=1e-4, cooldown=0, min_lr=0)``: multiplies the optimizer's
    ``learning_rate`` Parameter by ``factor`` (not below ``min_lr``) after ``patience`` epochs without
    improvement, then waits ``cooldown`` epochs; prints
    ``Epoch 0000E: ReduceLROnPlateau reducing learning rate to X.`` with ``verbose``. A dynamic or grouped
    learning rate raises ``ValueError`` as in MindSpore."""

    def __init__(self, monitor="eval_loss", factor=0.1, patience=10, verbose=False, mode="auto", min_delta=1e-4,
                 cooldown=0, min_lr=0):
        super().__init__()
        self.monitor = value_type("monitor", monitor, str)
        self.factor = float_range(factor, 0.0, 1.0, "neither")
        self.patience = non_negative_int(patience)
        self.verbose = check_bool(verbose)
        self.mode = value_type("mode", mode, str)
        min_delta = value_type("min_delta", min_delta, [float, int])
        self.min_delta = abs(min_delta)
        self.cooldown = non_negative_int(cooldown)
        self.min_lr = value_type("min_lr", min_lr, [float, int])
        self.cooldown_counter = 0
        self.wait = 0
        if self.mode not in ["auto", "min", "max"]:
            raise ValueError("mode should be 'auto', 'min' or 'max', but got %s." % self.mode)
        self._reset_best()

    def _reset_best(self):
        self.is_improvement, self.best = improvement_rule(self.mode, self.monitor, self.min_delta)

    def on_train_begin(self, run_context):
        self.cooldown_counter = 0
        self.wait = 0
        self._reset_best()

    def on_train_epoch_end(self, run_context):
        from ...common.parameter import Parameter
        from ...common.tensor import Tensor
        cb = run_context.original_args()
        cur_lr = cb.optimizer.learning_rate
        if not isinstance(cur_lr, Parameter):
            raise ValueError("ReduceLROnPlateau does not support dynamic learning rate and group learning rate now.")
        current = rank_mean(monitor_value(cb, self.monitor, "ReduceLROnPlateau", "Learning rate reduction"))
        if current is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self.is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                if cur_lr > Tensor(self.min_lr):
                    new_lr = max(cur_lr * self.factor, self.min_lr)
                    with torch.no_grad():
                        cur_lr.copy_(torch.as_tensor(new_lr, dtype=cur_lr.dtype))
                    if self.verbose:
                        print("Epoch %05d: ReduceLROnPlateau reducing learning rate to %s."
                              % (cb.cur_epoch_num, new_lr))
                self.cooldown_counter = self.cooldown
                self.wait = 0

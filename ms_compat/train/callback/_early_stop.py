"""``mindspore.train.EarlyStopping``."""
from __future__ import annotations

import copy


from ._callback import Callback
from ._monitor_value import monitor_value, rank_mean, improvement_rule
from ._validate import check_bool, non_negative_int, value_type


class EarlyStopping(Callback):
    """Mirrors ``mindspore.train.EarlyStopping(monitor='eval_loss', min_delta=0, patience=0, verbose=False,
    mode='auto', baseline=None, restore_best_weights=False)``: at each training epoch's end compares the
    monitored value (``'loss'`` = training loss, else ``Model.fit``'s ``eval_results``) with the best so far
    and requests a stop after ``patience`` epochs without improvement (``wait`` counts every epoch and is
    reset on improvement, MindSpore's rule); prints ``Epoch 0000E: early stopping`` with ``verbose``. As in
    MindSpore 2.10, a given ``baseline`` is replaced by ``min_delta``."""

    def __init__(self, monitor="eval_loss", min_delta=0, patience=0, verbose=False, mode="auto", baseline=None,
                 restore_best_weights=False):
        super().__init__()
        self.monitor = value_type("monitor", monitor, str)
        min_delta = value_type("min_delta", min_delta, [float, int])
        self.min_delta = abs(min_delta)
        self.patience = non_negative_int(patience)
        self.verbose = check_bool(verbose)
        self.mode = value_type("mode", mode, str)
        self.baseline = min_delta if baseline else None   # MindSpore 2.10 checks and stores min_delta here
        self.restore_best_weights = check_bool(restore_best_weights)
        self.wait = 0
        self.stopped_epoch = 0
        self.best_weights_param_dict = None
        if self.mode not in ["auto", "min", "max"]:
            raise ValueError("mode should be 'auto', 'min' or 'max', but got %s." % self.mode)
        self._reset_best()

    def _reset_best(self):
        self.is_improvement, self.best = improvement_rule(self.mode, self.monitor, self.min_delta)

    def on_train_begin(self, run_context):
        self.wait = 0
        self.stopped_epoch = 0
        self._reset_best()
        self.best_weights_param_dict = None

    def on_train_epoch_end(self, run_context):
        from ..serialization import load_param_into_net
        cb = run_context.original_args()
        current = rank_mean(monitor_value(cb, self.monitor, "EarlyStopping", "Early stopping"))
        if current is None:
            return
        if self.restore_best_weights and self.best_weights_param_dict is None:
            self.best_weights_param_dict = copy.deepcopy(cb.train_network.parameters_dict())
        self.wait += 1
        if self.is_improvement(current, self.best):
            self.best = current
            if self.restore_best_weights:
                self.best_weights_param_dict = copy.deepcopy(cb.train_network.parameters_dict())
            if self.baseline is None or self.is_improvement(current, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = cb.get("cur_epoch_num")
            run_context.request_stop()
            if self.restore_best_weights and self.best_weights_param_dict is not None:
                if self.verbose:
                    print("Restoring model weights from the end of the best epoch.")
                load_param_into_net(cb.train_network, self.best_weights_param_dict)

    def on_train_end(self, run_context):
        if self.stopped_epoch > 0 and self.verbose:
            print("Epoch %05d: early stopping" % self.stopped_epoch)

"""``mindspore.train.LearningRateScheduler``."""
from __future__ import annotations

import logging
import math

import numpy as np
import torch

from ._callback import Callback


class LearningRateScheduler(Callback):
    """Mirrors ``mindspore.train.LearningRateScheduler(learning_rate_function)``: after every step calls
    ``learning_rate_function(lr, cur_step_num)`` with the optimizer's current rate (a Python float read
    from its printed float32 value, as MindSpore) and assigns the result when it differs."""

    def __init__(self, learning_rate_function):
        super().__init__()
        self.learning_rate_function = learning_rate_function

    def step_end(self, run_context):
        cb = run_context.original_args()
        param = cb.optimizer.learning_rate
        lr = float(np.array2string(param.asnumpy()))
        new_lr = self.learning_rate_function(lr, cb.cur_step_num)
        if not math.isclose(lr, new_lr, rel_tol=1e-10):
            with torch.no_grad():
                param.copy_(torch.as_tensor(new_lr, dtype=torch.float32))
            logging.getLogger("ms_compat").info("At step %s, learning_rate change to %s", cb.cur_step_num, new_lr)

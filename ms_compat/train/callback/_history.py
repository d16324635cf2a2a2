"""``mindspore.train.History``."""
from __future__ import annotations

import numpy as np
import torch

from ._callback import Callback


class History(Callback):
    """Mirrors ``mindspore.train.History()``: ``history`` maps ``'net_output'`` (the epoch's last loss, the
    numpy mean of a Tensor output) and each metric of ``Model.fit``'s evaluations (only epochs that
    evaluated) to a list; ``epoch`` is ``{'epoch': [1, 2, …]}``."""

    def __init__(self):
        super().__init__()
        self.history = {}
        self.epoch = None

    def begin(self, run_context):
        self.epoch = {"epoch": []}

    def epoch_end(self, run_context):
        cb = run_context.original_args()
        self.epoch.get("epoch").append(cb.get("cur_epoch_num", 1))
        out = cb.net_outputs
        if isinstance(out, (tuple, list)) and out and isinstance(out[0], torch.Tensor):
            out = out[0]
        if isinstance(out, torch.Tensor):
            out = np.mean(out.detach().cpu().numpy())
        cur = {"net_output": out}
        metrics = cb.get("metrics")
        if metrics:
            cur.update(metrics)
        for k, v in cur.items():
            self.history.setdefault(k, []).append(v)

"""Minimal ``mindspore.train`` metrics used by ``Model.eval``: ``Metric``, ``Accuracy``, ``Loss``."""
from __future__ import annotations

import numpy as np
import torch

__all__ = ["Metric", "Accuracy", "Loss", "get_metric_fn"]


def _np(x):
    if isinstance(x, torch.Tensor):
        return x.detach().cpu().float().numpy() if x.is_floating_point() else x.detach().cpu().numpy()
    return np.asarray(x)


class Metric:
    """Mirrors ``mindspore.train.Metric``: ``clear()``, ``update(*inputs)``, ``eval()``."""

    def __init__(self):
        self._indexes = None

    def set_indexes(self, indexes):
        self._indexes = indexes
        return self

    @property
    def indexes(self):
        return self._indexes

    def clear(self):
        raise NotImplementedError

    def update(self, *inputs):
        raise NotImplementedError

    def eval(self):
        raise NotImplementedError

    def __call__(self, *inputs):
        """``metric(*inputs)``: ``clear()``, ``update(*inputs)``, then ``eval()`` (MindSpore's hooks, in order)."""
        self.clear()
        self.update(*inputs)
        return self.eval()


class Accuracy(Metric):
    """Mirrors ``mindspore.train.Accuracy(eval_type='classification')``: ``update(y_pred, y)`` with
    ``y`` class indices or one-hot; ``eval()`` → fraction of argmax hits. ``RuntimeError`` if no samples."""

    def __init__(self, eval_type="classification"):
        super().__init__()
        if eval_type not in ("classification", "multilabel"):
            raise ValueError("For 'Accuracy', the argument 'eval_type' must be in ['classification', 'multilabel'], "
                             f"but got {eval_type}.")
        self._type = eval_type
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._total_num = 0

    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError(f"For 'Accuracy.update', it needs 2 inputs (predicted value, true value), "
                             f"but got {len(inputs)}.")
        y_pred, y = _np(inputs[0]), _np(inputs[1])
        if self._type == "classification":
            if y.ndim == y_pred.ndim:
                y = y.argmax(axis=1)
            hits = (y_pred.argmax(axis=1) == y)
        else:
            hits = np.all(np.round(y_pred) == y, axis=tuple(range(1, y.ndim)))
        self._correct_num += int(hits.sum())
        self._total_num += hits.shape[0]

    def eval(self):
        if self._total_num == 0:
            raise RuntimeError("The 'Accuracy' can not be calculated, because the number of samples is 0, please "
                               "check whether your inputs(predicted value, true value) are empty, or has called "
                               "update method before calling eval method.")
        return self._correct_num / self._total_num


class Loss(Metric):
    """Mirrors ``mindspore.train.Loss``: average of the loss values given to ``update(loss)``."""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._sum_loss = 0.0
        self._total_num = 0

    def update(self, *inputs):
        if len(inputs) != 1:
            raise ValueError(f"For 'Loss.update', it needs 1 input (loss), but got {len(inputs)}")
        loss = _np(inputs[0])
        self._sum_loss += float(loss.mean()) if loss.ndim else float(loss)
        self._total_num += 1

    def eval(self):
        if self._total_num == 0:
            raise RuntimeError("The 'Loss' can not be calculated, because the number of samples is 0.")
        return self._sum_loss / self._total_num


def get_metric_fn(name, *args, **kwargs):
    """``mindspore.train.get_metric_fn(name, *args, **kwargs)``: a metric object by name (every MindSpore metric
    name: ms_compat/train/metrics_extra.py)."""
    from .metrics_extra import get_metric_fn as by_name
    return by_name(name, *args, **kwargs)

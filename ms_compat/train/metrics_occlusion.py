"""``mindspore.train.OcclusionSensitivity`` (also ``nn``/top level): how much a classifier's score for the label
drops when a window around each position of the input is covered."""
from __future__ import annotations

import itertools

import numpy as np
import torch

from ..common.tensor import Tensor, to_torch
from .metrics_extra import _MetricBase, _convert, rearrange_inputs

__all__ = ["OcclusionSensitivity"]


def _type_check(arg, value, types, names):
    if isinstance(value, bool) or not isinstance(value, types):
        raise TypeError(f"The type of '{arg}' should be {names}, but got type '{type(value).__name__}'.")
    return value


class OcclusionSensitivity(_MetricBase):
    """Mirrors ``mindspore.train.OcclusionSensitivity(pad_val=0.0, margin=2, n_batch=128, b_box=None)``:
    ``update(model, y_pred, label)`` with one input (batch 1) runs ``model`` on copies of it in which the window
    ``[i - margin, i + margin)`` around each position ``i`` (of every non-batch axis; restricted to ``b_box =
    [min0, max0, min1, max1, ...]``) is set to ``pad_val``, ``n_batch`` copies per call, without gradients;
    ``eval()`` is the unoccluded score of ``label`` minus each occluded score (the shape of the positions)."""

    def __init__(self, pad_val=0.0, margin=2, n_batch=128, b_box=None):
        super().__init__()
        self.pad_val = _type_check("pad_val", pad_val, (float,), "'float'")
        self.margin = _type_check("margin", margin, (int, list), "one of ['int', 'list']")
        self.n_batch = _type_check("n_batch", n_batch, (int,), "'int'")
        self.b_box = b_box if b_box is None else _type_check("b_box", b_box, (list,), "'list'")
        self.clear()

    def clear(self):
        self._baseline, self._sensitivity_im, self._is_update = 0, 0, False

    def _box(self, shape):
        if self.b_box is None:
            return np.zeros(len(shape), int), shape - 1
        if len(self.b_box) != 2 * len(shape):
            raise ValueError("For 'OcclusionSensitivity', the bounding box must contain upper and lower for all "
                             "dimensions (except batch number), and the length of 'b_box' must be twice as long as "
                             "predicted value's (except batch number), but got 'b_box' length "
                             f"{len(self.b_box)}, predicted value length (except batch number) {len(shape)}.")
        lo, hi = np.array(self.b_box[::2]), np.array(self.b_box[1::2])
        lo[lo < 0] = 0
        hi[hi < 0] = shape[hi < 0] - 1
        if np.any(hi >= shape):
            raise ValueError("For 'OcclusionSensitivity', maximum bounding box must be smaller than image size for all "
                             "values.")
        if np.any(lo > hi):
            raise ValueError("For 'OcclusionSensitivity', minimum bounding box must be smaller than maximum bounding "
                             "box for all values.")
        return lo, hi

    @rearrange_inputs
    def update(self, *inputs):
        from ..nn.cell import Cell
        if len(inputs) != 3:
            raise ValueError("For 'OcclusionSensitivity.update', it needs 3 inputs (classification model, predicted "
                             f"value, label), but got {len(inputs)}.")
        model = inputs[0]
        y_pred = _convert("OcclusionSensitivity", inputs[1])
        label = inputs[2] if isinstance(inputs[2], int) else _convert("OcclusionSensitivity", inputs[2])
        if not isinstance(model, Cell):
            raise TypeError(f"The type of 'model' should be 'Cell', but got type '{type(model).__name__}'.")
        if y_pred.shape[0] > 1:
            raise RuntimeError("For 'OcclusionSensitivity.update', the shape at index 0 of the predicted value "
                               f"(input[1]) must be 1, but got {y_pred.shape[0]}.")
        if not isinstance(label, int) and np.prod(label.shape) != y_pred.shape[0]:
            raise RuntimeError("For 'OcclusionSensitivity.update', the number of the label (input[2]) must be same as "
                               f"the batches, but got the label number {np.prod(label.shape)}, and batches "
                               f"{y_pred.shape[0]}.")
        cls = int(np.asarray(label).reshape(-1)[0])
        shape = np.array(y_pred.shape[1:])
        lo, hi = self._box(shape)
        x = torch.from_numpy(np.ascontiguousarray(y_pred))

        def scores(batch):
            with torch.no_grad():
                return to_torch(model(Tensor(torch.cat(batch)))).detach()[:, cls].double()

        self._baseline = float(scores([x])[0])
        out, batch = [], []
        positions = list(itertools.product(*[range(a, b + 1) for a, b in zip(lo, hi)]))
        for n, pos in enumerate(positions):
            occluded = x.clone()
            window = tuple(slice(max(0, p - self.margin), min(s, p + self.margin)) for p, s in zip(pos, shape))
            occluded[(slice(None),) + window] = self.pad_val
            batch.append(occluded)
            if len(batch) == self.n_batch or n == len(positions) - 1:
                out.append(scores(batch))
                batch = []
        self._sensitivity_im = torch.cat(out).numpy().reshape(hi - lo + 1)
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return self._baseline - np.squeeze(self._sensitivity_im)

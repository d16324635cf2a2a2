"""``mindspore.train.ConfusionMatrixMetric`` (also ``nn``/top level): a rate computed from the confusion-matrix
counts (tp, fp, tn, fn) of binarized segmentation or classification outputs ``(batch, class, ...)``."""
from __future__ import annotations

import numpy as np

from .metrics_extra import _MetricBase, _convert, rearrange_inputs

__all__ = ["ConfusionMatrixMetric"]

# accepted spellings -> short name (the names and their aliases are MindSpore's documented list)
_ALIASES = {
    "tpr": ("sensitivity", "recall", "hit_rate", "true_positive_rate"), "tnr": ("specificity", "selectivity",
    "true_negative_rate"), "ppv": ("precision", "positive_predictive_value"), "npv": ("negative_predictive_value",),
    "fnr": ("miss_rate", "false_negative_rate"), "fpr": ("fall_out", "false_positive_rate"),
    "fdr": ("false_discovery_rate",), "for": ("false_omission_rate",), "pt": ("prevalence_threshold",),
    "ts": ("threat_score", "critical_success_index", "csi"), "acc": ("accuracy",), "ba": ("balanced_accuracy",),
    "f1": ("f1_score",), "mcc": ("matthews_correlation_coefficient",), "fm": ("fowlkes_mallows_index",),
    "bm": ("informedness", "bookmaker_informedness"), "mk": ("markedness", "deltap"),
}
_SHORT = {alias: short for short, names in _ALIASES.items() for alias in (short,) + names}
_DECREASE = ("none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel", "sum_channel")


def _short(name):
    short = _SHORT.get(name.replace(" ", "_").lower())
    if short is None:
        raise NotImplementedError("The metric is not implemented.")
    return short


def _div(num, den):
    num, den = np.asarray(num, float), np.asarray(den, float)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den != 0, num / np.where(den != 0, den, 1), np.nan)


def _rate(short, cm):
    """The metric ``short`` of confusion counts ``cm[..., (tp, fp, tn, fn)]`` (NaN where undefined)."""
    cm = np.asarray(cm, float)
    cm = cm[None] if cm.ndim == 1 else cm
    if cm.shape[-1] != 4:
        raise ValueError("For 'ConfusionMatrix', the size of the last dimension of confusion_matrix must be 4, but "
                         f"got {cm.shape[-1]}.")
    tp, fp, tn, fn = (cm[..., i] for i in range(4))
    p, n = tp + fn, fp + tn
    tpr, tnr = _div(tp, p), _div(tn, n)
    ppv, npv = _div(tp, tp + fp), _div(tn, tn + fn)
    table = {
        "tpr": lambda: _div(tp, p), "tnr": lambda: _div(tn, n), "ppv": lambda: _div(tp, tp + fp),
        "npv": lambda: _div(tn, tn + fn), "fnr": lambda: _div(fn, p), "fpr": lambda: _div(fp, n),
        "fdr": lambda: _div(fp, fp + tp), "for": lambda: _div(fn, fn + tn),
        "pt": lambda: _div(np.sqrt(tpr * (1.0 - tnr)) + tnr - 1.0, tpr + tnr - 1.0),
        "ts": lambda: _div(tp, tp + fn + fp), "acc": lambda: _div(tp + tn, p + n), "ba": lambda: (tpr + tnr) / 2.0,
        "f1": lambda: _div(2.0 * tp, 2.0 * tp + fn + fp),
        "mcc": lambda: _div(tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))),
        "fm": lambda: np.sqrt(ppv * tpr), "bm": lambda: tpr + tnr - 1.0, "mk": lambda: ppv + npv - 1.0,
    }
    return table[short]()


def _counts(y_pred, y, skip_channel):
    if not np.all(y.astype(np.uint8) == y):
        raise ValueError("For 'ConfusionMatrix.update', the true value (input[1]) must be a binarized ndarray.")
    if y_pred.ndim < 2:
        raise ValueError("For 'ConfusionMatrix.update', the predicted value (input[0]) must have at least 2 "
                         f"dimensions, but got {y_pred.ndim}.")
    if not skip_channel:  # drop the background channel
        y = y[:, 1:] if y.shape[1] > 1 else y
        y_pred = y_pred[:, 1:] if y_pred.shape[1] > 1 else y_pred
    if y.shape != y_pred.shape:
        raise ValueError(f"For 'ConfusionMatrixMetric', the 'y_shape' should be equal to 'y_pred_shape', but got "
                         f"{y.shape} and {y_pred.shape}.")
    b, c = y_pred.shape[:2]
    yp, yt = y_pred.reshape(b, c, -1).astype(float), y.reshape(b, c, -1).astype(float)
    tp = (yp + yt == 2).sum(-1).astype(float)
    tn = (yp + yt == 0).sum(-1).astype(float)
    pos = yt.sum(-1)
    return np.stack([tp, yt.shape[-1] - pos - tn, tn, pos - tp], -1)  # (batch, class, 4)


def _reduce(values, how):
    """``(reduced values, count of defined values)`` of a (batch, class) array with NaNs for undefined entries."""
    defined = ~np.isnan(values)
    v = np.where(defined, values, 0.0)
    w = defined.astype(float)
    if how == "sum":
        return v.sum(), w.sum()
    if how == "none":
        return v, w
    if how in ("sum_batch", "mean_batch"):
        s, k = v.sum(0), w.sum(0)
    elif how in ("sum_channel", "mean_channel"):
        s, k = v.sum(1), w.sum(1)
    else:  # mean: over classes, then over the samples with a defined class
        k1 = w.sum(1)
        per_sample = np.where(k1 > 0, v.sum(1) / np.where(k1 > 0, k1, 1), 0.0)
        k = (k1 > 0).astype(float).sum(0)
        return (per_sample.sum(0) / k if k > 0 else 0.0), k
    if how.startswith("sum"):
        return s, k
    return np.where(k > 0, s / np.where(k > 0, k, 1), 0.0), k


class ConfusionMatrixMetric(_MetricBase):
    """Mirrors ``mindspore.train.ConfusionMatrixMetric(skip_channel=True, metric_name='sensitivity',
    calculation_method=False, decrease='mean')``: ``update(y_pred, y)`` with binarized ``(batch, class, ...)``
    arrays. With ``calculation_method=False`` the counts are summed over every update and the metric is computed
    once in ``eval``; with ``True`` the metric is computed per sample and class, reduced by ``decrease``, and
    ``eval`` averages the updates weighted by their defined entries (2-D inputs always use the first way).
    ``skip_channel=False`` leaves out channel 0 (the background), as MindSpore does. Difference: MindSpore 2.10
    raises ``ValueError`` (an unpacking error) for 2-D inputs with ``calculation_method=True``; here they are
    counted the first way, as its code intends."""

    def __init__(self, skip_channel=True, metric_name="sensitivity", calculation_method=False, decrease="mean"):
        super().__init__()
        for arg, value, t, tn in (("skip_channel", skip_channel, bool, "bool"),
                                  ("calculation_method", calculation_method, bool, "bool"),
                                  ("metric_name", metric_name, str, "str"), ("decrease", decrease, str, "str")):
            if not isinstance(value, t):
                raise TypeError(f"The type of '{arg}' should be '{tn}', but got type '{type(value).__name__}'.")
        if decrease not in _DECREASE:
            raise ValueError(f"The 'decrease' must be str and must be in '{list(_DECREASE)}', but got '{decrease}'.")
        self.skip_channel, self.metric_name = skip_channel, metric_name
        self.calculation_method, self.decrease = calculation_method, decrease
        self.clear()

    def clear(self):
        self._total_num, self._class_num = 0, 0
        self._counts = np.zeros(4)

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'ConfusionMatrixMetric.update', it needs 2 inputs (predicted value, true value), "
                             f"but got {len(inputs)}.")
        y_pred = _convert("ConfusionMatrixMetric", inputs[0])
        y = _convert("ConfusionMatrixMetric", inputs[1])
        cm = _counts(y_pred, y, self.skip_channel)
        per_item = self.calculation_method and not (y_pred.ndim == 2 or (y_pred.ndim == 3 and y_pred.shape[-1] == 1))
        if per_item:
            score, defined = _reduce(_rate(_short(self.metric_name), cm), self.decrease)
            defined = int(np.asarray(defined).item())
            self._total_num += np.asarray(score).item() * defined
            self._class_num += defined
        else:
            self._counts += cm.reshape(-1, 4).sum(0)

    def eval(self):
        if self.calculation_method:
            if self._class_num == 0:
                raise RuntimeError("The 'ConfusionMatrixMetric' can not be calculated, because the number of samples "
                                   "is 0, please check whether your inputs(predicted value, true value) are empty, or "
                                   "has called update method before calling eval method.")
            return self._total_num / self._class_num
        return _rate(_short(self.metric_name), self._counts)

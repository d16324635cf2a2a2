"""More ``mindspore.train`` (and ``mindspore.nn``) metrics on numpy, subclassing ``metrics.Metric``:
``Precision``, ``Recall``, ``Fbeta``, ``F1``, ``MAE``, ``MSE``, ``TopKCategoricalAccuracy``,
``Top1CategoricalAccuracy``, ``Top5CategoricalAccuracy``, ``ConfusionMatrix``, ``Perplexity``, ``Dice``,
``CosineSimilarity``, ``ROC``, and the helpers ``auc``, ``names``, ``get_metric_fn``, ``get_metrics``,
``rearrange_inputs``. Results are numpy values computed as MindSpore 2.10 computes them."""
from __future__ import annotations

import functools
import math
import sys

import numpy as np
import torch

from .metrics import Metric, Accuracy, Loss

__all__ = ["Precision", "Recall", "Fbeta", "F1", "MAE", "MSE", "TopKCategoricalAccuracy", "Top1CategoricalAccuracy",
           "Top5CategoricalAccuracy", "ConfusionMatrix", "Perplexity", "Dice", "CosineSimilarity", "ROC", "auc",
           "names", "get_metric_fn", "get_metrics", "rearrange_inputs"]


def rearrange_inputs(func):
    """Mirrors ``mindspore.train.rearrange_inputs``: an ``update`` decorator that reorders the inputs by
    the metric's ``indexes`` (``set_indexes``)."""
    @functools.wraps(func)
    def wrapper(self, *inputs):
        idx = getattr(self, "_indexes", None)
        return func(self, *(inputs if not idx else [inputs[i] for i in idx]))
    return wrapper


def _convert(name, data):
    if isinstance(data, torch.Tensor):
        data = data.detach().cpu()
        return data.numpy() if data.dtype != torch.bfloat16 else data.float().numpy()
    if isinstance(data, list):
        return np.array(data)
    if isinstance(data, np.ndarray):
        return data
    raise TypeError(f"For '{name}', the input data type must be Tensor, list or numpy.ndarray, but got "
                    f"{type(data)}.")


def _is_onehot(data):
    if data.ndim > 1 and np.equal(data ** 2, data).all():
        shp = (data.shape[0],) + data.shape[2:]
        return bool(np.equal(np.ones(shp), data.sum(axis=1)).all())
    return False


def _two(name, inputs):
    if len(inputs) != 2:
        raise ValueError(f"For '{name}.update', it needs 2 inputs (predicted value, true value), but got "
                         f"{len(inputs)}.")
    return _convert(name, inputs[0]), _convert(name, inputs[1])


class _MetricBase(Metric):
    def __call__(self, *inputs):
        self.clear()
        self.update(*inputs)
        return self.eval()


class _PrecisionRecall(_MetricBase):
    _kind = None  # 'precision' or 'recall'

    def __init__(self, eval_type="classification"):
        super().__init__()
        if eval_type not in ("classification", "multilabel"):
            raise ValueError(f"For '{type(self).__name__}', the argument 'eval_type' must be in ['classification', "
                             f"'multilabel'], but got {eval_type}.")
        self._type = eval_type
        self.eps = sys.float_info.min
        self.clear()

    def clear(self):
        self._class_num = 0
        if self._type == "multilabel":
            self._tp, self._den = np.empty(0), np.empty(0)
            self._tp_avg, self._den_avg = 0, 0
        else:
            self._tp, self._den = 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        name = type(self).__name__
        y_pred, y = _two(name, inputs)
        if self._type == "classification" and y_pred.ndim == y.ndim and _is_onehot(y):
            y = y.argmax(axis=1)
        if self._type == "classification":
            if y_pred.ndim != y.ndim + 1 or y.shape != (y_pred.shape[0],) + y_pred.shape[2:]:
                raise ValueError(f"For '{name}.update', predicted value (input[0]) and true value (input[1]) shapes "
                                 f"do not match for 'classification': {y_pred.shape} vs {y.shape}.")
        else:
            if y_pred.shape != y.shape:
                raise ValueError(f"For '{name}.update', predicted value and true value must have the same shape in "
                                 f"'multilabel', but got {y_pred.shape} and {y.shape}.")
            if not (np.equal(y_pred ** 2, y_pred).all() and np.equal(y ** 2, y).all()):
                raise ValueError("In multilabel case, all elements in y_pred (predicted value) and y (true value) "
                                 "should be 0 or 1.Please check whether your inputs y_pred and y are correct.")
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError(f"For '{name}.update', class number not match, last input predicted data contain "
                             f"{self._class_num} classes, but current predicted data contain {y_pred.shape[1]} "
                             "classes.")
        c = self._class_num
        if self._type == "classification":
            if y.max() + 1 > c:
                raise ValueError(f"For '{name}.update', predicted value (input[0]) should have the same classes "
                                 f"number as true value (input[1]), but got {c} and {y.max() + 1}.")
            y = np.eye(c)[y.reshape(-1).astype(int)]
            y_pred = np.eye(c)[y_pred.argmax(axis=1).reshape(-1)]
        else:  # MindSpore's layout: class-major reshape, then per-column sums
            y_pred = y_pred.swapaxes(1, 0).reshape(c, -1)
            y = y.swapaxes(1, 0).reshape(c, -1)
        den = (y_pred if self._kind == "precision" else y).sum(axis=0)
        tp = (y * y_pred).sum(axis=0)
        if self._type == "multilabel":
            self._tp_avg += np.sum(tp / (den + self.eps))
            self._den_avg += len(den)
            self._tp = np.concatenate((self._tp, tp), axis=0)
            self._den = np.concatenate((self._den, den), axis=0)
        else:
            self._tp = self._tp + tp
            self._den = self._den + den

    def eval(self, average=False):
        name = type(self).__name__
        if self._class_num == 0:
            raise RuntimeError(f"The '{name}' can not be calculated, because the number of samples is 0, please "
                               "check whether your inputs (predicted value, true value) are empty, or has called "
                               "update method before calling eval method.")
        if not isinstance(average, bool):
            raise TypeError(f"For '{name}', the type of 'average' must be bool, but got {type(average).__name__}.")
        result = self._tp / (self._den + self.eps)
        if average:
            if self._type == "multilabel":
                result = self._tp_avg / (self._den_avg + self.eps)
            return np.mean(result)
        return result


class Precision(_PrecisionRecall):
    """Mirrors ``mindspore.train.Precision(eval_type='classification')``: per-class ``tp / predicted
    positives`` (numpy array); ``eval(average=True)`` → their mean."""
    _kind = "precision"


class Recall(_PrecisionRecall):
    """Mirrors ``mindspore.train.Recall(eval_type='classification')``: per-class ``tp / actual positives``."""
    _kind = "recall"


class Fbeta(_MetricBase):
    """Mirrors ``mindspore.train.Fbeta(beta)``: per-class F-beta of argmax predictions; ``eval(average=False)``."""

    def __init__(self, beta):
        super().__init__()
        if not beta > 0:
            raise ValueError(f"For 'Fbeta', the argument 'beta' must be greater than 0, but got {beta}.")
        self.eps = sys.float_info.min
        self.beta = beta
        self.clear()

    def clear(self):
        self._tp, self._actual, self._pos, self._class_num = 0, 0, 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = _two("Fbeta", inputs)
        if y_pred.ndim == y.ndim and _is_onehot(y):
            y = y.argmax(axis=1)
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError(f"For 'Fbeta.update', class number not match, last input predicted data contain "
                             f"{self._class_num} classes, but current predicted data contain {y_pred.shape[1]} classes.")
        c = self._class_num
        if y.max() + 1 > c:
            raise ValueError(f"For 'Fbeta.update', predicted value(inputs[0]) and true value(inputs[1]) should contain "
                             f"same classes, but got {c} and {y.max() + 1}.")
        y = np.eye(c)[y.reshape(-1).astype(int)]
        y_pred = np.eye(c)[y_pred.argmax(axis=1).reshape(-1)]
        self._tp = self._tp + (y * y_pred).sum(axis=0)
        self._pos = self._pos + y_pred.sum(axis=0)
        self._actual = self._actual + y.sum(axis=0)

    def eval(self, average=False):
        if not isinstance(average, bool):
            raise TypeError(f"For 'Fbeta', the type of 'average' must be bool, but got {type(average).__name__}.")
        if self._class_num == 0:
            raise RuntimeError("The 'Fbeta' can not be calculated, because the number of samples is 0, please check "
                               "whether your inputs(predicted value, true value) are empty, or has called update "
                               "method before calling eval method.")
        b2 = self.beta ** 2
        f = (1.0 + b2) * self._tp / (b2 * self._actual + self._pos + self.eps)
        return f.mean() if average else f


class F1(Fbeta):
    """Mirrors ``mindspore.train.F1()``: ``Fbeta(1.0)``."""

    def __init__(self):
        super().__init__(1.0)


class _ErrorMetric(_MetricBase):
    _power = 1

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._sum, self._n = 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = _two(type(self).__name__, inputs)
        err = np.abs(y.reshape(y_pred.shape) - y_pred) ** self._power
        self._sum += err.sum()
        self._n += y.shape[0]

    def eval(self):
        if self._n == 0:
            raise RuntimeError(f"The '{type(self).__name__}' can not be calculated, because the number of samples is 0.")
        return self._sum / self._n


class MAE(_ErrorMetric):
    """Mirrors ``mindspore.train.MAE()``: sum of |error| over all elements divided by the number of samples."""
    _power = 1


class MSE(_ErrorMetric):
    """Mirrors ``mindspore.train.MSE()``: sum of squared errors divided by the number of samples."""
    _power = 2


class TopKCategoricalAccuracy(_MetricBase):
    """Mirrors ``mindspore.train.TopKCategoricalAccuracy(k)``: fraction of samples whose label is among the
    ``k`` highest scores (ties ordered as numpy's argsort)."""

    def __init__(self, k):
        super().__init__()
        if not isinstance(k, int) or isinstance(k, bool):
            raise TypeError(f"For 'TopKCategoricalAccuracy', the argument 'k' must be int, but got {type(k)}.")
        if k < 1:
            raise ValueError(f"For 'TopKCategoricalAccuracy', the argument 'k' must be at least 1, but got 'k' "
                             f"value: {k}.")
        self.k = k
        self.clear()

    def clear(self):
        self._correct, self._n = 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = _two("TopKCategoricalAccuracy", inputs)
        if y_pred.ndim == y.ndim and _is_onehot(y):
            y = y.argmax(axis=1)
        idx = np.argsort(-y_pred, axis=1)[:, :self.k]
        rep = y.reshape(-1, 1).repeat(self.k, axis=1)
        self._correct += np.equal(idx, rep).sum(axis=1).sum()
        self._n += rep.shape[0]

    def eval(self):
        if self._n == 0:
            raise RuntimeError("The 'TopKCategoricalAccuracy' can not be calculated, because the number of samples "
                               "is 0.")
        return self._correct / self._n


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    """Mirrors ``mindspore.train.Top1CategoricalAccuracy()``."""

    def __init__(self):
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    """Mirrors ``mindspore.train.Top5CategoricalAccuracy()``."""

    def __init__(self):
        super().__init__(5)


class ConfusionMatrix(_MetricBase):
    """Mirrors ``mindspore.train.ConfusionMatrix(num_classes, normalize='no_norm', threshold=0.5)``:
    rows are true classes, columns predictions; ``normalize`` in target/prediction/all/no_norm (NaN → 0)."""

    def __init__(self, num_classes, normalize="no_norm", threshold=0.5):
        super().__init__()
        if not isinstance(num_classes, int):
            raise TypeError(f"For 'ConfusionMatrix', 'num_classes' must be int, but got {type(num_classes)}.")
        if normalize not in ("target", "prediction", "all", "no_norm"):
            raise ValueError("For 'ConfusionMatrix', the argument 'normalize' must be in ['all', 'prediction', "
                             f"'label', 'no_norm'(None)], but got {normalize}.")
        if not isinstance(threshold, float):
            raise TypeError(f"For 'ConfusionMatrix', 'threshold' must be float, but got {type(threshold)}.")
        self.num_classes, self.normalize, self.threshold = num_classes, normalize, threshold
        self.clear()

    def clear(self):
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = _two("ConfusionMatrix", inputs)
        if not (y_pred.ndim == y.ndim or y_pred.ndim == y.ndim + 1):
            raise ValueError("For 'ConfusionMatrix.update', predicted value (input[0]) and true value (input[1]) "
                             "should have same dimensions, or the dimension of predicted value equals the dimension "
                             f"of true value add 1, but got {y_pred.ndim} and {y.ndim}.")
        if y_pred.ndim == y.ndim + 1:
            y_pred = np.argmax(y_pred, axis=1)
        if y_pred.ndim == y.ndim and y_pred.dtype in (np.float16, np.float32, np.float64):
            y_pred = (y_pred >= self.threshold).astype(int)
        trans = (y.reshape(-1) * self.num_classes + y_pred.reshape(-1)).astype(int)
        self.confusion_matrix += np.bincount(trans, minlength=self.num_classes ** 2).reshape(
            self.num_classes, self.num_classes)
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        cm = self.confusion_matrix.astype(float)
        if self.normalize == "no_norm":
            return cm
        with np.errstate(divide="ignore", invalid="ignore"):
            m = {"target": cm / cm.sum(axis=1, keepdims=True), "prediction": cm / cm.sum(axis=0, keepdims=True),
                 "all": cm / cm.sum()}[self.normalize]
        m[np.isnan(m)] = 0
        return m


class Perplexity(_MetricBase):
    """Mirrors ``mindspore.train.Perplexity(ignore_label=None)``: ``exp(-mean(log(max(1e-10, p[label]))))``
    over the probabilities ``preds`` (..., C); labels equal to ``ignore_label`` are skipped."""

    def __init__(self, ignore_label=None):
        super().__init__()
        if ignore_label is not None and (not isinstance(ignore_label, int) or isinstance(ignore_label, bool)):
            raise TypeError(f"For 'Perplexity', 'ignore_label' must be int, but got {type(ignore_label)}.")
        self.ignore_label = ignore_label
        self.clear()

    def clear(self):
        self._sum, self._num = 0.0, 0

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError(f"For 'Perplexity.update', it needs 2 inputs (predicted value, label), but got "
                             f"{len(inputs)}.")
        pred, label = _convert("Perplexity", inputs[0]), _convert("Perplexity", inputs[1])
        if label.size != pred.size / pred.shape[-1]:
            raise RuntimeError(f"For 'Perplexity.update', predicted value (input[0]) and label (input[1]) should "
                               f"have the same size, but got {pred.shape} and {label.shape}.")
        label = label.reshape((label.size,))
        p = np.squeeze(pred.reshape(-1, pred.shape[-1])[np.arange(label.size)[:, None],
                                                         label.astype(int)[:, None]])
        num = 0
        if self.ignore_label is not None:
            ignore = (label == self.ignore_label).astype(p.dtype)
            num -= np.sum(ignore)
            p = p * (1 - ignore) + ignore
        self._sum -= np.sum(np.log(np.maximum(1e-10, p)))
        self._num += num + p.size

    def eval(self):
        if self._num == 0:
            raise RuntimeError("The 'Perplexity' can not be calculated, because the number of samples is 0.")
        return math.exp(self._sum / self._num)


class Dice(_MetricBase):
    """Mirrors ``mindspore.train.Dice(smooth=1e-05)``: per update ``2 <p, y> / (<p, p> + <y, y> + smooth)``,
    averaged over the samples seen (each update adds ``y.shape[0]`` samples)."""

    def __init__(self, smooth=1e-5):
        super().__init__()
        if not isinstance(smooth, float) or smooth <= 0:
            raise ValueError(f"For 'Dice', the 'smooth' must be a positive float, but got {smooth}.")
        self.smooth = smooth
        self.clear()

    def clear(self):
        self._sum, self._n = 0, 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = _two("Dice", inputs)
        self._n += y.shape[0]
        if y_pred.shape != y.shape:
            raise ValueError(f"For 'Dice.update', predicted value (input[0]) and true value (input[1]) should have "
                             f"same shape, but got {y_pred.shape} and {y.shape}.")
        inter = np.dot(y_pred.flatten(), y.flatten())
        union = np.dot(y_pred.flatten(), y_pred.flatten()) + np.dot(y.flatten(), y.flatten())
        self._sum += 2 * float(inter) / float(union + self.smooth)

    def eval(self):
        if self._n == 0:
            raise RuntimeError("The 'Dice coefficient' can not be calculated, because the number of samples is 0.")
        return self._sum / float(self._n)


class CosineSimilarity(_MetricBase):
    """Mirrors ``mindspore.train.CosineSimilarity(similarity='cosine', reduction='none', zero_diagonal=True)``
    (also ``nn.CosineSimilarity``): the row-similarity matrix of the last ``update(inputs)``."""

    def __init__(self, similarity="cosine", reduction="none", zero_diagonal=True):
        super().__init__()
        if similarity not in ("dot", "cosine"):
            raise ValueError(f"For 'CosineSimilarity', 'similarity' must be in ['dot', 'cosine'], but got {similarity}.")
        if reduction not in ("none", "sum", "mean"):
            raise ValueError(f"For 'CosineSimilarity', 'reduction' must be in ['none', 'sum', 'mean'], but got "
                             f"{reduction}.")
        if not isinstance(zero_diagonal, bool):
            raise TypeError(f"For 'CosineSimilarity', 'zero_diagonal' must be bool, but got {type(zero_diagonal)}.")
        self.similarity, self.reduction, self.zero_diagonal = similarity, reduction, zero_diagonal
        self.clear()

    def clear(self):
        self.sqr_mtx_res = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, inputs):
        x = _convert("CosineSimilarity", inputs)
        if self.similarity == "cosine":
            x = x / np.expand_dims(np.linalg.norm(x, ord=2, axis=1), 1)
        self.sqr_mtx_res = np.dot(x, x.transpose(1, 0))
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if self.zero_diagonal:
            np.fill_diagonal(self.sqr_mtx_res, 0)
        if self.reduction == "mean":
            self.sqr_mtx_res = np.mean(self.sqr_mtx_res, axis=-1)
        if self.reduction == "sum":
            self.sqr_mtx_res = np.sum(self.sqr_mtx_res, axis=-1)
        return self.sqr_mtx_res


def _binary_curve(preds, target, pos_label=1):
    order = np.argsort(-preds)
    preds, target = preds[order], target[order]
    distinct = np.where(preds[1:] - preds[:-1])[0]
    thr_idx = np.pad(distinct, (0, 1), constant_values=target.shape[0] - 1)
    target = np.array(target == pos_label).astype(np.int64)
    tps = np.cumsum(target, axis=0)[thr_idx]
    fps = 1 + thr_idx - tps
    return fps, tps, preds[thr_idx]


class ROC(_MetricBase):
    """Mirrors ``mindspore.train.ROC(class_num=None, pos_label=None)``: ``eval()`` → ``(fpr, tpr, thresholds)``
    (lists of them per class for (N, C) scores)."""

    def __init__(self, class_num=None, pos_label=None):
        super().__init__()
        self.class_num, self.pos_label = class_num, pos_label
        self.clear()

    def clear(self):
        self.y_pred, self.y = 0, 0
        self._is_update = False

    @staticmethod
    def _prepare(y_pred, y, class_num, pos_label):
        if y_pred.ndim == y.ndim:
            if class_num is not None and class_num != 1:
                raise ValueError("For 'ROC', when predicted value (input[0]) and true value (input[1]) have the same "
                                 f"shape, the 'class_num' must be 1, but got {class_num}.")
            return y_pred.flatten(), y.flatten(), 1, 1 if pos_label is None else pos_label
        if y_pred.ndim == y.ndim + 1:
            if pos_label is not None:
                raise ValueError("For 'ROC', when the dimension of predicted value (input[0]) equals the dimension of "
                                 f"true value (input[1]) add 1, the 'pos_label' must be None, but got {pos_label}.")
            if class_num != y_pred.shape[1]:
                raise ValueError(f"For 'ROC', the 'class_num' must equal the number of classes from predicted value, "
                                 f"but got {class_num} and {y_pred.shape[1]}.")
            return y_pred.reshape(-1, class_num), y.flatten(), class_num, pos_label
        raise ValueError("For 'ROC', predicted value (input[0]) and true value (input[1]) must have same dimensions, "
                         "or the dimension of predicted value equal the dimension of true value add 1.")

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = _two("ROC", inputs)
        self.y_pred, self.y, self.class_num, self.pos_label = self._prepare(y_pred, y, self.class_num, self.pos_label)
        self._is_update = True

    def _curve(self, y_pred, y, class_num, pos_label):
        if class_num == 1:
            fps, tps, thr = _binary_curve(y_pred, y, pos_label)
            tps = np.squeeze(np.hstack([np.zeros(1, dtype=tps.dtype), tps]))
            fps = np.squeeze(np.hstack([np.zeros(1, dtype=fps.dtype), fps]))
            thr = np.hstack([thr[0][None] + 1, thr])
            if fps[-1] <= 0:
                raise ValueError("For 'ROC.eval', there is no negative samples in true value.")
            if tps[-1] <= 0:
                raise ValueError("For 'ROC.eval', there is no positive samples in true value.")
            return fps / fps[-1], tps / tps[-1], thr
        out = ([], [], [])
        for c in range(class_num):
            p, t, _, _ = self._prepare(y_pred[:, c], y, 1, c)
            for lst, v in zip(out, self._curve(p, t, 1, c)):
                lst.append(v)
        return out

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return self._curve(np.squeeze(self.y_pred), np.squeeze(self.y), self.class_num, self.pos_label)


def auc(x, y, reorder=False):
    """Mirrors ``mindspore.train.auc(x, y, reorder=False)``: trapezoidal area under the curve (x must be
    monotonic unless ``reorder``)."""
    if not isinstance(x, np.ndarray) or not isinstance(y, np.ndarray):
        raise TypeError(f"For 'auc', the argument 'x' and 'y' must all be np.ndarray, but got {type(x)}, {type(y)}")
    x, y = np.ravel(x), np.ravel(y)
    if x.shape[0] != y.shape[0]:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {[x.shape[0], y.shape[0]]}.")
    if x.shape[0] < 2:
        raise ValueError("For 'auc', the shape of the argument 'x' in axis 0 must be greater than 2, but got "
                         f"{x.shape[0]}.")
    direction = 1
    if reorder:
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
    else:
        dx = np.diff(x)
        if np.any(dx < 0):
            if np.all(dx <= 0):
                direction = -1
            else:
                raise ValueError("For 'auc', if the argument is False, the argument 'x' array must be increasing or "
                                 f"decreasing, but got {x}.")
    trapezoid = getattr(np, "trapezoid", None) or np.trapz
    return direction * trapezoid(y, x)


_FACTORY = {
    "accuracy": Accuracy, "acc": Accuracy, "precision": Precision, "recall": Recall, "F1": F1, "dice": Dice,
    "roc": ROC, "auc": auc, "cosine_similarity": CosineSimilarity, "topk": TopKCategoricalAccuracy,
    "top_1_accuracy": Top1CategoricalAccuracy, "top_5_accuracy": Top5CategoricalAccuracy, "mae": MAE, "mse": MSE,
    "confusion_matrix": ConfusionMatrix, "loss": Loss, "perplexity": Perplexity,
}
# names MindSpore 2.10 lists whose metric ms_compat does not implement yet
_NOT_YET = ("confusion_matrix_metric", "hausdorff_distance", "mean_surface_distance",
            "occlusion_sensitivity", "root_mean_square_distance")


def names():
    """Mirrors ``mindspore.train.names()``: the sorted metric names ``get_metric_fn`` knows (MindSpore's
    full list; the five in ``_NOT_YET`` raise NotImplementedError when requested)."""
    return sorted(list(_FACTORY) + ["bleu_score"] + list(_NOT_YET))


def get_metric_fn(name, *args, **kwargs):
    """Mirrors ``mindspore.train.get_metric_fn(name, *args, **kwargs)``: a metric instance by name."""
    if name == "bleu_score":
        from .bleu_score import BleuScore
        return BleuScore(*args, **kwargs)
    if name in _NOT_YET:
        raise NotImplementedError(f"The metric '{name}' is not implemented in ms_compat yet.")
    if name not in _FACTORY:
        raise KeyError(f"Unknown Metric:{name}")
    return _FACTORY[name](*args, **kwargs)


def get_metrics(metrics):
    """Mirrors ``mindspore.nn.get_metrics(metrics)``: None → None; a dict of name → Metric is checked and
    returned; a set of names → dict of new metric instances."""
    if metrics is None:
        return None
    if isinstance(metrics, dict):
        for k, v in metrics.items():
            if not isinstance(k, str) or not isinstance(v, Metric):
                raise TypeError("For 'get_metrics', if 'metrics' is dict, the key in 'metrics' must be string and "
                                f"value in 'metrics' must be Metric, but got key:{type(k)}, value:{type(v)}.")
        return metrics
    if isinstance(metrics, set):
        return {n: get_metric_fn(n) for n in metrics}
    raise TypeError(f"For 'get_metrics', the argument 'metrics' must be None, dict or set, but got {metrics}")

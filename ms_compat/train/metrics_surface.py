"""Segmentation surface metrics of ``mindspore.train`` (also ``mindspore.nn``/``mindspore``):
``HausdorffDistance``, ``MeanSurfaceDistance``, ``RootMeanSquareDistance``.

For a label, each mask's *edge* is the mask minus its binary erosion (cross-shaped neighbourhood, outside the
array counts as background — scipy's defaults, which MindSpore uses); the surface distance of a predicted edge
point is its distance to the nearest true edge point. MindSpore computes it with scipy distance transforms; here it
is the exact nearest-point distance on PyTorch (``torch.cdist``: euclidean, ``'taxicab'`` = L1, ``'chessboard'`` =
L∞ — what the transforms compute on a grid), for masks of any rank.
"""
from __future__ import annotations

import numpy as np
import torch

from .metrics_extra import _MetricBase, _convert, rearrange_inputs

__all__ = ["HausdorffDistance", "MeanSurfaceDistance", "RootMeanSquareDistance"]

_METRICS = ("euclidean", "chessboard", "taxicab")
_P = {"euclidean": 2.0, "taxicab": 1.0, "chessboard": float("inf")}


def _edges(mask: np.ndarray) -> np.ndarray:
    """``mask`` minus its erosion by the cross-shaped neighbourhood (outside = background)."""
    m = torch.from_numpy(np.ascontiguousarray(mask, dtype=bool))
    padded = torch.nn.functional.pad(m.to(torch.uint8), [1, 1] * m.ndim).bool()
    core = tuple(slice(1, -1) for _ in range(m.ndim))
    eroded = padded[core].clone()
    for d in range(m.ndim):
        for shift in (-1, 1):
            eroded &= torch.roll(padded, shift, d)[core]
    return (m & ~eroded).numpy()


def _surface_distance(a_edges, b_edges, metric):
    """Distances from each edge point of ``a`` to the nearest edge point of ``b`` (empty when ``a`` has none,
    inf when ``b`` has none)."""
    a = np.argwhere(a_edges)
    if a.size == 0:
        return np.array([])
    b = np.argwhere(b_edges)
    if b.size == 0:
        return np.full(len(a), np.inf)
    d = torch.cdist(torch.from_numpy(a).double(), torch.from_numpy(b).double(), p=_P[metric])
    return torch.amin(d, 1).numpy()


def _check_metric(name, distance_metric):
    if not isinstance(distance_metric, str):
        raise TypeError("The type of 'distance_metric' should be 'str', but got type "
                        f"'{type(distance_metric).__name__}'.")
    if distance_metric not in _METRICS:
        raise ValueError(f"The 'distance_metric' must be str and must be in '{list(_METRICS)}', but got "
                         f"'{distance_metric}'.")
    return distance_metric


def _bool_arg(name, arg, value):
    if not isinstance(value, bool):
        raise TypeError(f"The type of '{arg}' should be 'bool', but got type '{type(value).__name__}'.")
    return value


class _SurfaceMetric(_MetricBase):
    _errtype = ValueError
    _count_msg = "it needs 3 inputs (predicted value, true value, label index), but got {}."
    _label_msg = "the label index (input[2]) must be int or float, but got {}."

    def clear(self):
        self._pred_edges, self._y_edges, self._is_update = 0, 0, False

    def _masks(self, inputs):
        name = type(self).__name__
        if len(inputs) != 3:
            raise ValueError(f"For '{name}.update', " + self._count_msg.format(len(inputs)))
        y_pred, y, label = _convert(name, inputs[0]), _convert(name, inputs[1]), inputs[2]
        if isinstance(label, bool) or not isinstance(label, (int, float)):
            raise self._errtype(f"For '{name}.update', " + self._label_msg.format(type(label)))
        if label not in y_pred and label not in y:
            raise ValueError(f"For '{name}.update', the label index (input[2]) must be in predicted value (input[0]) "
                             f"or true value (input[1]), but {label} is not.")
        if y_pred.size == 0 or y_pred.shape != y.shape:
            raise ValueError(f"For '{name}.update', the size of predicted value (input[0]) and true value (input[1]) "
                             "must be greater than 0, and they must have the same shape, but got predicted value "
                             f"shape: {y_pred.shape}, true value shape: {y.shape}.")
        y_pred = y_pred if y_pred.dtype == bool else y_pred == label
        y = y if y.dtype == bool else y == label
        return y_pred, y

    def _require_update(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")


class HausdorffDistance(_SurfaceMetric):
    """Mirrors ``mindspore.train.HausdorffDistance(distance_metric='euclidean', percentile=None, directed=False,
    crop=True)``: ``update(y_pred, y, label_idx)``; ``eval()`` is the largest (or ``percentile``-th) surface
    distance, the larger of both directions unless ``directed``. ``crop`` restricts the masks to the bounding box
    of their union first (as MindSpore; the distances do not change)."""

    def __init__(self, distance_metric="euclidean", percentile=None, directed=False, crop=True):
        super().__init__()
        self.distance_metric = _check_metric("HausdorffDistance", distance_metric)
        if percentile is not None and not isinstance(percentile, float):
            raise TypeError(f"The type of 'percentile' should be 'float', but got type '{type(percentile).__name__}'.")
        self.percentile = percentile
        self.directed = directed if directed is None else _bool_arg("HausdorffDistance", "directed", directed)
        self.crop = crop if crop is None else _bool_arg("HausdorffDistance", "crop", crop)
        self.clear()

    @rearrange_inputs
    def update(self, *inputs):
        self._is_update = True
        y_pred, y = self._masks(inputs)
        if self.crop:
            union = y_pred | y
            if not union.any():
                self._pred_edges, self._y_edges = np.zeros_like(y_pred), np.zeros_like(y)
                return
            idx = np.argwhere(union)
            box = tuple(slice(lo, hi + 1) for lo, hi in zip(idx.min(0), idx.max(0)))
            y_pred, y = y_pred[box], y[box]
        self._pred_edges, self._y_edges = _edges(y_pred), _edges(y)

    def _one_way(self, a, b):
        d = _surface_distance(a, b, self.distance_metric)
        if d.shape == (0,):
            return np.inf
        if not self.percentile:
            return d.max()
        if 0 <= self.percentile <= 100:
            return np.percentile(d, self.percentile)
        raise ValueError("For 'HausdorffDistance', the value of the argument 'percentile' must be [0, 100], but got "
                         f"{self.percentile}.")

    def eval(self):
        self._require_update()
        hd = self._one_way(self._pred_edges, self._y_edges)
        return hd if self.directed else max(hd, self._one_way(self._y_edges, self._pred_edges))


class MeanSurfaceDistance(_SurfaceMetric):
    """Mirrors ``mindspore.train.MeanSurfaceDistance(symmetric=False, distance_metric='euclidean')``: the mean
    surface distance (the mean of both directions when ``symmetric``)."""

    _count_msg = "it needs 3 inputs (predicted value, true value, label index), but got {}"

    def __init__(self, symmetric=False, distance_metric="euclidean"):
        super().__init__()
        self.distance_metric = _check_metric("MeanSurfaceDistance", distance_metric)
        self.symmetric = _bool_arg("MeanSurfaceDistance", "symmetric", symmetric)
        self.clear()

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._masks(inputs)
        self._pred_edges, self._y_edges = _edges(y_pred), _edges(y)
        self._is_update = True

    def _reduce(self, d):
        return d.mean()

    def _combine(self, a, b):
        return np.mean((a, b))

    def eval(self):
        self._require_update()
        d = _surface_distance(self._pred_edges, self._y_edges, self.distance_metric)
        if d.shape == (0,):
            return np.inf
        one = self._reduce(d)
        if not self.symmetric:
            return one
        d2 = _surface_distance(self._y_edges, self._pred_edges, self.distance_metric)
        if d2.shape == (0,):
            return np.inf
        return self._combine(one, self._reduce(d2))


class RootMeanSquareDistance(MeanSurfaceDistance):
    """Mirrors ``mindspore.train.RootMeanSquareDistance(symmetric=False, distance_metric='euclidean')``: the mean
    squared surface distance; when ``symmetric``, the square root of the mean of both directions' values (as
    MindSpore 2.10 computes it: the one-directional value is not square-rooted)."""

    _errtype = TypeError
    _count_msg = "it needs 3 inputs(predicted value, true value, label index), but got {}."
    _label_msg = "the label index (input[2]) must be int or float, but got label index type: {}."

    def __init__(self, symmetric=False, distance_metric="euclidean"):
        _MetricBase.__init__(self)
        self.distance_metric = _check_metric("RootMeanSquareDistance", distance_metric)
        self.symmetric = _bool_arg("RootMeanSquareDistance", "symmetric", symmetric)
        self.clear()

    def _reduce(self, d):
        return (d ** 2).mean()

    def _combine(self, a, b):
        return np.sqrt(np.mean((a, b)))

"""Mirrors ``mindspore.dataset.transforms.transforms``: data-type-agnostic transforms (``Compose``,
``TypeCast``, ``OneHot``, ``RandomApply``, ``RandomChoice``, ...) on numpy arrays."""
from __future__ import annotations

from enum import IntEnum

import numpy as np

from ...common import dtype as mstype
from ..core import config
from ..core.init_args import RecordsInit

__all__ = ["TensorOperation", "PyTensorOperation", "Compose", "TypeCast", "OneHot", "RandomApply", "RandomChoice",
           "RandomOrder", "Fill", "Duplicate", "Concatenate", "Slice", "PadEnd", "Mask", "Unique", "Relational"]


def not_random(function):
    """Mirrors ``mindspore.dataset.transforms.not_random(function)``: marks a user function as deterministic
    (``function.random = False``), as ``mindspore.dataset.vision.not_random(func)`` does."""
    function.random = False
    return function


def _np_dtype(t):
    """numpy dtype of a MindSpore type (``mstype.float32``), numpy type or name."""
    if isinstance(t, np.dtype):
        return t
    try:
        import torch
        if isinstance(t, torch.dtype):
            if t == torch.bfloat16:
                raise TypeError("bfloat16 has no numpy dtype; cast after the pipeline.")
            return torch.empty(0, dtype=t).numpy().dtype
    except ImportError:  # pragma: no cover
        pass
    try:
        return np.dtype(t)
    except TypeError:
        raise TypeError(f"data_type should be a MindSpore or numpy dtype, got {t!r}.") from None


def _arr(x):
    return np.asarray(x.asnumpy() if hasattr(x, "asnumpy") else x)


class TensorOperation(RecordsInit):
    """Base of MindSpore's transform objects: callable on numpy arrays (eager use) and usable in ``map``."""

    def __call__(self, *args):
        raise NotImplementedError

    def __repr__(self):
        return f"{type(self).__name__}()"


class PyTensorOperation:
    """Mirrors ``mindspore.dataset.transforms.transforms.PyTensorOperation``, the base of Python-implemented
    transforms: ``__init__`` sets ``transforms = []`` and ``output_type = None``; calling the object calls the
    subclass's ``_execute_py(img)`` (MindSpore's hook; eagerly and inside ``Dataset.map`` alike). As in MindSpore
    it is not a ``TensorOperation``. Not built: ``to_json``/``from_json``."""

    def __init__(self):
        self.transforms = []
        self.output_type = None

    def __call__(self, img):
        return self._execute_py(img)


class Compose(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.Compose(transforms)``: the transforms one after the other."""

    def __init__(self, transforms):
        if not isinstance(transforms, (list, tuple)) or not transforms:
            raise ValueError("transforms should be a non-empty list of transforms.")
        for t in transforms:
            if not callable(t):
                raise TypeError(f"Compose: {t!r} is not callable.")
        self.transforms = list(transforms)

    def __call__(self, *args):
        for t in self.transforms:
            res = t(*args)
            args = res if isinstance(res, tuple) else (res,)
        return args[0] if len(args) == 1 else args


class TypeCast(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.TypeCast(data_type)`` (``mstype.int32``, ``np.float32``...)."""

    def __init__(self, data_type):
        self.data_type = _np_dtype(data_type)

    def __call__(self, x):
        return _arr(x).astype(self.data_type)


class OneHot(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.OneHot(num_classes, smoothing_rate=0.0)``: a label (scalar or 1-D)
    to a one-hot vector of the label's dtype (float32 with label smoothing... as MindSpore: same dtype)."""

    def __init__(self, num_classes, smoothing_rate=0.0):
        if not isinstance(num_classes, int) or num_classes <= 0:
            raise ValueError(f"num_classes should be a positive integer, got {num_classes}.")
        if not 0.0 <= smoothing_rate <= 1.0:
            raise ValueError("smoothing_rate should be within [0.0, 1.0].")
        self.num_classes, self.smoothing_rate = num_classes, float(smoothing_rate)

    def __call__(self, label):
        a = _arr(label)
        if a.ndim > 1:
            raise RuntimeError(f"OneHot: the label should be a scalar or 1-D, got shape {list(a.shape)}.")
        if (a < 0).any() or (a >= self.num_classes).any():
            raise RuntimeError(f"OneHot: a label ({a.tolist()}) is outside [0, {self.num_classes}).")
        out = np.eye(self.num_classes, dtype=np.float64)[a.astype(np.int64)]
        if self.smoothing_rate:
            out = out * (1 - self.smoothing_rate) + self.smoothing_rate / self.num_classes
        return out.astype(a.dtype)


class RandomApply(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.RandomApply(transforms, prob=0.5)``: all of them, or none. MindSpore's
    ``RandomApplyOp`` draw (``uniform_real<double>(0, 1) <= prob``, see ``config.op_engine``); each transform
    inside draws from its own engine, as MindSpore's C++ copies do."""

    def __init__(self, transforms, prob=0.5):
        self.compose, self.prob = Compose(transforms), float(prob)

    def __call__(self, *args):
        engine = config.op_engine(self)
        if engine is not None:
            apply = engine.uniform_double(0.0, 1.0) <= self.prob
        else:
            apply = float(config.rng().random()) < self.prob
        if apply:
            with config.nested_ops():
                return self.compose(*args)
        return args[0] if len(args) == 1 else args


class RandomChoice(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.RandomChoice(transforms)``: one of them, uniformly (MindSpore's
    ``RandomChoiceOp`` draw, ``uniform_int(0, n - 1)``, see ``config.op_engine``)."""

    def __init__(self, transforms):
        self.transforms = Compose(transforms).transforms

    def __call__(self, *args):
        engine = config.op_engine(self)
        n = len(self.transforms)
        pick = engine.uniform_int(0, n - 1) if engine is not None else int(config.rng().integers(n))
        with config.nested_ops():
            return self.transforms[pick](*args)


class RandomOrder(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.RandomOrder(transforms)``: all of them, in a random order. As
    MindSpore's Python op: ``random.shuffle`` of its own list (each call shuffles the previous order again) from
    Python's ``random`` when MindSpore's draws follow the rows (``config.py_random``), the transforms inside run
    as eager calls (a random C++ transform called from Python draws afresh from ``GetSeed()`` each time)."""

    def __init__(self, transforms):
        self.transforms = list(Compose(transforms).transforms)

    def __call__(self, *args):
        r = config.py_random()
        if r is None:
            order = config.rng().permutation(len(self.transforms))
            return Compose([self.transforms[i] for i in order])(*args)
        r.shuffle(self.transforms)
        with config.eager_ops():
            return Compose(list(self.transforms))(*args)


class Fill(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.Fill(fill_value)``."""

    def __init__(self, fill_value):
        self.fill_value = fill_value

    def __call__(self, x):
        a = _arr(x)
        return np.full_like(a, self.fill_value)


class Duplicate(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.Duplicate``: one column in, the same twice out."""

    def __call__(self, x):
        a = _arr(x)
        return a, a.copy()


class Concatenate(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.Concatenate(axis=0, prepend=None, append=None)`` (1-D)."""

    def __init__(self, axis=0, prepend=None, append=None):
        self.axis, self.prepend, self.append = axis, prepend, append

    def __call__(self, x):
        parts = [p for p in (self.prepend, _arr(x), self.append) if p is not None]
        return np.concatenate([_arr(p) for p in parts], axis=self.axis)


class Slice(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.Slice(*slices)``."""

    def __init__(self, *slices):
        self.slices = slices

    def __call__(self, x):
        a = _arr(x)
        idx = tuple(s if isinstance(s, slice) or s is Ellipsis else (list(s) if isinstance(s, (list, tuple)) else s)
                    for s in self.slices)
        out = a[idx]
        return np.asarray(out)


class PadEnd(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.PadEnd(pad_shape, pad_value=None)``."""

    def __init__(self, pad_shape, pad_value=None):
        self.pad_shape, self.pad_value = list(pad_shape), pad_value

    def __call__(self, x):
        from ..engine.datasets import _pad_column
        return _pad_column([_arr(x)], (self.pad_shape, self.pad_value))[0]


class Relational(IntEnum):
    """Mirrors ``mindspore.dataset.transforms.Relational`` (comparisons of ``Mask``)."""
    EQ = 0
    NE = 1
    GT = 2
    GE = 3
    LT = 4
    LE = 5


class Mask(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.Mask(operator, constant, dtype=mstype.bool_)``."""

    def __init__(self, operator, constant, dtype=mstype.bool_):
        self.operator, self.constant, self.dtype = operator, constant, _np_dtype(dtype)

    def __call__(self, x):
        a = _arr(x)
        fn = [np.equal, np.not_equal, np.greater, np.greater_equal, np.less, np.less_equal][int(self.operator)]
        return fn(a, self.constant).astype(self.dtype)


class Unique(TensorOperation):
    """Mirrors ``mindspore.dataset.transforms.Unique``: (values in first-seen order, index per element, counts)."""

    def __call__(self, x):
        a = _arr(x)
        if a.ndim != 1:
            raise RuntimeError("Unique: the input should be 1-D.")
        vals, first, inv, counts = np.unique(a, return_index=True, return_inverse=True, return_counts=True)
        order = np.argsort(first)
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        return vals[order], rank[inv].astype(np.int32), counts[order].astype(np.int32)

"""Mirrors ``mindspore.dataset.engine.iterators``: what ``create_tuple_iterator``/``create_dict_iterator`` return.

The iterator runs the pipeline one epoch per ``for`` loop (``num_epochs`` is MindSpore's bound on
how many; -1 means unbounded) and is also ``next()``-able. Items hold MindSpore Tensors (ms_compat
``Tensor``; shared memory with the numpy row, dtypes kept) or numpy arrays with ``output_numpy=True``;
string columns stay numpy arrays (MindSpore Tensors hold no strings).
"""
from __future__ import annotations

import numpy as np

__all__ = ["Iterator", "TupleIterator", "DictIterator"]


def _tensor(v):
    from ...common.tensor import Tensor
    a = np.asarray(v)
    if a.dtype.kind in "SUO":
        return a
    return Tensor(a)


class Iterator:
    """Base of the dataset iterators."""

    _as_dict = False

    def __init__(self, dataset, columns=None, num_epochs=-1, output_numpy=False):
        if not isinstance(num_epochs, int) or (num_epochs < 1 and num_epochs != -1):
            raise ValueError(f"num_epochs should be either -1 or positive integer, but got {num_epochs}.")
        self._ds, self._np, self._num_epochs = dataset, output_numpy, num_epochs
        names = dataset.get_col_names()
        if columns is not None:
            columns = [columns] if isinstance(columns, str) else list(columns)
            for c in columns:
                if c not in names:
                    raise ValueError(f"Invalid column name: '{c}' does not exist in the dataset columns {names}.")
            self._idx = [names.index(c) for c in columns]
            self._names = columns
        else:
            self._idx, self._names = None, names
        self._cur = None
        self._epochs_run = 0
        reset = getattr(dataset, "_reset_run", None)
        if reset is not None:  # MindSpore builds a new tree per iterator: orders start again from epoch 0
            reset()

    def _convert(self, row):
        if self._idx is not None:
            row = tuple(row[i] for i in self._idx)
        if not self._np:
            row = tuple(_tensor(v) for v in row)
        if self._as_dict:
            return dict(zip(self._names, row))
        return list(row)

    def __iter__(self):
        self._epochs_run += 1
        for row in self._ds._rows():
            yield self._convert(row)

    def __next__(self):
        if self._cur is None:
            self._cur = iter(self)
        try:
            return next(self._cur)
        except StopIteration:
            self._cur = None
            raise

    def get_next(self):
        return next(self)

    def stop(self):
        """Mirrors ``Iterator.stop``: ends the current epoch."""
        self._cur = None

    def get_col_names(self):
        return list(self._names)

    def __len__(self):
        return self._ds.get_dataset_size()


class TupleIterator(Iterator):
    """Each item: a list with one value per column."""


class DictIterator(Iterator):
    """Each item: ``{column name: value}``."""

    _as_dict = True

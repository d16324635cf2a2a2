"""``mindspore.dataset``: the small in-process part that training scripts use.

``GeneratorDataset`` and ``NumpySlicesDataset`` with ``batch``, ``map``, ``shuffle``, ``repeat``,
``create_tuple_iterator``, ``create_dict_iterator``, ``get_dataset_size``, ``get_col_names`` and plain
iteration. Rows are tuples of numpy arrays; iterators yield ms_compat ``Tensor`` objects (or numpy
arrays with ``output_numpy=True``) with the numpy dtypes kept (float64 stays float64, as in MindSpore).

Differences from MindSpore (documented in migration_guides/drop-in.md): the pipeline runs eagerly in
this Python process (no worker processes, ``num_parallel_workers`` is accepted and ignored); shuffled
orders come from numpy's global RNG (seeded by ``set_seed``), so they differ from MindSpore's; a dataset
object may feed several pipelines (MindSpore raises "not a tree"); sharding (``num_shards``/``shard_id``)
takes every ``num_shards``-th row. Vision/text/audio transforms are not provided — for real input
pipelines use ``torch.utils.data`` (a ``DataLoader`` can feed a Cell directly).
"""
from __future__ import annotations

import numpy as np

from .._missing import module_getattr as _mg

__all__ = ["Dataset", "GeneratorDataset", "NumpySlicesDataset"]


def _as_row(item):
    if isinstance(item, dict):
        raise TypeError("For 'GeneratorDataset', a source row must be a tuple of arrays (got a dict).")
    if not isinstance(item, tuple):
        item = (item,)
    return tuple(_to_numpy(v) for v in item)


def _to_numpy(v):
    if isinstance(v, np.ndarray):
        return v
    if hasattr(v, "asnumpy"):
        return v.asnumpy()
    if hasattr(v, "detach"):  # torch tensor
        return v.detach().cpu().numpy()
    return np.asarray(v)


class Dataset:
    """Mirrors ``mindspore.dataset.Dataset``: a node of an input pipeline (runs eagerly here)."""

    def __init__(self, column_names):
        self._columns = list(column_names)

    # -- to be provided by subclasses: one pass over the rows (tuples of numpy arrays)
    def _rows(self):
        raise NotImplementedError

    def _size(self):
        return sum(1 for _ in self._rows())

    # -- information
    def get_dataset_size(self):
        """Number of rows (batches after ``batch``) in one epoch."""
        return self._size()

    def get_col_names(self):
        return list(self._columns)

    def get_batch_size(self):
        return 1

    def get_repeat_count(self):
        return 1

    # -- pipeline operations
    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, **kwargs):
        """Mirrors ``Dataset.batch``: stacks ``batch_size`` rows per column."""
        return BatchDataset(self, batch_size, drop_remainder, **kwargs)

    def map(self, operations=None, input_columns=None, output_columns=None, num_parallel_workers=None, **kwargs):
        """Mirrors ``Dataset.map``: applies the callables in ``operations`` (in order) to ``input_columns``."""
        return MapDataset(self, operations, input_columns, output_columns)

    def shuffle(self, buffer_size):
        """Mirrors ``Dataset.shuffle`` (a full shuffle of each epoch here, whatever ``buffer_size``)."""
        if not isinstance(buffer_size, int) or buffer_size < 2:
            raise ValueError(f"buffer_size must be greater than 1, but got {buffer_size}.")
        return ShuffleDataset(self)

    def repeat(self, count=None):
        """Mirrors ``Dataset.repeat``; ``None``/``-1`` repeats forever."""
        return RepeatDataset(self, count)

    def project(self, columns):
        if isinstance(columns, str):
            columns = [columns]
        return MapDataset(self, None, list(columns), None, project=True)

    # -- iteration
    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False, do_copy=True):
        """Mirrors ``Dataset.create_tuple_iterator``: each item is a list of Tensors (one per column)."""
        idx = None if columns is None else [self._columns.index(c) for c in columns]
        return _Iterator(self, output_numpy, idx, as_dict=False)

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        """Mirrors ``Dataset.create_dict_iterator``: each item is ``{column: Tensor}``."""
        return _Iterator(self, output_numpy, None, as_dict=True)

    def __iter__(self):
        return iter(self.create_tuple_iterator())


class _Iterator:
    """The object returned by ``create_*_iterator``: re-iterable once per epoch, and ``next()``-able."""

    def __init__(self, dataset, output_numpy, idx, as_dict):
        self._ds, self._np, self._idx, self._dict = dataset, output_numpy, idx, as_dict
        self._cur = None

    def _convert(self, row):
        if self._idx is not None:
            row = tuple(row[i] for i in self._idx)
        if not self._np:
            from ..common.tensor import Tensor
            row = tuple(Tensor(np.asarray(v)) for v in row)
        if self._dict:
            return dict(zip(self._ds._columns, row))
        return list(row)

    def __iter__(self):
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

    def stop(self):
        self._cur = None


def _sharded(n, num_shards, shard_id):
    if num_shards is None:
        return range(n)
    if shard_id is None or not 0 <= shard_id < num_shards:
        raise ValueError(f"Input shard_id is not within the required interval of [0, {num_shards - 1}].")
    return range(shard_id, n, num_shards)


class _SourceDataset(Dataset):
    def __init__(self, column_names, shuffle, num_samples, num_shards, shard_id):
        super().__init__(column_names)
        self._shuffle, self._num_samples = shuffle, num_samples
        self._num_shards, self._shard_id = num_shards, shard_id

    def _order(self, n):
        idx = list(_sharded(n, self._num_shards, self._shard_id))
        if self._shuffle:
            idx = [idx[i] for i in np.random.permutation(len(idx))]
        if self._num_samples:
            idx = idx[:self._num_samples]
        return idx


class GeneratorDataset(_SourceDataset):
    """Mirrors ``mindspore.dataset.GeneratorDataset(source, column_names=None, column_types=None,
    schema=None, num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None,
    num_shards=None, shard_id=None, ...)``.

    ``source`` is a random-accessible object (``__getitem__`` + ``__len__``; shuffled by default, as
    in MindSpore), an iterable, or a callable returning an iterator (never shuffled). Each row is a
    tuple with one value per column.
    """

    def __init__(self, source, column_names=None, column_types=None, schema=None, num_samples=None,
                 num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None, shard_id=None,
                 python_multiprocessing=True, max_rowsize=None, **kwargs):
        if column_names is None and schema is None:
            raise ValueError("Neither columns_names nor schema are provided.")
        if isinstance(column_names, str):
            column_names = [column_names]
        self._random_access = hasattr(source, "__getitem__") and hasattr(source, "__len__")
        if shuffle and not self._random_access:
            raise ValueError("shuffle is not supported with a generator or iterable source (no random access).")
        if sampler is not None:
            raise NotImplementedError("GeneratorDataset(sampler=...) is not supported by ms_compat; use "
                                      "torch.utils.data samplers with a DataLoader instead.")
        super().__init__(column_names or [], self._random_access if shuffle is None else bool(shuffle),
                         num_samples, num_shards, shard_id)
        self._source = source

    def _rows(self):
        src = self._source
        if self._random_access:
            for i in self._order(len(src)):
                yield _as_row(src[i])
            return
        it = src() if callable(src) and not hasattr(src, "__iter__") else iter(src)
        count = 0
        for i, item in enumerate(it):
            if self._num_shards is not None and i % self._num_shards != self._shard_id:
                continue
            if self._num_samples and count >= self._num_samples:
                break
            count += 1
            yield _as_row(item)

    def _size(self):
        if self._random_access:
            return len(self._order(len(self._source)))
        return super()._size()


class NumpySlicesDataset(_SourceDataset):
    """Mirrors ``mindspore.dataset.NumpySlicesDataset(data, column_names=None, num_samples=None,
    num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None, shard_id=None)``.

    ``data``: a dict (columns = keys), a tuple (one column per element, named ``column_0``...), or a
    list/ndarray (one column); rows are slices along the first axis. Shuffled by default (MindSpore).
    """

    def __init__(self, data, column_names=None, num_samples=None, num_parallel_workers=1, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None):
        if isinstance(data, dict):
            names, cols = list(data.keys()), [np.asarray(_to_numpy(v)) for v in data.values()]
        elif isinstance(data, tuple):
            cols = [np.asarray(_to_numpy(v)) for v in data]
            names = [f"column_{i}" for i in range(len(cols))]
        else:
            cols = [np.asarray(_to_numpy(data))]
            names = ["column_0"]
        if column_names is not None:
            if isinstance(column_names, str):
                column_names = [column_names]
            if len(column_names) != len(cols):
                raise ValueError(f"The number of column_names ({len(column_names)}) does not match the number "
                                 f"of data columns ({len(cols)}).")
            names = list(column_names)
        lens = {len(c) for c in cols}
        if len(lens) > 1:
            raise ValueError(f"All columns of NumpySlicesDataset must have the same first dimension, got {lens}.")
        if sampler is not None:
            raise NotImplementedError("NumpySlicesDataset(sampler=...) is not supported by ms_compat.")
        super().__init__(names, True if shuffle is None else bool(shuffle), num_samples, num_shards, shard_id)
        self._cols = cols

    def _rows(self):
        for i in self._order(len(self._cols[0])):
            yield tuple(c[i] for c in self._cols)

    def _size(self):
        return len(self._order(len(self._cols[0])))


class BatchDataset(Dataset):
    """``Dataset.batch`` node: stacks rows column-wise."""

    def __init__(self, child, batch_size, drop_remainder=False, **kwargs):
        if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size < 1:
            raise ValueError(f"batch_size is not within the required interval of [1, 2147483647], "
                             f"but got {batch_size}.")
        unsupported = {k for k, v in kwargs.items() if v is not None}
        if unsupported:
            raise NotImplementedError(f"Dataset.batch({', '.join(sorted(unsupported))}=...) is not supported "
                                      "by ms_compat.")
        super().__init__(child._columns)
        self._child, self._bs, self._drop = child, batch_size, drop_remainder

    def get_batch_size(self):
        return self._bs

    def _rows(self):
        buf = []
        for row in self._child._rows():
            buf.append(row)
            if len(buf) == self._bs:
                yield tuple(np.stack(col) for col in zip(*buf))
                buf = []
        if buf and not self._drop:
            yield tuple(np.stack(col) for col in zip(*buf))

    def _size(self):
        n = self._child._size()
        return n // self._bs if self._drop else -(-n // self._bs)


class MapDataset(Dataset):
    """``Dataset.map`` / ``Dataset.project`` node."""

    def __init__(self, child, operations, input_columns, output_columns, project=False):
        super().__init__(child._columns)
        if operations is not None and not isinstance(operations, (list, tuple)):
            operations = [operations]
        if isinstance(input_columns, str):
            input_columns = [input_columns]
        if isinstance(output_columns, str):
            output_columns = [output_columns]
        for c in input_columns or []:
            if c not in child._columns:
                raise ValueError(f"Invalid column name: '{c}' does not exist in the dataset "
                                 f"columns {child._columns}.")
        self._child, self._ops, self._project = child, list(operations or []), project
        self._in = list(input_columns) if input_columns else list(child._columns[:1])
        out = list(output_columns) if output_columns else list(self._in)
        if project:
            self._columns = list(self._in)
        elif out != self._in:
            cols = [c for c in child._columns if c not in self._in]
            pos = child._columns.index(self._in[0])
            self._columns = cols[:pos] + out + cols[pos:]
        self._out = out

    def _rows(self):
        child_cols = self._child._columns
        in_idx = [child_cols.index(c) for c in self._in]
        for row in self._child._rows():
            if self._project:
                yield tuple(row[i] for i in in_idx)
                continue
            vals = tuple(row[i] for i in in_idx)
            for op in self._ops:
                res = op(*vals)
                vals = res if isinstance(res, tuple) else (res,)
            vals = tuple(_to_numpy(v) for v in vals)
            named = {c: row[i] for i, c in enumerate(child_cols) if c not in self._in}
            named.update(zip(self._out, vals))
            yield tuple(named[c] for c in self._columns)

    def _size(self):
        return self._child._size()


class ShuffleDataset(Dataset):
    """``Dataset.shuffle`` node (full shuffle of each epoch, numpy's RNG)."""

    def __init__(self, child):
        super().__init__(child._columns)
        self._child = child

    def _rows(self):
        rows = list(self._child._rows())
        for i in np.random.permutation(len(rows)):
            yield rows[i]

    def _size(self):
        return self._child._size()


class RepeatDataset(Dataset):
    """``Dataset.repeat`` node."""

    def __init__(self, child, count):
        super().__init__(child._columns)
        self._child, self._count = child, (None if count in (None, -1) else int(count))

    def get_repeat_count(self):
        return -1 if self._count is None else self._count

    def get_batch_size(self):
        return self._child.get_batch_size()

    def _rows(self):
        k = 0
        while self._count is None or k < self._count:
            yield from self._child._rows()
            k += 1

    def _size(self):
        return -1 if self._count is None else self._child._size() * self._count


_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

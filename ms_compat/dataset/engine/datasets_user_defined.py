"""Mirrors ``mindspore.dataset.engine.datasets_user_defined``: ``GeneratorDataset``, ``NumpySlicesDataset``,
``PaddedDataset`` (rows produced by Python code)."""
from __future__ import annotations

import numpy as np

from . import _errors
from .datasets import MappableDataset, SourceDataset, _to_numpy
from .samplers import DistributedSampler

__all__ = ["GeneratorDataset", "NumpySlicesDataset", "PaddedDataset"]


def _as_row(item, ncols):
    if isinstance(item, dict):
        raise TypeError("For 'GeneratorDataset', a source row must be a tuple of arrays (got a dict).")
    if not isinstance(item, tuple):
        item = (item,) if ncols == 1 or not isinstance(item, list) else tuple(item)
    if ncols and len(item) != ncols:
        raise RuntimeError(f"the number of columns returned by the source ({len(item)}) does not match "
                           f"column_names ({ncols}).")
    return tuple(_to_numpy(v) for v in item)


class GeneratorDataset(MappableDataset):
    """Mirrors ``mindspore.dataset.GeneratorDataset(source, column_names=None, column_types=None, schema=None,
    num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None, shard_id=None,
    python_multiprocessing=True, max_rowsize=None)``.

    ``source``: a random-access object (``__getitem__`` + ``__len__``; shuffled by default, samplers and
    sharding apply), an iterable, or a callable returning an iterator (read in order; sharding keeps
    every ``num_shards``-th row). Each item is a tuple with one value per column. A ``torch.utils.data.Dataset``
    is a valid source. With ``num_parallel_workers > 1`` a random-access source is read by that many
    threads (processes with ``python_multiprocessing=True``), in order.
    """

    _sampling_path = "generator"  # a GeneratorDataset in MindSpore

    def __init__(self, source, column_names=None, column_types=None, schema=None, num_samples=None,
                 num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None, shard_id=None,
                 python_multiprocessing=True, max_rowsize=None, **kwargs):
        if column_names is None and schema is None:
            raise ValueError("Neither columns_names nor schema are provided.")
        if schema is not None and column_names is None:
            column_names = schema.get_column_names() if hasattr(schema, "get_column_names") else None
        if isinstance(column_names, str):
            column_names = [column_names]
        if not callable(source):  # MindSpore's argument check: one iter(source), its result dropped
            try:
                iter(source)
            except TypeError as exc:
                raise TypeError("Input `source` function of GeneratorDataset should be callable, iterable or random"
                                " accessible, commonly it should implement one of the method like yield, __getitem__"
                                " or __next__(__iter__).") from exc
        # MindSpore reads len(source) once, here, and sizes every epoch by it (a source that grows later is not
        # re-measured); an iterable is then iterated once per epoch (one __iter__), a random-access source indexed
        self._source_len = len(source) if hasattr(source, "__len__") else -1
        self._random_access = hasattr(source, "__getitem__") and hasattr(source, "__len__")
        if not self._random_access:
            if shuffle:
                raise ValueError("shuffle is not supported with a generator or iterable source (no random access).")
            if sampler is not None:
                raise ValueError("sampler is not supported if source does not have attribute '__getitem__'.")
            shuffle = False
        super().__init__(num_samples, num_parallel_workers, shuffle, num_shards, shard_id, sampler)
        self._columns = list(column_names or [])
        self._types = column_types
        self._source = source
        self._mp = python_multiprocessing
        self._num_samples = num_samples
        self._proc_states = {}  # the random state of each worker process over the epochs of an iterator

    def add_sampler(self, new_sampler):
        """Mirrors ``GeneratorDataset.add_sampler``: a ``PKSampler`` is refused, as in MindSpore 2.10."""
        from .samplers import PKSampler
        if isinstance(new_sampler, PKSampler):
            raise RuntimeError("GeneratorDataset doesn't support PKSampler")
        super().add_sampler(new_sampler)

    def _load(self):
        return self._source_len

    def _reset_run(self):
        super()._reset_run()
        self._proc_states = {}

    def _read(self, i):
        return self._cast(_as_row(self._source[i], len(self._columns)))

    def _cast(self, row):
        if not self._types:
            return row
        from ..transforms.transforms import _np_dtype
        return tuple(v.astype(_np_dtype(t)) if t is not None else v for v, t in zip(row, self._types))

    def _rows(self):
        if self._random_access:
            order = self._order(self._next_epoch_rng())
            workers = self.num_parallel_workers or 1
            if workers > 1:
                from ..core import config
                if self._mp:  # MindSpore: row k of each epoch to worker process k % workers, seeded seed + worker
                    from ._parallel import dealt_process_map

                    def read(item):
                        return self._read(item[1])
                    yield from dealt_process_map(read, ((k, i, k % workers) for k, i in enumerate(order)), workers,
                                                 config.get_prefetch_size(), "GeneratorDataset", self._proc_states)
                    return
                from ._parallel import ordered_map
                yield from ordered_map(self._read, order, workers, config.get_prefetch_size(), "GeneratorDataset")
                return
            for k, i in enumerate(order):
                try:
                    row = self._read(i)
                except Exception as e:  # noqa: BLE001
                    raise _errors.annotate(e, "GeneratorDataset source", f"{k} (source index {i})") from None
                yield row
            return
        src = self._source
        it = src() if callable(src) and not hasattr(src, "__iter__") else src  # enumerate calls iter() once
        s = self.sampler
        shards = (s.num_shards, s.shard_id) if isinstance(s, DistributedSampler) else None
        count = 0
        for i, item in enumerate(it):
            if shards and i % shards[0] != shards[1]:
                continue
            if self._num_samples and count >= self._num_samples:
                break
            count += 1
            try:
                row = self._cast(_as_row(item, len(self._columns)))
            except Exception as e:  # noqa: BLE001
                raise _errors.annotate(e, "GeneratorDataset source", i) from None
            yield row

    def _size(self):
        if self._random_access:
            return super()._size()
        if self._source_len >= 0 and not isinstance(self.sampler, DistributedSampler):
            return min(self._source_len, self._num_samples) if self._num_samples else self._source_len
        return SourceDataset._size(self)


class NumpySlicesDataset(GeneratorDataset):
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
        self._cols = cols
        super().__init__(_Slices(cols), names, num_samples=num_samples, num_parallel_workers=1, shuffle=shuffle,
                         sampler=sampler, num_shards=num_shards, shard_id=shard_id)

    def _read(self, i):
        return tuple(c[i] for c in self._cols)

    def _labels(self):
        if "label" in self._columns:
            return self._cols[self._columns.index("label")].tolist()
        return None


class _Slices:
    def __init__(self, cols):
        self.cols = cols

    def __len__(self):
        return len(self.cols[0])

    def __getitem__(self, i):
        return tuple(c[i] for c in self.cols)


class PaddedDataset(GeneratorDataset):
    """Mirrors ``mindspore.dataset.PaddedDataset(padded_samples)``: a list of dicts (one per row)."""

    def __init__(self, padded_samples):
        if not isinstance(padded_samples, list) or not padded_samples:
            raise TypeError("padded_samples should be a non-empty list of dicts.")
        names = list(padded_samples[0])
        self._samples = [tuple(np.asarray(s[c]) for c in names) for s in padded_samples]
        super().__init__(self._samples, names, shuffle=False)

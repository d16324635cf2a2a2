"""Mirrors ``mindspore.dataset.engine.datasets``: the ``Dataset`` base class and its pipeline operations.

A pipeline is a tree of nodes; iterating it pulls rows (tuples of numpy arrays, one per column) from
the sources through the operations, in this Python process. ``map`` with ``num_parallel_workers > 1``
runs its operations on a thread pool (OpenCV and numpy release the GIL; see ``_parallel``), keeping
the row order, with ``config.get_prefetch_size()`` rows in flight. Every epoch re-runs the tree, so a
pipeline that raised (bad file, shape mismatch) can be iterated again.

Random orders: the samplers (so every source's ``shuffle``) and ``Dataset.shuffle`` draw MindSpore 2.10's
numbers for the same seed (see ``samplers`` and ``ShuffleDataset``); each iterator starts them again from
their first epoch (``_reset_run``), as MindSpore builds a new C++ tree per iterator. Differences from
MindSpore (migration_guides/data.md): random transforms draw from numpy generators seeded by
``config.set_seed`` — same distributions, other numbers than MindSpore's C++ streams; a node may feed
several pipelines.
"""
from __future__ import annotations

import copy
import itertools
import math
import zlib

import numpy as np

from ..core import config
from ..core.init_args import RecordsInit
from . import _errors
from .iterators import DictIterator, TupleIterator

__all__ = ["Dataset", "MappableDataset", "SourceDataset", "BatchDataset", "MapDataset", "ShuffleDataset",
           "RepeatDataset", "TakeDataset", "SkipDataset", "ZipDataset", "ConcatDataset", "ProjectDataset",
           "RenameDataset", "FilterDataset", "BucketBatchByLengthDataset", "PaddedBatchDataset", "BatchInfo",
           "Shuffle", "Schema", "zip_datasets"]

class Shuffle:
    """Mirrors ``mindspore.dataset.Shuffle`` (how file-based sources shuffle; the members are MindSpore's strings,
    plain ``str`` constants here rather than an ``Enum``). ``ADAPTIVE`` and ``PARTIAL`` shuffle only a
    ``MindDataset`` (``ADAPTIVE`` is ``GLOBAL`` up to 100 million rows); the text and TFRecord readers read
    unshuffled with them, as MindSpore 2.10's."""
    FALSE = "false"
    ADAPTIVE = "adaptive"
    GLOBAL = "global"
    PARTIAL = "partial"
    FILES = "files"
    INFILE = "infile"


def _from_op(v):
    """An operation's result as a column value: a numpy scalar counts as the Python number it holds
    (MindSpore: ``lambda y: y * 2`` on a float32 column gives float64)."""
    if isinstance(v, np.generic):
        return np.asarray(v.item())
    return _to_numpy(v)


def _to_numpy(v):
    if isinstance(v, np.ndarray):
        return v
    if hasattr(v, "asnumpy"):
        return v.asnumpy()
    if hasattr(v, "detach"):  # torch tensor
        return v.detach().cpu().numpy()
    if isinstance(v, str):
        return np.array(v)
    if isinstance(v, bytes):
        return np.array(v)
    return np.asarray(v)


def _as_list(x):
    if x is None:
        return None
    return [x] if isinstance(x, str) else list(x)


def _check_columns(names, have, op):
    for c in names:
        if c not in have:
            raise ValueError(f"Invalid column name: '{c}' does not exist in the dataset columns {list(have)} "
                             f"(in {op}).")


class Dataset(RecordsInit):
    """Mirrors ``mindspore.dataset.Dataset``: a node of an input pipeline."""

    def __init__(self, children=(), num_parallel_workers=None, cache=None):
        self.children = list(children)
        self.num_parallel_workers = num_parallel_workers
        self._id = zlib.crc32(type(self).__name__.encode())  # same pipeline, same seed -> same orders
        self._epoch = 0

    # -- what a node provides
    def get_col_names(self):
        """Mirrors ``Dataset.get_col_names``."""
        return list(self.children[0].get_col_names())

    def _rows(self):
        """One epoch of rows (tuples of numpy arrays)."""
        raise NotImplementedError

    def _size(self):
        return sum(1 for _ in self._rows())

    def _next_epoch_rng(self):
        self._epoch += 1
        return config.new_rng(self._id, self._epoch)

    def _reset_run(self):
        """A new iterator over this pipeline: every node starts again from its first epoch (MindSpore builds a
        new C++ tree per iterator, with its samplers and shuffle buffers seeded afresh)."""
        self._epoch = 0
        for child in self.children:
            child._reset_run()

    # -- information
    def get_dataset_size(self):
        """Mirrors ``Dataset.get_dataset_size``: rows (batches after ``batch``) per epoch."""
        return self._size()

    def get_batch_size(self):
        """Mirrors ``Dataset.get_batch_size`` (1 before any ``batch``)."""
        return self.children[0].get_batch_size() if self.children else 1

    def get_repeat_count(self):
        return self.children[0].get_repeat_count() if self.children else 1

    def get_class_indexing(self):
        if self.children:
            return self.children[0].get_class_indexing()
        raise RuntimeError("get_class_indexing is only supported by datasets with a class indexing.")

    def _first_row(self):
        for row in self._rows():
            return row
        raise RuntimeError("The dataset is empty: cannot get the output shapes or types.")

    def output_shapes(self, estimate=False):
        """Mirrors ``Dataset.output_shapes``: the shape of each column in the first row."""
        return [list(np.shape(c)) for c in self._first_row()]

    def output_types(self):
        """Mirrors ``Dataset.output_types``: the numpy dtype of each column in the first row."""
        return [np.asarray(c).dtype for c in self._first_row()]

    def get_args(self):
        return {}

    # -- pipeline operations
    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, **kw):
        """Mirrors ``Dataset.batch(batch_size, drop_remainder=False, num_parallel_workers=None,
        per_batch_map=None, input_columns=None, output_columns=None, python_multiprocessing=False,
        max_rowsize=None)``; ``batch_size`` may be a callable of ``BatchInfo``."""
        return BatchDataset(self, batch_size, drop_remainder, num_parallel_workers, **kw)

    def padded_batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, pad_info=None):
        """Mirrors ``Dataset.padded_batch``: ``pad_info = {column: (shape or None, pad_value)}``; a ``None``
        shape (or dimension) pads to the longest in the batch."""
        return PaddedBatchDataset(self, batch_size, drop_remainder, num_parallel_workers, pad_info)

    def bucket_batch_by_length(self, column_names, bucket_boundaries, bucket_batch_sizes,
                               element_length_function=None, pad_info=None, pad_to_bucket_boundary=False,
                               drop_remainder=False):
        """Mirrors ``Dataset.bucket_batch_by_length``."""
        return BucketBatchByLengthDataset(self, column_names, bucket_boundaries, bucket_batch_sizes,
                                          element_length_function, pad_info, pad_to_bucket_boundary,
                                          drop_remainder)

    def map(self, operations=None, input_columns=None, output_columns=None, num_parallel_workers=None,
            python_multiprocessing=False, cache=None, callbacks=None, max_rowsize=None, offload=None):
        """Mirrors ``Dataset.map``: applies ``operations`` (transforms or Python callables, in order) to
        ``input_columns`` (default: the first column); results go to ``output_columns``."""
        return MapDataset(self, operations, input_columns, output_columns, num_parallel_workers,
                          python_multiprocessing, callbacks)

    def filter(self, predicate, input_columns=None, num_parallel_workers=None):
        """Mirrors ``Dataset.filter``: keeps the rows for which ``predicate(*columns)`` is true."""
        return FilterDataset(self, predicate, input_columns)

    def shuffle(self, buffer_size):
        """Mirrors ``Dataset.shuffle``: a buffer of ``buffer_size`` rows, each output drawn at random from it."""
        return ShuffleDataset(self, buffer_size)

    def repeat(self, count=None):
        """Mirrors ``Dataset.repeat``; ``None``/``-1`` repeats forever."""
        return RepeatDataset(self, count)

    def take(self, count=-1):
        """Mirrors ``Dataset.take``: the first ``count`` rows (all with ``-1``)."""
        return TakeDataset(self, count)

    def skip(self, count):
        """Mirrors ``Dataset.skip``: drops the first ``count`` rows."""
        return SkipDataset(self, count)

    def zip(self, datasets):
        """Mirrors ``Dataset.zip``: the columns of several datasets side by side (the shortest decides)."""
        if isinstance(datasets, Dataset):
            datasets = (datasets,)
        return ZipDataset((self, *datasets))

    def concat(self, datasets):
        """Mirrors ``Dataset.concat`` (also ``+``): the rows of several datasets one after the other."""
        if isinstance(datasets, Dataset):
            datasets = [datasets]
        return ConcatDataset([self, *datasets])

    def __add__(self, other):
        return self.concat(other)

    def project(self, columns):
        """Mirrors ``Dataset.project``: keeps ``columns``, in that order."""
        return ProjectDataset(self, columns)

    def rename(self, input_columns, output_columns):
        """Mirrors ``Dataset.rename``."""
        return RenameDataset(self, input_columns, output_columns)

    def split(self, sizes, randomize=True):
        """Mirrors ``Dataset.split``: ``sizes`` as row counts or fractions (summing to 1); returns one
        dataset per size, built as MindSpore builds them. A source with random access (``MappableDataset``)
        gets, per split, its sampler under a ``RandomSampler`` that keeps its order over epochs (with
        ``randomize``) and a ``SequentialSampler`` over that split's rows; any other pipeline gets, per split,
        a copy under ``shuffle(10000)`` reseeded alike every epoch (with ``randomize``), then ``skip``/``take``.
        With a dataset seed set, every split draws the same order, so the splits do not overlap."""
        counts = _split_counts(sizes, self.get_dataset_size())
        out, start = [], 0
        for c in counts:
            try:  # MindSpore deep-copies the pipeline; a node that cannot be copied is shared
                part = copy.deepcopy(self)
            except Exception:  # noqa: BLE001 — locks, open files: share the node instead
                part = self
            if randomize:
                part = part.shuffle(10000)
                part.reshuffle_each_epoch = False
            if start:
                part = part.skip(start)
            out.append(part.take(c))
            start += c
        return tuple(out)

    def device_que(self, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
        raise RuntimeError("Dataset.device_que: there is no device queue on PyTorch; iterate the dataset instead "
                           "(Model.train does).")

    def sync_wait(self, condition_name, num_batch=1, callback=None):
        raise NotImplementedError("Dataset.sync_wait is not supported by ms_compat.")

    def save(self, file_name, num_files=1, file_type="mindrecord"):
        """Mirrors ``Dataset.save``: one epoch of the pipeline into a MindRecord file, with MindSpore's schema
        rules (integers up to 32 bits -> int32, float16/32 -> float32, arrays -> ``shape [-1, ...]``, uint8
        arrays -> int32 arrays, strings -> string). Only ``num_files=1``."""
        from ...mindrecord import FileWriter
        if file_type != "mindrecord":
            raise ValueError(f"Unsupported file_type {file_type!r}: only 'mindrecord'.")
        if num_files != 1:
            raise NotImplementedError("Dataset.save(num_files > 1) is not supported by ms_compat yet.")
        names = self.get_col_names()
        writer, schema, chunk = FileWriter(file_name, 1, overwrite=False), None, []
        for row in self._rows():
            if schema is None:
                schema = {n: _save_spec(np.asarray(v), n) for n, v in zip(names, row)}
                writer.add_schema(schema, "mindrecord")
            chunk.append({n: _save_value(np.asarray(v), schema[n]) for n, v in zip(names, row)})
            if len(chunk) == 1000:
                writer.write_raw_data(chunk)
                chunk = []
        if schema is None:
            raise RuntimeError("Dataset.save: the dataset is empty.")
        if chunk:
            writer.write_raw_data(chunk)
        writer.commit()

    def to_json(self, filename=""):
        """Mirrors ``Dataset.to_json(filename='')``: the pipeline as a dict (MindSpore's JSON layout, see
        ``engine/serializer.py``), also written to ``filename`` when given."""
        from .serializer import to_json
        return to_json(self, filename)

    def reset(self):
        self._epoch = 0

    def close_pool(self):
        pass

    def release(self):
        pass

    # -- iteration
    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False, do_copy=True):
        """Mirrors ``Dataset.create_tuple_iterator``: each item is a list with one MindSpore Tensor per column
        (numpy arrays with ``output_numpy=True``; string columns stay numpy)."""
        return TupleIterator(self, columns, num_epochs, output_numpy)

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        """Mirrors ``Dataset.create_dict_iterator``: each item is ``{column: Tensor}``."""
        return DictIterator(self, None, num_epochs, output_numpy)

    def __iter__(self):
        return iter(self.create_tuple_iterator(num_epochs=1))

    def to_torch(self, output_numpy=True):
        """ms_compat extra: this pipeline as a ``torch.utils.data.IterableDataset`` (one item = one row as a
        tuple of numpy arrays) to hand to a ``torch.utils.data.DataLoader(..., batch_size=None)``."""
        from .torch_bridge import TorchIterable
        return TorchIterable(self)


def _save_type(dt, name):
    if dt.kind == "b" or (dt.kind in "iu" and dt.itemsize <= 2) or dt == np.int32:
        return "int32"
    if dt.kind in "iu":
        return "int64"
    if dt.kind == "f":
        return "float64" if dt.itemsize == 8 else "float32"
    if dt.kind in "US":
        return "string" if dt.kind == "U" else "bytes"
    raise TypeError(f"Dataset.save: column '{name}' has dtype {dt}, which MindRecord cannot store.")


def _save_spec(a, name):
    t = _save_type(a.dtype, name)
    if a.ndim == 0 or t in ("string", "bytes"):
        return {"type": t}
    return {"type": t, "shape": [-1] + list(a.shape[1:])}


def _save_value(a, spec):
    t = spec["type"]
    if t == "string":
        return str(a)
    if t == "bytes":
        return bytes(a.item()) if a.ndim == 0 else a.tobytes()
    if "shape" in spec:
        return a.astype(t)
    return int(a.item()) if t.startswith("int") else float(a.item())


def zip_datasets(datasets):
    """Mirrors ``mindspore.dataset.zip(datasets)``: the columns of several datasets side by side."""
    if not isinstance(datasets, tuple) or len(datasets) < 1:
        raise TypeError("datasets should be a tuple of datasets.")
    return ZipDataset(datasets)


def _split_counts(sizes, n):
    """MindSpore's ``_get_absolute_split_sizes``: fractions rounded, the rows missing given to the first split,
    the rows over taken from the first split that can spare them."""
    if not n or n <= 0:
        raise RuntimeError("dataset_size is unknown, unable to split.")
    sizes = list(sizes)
    if all(isinstance(s, int) and not isinstance(s, bool) for s in sizes):
        if any(s <= 0 for s in sizes):
            raise ValueError("sizes must be positive integers.")
        if sum(sizes) != n:
            raise RuntimeError(f"Sum of split sizes {sum(sizes)} is not equal to dataset size {n}.")
        return sizes
    if all(isinstance(s, float) for s in sizes):
        if any(not 0 < s <= 1 for s in sizes) or not math.isclose(sum(sizes), 1.0):
            raise ValueError("sizes must be floats in (0, 1] summing to 1.")
        counts = []
        for s in sizes:
            c = int(round(s * n))
            if c == 0:
                raise RuntimeError(f"Split percentage {s} is too small.")
            counts.append(c)
        diff = n - sum(counts)
        if diff > 0:
            counts[0] += diff
        else:
            for i, c in enumerate(counts):
                if c + diff > 0:
                    counts[i] += diff
                    break
        return counts
    raise TypeError("sizes must be a list of ints or a list of floats.")


class SourceDataset(Dataset):
    """A leaf of the pipeline."""

    # how MindSpore 2.10 reads and samples this source's rows: "reader" (its non-mappable file readers),
    # "mappable" (its C++ random-access leaves), "generator" (GeneratorDataset and its Python subclasses),
    # "mindrecord" (MindDataset); it decides which sampling arguments are checked how (check_source_arguments)
    _sampling_path = "reader"

    def get_col_names(self):
        return list(self._columns)

    def get_batch_size(self):
        return 1

    def get_repeat_count(self):
        return 1


class MappableDataset(SourceDataset):
    """A random-access source: ``_load()`` indexes the rows, ``_read(i)`` reads one; a sampler (from
    ``sampler``/``shuffle``/``num_samples``/``num_shards``/``shard_id``) orders them."""

    _labels_column = None
    _takes_shuffle_modes = False  # a sampler's Shuffle mode other than GLOBAL/FALSE: MindDataset only
    _sampling_path = "mappable"
    _refuses_pk = False  # MindSpore's validator refuses a PKSampler (CocoDataset, CelebADataset)

    def __init__(self, num_samples=None, num_parallel_workers=None, shuffle=None, num_shards=None, shard_id=None,
                 sampler=None, cache=None):
        from .samplers import check_source_arguments, select_sampler
        check_source_arguments(self._sampling_path, shuffle, sampler, num_samples, num_shards, shard_id,
                               type(self).__name__ if self._refuses_pk else None)
        super().__init__((), num_parallel_workers)
        if shuffle is not None and not isinstance(shuffle, bool):
            shuffle = shuffle not in (Shuffle.FILES, Shuffle.FALSE) if isinstance(shuffle, str) else bool(shuffle)
        self.sampler = select_sampler(num_samples, sampler, shuffle, num_shards, shard_id)
        self.num_shards, self.shard_id = num_shards, shard_id
        self._index = None

    def _load(self):  # -> number of rows; fills whatever _read needs
        raise NotImplementedError

    def _read(self, i):
        raise NotImplementedError

    def _labels(self):
        return None

    def _n(self):
        if self._index is None:
            self._index = self._load()
        return self._index

    def use_sampler(self, new_sampler):
        self.sampler = new_sampler

    def _reset_run(self):
        super()._reset_run()
        reset = getattr(self.sampler, "_reset_run", None)
        if reset is not None:
            reset()

    def add_sampler(self, new_sampler):
        new_sampler.add_child(self.sampler)
        self.sampler = new_sampler

    def split(self, sizes, randomize=True):
        """Mirrors ``MappableDataset.split`` (see ``Dataset.split``): per split a copy of this source whose
        sampler sits under a ``RandomSampler`` that keeps its order over epochs (with ``randomize``; seeded
        ``GetSeed()`` when an iterator is made), a ``SequentialSampler(start, size)`` and a
        ``SequentialSampler()``."""
        from .samplers import RandomSampler, SequentialSampler
        if not getattr(self, "_random_access", True):
            return super().split(sizes, randomize)
        counts = _split_counts(sizes, self.get_dataset_size())
        out, start = [], 0
        for c in counts:
            part = copy.copy(self)  # shares the loaded rows; the sampler chain is the split's own
            part.sampler = copy.deepcopy(self.sampler)
            if randomize:
                sampler = RandomSampler()
                sampler.reshuffle_each_epoch = False
                part.add_sampler(sampler)
            part.add_sampler(SequentialSampler(start, c))
            part.add_sampler(SequentialSampler())
            out.append(part)
            start += c
        return tuple(out)

    def _order(self, rng):
        if not self._takes_shuffle_modes:
            from .samplers import check_shuffle_modes
            check_shuffle_modes(self.sampler)
        n = self._n()
        labels = self._labels() if self.sampler._needs_labels() or (
            self.sampler.child_sampler is not None and self.sampler.child_sampler._needs_labels()) else None
        ids = self.sampler._indices(n, rng, labels)
        if self._sampling_path == "mappable" and any(not 0 <= i < n for i in ids):
            # MindSpore 2.10's C++ leaves skip the row ids past the end a user/iterable sampler gives (measured);
            # a negative one crashes its process: refused here
            bad = next((i for i in ids if i < 0), None)
            if bad is not None:
                raise RuntimeError(f"The sampler gave the row id {bad}: {type(self).__name__} has rows 0 to {n - 1} "
                                   "(MindSpore 2.10 crashes on a negative row id).")
            ids = [i for i in ids if i < n]
        return ids

    def _rows(self):
        for i in self._order(self._next_epoch_rng()):
            yield self._read(i)

    def _size(self):
        n = self._n()
        labels = self._labels() if self.sampler._needs_labels() else None
        return self.sampler._count(n, labels)


class BatchInfo:
    """Mirrors ``mindspore.dataset.BatchInfo``: handed to a callable ``batch_size`` and to ``per_batch_map``."""

    def __init__(self, batch_num, epoch_num):
        self._batch_num, self._epoch_num = batch_num, epoch_num

    def get_batch_num(self):
        """The number of the batch in this epoch (from 0)."""
        return self._batch_num

    def get_epoch_num(self):
        """The epoch (from 0)."""
        return self._epoch_num


def _stack(values, col, batch_num):
    try:
        return np.stack(values)
    except ValueError:
        shapes = [np.shape(v) for v in values]
        first = shapes[0]
        bad = next(i for i, s in enumerate(shapes) if s != first)
        raise RuntimeError(
            f"Inconsistent batch shapes, batch operation expects same shape for each data row, but got inconsistent "
            f"shape in column '{col}' of batch {batch_num}: row 0 has shape {list(first)}, row {bad} has shape "
            f"{list(shapes[bad])}. Resize the rows to one shape with map, or use padded_batch.") from None


class BatchDataset(Dataset):
    """``Dataset.batch`` node: stacks ``batch_size`` rows per column."""

    def __init__(self, child, batch_size, drop_remainder=False, num_parallel_workers=None, per_batch_map=None,
                 input_columns=None, output_columns=None, python_multiprocessing=False, max_rowsize=None,
                 pad_info=None, column_order=None):
        super().__init__((child,), num_parallel_workers)
        if not callable(batch_size):
            if not isinstance(batch_size, int) or isinstance(batch_size, bool) or not 1 <= batch_size <= 2147483647:
                raise ValueError(f"batch_size is not within the required interval of [1, 2147483647], "
                                 f"but got {batch_size}.")
        if not isinstance(drop_remainder, bool):
            raise TypeError(f"Argument drop_remainder with value {drop_remainder} is not of type [<class 'bool'>].")
        self._bs, self._drop = batch_size, drop_remainder
        self._pbm = per_batch_map
        self._in = _as_list(input_columns)
        self._out = _as_list(output_columns)
        self._pad = pad_info
        if per_batch_map is not None and not callable(per_batch_map):
            raise TypeError("per_batch_map should be a callable.")
        if self._in:
            _check_columns(self._in, child.get_col_names(), "batch")

    def get_col_names(self):
        cols = self.children[0].get_col_names()
        if self._pbm is not None and self._out and self._out != self._in:
            ins = self._in or cols
            keep = [c for c in cols if c not in ins]
            return keep + list(self._out) if self._in else list(self._out)
        return cols

    def get_batch_size(self):
        return self._bs if not callable(self._bs) else -1

    def _batch_sizes(self):
        epoch = self._epoch - 1  # BatchInfo counts epochs from 0
        num = 0
        while True:
            bs = self._bs(BatchInfo(num, epoch)) if callable(self._bs) else self._bs
            yield num, bs
            num += 1

    def _collate(self, rows, num):
        cols = self.children[0].get_col_names()
        columns = [list(c) for c in zip(*rows)]
        if self._pbm is not None:
            ins = self._in or cols
            idx = [cols.index(c) for c in ins]
            try:
                res = self._pbm(*[columns[i] for i in idx], BatchInfo(num, self._epoch - 1))
            except Exception as e:  # noqa: BLE001 - re-raised with the batch named
                raise _errors.annotate(e, "batch per_batch_map", f"batch {num}", [self._pbm]) from None
            if not isinstance(res, tuple):
                raise TypeError("per_batch_map function should return a tuple (one list per output column).")
            outs = self._out or ins
            if len(res) != len(outs):
                raise RuntimeError(f"per_batch_map returned {len(res)} columns but {len(outs)} output columns "
                                   f"were given: {outs}.")
            named = {c: columns[i] for i, c in enumerate(cols) if c not in ins}
            named.update(zip(outs, [[_from_op(v) for v in r] for r in res]))
            order = self.get_col_names()
            return tuple(_stack(named[c], c, num) for c in order)
        if self._pad:
            columns = [_pad_column(columns[i], self._pad.get(c)) if c in self._pad else columns[i]
                       for i, c in enumerate(cols)]
        return tuple(_stack(col, cols[i], num) for i, col in enumerate(columns))

    def _rows(self):
        self._epoch += 1
        it = iter(self.children[0]._rows())
        for num, bs in self._batch_sizes():
            buf = list(itertools.islice(it, bs))
            if not buf or (len(buf) < bs and self._drop):
                return
            yield self._collate(buf, num)
            if len(buf) < bs:
                return

    def _size(self):
        n = self.children[0]._size()
        if callable(self._bs):
            return sum(1 for _ in self._rows())
        return n // self._bs if self._drop else -(-n // self._bs)


def _pad_column(values, spec):
    shape, value = (None, 0) if spec is None else spec
    arrs = [np.asarray(v) for v in values]
    nd = arrs[0].ndim
    longest = [max(a.shape[d] for a in arrs) for d in range(nd)]
    target = longest if shape is None else [longest[d] if s is None else s for d, s in enumerate(shape)]
    out = []
    for a in arrs:
        if a.ndim != len(target):
            raise RuntimeError(f"pad_info shape {list(target)} does not match the rank of a row of shape "
                               f"{list(a.shape)}.")
        if any(a.shape[d] > target[d] for d in range(a.ndim)):
            raise RuntimeError(f"Invalid pad_shape: the row shape {list(a.shape)} is larger than the pad shape "
                               f"{list(target)}.")
        pad_value = value if value is not None else (b"" if a.dtype.kind in "SU" else 0)
        out.append(np.pad(a, [(0, t - s) for s, t in zip(a.shape, target)], constant_values=pad_value)
                   if a.dtype.kind not in "SUO" else _pad_str(a, target, pad_value))
    return out


def _pad_str(a, target, value):
    out = np.full(target, value if value else "", dtype=a.dtype)
    out[tuple(slice(0, s) for s in a.shape)] = a
    return out


class PaddedBatchDataset(BatchDataset):
    """``Dataset.padded_batch`` node."""

    def __init__(self, child, batch_size, drop_remainder, num_parallel_workers, pad_info):
        super().__init__(child, batch_size, drop_remainder, num_parallel_workers)
        if pad_info is not None:
            if not isinstance(pad_info, dict):
                raise TypeError("pad_info should be a dict of {column: (shape, pad_value)}.")
            _check_columns(pad_info, child.get_col_names(), "padded_batch")
        self._pad = pad_info or {c: None for c in child.get_col_names()}


class MapDataset(Dataset):
    """``Dataset.map`` node."""

    def __init__(self, child, operations, input_columns, output_columns, num_parallel_workers=None,
                 python_multiprocessing=False, callbacks=None):
        super().__init__((child,), num_parallel_workers)
        from ..callback import DSCallback
        callbacks = [] if callbacks is None else (list(callbacks) if isinstance(callbacks, (list, tuple))
                                                  else [callbacks])
        for cb in callbacks:
            if not isinstance(cb, DSCallback):
                raise TypeError(f"callbacks should be DSCallback objects, got {type(cb).__name__}.")
            if hasattr(cb, "_check_overridden"):
                cb._check_overridden()
        self._callbacks, self._cb_state = callbacks, {}
        if operations is None:
            operations = []
        if not isinstance(operations, (list, tuple)):
            operations = [operations]
        for op in operations:
            if not callable(op):
                raise TypeError(f"Operations must be callable (a transform or a Python function), got {op!r}.")
        cols = child.get_col_names()
        self._in = _as_list(input_columns) or cols[:1]
        _check_columns(self._in, cols, "map")
        self._out = _as_list(output_columns) or list(self._in)
        if num_parallel_workers is not None and (not isinstance(num_parallel_workers, int) or num_parallel_workers < 1):
            raise ValueError(f"num_parallel_workers exceeds the boundary between 1 and 512, got "
                             f"{num_parallel_workers}.")
        self._ops = list(operations)
        self._mp = python_multiprocessing
        self._sent, self._engines, self._proc_states = 0, {}, {}

    def get_col_names(self):
        cols = self.children[0].get_col_names()
        if self._out == self._in:
            return cols
        pos = cols.index(self._in[0])
        rest = [c for c in cols if c not in self._in]
        kept_before = sum(1 for c in cols[:pos] if c not in self._in)
        return rest[:kept_before] + self._out + rest[kept_before:]

    def _default_workers(self):
        """MindSpore runs ``map`` on ``config.get_num_parallel_workers()`` workers by default. Here: that many
        threads (at most one per CPU) when every operation is a MindSpore transform (OpenCV/numpy kernels that
        release the GIL); plain Python callables run in the pipeline thread."""
        import os
        if not self._all_transforms():
            return 1
        return max(1, min(config.get_num_parallel_workers(), os.cpu_count() or 1))

    def _all_transforms(self):
        from ..transforms.transforms import TensorOperation
        return bool(self._ops) and all(isinstance(op, TensorOperation) for op in self._ops)

    def _apply(self, row, in_idx, cols, out_cols):
        vals = tuple(row[i] for i in in_idx)
        for op in self._ops:
            res = op(*vals)
            vals = res if isinstance(res, tuple) else (res,)
        if len(vals) != len(self._out):
            raise RuntimeError(f"map: the operations returned {len(vals)} columns but output_columns names "
                               f"{len(self._out)}: {self._out}.")
        named = {c: row[i] for i, c in enumerate(cols) if c not in self._in}
        named.update(zip(self._out, (_from_op(v) for v in vals)))
        return tuple(named[c] for c in out_cols)

    def _rows(self):
        if self._callbacks:
            from ..callback.ds_callback import run_with_callbacks
            return run_with_callbacks(self._map_rows(), self._callbacks, self._cb_state)
        return self._map_rows()

    def _reset_run(self):
        super()._reset_run()
        self._sent, self._engines, self._proc_states = 0, {}, {}

    def _map_rows(self):
        cols = self.children[0].get_col_names()
        out_cols = self.get_col_names()
        in_idx = [cols.index(c) for c in self._in]
        workers = self.num_parallel_workers or self._default_workers()
        self._epoch += 1
        seeded, epoch = config._seed_or_none() is not None, self._epoch
        # MindSpore's map hands row k to worker (rows sent before + k) % W, an end-of-epoch marker taking one turn
        # too, and each worker's copy of a random transform draws from its own engine (config.op_engine): the
        # draws are MindSpore's whichever thread runs the row here, as rows of one worker run in their order
        copies = self.num_parallel_workers or config.get_num_parallel_workers()
        engines, base, last = self._engines, self._sent, {}
        # MindSpore runs its own transforms in its C++ threads even with python_multiprocessing (measured): a map
        # of transforms only keeps the engines; one with Python functions runs them all in worker processes,
        # where MindSpore calls its transforms eagerly (each call a fresh op seeded with the worker's seed) and
        # so do we (a transform called directly)
        processes = self._mp and not self._all_transforms()
        streams = not processes
        import contextlib
        import threading

        def fn(item):
            k, row, w, before, done = item
            try:
                if before is not None:
                    before.wait()
                with config.op_streams(engines, w, copies) if streams else contextlib.nullcontext():
                    if not seeded or processes:
                        return self._apply(row, in_idx, cols, out_cols)
                    # the draws not yet MindSpore's come from a generator of (seed, epoch, k): the output does
                    # not depend on which worker runs the row, or when
                    with config.row_rng(self._id, epoch, k):
                        return self._apply(row, in_idx, cols, out_cols)
            finally:
                if done is not None:
                    done.set()

        def numbered():
            k = -1
            for k, row in enumerate(self.children[0]._rows()):
                w = (base + k) % copies
                done = threading.Event() if streams else None
                yield k, row, w, last.get(w), done
                last[w] = done
            self._sent = base + k + 2

        rows = numbered()
        where = "map(" + ", ".join(_errors.op_name(o) for o in self._ops) + ")"
        if processes:  # one process per MindSpore worker, dealt its rows, seeded as MindSpore seeds it
            from ._parallel import dealt_process_map
            yield from dealt_process_map(fn, rows, copies, config.get_prefetch_size(), where, self._proc_states)
            return
        if workers > 1 or self._all_transforms():  # MindSpore transforms run off the consumer's thread (pipelined)
            from ._parallel import ordered_map
            yield from ordered_map(fn, rows, workers, config.get_prefetch_size(), where)
            return
        for item in rows:
            try:
                yield fn(item)
            except Exception as e:  # noqa: BLE001 - re-raised with the row named
                raise _errors.annotate(e, "map", item[0], self._ops) from None

    def _size(self):
        return self.children[0]._size()


class FilterDataset(Dataset):
    """``Dataset.filter`` node."""

    def __init__(self, child, predicate, input_columns=None):
        super().__init__((child,))
        if not callable(predicate):
            raise TypeError("predicate should be callable.")
        self._pred = predicate
        self._in = _as_list(input_columns)
        if self._in:
            _check_columns(self._in, child.get_col_names(), "filter")

    def _rows(self):
        cols = self.get_col_names()
        idx = [cols.index(c) for c in self._in] if self._in else list(range(len(cols)))
        for k, row in enumerate(self.children[0]._rows()):
            try:
                keep = self._pred(*(row[i] for i in idx))
            except Exception as e:  # noqa: BLE001
                raise _errors.annotate(e, "filter", k, [self._pred]) from None
            if bool(np.asarray(keep)):
                yield row


class ShuffleDataset(Dataset):
    """``Dataset.shuffle`` node: MindSpore 2.10's ``ShuffleOp``, draw for draw. When an iterator is made it seeds
    a ``std::mt19937_64`` with ``GetSeed()`` (``config.cpp_seed``) and keeps it over the epochs; it fills a
    buffer of ``buffer_size`` rows, then repeatedly sends slot ``engine() % rows_in_buffer``, moves the last
    slot into it and puts the next input row in the last slot (once the input is spent, the buffer drains)."""

    def __init__(self, child, buffer_size):
        super().__init__((child,))
        if not isinstance(buffer_size, int) or isinstance(buffer_size, bool) or not 2 <= buffer_size <= 2147483647:
            raise ValueError(f"buffer_size is not within the required interval of [2, 2147483647], "
                             f"but got {buffer_size}.")
        self._buf = buffer_size
        self._engine = None
        self.reshuffle_each_epoch = True  # MindSpore's attribute; False (``split``): every epoch reseeds alike

    def _reset_run(self):
        super()._reset_run()
        self._engine = None

    def _rows(self):
        from ..core.cpp_random import Mt19937_64
        from .shuffle_buffer import shuffled_rows
        self._epoch += 1
        if self._engine is None:
            self._seed = config.cpp_seed()
            self._engine = Mt19937_64(self._seed)
        elif not self.reshuffle_each_epoch:
            self._engine = Mt19937_64(self._seed)
        return shuffled_rows(self.children[0]._rows(), self._buf, self._engine)

    def _size(self):
        return self.children[0]._size()


class RepeatDataset(Dataset):
    """``Dataset.repeat`` node."""

    def __init__(self, child, count):
        super().__init__((child,))
        if count is not None and (not isinstance(count, int) or count == 0 or count < -1):
            raise ValueError(f"count should be either -1 or positive integer, but got {count}.")
        self._count = None if count in (None, -1) else count

    def get_repeat_count(self):
        return -1 if self._count is None else self._count

    def _rows(self):
        k = 0
        while self._count is None or k < self._count:
            yield from self.children[0]._rows()
            k += 1

    def _size(self):
        return -1 if self._count is None else self.children[0]._size() * self._count


class TakeDataset(Dataset):
    """``Dataset.take`` node."""

    def __init__(self, child, count):
        super().__init__((child,))
        if not isinstance(count, int) or count == 0 or count < -1:
            raise ValueError(f"count should be either -1 or within the required interval of ([1, 2147483647]), "
                             f"but got {count}.")
        self._count = count

    def _rows(self):
        it = self.children[0]._rows()
        return it if self._count == -1 else itertools.islice(it, self._count)

    def _size(self):
        n = self.children[0]._size()
        return n if self._count == -1 else min(n, self._count)


class SkipDataset(Dataset):
    """``Dataset.skip`` node."""

    def __init__(self, child, count):
        super().__init__((child,))
        if not isinstance(count, int) or count < 0:
            raise ValueError(f"Input count is not within the required interval of [0, 2147483647], got {count}.")
        self._count = count

    def _rows(self):
        return itertools.islice(self.children[0]._rows(), self._count, None)

    def _size(self):
        return max(0, self.children[0]._size() - self._count)


class ZipDataset(Dataset):
    """``Dataset.zip`` node."""

    def __init__(self, datasets):
        super().__init__(tuple(datasets))
        seen = set()
        for d in datasets:
            for c in d.get_col_names():
                if c in seen:
                    raise ValueError(f"Invalid zip: column name '{c}' appears in more than one dataset; rename "
                                     "the columns first.")
                seen.add(c)

    def get_col_names(self):
        return [c for d in self.children for c in d.get_col_names()]

    def _rows(self):
        for parts in zip(*(d._rows() for d in self.children)):
            yield tuple(v for p in parts for v in p)

    def _size(self):
        return min(d._size() for d in self.children)


class ConcatDataset(Dataset):
    """``Dataset.concat`` node."""

    def __init__(self, datasets):
        super().__init__(tuple(datasets))
        first = datasets[0].get_col_names()
        for d in datasets[1:]:
            if d.get_col_names() != first:
                raise ValueError(f"Invalid concat: the datasets have different columns: {first} and "
                                 f"{d.get_col_names()}.")

    def _rows(self):
        for d in self.children:
            yield from d._rows()

    def _size(self):
        return sum(d._size() for d in self.children)

    def get_batch_size(self):
        return 1


class ProjectDataset(Dataset):
    """``Dataset.project`` node."""

    def __init__(self, child, columns):
        super().__init__((child,))
        self._cols = _as_list(columns)
        _check_columns(self._cols, child.get_col_names(), "project")

    def get_col_names(self):
        return list(self._cols)

    def _rows(self):
        cols = self.children[0].get_col_names()
        idx = [cols.index(c) for c in self._cols]
        for row in self.children[0]._rows():
            yield tuple(row[i] for i in idx)

    def _size(self):
        return self.children[0]._size()


class RenameDataset(Dataset):
    """``Dataset.rename`` node."""

    def __init__(self, child, input_columns, output_columns):
        super().__init__((child,))
        self._in, self._out = _as_list(input_columns), _as_list(output_columns)
        if len(self._in) != len(self._out):
            raise ValueError("input_columns and output_columns of rename must have the same length.")
        _check_columns(self._in, child.get_col_names(), "rename")

    def get_col_names(self):
        m = dict(zip(self._in, self._out))
        return [m.get(c, c) for c in self.children[0].get_col_names()]

    def _rows(self):
        return self.children[0]._rows()

    def _size(self):
        return self.children[0]._size()


class BucketBatchByLengthDataset(Dataset):
    """``Dataset.bucket_batch_by_length`` node: rows go to the bucket of their length
    (``bucket_boundaries[i-1] <= length < bucket_boundaries[i]``); a bucket is padded and emitted when it
    holds its ``bucket_batch_sizes[i]`` rows; leftovers are emitted at the end (unless ``drop_remainder``)."""

    def __init__(self, child, column_names, bucket_boundaries, bucket_batch_sizes, element_length_function=None,
                 pad_info=None, pad_to_bucket_boundary=False, drop_remainder=False):
        super().__init__((child,))
        self._cols = _as_list(column_names)
        _check_columns(self._cols, child.get_col_names(), "bucket_batch_by_length")
        if len(bucket_batch_sizes) != len(bucket_boundaries) + 1:
            raise ValueError("bucket_batch_sizes must contain one element more than bucket_boundaries.")
        if any(b <= 0 for b in bucket_boundaries) or list(bucket_boundaries) != sorted(set(bucket_boundaries)):
            raise ValueError("bucket_boundaries must be positive and strictly increasing.")
        if element_length_function is None and len(self._cols) != 1:
            raise ValueError("element_length_function must be given when column_names has more than one column.")
        self._bounds, self._sizes = list(bucket_boundaries), list(bucket_batch_sizes)
        self._len_fn, self._pad = element_length_function, pad_info or {}
        self._pad_to_boundary, self._drop = pad_to_bucket_boundary, drop_remainder

    def _emit(self, rows, bucket):
        cols = self.get_col_names()
        columns = [list(c) for c in zip(*rows)]
        out = []
        for i, c in enumerate(cols):
            if c in self._pad:
                shape, value = self._pad[c] if self._pad[c] is not None else (None, 0)
                if self._pad_to_boundary and shape is not None:
                    shape = [self._bounds[bucket] - 1 if (s is None and bucket < len(self._bounds)) else s
                             for s in shape]
                columns[i] = _pad_column(columns[i], (shape, value))
            out.append(_stack(columns[i], c, 0))
        return tuple(out)

    def _rows(self):
        cols = self.get_col_names()
        idx = [cols.index(c) for c in self._cols]
        buckets = [[] for _ in self._sizes]
        for row in self.children[0]._rows():
            args = [row[i] for i in idx]
            length = int(self._len_fn(*args)) if self._len_fn else int(np.shape(args[0])[0])
            b = int(np.searchsorted(self._bounds, length, side="right"))
            buckets[b].append(row)
            if len(buckets[b]) == self._sizes[b]:
                yield self._emit(buckets[b], b)
                buckets[b] = []
        if not self._drop:
            for b, rows in enumerate(buckets):
                if rows:
                    yield self._emit(rows, b)


class Schema:
    """Mirrors ``mindspore.dataset.Schema`` (column names/types/shapes for GeneratorDataset)."""

    def __init__(self, schema_file=None):
        self.columns = []
        if schema_file is not None:
            import json
            with open(schema_file) as f:
                data = json.load(f)
            for name, spec in data.get("columns", {}).items():
                self.add_column(name, spec.get("type"), spec.get("shape"))

    def add_column(self, name, de_type, shape=None):
        self.columns.append({"name": name, "type": de_type, "shape": shape})

    def get_column_names(self):
        return [c["name"] for c in self.columns]

    def to_json(self):
        import json
        return json.dumps({"columns": {c["name"]: {"type": str(c["type"]), "shape": c["shape"]}
                                       for c in self.columns}})

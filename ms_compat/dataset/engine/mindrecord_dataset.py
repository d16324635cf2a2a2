"""Mirrors ``mindspore.dataset.MindDataset``: rows of MindRecord files (ms_compat/mindrecord), in MindSpore 2.10's
order for every ``shuffle`` mode (``True``/``Shuffle.ADAPTIVE``/``GLOBAL``/``PARTIAL``/``FILES``/``INFILE``),
``num_shards`` and each sampler MindSpore accepts there (MindRecord's ``ShardShuffle``, ``ShardSample``,
``ShardDistributedSample`` and ``ShardPkSample`` operators, see ``MindDataset._order``)."""
from __future__ import annotations

import math

import numpy as np

from ..core import config
from ..core.cpp_minstd import MinstdRand0
from .datasets import MappableDataset, Shuffle

__all__ = ["MindDataset"]

# a shuffle argument as the mode of MindRecord's ShardShuffle (ADAPTIVE is GLOBAL up to 100 million rows)
_MODES = {True: Shuffle.GLOBAL, Shuffle.ADAPTIVE: Shuffle.GLOBAL, Shuffle.GLOBAL: Shuffle.GLOBAL,
          Shuffle.PARTIAL: Shuffle.PARTIAL, Shuffle.FILES: Shuffle.FILES, Shuffle.INFILE: Shuffle.INFILE}
_PARTIAL_BLOCK = 1000000  # Shuffle.PARTIAL shuffles the rows a million at a time


def _check_padding(columns_list, padded_sample, num_padded):
    """MindSpore 2.10's ``check_padding_options``: ``padded_sample`` needs ``num_padded`` and ``columns_list`` (each
    column in it), ``num_padded`` needs ``padded_sample``."""
    if padded_sample is not None:
        if num_padded is None:
            raise RuntimeError("padded_sample is specified and requires num_padded as well.")
        if num_padded < 0:
            raise ValueError(f"num_padded is invalid, num_padded={num_padded}.")
        if columns_list is None:
            raise RuntimeError("padded_sample is specified and requires columns_list as well.")
        if any(c not in padded_sample for c in columns_list):
            raise ValueError("padded_sample cannot match columns_list.")
    if padded_sample is None and num_padded is not None:
        raise RuntimeError("num_padded is specified but padded_sample is not.")


class MindDataset(MappableDataset):
    """Mirrors ``mindspore.dataset.MindDataset(dataset_files, columns_list=None, num_parallel_workers=None,
    shuffle=None, num_shards=None, shard_id=None, sampler=None, padded_sample=None, num_padded=None,
    num_samples=None, cache=None)``: columns in name order (or ``columns_list``); ``bytes`` fields as a
    1-element numpy bytes array (decode images with ``vision.Decode``), strings as numpy strings, numbers
    with the schema's dtype. ``padded_sample``/``num_padded``: ``num_padded`` copies of ``padded_sample`` after the
    rows (MindRecord's padded tasks), ordered, shuffled and sharded with them as MindSpore 2.10's.

    Orders as MindSpore's ``ShardShuffle``, which draws from ``std::default_random_engine`` (``cpp_minstd``):
    ``shuffle`` ``None``/``True``/``Shuffle.GLOBAL`` (or ``sampler=RandomSampler()``) shuffles the rows,
    ``Shuffle.FILES`` the files (their rows kept in order), ``Shuffle.INFILE`` the rows inside each file. Without
    shards the seed is ``GetSeed()`` when an iterator is made, and epoch ``e`` reshuffles the previous epoch's
    order with seed ``+ 1 + e``; with ``num_shards`` (or ``sampler=DistributedSampler(...)``) epoch ``e``
    shuffles the files' order afresh with ``dataset.config.get_seed()`` (read when the sampler is made) ``+ 1 +
    e``, and shard ``k`` of ``s`` reads positions ``k, k + s, ...`` (wrapping round to fill
    ``ceil(rows / s)``). ``Shuffle.ADAPTIVE`` is ``GLOBAL`` (up to 100 million rows); ``Shuffle.PARTIAL``
    (MindRecord's slow load mode) see ``_partial_order``; ``SubsetSampler``/``SubsetRandomSampler`` see
    ``_subset_order``; ``PKSampler`` (its ``class_column`` an indexed field) see ``_pk_order``. A
    ``WeightedRandomSampler`` or a user sampler raises ``ValueError``, as in MindSpore 2.10; sampler chains
    (``add_child``) other than of Sequential/Random samplers keep ms_compat's generic sampling."""

    _sampling_path = "mindrecord"
    _takes_shuffle_modes = True

    def __init__(self, dataset_files, columns_list=None, num_parallel_workers=None, shuffle=None, num_shards=None,
                 shard_id=None, sampler=None, padded_sample=None, num_padded=None, num_samples=None, cache=None):
        from ...mindrecord.filereader import open_shards
        _check_padding(columns_list, padded_sample, num_padded)
        self._padded, self._num_padded = padded_sample, num_padded or 0
        from .samplers import check_source_arguments
        check_source_arguments("mindrecord", shuffle, sampler, num_samples, num_shards, shard_id)
        self._mode = _MODES.get(True if shuffle is None else shuffle)
        super().__init__(num_samples, num_parallel_workers, None if shuffle is None else self._mode is not None,
                         num_shards, shard_id, sampler)
        if num_samples and shuffle in (Shuffle.FILES, Shuffle.INFILE):
            raise ValueError("'Shuffle.FILES' or 'Shuffle.INFILE' and 'num_samples' cannot be specified at the same "
                             "time.")
        if sampler is not None:
            from .samplers import DistributedSampler, PKSampler, RandomSampler, SequentialSampler, SubsetSampler
            if not isinstance(sampler, (SubsetSampler, PKSampler, DistributedSampler, RandomSampler,
                                        SequentialSampler)):  # MindSpore 2.10's list (SubsetRandomSampler included)
                raise ValueError("The sampler is not supported yet.")
            for child in list(sampler._chain())[1:]:  # MindSpore 2.10 asks each child for its MindRecord operator
                if not isinstance(child, (SubsetSampler, PKSampler, DistributedSampler, RandomSampler,
                                          SequentialSampler)):
                    raise AttributeError(f"'{type(child).__name__}' object has no attribute 'parse_for_minddataset'")
            if any(isinstance(c, DistributedSampler) and c.offset != -1 for c in sampler._chain()):
                from ...porting._missing import MissingAPIError
                raise MissingAPIError("MindDataset with DistributedSampler(offset=...) (MindRecord's own sharding "
                                      "of the offset) is not reproduced by ms_compat yet; the other sources take "
                                      "it.", "mindspore.dataset.DistributedSampler", "not_yet")
            if isinstance(sampler, RandomSampler):  # the sampler's own mode is its ShardShuffle's
                self._mode = _MODES.get(sampler.shuffle)
            elif isinstance(sampler, DistributedSampler):
                self._mode = _MODES.get(sampler._mode)
        self._mr_run = None
        self._shards = open_shards(dataset_files)
        self._schema = self._shards[0].schema
        cols = list(columns_list) if columns_list else sorted(self._schema)
        for c in cols:
            if c not in self._schema:
                raise RuntimeError(f"Invalid data, column '{c}' does not exist in the MindRecord schema "
                                   f"{list(self._schema)}.")
        self._columns = cols

    def _load(self):
        self._where = [(s, k) for s in self._shards for k in range(len(s.index))]
        self._where += [(None, None)] * self._num_padded  # MindRecord's padded tasks follow the rows
        return len(self._where)

    def _read(self, i):
        from ...mindrecord.filereader import typed
        shard, k = self._where[i]
        if shard is None:
            return self._padded_row()
        row = shard.row(k, self._columns)
        return tuple(typed(self._schema[c], v) for c, v in row.items())

    def _padded_row(self):
        """``padded_sample`` as a row: each column's value as the MindRecord schema types it (a numpy array given
        for a ``bytes`` field is its bytes, as MindSpore converts it)."""
        from ...mindrecord.filereader import typed
        out = []
        for c in self._columns:
            v, spec = self._padded[c], self._schema[c]
            if isinstance(v, np.ndarray) and spec["type"] == "bytes":
                v = v.tobytes()
            elif isinstance(v, np.ndarray):
                v = v.astype(spec["type"])
            out.append(typed(spec, v))
        return tuple(out)

    def _reset_run(self):
        super()._reset_run()
        self._mr_run = None

    def _shuffled(self, perm, seed):
        """``ShardShuffle`` of ``perm`` (row positions) with ``std::default_random_engine(seed)``, by mode."""
        ends = [0]
        for shard in self._shards:
            ends.append(ends[-1] + len(shard.index))
        if self._mode == Shuffle.FILES:  # blocks of positions, one per file, in a shuffled file order
            files = list(range(len(self._shards)))
            MinstdRand0(seed).shuffle(files)
            return [perm[i] for f in files for i in range(ends[f], ends[f + 1])] + list(perm[ends[-1]:])
        if self._mode == Shuffle.INFILE:  # each file's block of positions shuffled with a fresh engine
            out = list(perm)
            for f in range(len(self._shards)):
                part = out[ends[f]:ends[f + 1]]
                MinstdRand0(seed).shuffle(part)
                out[ends[f]:ends[f + 1]] = part
            return out
        return MinstdRand0(seed).shuffle(list(perm))

    def _order(self, rng):
        from .samplers import (DistributedSampler, PKSampler, RandomSampler, SequentialSampler, SubsetRandomSampler,
                               SubsetSampler)
        s, n = self.sampler, self._n()
        chain = list(s._chain())[::-1]  # MindSpore runs the sampler chain as ShardOperators, the deepest first
        if self._mode in (Shuffle.FILES, Shuffle.INFILE) and type(s) in (RandomSampler, DistributedSampler) and \
                s.num_samples:  # MindSpore 2.10's MindDataNode refuses it when the iterator is made
            raise RuntimeError("Syntax error. \n\n[ERROR] MindDataset: Shuffle.kFiles or Shuffle.kInfile and "
                               "num_samples cannot be specified at the same time.")
        if self._num_padded and type(s) is DistributedSampler and n % s.num_shards:
            raise RuntimeError(f"Invalid data, the size of dataset and padded samples: {n} can not be divisible by the "
                               f"value of 'num_shards': {s.num_shards}. Please adjust the value of 'num_padded'.")
        if n and len(chain) == 1 and type(s) in (SubsetSampler, SubsetRandomSampler):
            return self._subset_order(s, n)
        if n and len(chain) == 1 and type(s) is PKSampler:
            return self._pk_order(s)
        if n and self._mode == Shuffle.PARTIAL and len(chain) == 1 and type(s) in (RandomSampler, DistributedSampler):
            return self._partial_order(s, n)
        if n and all(type(op) in (SequentialSampler, RandomSampler) for op in chain):
            return self._operator_order(chain, n)
        if n and len(chain) == 1 and type(s) is DistributedSampler:
            epoch = 0 if self._mr_run is None else self._mr_run + 1
            self._mr_run = epoch
            perm = self._shuffled(list(range(n)), (s._seed + 1 + epoch) & 0xFFFFFFFF) if s.shuffle else range(n)
            per = math.ceil(n / s.num_shards)
            return [perm[(s.num_shards * i + s.shard_id) % n] for i in range(s._cap(per))]
        return super()._order(rng)

    def _size(self):
        from .samplers import PKSampler, SubsetRandomSampler, SubsetSampler
        s = self.sampler
        if type(s) in (SubsetSampler, SubsetRandomSampler) and s.child_sampler is None:
            return s._cap(len(s.indices))  # MindRecord counts the indices; any index reads a row (see below)
        if type(s) is PKSampler and s.child_sampler is None:
            return s._cap(s.num_val * len(self._classes(s.class_column)))
        return super()._size()

    def _classes(self, column):
        """``{class: its rows, in file order}``, the classes as MindRecord's index holds them (text)."""
        import sqlite3
        fields = {f.get("index_field"): f.get("schema_id", 0)
                  for f in self._shards[0].header.get("index_fields") or []}
        if column not in fields:
            raise RuntimeError(f"Invalid data, 'class_column': {column} can not found in fields of mindrecord files. "
                               f"Please check 'class_column' in PKSampler.")
        classes, i = {}, 0
        for shard in self._shards:  # the values from the .db index (the rows' blobs stay unread), as MindRecord
            con = sqlite3.connect(f"file:{shard.db}?mode=ro", uri=True)
            try:
                values = con.execute(f'SELECT "{column}_{fields[column]}" FROM INDEXES ORDER BY ROW_ID').fetchall()
            except sqlite3.Error as e:
                raise RuntimeError(f"Invalid file, failed to read '{column}' from the MindRecord index {shard.db}: "
                                   f"{e}") from None
            finally:
                con.close()
            for (v,) in values:  # padded samples are not grouped by class in MindRecord
                classes.setdefault(v.decode() if isinstance(v, bytes) else str(v), []).append(i)
                i += 1
        return classes

    def _pk_order(self, s):
        """MindRecord's ``ShardPkSample`` (a ``ShardCategory``): the classes of the indexed field ``class_column``
        in the order of their text (a ``std::set<std::string>``: ``"10"`` before ``"2"``), each given ``num_val``
        draws (with replacement) among its first ``num_val`` rows, class after class, cut at ``num_samples``; with
        ``shuffle`` the whole list ``std::shuffle``d with ``std::default_random_engine(GetSeed() + 1)``. The list is
        made once per iterator: every epoch reads it alike. MindSpore 2.10 draws a row among several candidates
        from ``std::random_device`` (different every run), ms_compat from ``std::mt19937(GetSeed())``."""
        if self._mr_run is not None:
            return list(self._mr_run)
        classes = self._classes(s.class_column)
        seed = config.cpp_seed()
        engine, rows = None, []
        for key in sorted(classes):
            candidates = classes[key][:s.num_val]
            for _ in range(s.num_val):
                if s.num_samples and len(rows) == s.num_samples:
                    break
                if len(candidates) > 1:
                    from ..core.cpp_random import Mt19937
                    engine = engine or Mt19937(seed)
                    rows.append(candidates[engine.uniform_int(0, len(candidates) - 1)])
                else:
                    rows.append(candidates[0])
        if s.shuffle:
            MinstdRand0((seed + 1) & 0xFFFFFFFF).shuffle(rows)
        self._mr_run = rows
        return list(rows)

    def _subset_order(self, s, n):
        """MindRecord's ``ShardSample`` over a subset: the first ``num_samples`` indices (MindSpore cuts the list in
        Python), index ``i`` read as row ``(i mod 2**64) mod n`` (its C++ takes the modulo of the index converted to
        an unsigned size: ``-1`` of 19 rows is row 16); ``SubsetRandomSampler`` then ``std::shuffle``s them with
        ``std::default_random_engine(dataset.config.get_seed() + 1)``, the same order every epoch."""
        from .samplers import SubsetRandomSampler
        indices = s.indices[:s._cap(len(s.indices))]
        if len(indices) > n:
            raise RuntimeError(f"Invalid input, indices size: {len(indices)} should be less than or equal to "
                               f"database size: {n}.")
        rows = [(i % 2 ** 64) % n for i in indices]
        if type(s) is SubsetRandomSampler:
            MinstdRand0((config.get_seed() + 1) & 0xFFFFFFFF).shuffle(rows)
        return rows

    def _partial_order(self, s, n):
        """``Shuffle.PARTIAL`` (MindRecord's slow load mode): epoch ``e`` shuffles the files' order with
        ``std::default_random_engine(seed + 1 + e)``, lays their rows out in that order, takes the positions it
        reads (all, the first ``num_samples`` — with replacement too —, or shard ``k`` of ``s``: positions
        ``k, k + s, ...`` wrapping round to ``ceil(n / s)``) and ``std::shuffle``s them a million at a time, each
        block with a fresh engine of the same seed. ``seed``: ``GetSeed()`` when the iterator starts, or the
        ``DistributedSampler``'s ``get_seed()``, as for the other modes."""
        from .samplers import DistributedSampler
        if self._mr_run is None:
            base = s._seed if type(s) is DistributedSampler else config.cpp_seed()
            epoch = 0
        else:
            base, epoch = self._mr_run[0], self._mr_run[1] + 1
        self._mr_run = (base, epoch)
        seed = (base + 1 + epoch) & 0xFFFFFFFF
        if type(s) is DistributedSampler:
            per = math.ceil(n / s.num_shards)
            ids = [(s.num_shards * i + s.shard_id) % n for i in range(s._cap(per))]
        else:
            ids = list(range(s._cap(n)))
        ends = [0]
        for shard in self._shards:
            ends.append(ends[-1] + len(shard.index))
        files = list(range(len(self._shards)))
        MinstdRand0(seed).shuffle(files)
        layout = [i for f in files for i in range(ends[f], ends[f + 1])] + list(range(ends[-1], n))  # padded last
        out = []
        for start in range(0, len(ids), _PARTIAL_BLOCK):
            block = ids[start:start + _PARTIAL_BLOCK]
            MinstdRand0(seed).shuffle(block)
            out.extend(layout[i] for i in block)
        return out

    def _operator_order(self, chain, n):
        """MindRecord's task list through ``ShardSequentialSample``/``ShardShuffle`` operators: when an iterator
        starts, each operator in turn narrows (``SequentialSampler(start, num_samples)``) or shuffles (a
        ``RandomSampler``: seed ``GetSeed()``, plus 1 per epoch unless ``reshuffle_each_epoch`` is False, its
        first ``num_samples`` kept) the rows; every later epoch only the shuffles run again, on the rows the
        previous epoch left (so a ``split`` keeps its rows and reorders them each epoch, as MindSpore's)."""
        from .samplers import RandomSampler
        if self._mr_run is None:
            rows, seeds = list(range(n)), []
            for op in chain:
                if type(op) is RandomSampler:
                    seed = config.cpp_seed()
                    seed = (seed + 1) & 0xFFFFFFFF if op.reshuffle_each_epoch else seed
                    seeds.append(seed)
                    rows = self._shuffle_op(op, rows, seed)
                else:
                    rows = rows[op.start_index:op.start_index + op._cap(len(rows) - op.start_index)]
        else:
            rows, seeds = self._mr_run
            shuffles = [op for op in chain if type(op) is RandomSampler]
            for k, op in enumerate(shuffles):
                seeds[k] = (seeds[k] + 1) & 0xFFFFFFFF if op.reshuffle_each_epoch else seeds[k]
                rows = self._shuffle_op(op, rows, seeds[k])
        self._mr_run = (rows, seeds)
        return list(rows)

    def _shuffle_op(self, op, rows, seed):
        """One ``ShardShuffle`` run over ``rows``: a shuffle keeping the first ``num_samples``, or (with
        replacement) ``num_samples`` draws, draw ``i`` a ``uniform_int_distribution`` from a fresh
        ``std::mt19937(seed + i)`` (measured on 2.10)."""
        if op.replacement:
            from ..core.cpp_random import Mt19937
            return [rows[Mt19937((seed + i) & 0xFFFFFFFF).uniform_int(0, len(rows) - 1)]
                    for i in range(op.num_samples or len(rows))]
        return [rows[i] for i in self._shuffled(list(range(len(rows))), seed)][:op._cap(len(rows))]

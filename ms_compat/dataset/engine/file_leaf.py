"""MindSpore 2.10's row order of its file readers (C++ ``NonMappableLeafOp``: ``TextFileDataset``,
``CSVDataset``, ``CLUEDataset`` and the text corpora), with their ``shuffle`` and ``num_shards``.

For one epoch MindSpore:

* shuffles the file list (``Shuffle.FILES``, ``Shuffle.GLOBAL``/``True``): the order kept from the previous
  epoch (the name order at first) goes through ``std::shuffle`` with ``std::mt19937(GetSeed())`` — the
  dataset seed, so with a seed set every epoch applies the same permutation again — or, with
  ``num_shards > 1``, with seed 1, 2, 3, ... for epochs 0, 1, 2, ... of an iterator, whatever the dataset
  seed (so every rank orders the files alike);
* takes shard ``k``'s rows as the rows ``[k * per, (k + 1) * per)`` (``per = ceil(rows / num_shards)``) of
  the files one after the other in that order, going round the file list again for the last shard's
  missing rows;
* hands the pieces of files to its ``num_parallel_workers`` readers in turn (piece ``i`` to reader
  ``i % workers``) and takes rows from the readers in turn, one each, skipping a reader that is done;
* stops after ``num_samples`` rows;
* with ``Shuffle.GLOBAL``/``True``, sends the rows through a ``ShuffleOp`` of ``min(4 * (per // files),
  10000)`` rows (measured: older sources say ``max``; 0 holds every row) whose ``std::mt19937_64(GetSeed())``
  is seeded when an iterator is made and kept over its epochs (``shuffle_buffer``).

``FileLeaf`` gives a ``MappableDataset`` subclass (one that indexes its rows file by file) that order; it
is a non-mappable source, as in MindSpore (``split`` takes the pipeline route).
"""
from __future__ import annotations

import math

from ..core import config
from ..core.cpp_random import Mt19937, Mt19937_64
from .shuffle_buffer import shuffled_rows

__all__ = ["FileLeaf", "leaf_epoch"]


def _piece(count, pre, start, end):
    """MindSpore's ``NeedPushFileToBlockQueue``: whether a file of ``count`` rows that starts at row ``pre`` of
    the file sequence has rows in the shard ``[start, end)``, and which ``(first, stop)``."""
    push, first, stop = False, 0, 0
    if pre <= start < pre + count:
        first, push = start - pre, True
        stop = end - pre if pre < end <= pre + count else count
    if start <= pre < end:
        first, push = 0, True
        stop = end - pre if pre + count >= end else count
    return push, first, stop


def leaf_epoch(counts, keys, workers, num_shards=1, shard_id=0, num_samples=None):
    """One epoch's rows as ``(file, row)`` pairs: the files in the order ``keys``, shard ``shard_id`` of
    ``num_shards``, read by ``workers`` readers taking turns, at most ``num_samples`` rows."""
    per = math.ceil(sum(counts) / num_shards)
    start, end = shard_id * per, (shard_id + 1) * per
    pieces, pre = [], 0
    while True:
        for k in keys:
            push, first, stop = _piece(counts[k], pre, start, end)
            if push:
                pieces.append((k, first, stop))
            pre += counts[k]
        if pre >= end or not pre:
            break
    streams = [[(k, r) for k, first, stop in pieces[w::workers] for r in range(first, stop)] for w in range(workers)]
    out, its = [], [iter(s) for s in streams]
    while its:
        alive = []
        for it in its:
            row = next(it, None)
            if row is not None:
                out.append(row)
                alive.append(it)
        its = alive
    return out[:num_samples] if num_samples else out


class FileLeaf:
    """Mixin (before ``MappableDataset`` in the bases) for MindSpore's file readers: ``_load`` calls
    ``_leaf_rows(per_file)`` with the rows of each file and keeps the flat list it returns for ``_read``."""

    _sampling_path = "reader"  # MindSpore's non-mappable readers: shuffle takes a Shuffle mode

    def _leaf_init(self, shuffle, num_samples, num_shards, shard_id):
        from .datasets import Shuffle
        if shuffle is None or shuffle is True or shuffle == Shuffle.GLOBAL:
            self._leaf_mode = "global"
        elif shuffle == Shuffle.FILES:
            self._leaf_mode = "files"
        else:  # False, Shuffle.INFILE: the files in name order, unshuffled
            self._leaf_mode = "none"
        self._leaf_samples = num_samples or None
        self._leaf_shards = (num_shards or 1, shard_id or 0)
        self._leaf_counts = None
        self._leaf_reset()

    def _leaf_reset(self):
        self._leaf_keys, self._leaf_epochs, self._leaf_engine = None, 0, None

    def _leaf_rows(self, per_file):
        self._leaf_counts = [len(rows) for rows in per_file]
        self._leaf_starts = [0]
        for c in self._leaf_counts:
            self._leaf_starts.append(self._leaf_starts[-1] + c)
        return [row for rows in per_file for row in rows]

    def _reset_run(self):
        super()._reset_run()
        self._leaf_reset()

    def _order(self, rng):
        self._n()
        counts = self._leaf_counts
        shards, shard_id = self._leaf_shards
        if self._leaf_keys is None:
            self._leaf_keys = list(range(len(counts)))
        self._leaf_epochs += 1
        if self._leaf_mode != "none":
            Mt19937(config.cpp_seed() if shards == 1 else self._leaf_epochs).shuffle(self._leaf_keys)
        workers = self.num_parallel_workers or config.get_num_parallel_workers()
        rows = [self._leaf_starts[k] + r for k, r in leaf_epoch(counts, self._leaf_keys, workers, shards, shard_id,
                                                                 self._leaf_samples)]
        if self._leaf_mode != "global":
            return rows
        if self._leaf_engine is None:
            self._leaf_engine = Mt19937_64(config.cpp_seed())
        # ShuffleOp size (measured on 2.10): 4 x the rows per file of a shard, at most 10000; 0 (fewer rows than
        # files) leaves the whole shard in the buffer
        size = min(4 * (math.ceil(sum(counts) / shards) // len(counts)), 10000) or len(rows) + 1
        return list(shuffled_rows(rows, size, self._leaf_engine))

    def _size(self):
        n = self._n()
        per = math.ceil(n / self._leaf_shards[0])
        return min(per, self._leaf_samples) if self._leaf_samples else per

    def split(self, sizes, randomize=True):
        """Mirrors ``Dataset.split`` of a non-mappable source (a shuffle buffer, then ``skip``/``take``)."""
        from .datasets import Dataset
        return Dataset.split(self, sizes, randomize)

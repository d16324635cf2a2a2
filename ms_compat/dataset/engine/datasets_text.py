"""Mirrors ``mindspore.dataset.engine.datasets_text``: ``TextFileDataset``."""
from __future__ import annotations

import glob
import os

import numpy as np

from .datasets import MappableDataset
from .file_leaf import FileLeaf

__all__ = ["TextFileDataset"]


def _file_list(dataset_files):
    """The files of a file-based dataset, in name order (MindSpore sorts them)."""
    if isinstance(dataset_files, (str, os.PathLike)):
        files = sorted(glob.glob(os.fspath(dataset_files))) or [os.fspath(dataset_files)]
    else:
        files = sorted(os.fspath(f) for f in dataset_files)
    for f in files:
        if not os.path.isfile(f):
            raise ValueError(f"The file {f} does not exist or permission denied!")
    return files


def _interleave(per_file, workers):
    """MindSpore's file readers without shuffle: file ``i`` goes to worker ``i % workers``, each worker reads
    its files one after the other, and rows are taken from the workers in turn (measured: 2 and 3 files
    with 1 and 2 workers)."""
    streams = [[r for k in range(w, len(per_file), workers) for r in per_file[k]] for w in range(workers)]
    out, its = [], [iter(s) for s in streams if s]
    while its:
        alive = []
        for it in its:
            try:
                out.append(next(it))
                alive.append(it)
            except StopIteration:
                pass
        its = alive
    return out


class TextFileDataset(FileLeaf, MappableDataset):
    """Mirrors ``mindspore.dataset.TextFileDataset(dataset_files, num_samples=None, num_parallel_workers=None,
    shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None)``: one row per non-empty line,
    column ``text`` (a numpy string). Files in name order; the rows of several files interleave as MindSpore's
    workers hand them out, and ``shuffle``/``num_shards`` order them as MindSpore does (``file_leaf``)."""

    def __init__(self, dataset_files, num_samples=None, num_parallel_workers=None, shuffle=True, num_shards=None,
                 shard_id=None, cache=None):
        self._files = _file_list(dataset_files)
        super().__init__(num_samples, num_parallel_workers, shuffle, num_shards, shard_id, None)
        self._leaf_init(shuffle, num_samples, num_shards, shard_id)
        self._columns = ["text"]

    def _load(self):
        per_file = []
        for f in self._files:
            try:
                with open(f, encoding="utf-8") as fh:
                    per_file.append([ln for ln in fh.read().splitlines() if ln])
            except UnicodeDecodeError as e:  # MindSpore's message, and the file
                raise RuntimeError(f"Failed to cast to Unicode string: UnicodeDecodeError: {e}. File: {f}") from None
        self._lines = self._leaf_rows(per_file)
        return len(self._lines)

    def _read(self, i):
        return (np.array(self._lines[i]),)

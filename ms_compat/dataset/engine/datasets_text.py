"""Mirrors ``mindspore.dataset.engine.datasets_text``: ``TextFileDataset``."""
from __future__ import annotations

import glob
import os

import numpy as np

from .datasets import MappableDataset

__all__ = ["TextFileDataset"]


def _file_list(dataset_files):
    if isinstance(dataset_files, (str, os.PathLike)):
        files = sorted(glob.glob(os.fspath(dataset_files))) or [os.fspath(dataset_files)]
    else:
        files = [os.fspath(f) for f in dataset_files]
    for f in files:
        if not os.path.isfile(f):
            raise ValueError(f"The file {f} does not exist or permission denied!")
    return files


def _interleave(per_file, workers):
    """MindSpore's file readers hand each file to a worker and take rows from the workers in turn:
    with one worker the files are read one after the other, with more the rows interleave."""
    if workers <= 1 or len(per_file) <= 1:
        return [r for rows in per_file for r in rows]
    out, its = [], [iter(r) for r in per_file]
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


class TextFileDataset(MappableDataset):
    """Mirrors ``mindspore.dataset.TextFileDataset(dataset_files, num_samples=None, num_parallel_workers=None,
    shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None)``: one row per non-empty line,
    column ``text`` (a numpy string). Without shuffle the rows of several files interleave line by line
    (MindSpore's reader with its default workers), or follow file by file with ``num_parallel_workers=1``."""

    def __init__(self, dataset_files, num_samples=None, num_parallel_workers=None, shuffle=True, num_shards=None,
                 shard_id=None, cache=None):
        self._files = _file_list(dataset_files)
        super().__init__(num_samples, num_parallel_workers, shuffle, num_shards, shard_id, None)
        self._columns = ["text"]

    def _load(self):
        from ..core import config
        per_file = []
        for f in self._files:
            with open(f, encoding="utf-8") as fh:
                per_file.append([ln for ln in fh.read().splitlines() if ln])
        self._lines = _interleave(per_file, self.num_parallel_workers or config.get_num_parallel_workers())
        return len(self._lines)

    def _read(self, i):
        return (np.array(self._lines[i]),)

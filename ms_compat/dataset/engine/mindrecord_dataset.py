"""Mirrors ``mindspore.dataset.MindDataset``: rows of MindRecord files (ms_compat/mindrecord)."""
from __future__ import annotations

from .datasets import MappableDataset

__all__ = ["MindDataset"]


class MindDataset(MappableDataset):
    """Mirrors ``mindspore.dataset.MindDataset(dataset_files, columns_list=None, num_parallel_workers=None,
    shuffle=None, num_shards=None, shard_id=None, sampler=None, padded_sample=None, num_padded=None,
    num_samples=None, cache=None)``: columns in name order (or ``columns_list``); ``bytes`` fields as a
    1-element numpy bytes array (decode images with ``vision.Decode``), strings as numpy strings, numbers
    with the schema's dtype."""

    def __init__(self, dataset_files, columns_list=None, num_parallel_workers=None, shuffle=None, num_shards=None,
                 shard_id=None, sampler=None, padded_sample=None, num_padded=None, num_samples=None, cache=None):
        from ...mindrecord.filereader import open_shards
        if padded_sample is not None or num_padded:
            raise NotImplementedError("MindDataset(padded_sample=...) is not supported by ms_compat yet.")
        super().__init__(num_samples, num_parallel_workers, shuffle, num_shards, shard_id, sampler)
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
        return len(self._where)

    def _read(self, i):
        from ...mindrecord.filereader import typed
        shard, k = self._where[i]
        row = shard.row(k, self._columns)
        return tuple(typed(self._schema[c], v) for c, v in row.items())

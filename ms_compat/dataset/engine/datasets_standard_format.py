"""Mirrors ``mindspore.dataset.engine.datasets_standard_format``: ``CSVDataset`` (``MindDataset`` in
``mindrecord_dataset.py``)."""
from __future__ import annotations

import csv

import numpy as np

from .datasets import MappableDataset
from .datasets_text import _file_list
from .file_leaf import FileLeaf

__all__ = ["CSVDataset"]


class CSVDataset(FileLeaf, MappableDataset):
    """Mirrors ``mindspore.dataset.CSVDataset(dataset_files, field_delim=',', column_defaults=None,
    column_names=None, num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None,
    shard_id=None, cache=None)``.

    Column names from ``column_names`` or else each file's first line; values are strings unless
    ``column_defaults`` gives a number for the column (float -> float32, int -> int32, as MindSpore); an
    empty string field stays empty, an empty numeric field is an error (as MindSpore). Quoted fields follow
    the CSV rules. Rows of several files, ``shuffle`` and ``num_shards`` in MindSpore's order (``file_leaf``).
    """

    def __init__(self, dataset_files, field_delim=",", column_defaults=None, column_names=None, num_samples=None,
                 num_parallel_workers=None, shuffle=True, num_shards=None, shard_id=None, cache=None):
        self._files = _file_list(dataset_files)
        if not isinstance(field_delim, str) or len(field_delim) != 1 or field_delim in '"\r\n':
            raise ValueError("field_delim is invalid: it should be one character other than '\"', '\\r', '\\n'.")
        super().__init__(num_samples, num_parallel_workers, shuffle, num_shards, shard_id, None)
        self._leaf_init(shuffle, num_samples, num_shards, shard_id)
        self._delim, self._defaults = field_delim, column_defaults
        self._names_arg = list(column_names) if column_names else None
        if self._names_arg:
            self._columns = self._names_arg
        else:
            try:
                with open(self._files[0], "rb") as f:  # the first line only, as MindSpore
                    self._columns = next(csv.reader([f.readline().decode("utf-8")], delimiter=field_delim))
            except UnicodeDecodeError as e:  # MindSpore: this UnicodeDecodeError (its Python header read)
                raise UnicodeDecodeError(e.encoding, e.object, e.start, e.end,
                                         f"{e.reason} (in the header of {self._files[0]})") from None

    def _convert(self, value, j, path, line):
        default = self._defaults[j] if self._defaults and j < len(self._defaults) else ""
        if isinstance(default, str):
            return np.array(value)  # an empty field stays "" (measured)
        try:
            if isinstance(default, float):
                return np.float32(float(value))
            return np.int32(int(value))
        except ValueError:  # an empty numeric field too (MindSpore: "type does not match")
            raise RuntimeError(f"Invalid csv, csv file: {path} parse failed at line {line}, type does not match: "
                               f"column '{self._columns[j]}' value {value!r} is not a {type(default).__name__}."
                               ) from None

    def _load(self):
        per_file = []
        for path in self._files:
            try:
                with open(path, newline="", encoding="utf-8") as f:
                    rows = list(csv.reader(f, delimiter=self._delim))
            except UnicodeDecodeError as e:
                raise RuntimeError(f"Failed to cast to Unicode string: UnicodeDecodeError: {e}. File: {path}"
                                   ) from None
            start = 0 if self._names_arg else 1
            out = []
            for k, r in enumerate(rows[start:], start + 1):
                if not r:
                    continue
                if len(r) != len(self._columns):
                    raise RuntimeError(f"Invalid csv, csv file: {path} line {k} has {len(r)} fields but the dataset "
                                       f"has {len(self._columns)} columns {self._columns}.")
                out.append(tuple(self._convert(v, j, path, k) for j, v in enumerate(r)))
            per_file.append(out)
        self._rows_ = self._leaf_rows(per_file)
        return len(self._rows_)

    def _read(self, i):
        return self._rows_[i]

"""Mirrors ``mindspore.dataset.RandomDataset``: rows of random bytes shaped by a ``Schema``.

As MindSpore 2.10 (measured, tests/dataset/test_dataset_extra.py): every column of a row is one random byte
repeated over the column's whole buffer (a uint8 ``[2]`` column reads ``[86, 86]``, an int32 one
``0x56565656``); a column without a shape is a scalar; ``total_rows`` rows, or ``num_samples`` when no schema is
given. Differences: the bytes are not MindSpore's (its C++ ``std::mt19937`` stream); without a schema MindSpore
draws a random schema whose ``get_col_names`` disagrees with the rows (and whose ``get_dataset_size`` crashes the
process): ms_compat draws 1 to 4 int8/uint8 columns ``c0, c1, ...`` of rank 1 to 4 (sides 1 to 32) and reports
them consistently.
"""
from __future__ import annotations

import json

import numpy as np

from .datasets import Schema, SourceDataset

__all__ = ["RandomDataset"]


def _np_type(t):
    from ..transforms.transforms import _np_dtype
    if isinstance(t, str):
        t = {"string": "str", "bool": "bool_"}.get(t, t)
        return np.dtype(getattr(np, t))
    return _np_dtype(t)


def _schema_columns(schema):
    """[(name, numpy dtype, shape or None)] and the schema's ``num_rows`` (None when absent)."""
    if isinstance(schema, str):
        try:
            with open(schema, encoding="utf-8") as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            raise RuntimeError(f"Invalid file, failed to load schema file: {schema} ({e}).") from None
        cols = data.get("columns", {})
        items = sorted(cols.items()) if isinstance(cols, dict) else [(c.get("name"), c) for c in cols]
        out = [(n, _np_type(c.get("type")), c.get("shape")) for n, c in items]
        return out, data.get("numRows")
    return [(c["name"], _np_type(c["type"]), c["shape"]) for c in schema.columns], None


class RandomDataset(SourceDataset):
    """Mirrors ``mindspore.dataset.RandomDataset(total_rows=None, schema=None, columns_list=None, num_samples=None,
    num_parallel_workers=None, cache=None, shuffle=None, num_shards=None, shard_id=None)``.

    ``schema`` is a ``Schema`` or the path of a schema JSON file (whose columns come in name order, as
    MindSpore's JSON reader); ``columns_list`` keeps those columns, in its order. Row count: ``total_rows``;
    without a schema ``min(total_rows, num_samples)``; with a schema and no ``total_rows``, the schema file's
    ``numRows``. ``shuffle``/``num_shards`` do not change the rows
    (random anyway: MindSpore 2.10's size ignores them too). Each column: one random byte filling the buffer.
    """

    def __init__(self, total_rows=None, schema=None, columns_list=None, num_samples=None, num_parallel_workers=None,
                 cache=None, shuffle=None, num_shards=None, shard_id=None):
        for name, v, typ in (("total_rows", total_rows, int), ("num_samples", num_samples, int),
                             ("columns_list", columns_list, list)):
            if v is not None and (not isinstance(v, typ) or isinstance(v, bool)):
                raise TypeError(f"Argument {name} with value {v} is not of type [{typ}], but got {type(v)}.")
        if schema is not None and not isinstance(schema, (str, Schema)):
            raise TypeError(f"Argument schema with value {schema} is not of type [<class 'str'>, Schema].")
        if shuffle is not None and not isinstance(shuffle, bool):
            raise TypeError(f"Argument shuffle with value {shuffle} is not of type [<class 'bool'>].")
        if (num_shards is None) != (shard_id is None):
            raise RuntimeError("num_shards and shard_id need to be passed in together.")
        if num_shards is not None and not 0 <= shard_id < num_shards:
            raise ValueError(f"Input shard_id is not within the required interval of [0, {num_shards - 1}].")
        super().__init__((), num_parallel_workers)
        from ..core import config
        self._rng0 = config.new_rng(self._id, 0)
        rows = total_rows or 0
        if rows and num_samples:
            rows = min(rows, num_samples)
        if num_samples:
            rows = num_samples
        if schema is not None:
            cols, file_rows = _schema_columns(schema)
            rows = total_rows if total_rows is not None else (file_rows or 0)
        else:
            cols = [(f"c{k}", np.dtype(self._rng0.choice(["int8", "uint8"])),
                     list(self._rng0.integers(1, 33, self._rng0.integers(1, 5))))
                    for k in range(self._rng0.integers(1, 5))]
        if not rows:
            rows = int(self._rng0.integers(1, 1025))
        if columns_list:
            missing = [c for c in columns_list if c not in [n for n, _, _ in cols]]
            if missing:
                raise RuntimeError(f"Invalid columns_list, column {missing[0]} is not in the schema.")
            by_name = {c[0]: c for c in cols}
            cols = [by_name[n] for n in columns_list]
        self.total_rows, self.schema, self.columns_list = rows, schema, columns_list or []
        self._specs = cols
        self._columns = [n for n, _, _ in cols]

    def _rows(self):
        rng = self._next_epoch_rng()
        for _ in range(self.total_rows):
            row = []
            for _, dt, shape in self._specs:
                byte = int(rng.integers(0, 256))
                shp = tuple(int(s) for s in shape) if shape else ()
                if dt.kind in "US":
                    row.append(np.array(chr(ord("a") + byte % 26)))
                    continue
                buf = np.full(int(np.prod(shp, dtype=np.int64)) * dt.itemsize, byte, np.uint8)
                row.append(buf.view(dt).reshape(shp).copy())
            yield tuple(row)

    def _size(self):
        return self.total_rows

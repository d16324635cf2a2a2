"""Mirrors ``mindspore.mindrecord.FileReader`` (and the shard reading behind ``MindDataset``)."""
from __future__ import annotations

import json
import os
import sqlite3

import numpy as np

from . import _format, _msgpack

__all__ = ["FileReader"]


def read_header(path):
    """The JSON header of a MindRecord shard file (validated), or a clear error naming the file."""
    try:
        with open(path, "rb") as f:
            head = f.read(8)
            n = int.from_bytes(head, "little") if len(head) == 8 else -1
            if n <= 0 or n > (1 << 28):
                raise ValueError("bad header length")
            header = json.loads(f.read(n).decode("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError) as e:
        raise RuntimeError(f"Invalid file, failed to read the MindRecord header of {path}: {e}. Is it a "
                           "MindRecord file?") from None
    if header.get("version") != _format.VERSION or "schema" not in header:
        raise RuntimeError(f"Invalid file, {path} is not a MindRecord {_format.VERSION} file.")
    return header


class _Shard:
    def __init__(self, path):
        from .config import decrypted  # noqa: PLC0415
        self.source = path
        self.path = decrypted(path)  # itself unless set_enc_key is in use
        self.header = read_header(self.path)
        db = path + ".db"
        if not os.path.exists(db):
            raise RuntimeError(f"Invalid file, the MindRecord index file {db} does not exist.")
        if self.path != path:
            db = decrypted(db, group=path)
        self.db = db
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            self.index = con.execute("SELECT ROW_ID, PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, PAGE_ID_BLOB, "
                                     "PAGE_OFFSET_BLOB, PAGE_OFFSET_BLOB_END FROM INDEXES ORDER BY ROW_ID").fetchall()
        except sqlite3.Error as e:
            raise RuntimeError(f"Invalid file, failed to read the MindRecord index {db}: {e}") from None
        finally:
            con.close()
        sch = self.header["schema"][0]
        self.schema, self.blob_fields = sch["schema"], list(sch["blob_fields"])

    def row(self, k, columns):
        _, pr, rs, re_, pb, bs, be = self.index[k]
        hs, ps = self.header["header_size"], self.header["page_size"]
        with open(self.path, "rb") as f:
            f.seek(hs + pr * ps + rs)
            raw = f.read(re_ - rs)
            f.seek(hs + pb * ps + bs)
            blob = f.read(be - bs)
        out = dict(_msgpack.unpack(raw[8:])) if raw[8:] else {}
        for name, data in _format.split_blob(self.blob_fields, blob[8:]).items():
            out[name] = _format.decode_blob_field(self.schema[name], data)
        names = columns if columns is not None else sorted(out)
        return {c: out[c] for c in names}


def open_shards(file_name):
    """All shard files of a MindRecord dataset (``file_name``: one of them, or a list of them)."""
    if isinstance(file_name, (list, tuple)):
        return [_Shard(os.fspath(p)) for p in file_name]
    path = os.fspath(file_name)
    if not os.path.isfile(path):
        raise ValueError(f"The file {path} does not exist or permission denied!")
    first = _Shard(path)
    addrs = first.header.get("shard_addresses", [])
    if len(addrs) <= 1:
        return [first]
    base = os.path.dirname(path)
    return [first if os.path.basename(a) == os.path.basename(path) else _Shard(os.path.join(base, os.path.basename(a)))
            for a in addrs]


def typed(spec, v):
    """A field as MindDataset hands it out: numbers with the schema dtype, strings as numpy str, bytes as a
    1-element numpy bytes array (MindSpore's shape [1])."""
    if isinstance(v, np.ndarray):
        return v
    t = spec["type"]
    if t == "bytes":
        return np.array([v])
    if t == "string":
        return np.array(v)
    return np.array(v, dtype=t)


class FileReader:
    """Mirrors ``mindspore.mindrecord.FileReader(file_name, num_consumer=4, columns=None, operator=None)``:
    ``get_next()`` yields one dict per row (Python int/float/str/bytes for scalar and bytes fields, numpy
    arrays for array fields, as MindSpore), ``close()`` ends it."""

    def __init__(self, file_name, num_consumer=4, columns=None, operator=None):
        self._shards = open_shards(file_name)
        schema = self._shards[0].schema
        if columns is not None:
            for c in columns:
                if c not in schema:
                    raise ValueError(f"Invalid column name '{c}': not in the MindRecord schema {sorted(schema)}.")
        self._columns = list(columns) if columns is not None else None

    def get_next(self):
        for shard in self._shards:
            for k in range(len(shard.index)):
                row = shard.row(k, self._columns)
                # as MindSpore's reader: a float field holding a whole number comes back as a Python int
                yield {n: int(v) if isinstance(v, float) and v.is_integer() else v for n, v in row.items()}

    def len(self):
        return sum(len(s.index) for s in self._shards)

    def schema(self):
        return dict(self._shards[0].schema)

    def close(self):
        pass

"""Mirrors ``mindspore.mindrecord.FileReader`` (and the shard reading behind ``MindDataset``)."""
from __future__ import annotations

import json
import os
import sqlite3
import struct

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
    if not isinstance(header, dict) or header.get("version") != _format.VERSION or "schema" not in header:
        raise RuntimeError(f"Invalid file, {path} is not a MindRecord {_format.VERSION} file.")
    problem = _header_problem(header)
    if problem:
        raise RuntimeError(f"Invalid file, failed to read the MindRecord header of {path}: {problem}.")
    return header


def _is_int(v, lo, hi):
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _header_problem(header):
    """What is wrong with a decoded header's sizes, pages and schema (None when nothing): checked once, so a
    damaged header fails naming the file instead of as a KeyError/TypeError deep in a row read."""
    if not _is_int(header.get("header_size"), 1, 1 << 30) or not _is_int(header.get("page_size"), 1, 1 << 30):
        return f"header_size {header.get('header_size')!r} / page_size {header.get('page_size')!r} out of range"
    pages = header.get("page") or []  # null in a shard with no rows
    if not isinstance(pages, list):
        return "'page' is not a list"
    for k, pg in enumerate(pages):
        if (not isinstance(pg, dict) or pg.get("page_type") not in ("BLOB_DATA", "RAW_DATA")
                or not _is_int(pg.get("page_size"), 0, header["page_size"])
                or not all(_is_int(pg.get(f), 0, 1 << 62) for f in ("start_row_id", "end_row_id"))):
            return f"page entry {k} is damaged: {pg!r:.200}"
    sch = header["schema"]
    if (not isinstance(sch, list) or not sch or not isinstance(sch[0], dict)
            or not isinstance(sch[0].get("schema"), dict) or not isinstance(sch[0].get("blob_fields"), list)
            or not all(isinstance(v, dict) and v.get("type") in _format.TYPES for v in sch[0]["schema"].values())
            or not all(f in sch[0]["schema"] for f in sch[0]["blob_fields"])):
        return "the schema is damaged"
    return None


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
        self._check_index()

    def _check_index(self):
        """The ``.db`` index against the header's page table (MindSpore 2.10 trusts the index: a stale one with
        rows deleted crashes it, shifted offsets give an 'unexpected error'); a mismatch names the index."""
        pages = self.header.get("page") or []
        rows = sum(p["end_row_id"] - p["start_row_id"] for p in pages if p["page_type"] == "BLOB_DATA")
        problem = None
        if len(self.index) != rows:
            problem = f"it lists {len(self.index)} rows, the pages hold {rows}"
        for k, entry in enumerate(self.index):
            if problem:
                break
            if not all(_is_int(v, 0, 1 << 62) for v in entry) or entry[0] != k:
                problem = f"row {k}: damaged entry {entry!r}"
                break
            for pid, s, e, kind in ((entry[1], entry[2], entry[3], "RAW_DATA"), (entry[4], entry[5], entry[6],
                                                                                  "BLOB_DATA")):
                if pid >= len(pages) or pages[pid]["page_type"] != kind or not 8 <= e - s or e > pages[pid][
                        "page_size"]:
                    problem = f"row {k}: the {kind} range [{s}, {e}) of page {pid} is not in the page table"
                    break
        if problem:
            raise RuntimeError(f"Invalid file, the MindRecord index {self.db} does not match {self.source}: "
                               f"{problem}. Is the index stale?")

    def row(self, k, columns):
        """Row ``k`` of the shard as ``{column: value}``; any decode failure of a damaged file is
        ``RuntimeError("Invalid file, failed to read row k of <path>: ...")``."""
        try:
            return self._row(k, columns)
        except (ValueError, KeyError, IndexError, TypeError, OverflowError, RecursionError, MemoryError,
                struct.error) as e:
            raise RuntimeError(f"Invalid file, failed to read row {k} of {self.source}: "
                               f"{type(e).__name__}: {e}") from None

    def _row(self, k, columns):
        _, pr, rs, re_, pb, bs, be = self.index[k]
        hs, ps = self.header["header_size"], self.header["page_size"]
        with open(self.path, "rb") as f:
            f.seek(hs + pr * ps + rs)
            raw = f.read(re_ - rs)
            f.seek(hs + pb * ps + bs)
            blob = f.read(be - bs)
        if len(raw) != re_ - rs or len(blob) != be - bs:
            raise ValueError(f"the file ends inside the row ({len(raw)} of {re_ - rs} raw bytes, {len(blob)} of "
                             f"{be - bs} blob bytes present)")
        if int.from_bytes(raw[:8], "little") != len(raw) - 8 or int.from_bytes(blob[:8], "little") != len(blob) - 8:
            raise ValueError("a row length prefix does not match the index")
        out = _msgpack.unpack(raw[8:]) if raw[8:] else {}
        if not isinstance(out, dict):
            raise ValueError(f"the raw fields are a {type(out).__name__}, not a map")
        out = dict(out)
        for name, data in _format.split_blob(self.blob_fields, blob[8:]).items():
            out[name] = _format.decode_blob_field(self.schema[name], data)
        names = columns if columns is not None else sorted(out)
        missing = [c for c in names if c not in out]
        if missing:
            raise ValueError(f"the row has no field {missing[0]!r}")
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

"""Mirrors ``mindspore.mindrecord.FileWriter``: writes MindRecord files (format: ``_format.py``) that real
MindSpore reads — byte for byte what MindSpore 2.10 writes for the same calls (tests/mindrecord)."""
from __future__ import annotations

import json
import os
import re
import sqlite3

import numpy as np

from . import _format, _msgpack

__all__ = ["FileWriter"]

_NAME = re.compile(r"^[0-9a-zA-Z\-_]+$")


class _Shard:
    """The pages and index rows of one shard file being written."""

    def __init__(self):
        self.pages, self.data, self.rows = [], {}, []
        self.cur_blob = self.cur_raw = None
        self.compression = 0


class FileWriter:
    """Mirrors ``mindspore.mindrecord.FileWriter(file_name, shard_num=1, overwrite=False)``.

    ``shard_num > 1`` writes ``<file_name>0`` ... like MindSpore: each call's rows are cut into consecutive
    runs, one per shard; when the count does not divide evenly MindSpore gives the extra rows to randomly
    drawn shards, ms_compat to the first ones. Rows are kept in pages in memory; the files and their ``.db`` indexes are written at
    ``commit()`` through temporary files renamed into place (a failed write leaves nothing).
    """

    def __init__(self, file_name, shard_num=1, overwrite=False):
        if not isinstance(file_name, str) or not file_name:
            raise ValueError("file_name should be a non-empty str.")
        if not isinstance(shard_num, int) or not 1 <= shard_num <= 1000:
            raise ValueError("Invalid shard_num, it should be in range of [1, 1000].")
        if os.path.basename(file_name) == "" or file_name.endswith(os.sep):
            raise ValueError(f"Invalid file, the file name {file_name} is a directory.")
        base = os.path.abspath(file_name)
        self._files = [base] if shard_num == 1 else [f"{base}{k}" for k in range(shard_num)]
        for f in self._files:
            for p in (f, f + ".db"):
                if os.path.exists(p) and not overwrite:
                    raise RuntimeError(f"Invalid file, mindrecord files already exist. Please check file path: "
                                       f"{file_name}.")
        self._schema, self._desc, self._index = None, "", None
        self._header_size, self._page_size = 1 << 24, 1 << 25
        self._shards = [_Shard() for _ in self._files]
        self._committed = False
        self._parallel = None  # write_raw_data(parallel_writer=...) of the first call; fixed from then on
        self._next_shard = 0

    # -- configuration
    def set_header_size(self, header_size):
        if not (1 << 14) <= header_size <= (1 << 27):
            raise ValueError("Invalid header size, it should be in range of [16KB, 128MB].")
        self._header_size = int(header_size)

    def set_page_size(self, page_size):
        if not (1 << 15) <= page_size <= (1 << 28):
            raise ValueError("Invalid page size, it should be in range of [32KB, 256MB].")
        self._page_size = int(page_size)

    def add_schema(self, content, desc=None):
        """Mirrors ``FileWriter.add_schema``: ``{field: {"type": ..., "shape": [...]}}``; returns the schema id."""
        if self._schema is not None:
            raise RuntimeError("Only one schema can be added (MindRecord stores one schema per file).")
        if not isinstance(content, dict) or not content:
            raise ValueError("Invalid schema, the schema should be a non-empty dict.")
        for name, spec in content.items():
            if not _NAME.match(name):
                raise ValueError(f"Invalid schema, field name '{name}' should contain only letters, digits, '-' "
                                 "and '_'.")
            if not isinstance(spec, dict) or spec.get("type") not in _format.TYPES:
                raise ValueError(f"Invalid schema, the type of field '{name}' should be one of "
                                 f"{list(_format.TYPES)}.")
            if "shape" in spec and spec["type"] in ("string", "bytes"):
                raise ValueError(f"Invalid schema, field '{name}' of type {spec['type']} cannot have a shape.")
        self._schema = {k: dict(v) for k, v in content.items()}
        self._desc = desc if desc is not None else ""
        return 0

    def add_index(self, index_fields):
        """Mirrors ``FileWriter.add_index``: scalar fields searchable in the ``.db`` index."""
        if self._schema is None:
            raise RuntimeError("add_schema must be called before add_index.")
        for f in index_fields:
            spec = self._schema.get(f)
            if spec is None or _format.is_blob(spec):
                raise ValueError(f"Invalid index field '{f}': it should be a scalar field of the schema.")
        self._index = list(index_fields)

    # -- writing
    def _blob_fields(self):
        return sorted(k for k, v in self._schema.items() if _format.is_blob(v))

    def _new_page(self, sh, sid, kind, start_row):
        type_id = sum(1 for p in sh.pages if p["page_type"] == kind)
        page = {"end_row_id": start_row if kind == "BLOB_DATA" else 0, "page_id": len(sh.pages), "page_size": 0,
                "page_type": kind, "page_type_id": type_id,
                "row_group_ids": [{"id": 0, "offset": 0}] if kind == "BLOB_DATA" else [], "shard_id": sid,
                "start_row_id": start_row if kind == "BLOB_DATA" else 0}
        sh.pages.append(page)
        sh.data[page["page_id"]] = bytearray()
        return page

    def _put(self, sh, sid, kind, entry, start_row):
        cur = sh.cur_blob if kind == "BLOB_DATA" else sh.cur_raw
        if len(entry) > self._page_size:
            raise RuntimeError(f"Invalid data, a row of {len(entry)} bytes does not fit in a page of "
                               f"{self._page_size} bytes; use set_page_size.")
        if cur is None or len(sh.data[cur["page_id"]]) + len(entry) > self._page_size:
            cur = self._new_page(sh, sid, kind, start_row)
            if kind == "BLOB_DATA":
                sh.cur_blob = cur
            else:
                sh.cur_raw = cur
        buf = sh.data[cur["page_id"]]
        start = len(buf)
        buf += entry
        cur["page_size"] = len(buf)
        return cur, start, len(buf)

    def write_raw_data(self, raw_data, parallel_writer=False):
        """Mirrors ``FileWriter.write_raw_data``: a list of dicts (one per row).

        ``parallel_writer=True`` (MindSpore: one writer process per shard) gives MindSpore's file layout of that
        mode without processes: each call's rows all go to one shard, shards taken in turn; every shard is a
        stand-alone file (its header names only itself, shard id 0); header and page sizes are the defaults
        (16 MB, 32 MB) — MindSpore's per-shard writers do not see ``set_header_size``/``set_page_size``."""
        if not isinstance(parallel_writer, bool):
            raise TypeError("The parameter `parallel_writer` must be bool.")
        if self._parallel is None:
            self._parallel = parallel_writer
            if parallel_writer:
                self._header_size, self._page_size = 1 << 24, 1 << 25
        if self._parallel != parallel_writer:
            raise RuntimeError("The parameter `parallel_writer` must be consistent during use.")
        if self._schema is None:
            raise RuntimeError("add_schema must be called before write_raw_data.")
        if self._committed:
            raise RuntimeError("The FileWriter is committed; open a new one.")
        if not isinstance(raw_data, list):
            raise ValueError("The type of raw data should be a list of dicts.")
        blob_fields = self._blob_fields()
        raw_fields = sorted(k for k in self._schema if k not in blob_fields)
        encoded = []
        saved = 0
        for k, row in enumerate(raw_data):
            if not isinstance(row, dict):
                raise ValueError(f"The type of raw data should be a list of dicts, element {k} is "
                                 f"{type(row).__name__}.")
            missing = [f for f in self._schema if f not in row]
            if missing:
                raise ValueError(f"Invalid data, row {k} lacks the field(s) {missing} of the schema.")
            parts = []
            for f in blob_fields:
                data, sv = _format.encode_blob_field(self._schema[f], row[f])
                saved += sv
                parts.append(data)
            raw = {f: self._scalar(f, row[f], k) for f in raw_fields}
            encoded.append((_format.join_blob(parts), _msgpack.pack(raw), raw, saved))
            saved = 0
        if self._parallel:
            sid = self._next_shard
            self._write_rows(self._shards[sid], 0, encoded)  # each shard is a file of its own
            self._next_shard = (sid + 1) % len(self._shards)
            return 0
        # MindSpore's split of one call's rows: consecutive runs of n // shards rows, one more for `n % shards`
        # shards (MindSpore draws those shards at random; here they are the first ones)
        per, extra = divmod(len(encoded), len(self._shards))
        pos = 0
        for sid, sh in enumerate(self._shards):
            take = per + (1 if sid < extra else 0)
            self._write_rows(sh, sid, encoded[pos:pos + take])
            pos += take
        return 0

    def _write_rows(self, sh, sid, encoded):
        first = len(sh.rows)
        placed = []
        for k, (blob, _, _, saved) in enumerate(encoded):
            sh.compression += saved
            entry = len(blob).to_bytes(8, "little") + blob
            page, s, e = self._put(sh, sid, "BLOB_DATA", entry, first + k)
            page["end_row_id"] = first + k + 1
            placed.append((page, s, e))
        for k, (_, packed, raw, _) in enumerate(encoded):
            bpage, bs, be = placed[k]
            group = bpage["page_type_id"]
            entry = len(packed).to_bytes(8, "little") + packed
            rpage, rs, re_ = self._put(sh, sid, "RAW_DATA", entry, 0)
            if not rpage["row_group_ids"] or rpage["row_group_ids"][-1]["id"] != group:
                rpage["row_group_ids"].append({"id": group, "offset": rs})
            sh.rows.append((first + k, rpage["page_id"], rs, re_, group, bpage["page_id"], bs, be, raw))

    def _scalar(self, f, v, k):
        t = self._schema[f]["type"]
        if isinstance(v, np.ndarray):
            if v.size != 1:
                raise ValueError(f"Invalid data, field '{f}' of row {k} should be a scalar, got shape {list(v.shape)}.")
            v = v.item()
        elif isinstance(v, np.generic):
            v = v.item()
        if t in ("int32", "int64"):
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"Invalid data, field '{f}' of row {k} should be {t}, got {type(v).__name__}.")
            return int(v)
        if t in ("float32", "float64"):
            if not isinstance(v, (int, float)) or isinstance(v, bool):
                raise ValueError(f"Invalid data, field '{f}' of row {k} should be {t}, got {type(v).__name__}.")
            return float(v)
        if not isinstance(v, str):
            raise ValueError(f"Invalid data, field '{f}' of row {k} should be a string, got {type(v).__name__}.")
        return v

    # -- output
    def _header(self, sh, sid):
        fields = self._index if self._index is not None else sorted(
            k for k, v in self._schema.items() if not _format.is_blob(v))
        schema = {"blob_fields": self._blob_fields(), "desc": self._desc,
                  "schema": {k: dict(sorted(v.items())) for k, v in sorted(self._schema.items())}}
        d = {"header_size": self._header_size,
             "index_fields": [{"index_field": f, "schema_id": 0} for f in fields],
             "page": sh.pages or None, "page_size": self._page_size,
             "compression_size": sh.compression, "schema": [schema],
             "shard_addresses": ([os.path.basename(self._files[sid])] if self._parallel else
                                 [os.path.basename(f) for f in self._files]), "shard_id": 0 if self._parallel else sid,
             "statistics": None, "version": "3.0"}
        return json.dumps(d, separators=(",", ":"), ensure_ascii=False).encode("utf-8"), fields

    def commit(self):
        """Mirrors ``FileWriter.commit``: writes each shard file and its ``.db`` index (through temporary
        files renamed into place: a failure leaves no partial file)."""
        if self._schema is None:
            raise RuntimeError("add_schema must be called before commit.")
        done = []
        try:
            for sid, (sh, path) in enumerate(zip(self._shards, self._files)):
                header, fields = self._header(sh, sid)
                if len(header) + 8 > self._header_size:
                    raise RuntimeError("Invalid header: the header does not fit in header_size; use "
                                       "set_header_size.")
                tmp, tmp_db = path + ".tmp", path + ".db.tmp"
                with open(tmp, "wb") as f:
                    f.write(len(header).to_bytes(8, "little") + header)
                    for p in sh.pages:
                        f.seek(self._header_size + p["page_id"] * self._page_size)
                        f.write(sh.data[p["page_id"]])
                    end = (self._header_size + (len(sh.pages) - 1) * self._page_size + sh.pages[-1]["page_size"]
                           if sh.pages else 8 + len(header))  # no rows: MindSpore writes the header only
                    f.truncate(end)
                self._write_db(tmp_db, sh, os.path.basename(path), fields)
                done.append((tmp, path))
                done.append((tmp_db, path + ".db"))
            from . import config  # noqa: PLC0415
            if config.ENC_KEY is not None:  # set_enc_key: encrypted as MindSpore does, before the rename
                for tmp, _ in done:
                    config.encrypt(tmp)
            for tmp, path in done:
                os.replace(tmp, path)
        finally:
            for tmp, _ in done:
                if os.path.exists(tmp):
                    os.remove(tmp)
        self._committed = True
        return 0

    def _write_db(self, path, sh, name, fields):
        if os.path.exists(path):
            os.remove(path)
        cols = "".join(f",INC_{i} INT, {f}_0 {_format.SQL_TYPE[self._schema[f]['type']]}" for i, f in enumerate(fields))
        pk = ",".join(["ROW_ID"] + [f"INC_{i}" for i in range(len(fields))])
        con = sqlite3.connect(path)
        try:
            con.execute("CREATE TABLE INDEXES(  ROW_ID               INT  NOT NULL, PAGE_ID_RAW          INT  NOT NULL,"
                        " PAGE_OFFSET_RAW      INT  NOT NULL, PAGE_OFFSET_RAW_END  INT  NOT NULL, ROW_GROUP_ID  "
                        "       INT  NOT NULL, PAGE_ID_BLOB         INT  NOT NULL, PAGE_OFFSET_BLOB     INT  NOT NULL,"
                        f" PAGE_OFFSET_BLOB_END INT  NOT NULL{cols}, PRIMARY KEY({pk}))")
            con.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL)")
            con.execute("INSERT INTO SHARD_NAME VALUES(?)", (name,))
            marks = ",".join("?" * (8 + 2 * len(fields)))
            for r in sh.rows:
                vals = list(r[:8])
                for f in fields:
                    vals += [0, r[8][f]]
                con.execute(f"INSERT INTO INDEXES VALUES({marks})", vals)
            con.commit()
        finally:
            con.close()

    @staticmethod
    def open_for_append(file_name):
        raise NotImplementedError("FileWriter.open_for_append is not supported by ms_compat yet.")

"""Mirrors ``mindspore.dataset.TFRecordDataset``: rows of ``tf.train.Example`` records, read without TensorFlow.

A TFRecord file is a sequence of records ``<uint64 length><uint32 masked CRC-32C of length><data><uint32 masked
CRC-32C of data>`` (optionally GZIP/ZLIB-compressed as a whole), read one record at a time (compressed files
inflated as read): memory is bounded by the rows in flight, not the files. Each record is an ``Example`` protobuf:
``features { feature { key: name  value { bytes_list | float_list | int64_list { value: ... } } } }``; this
module decodes that wire format directly (three message types: a hand decoder is shorter than a schema).

Column rules, as MindSpore 2.10 (measured, tests/dataset/test_dataset_extra.py): without a schema the columns
are the first record's features in name order; ``int64_list`` -> int64, ``float_list`` -> float32,
``bytes_list`` -> uint8 (the values right-padded with spaces to the longest and joined: numpy's fixed-width
bytes); 1-D. A schema (``Schema`` or JSON file; a file's columns come in name order) casts integers/floats to
its numeric type (floats to integers truncating), reads ``bytes_list`` as uint8 or (type ``string``) a string
array, reshapes to its ``shape``; a feature whose kind does not fit the schema's type raises RuntimeError when
read, as MindSpore's ParseExample.
Row order as MindSpore's reader threads (see ``TFRecordDataset._streams``): it depends on
``num_parallel_workers`` (default ``config.get_num_parallel_workers()``), as MindSpore's; ``shuffle`` and
``num_shards`` give MindSpore 2.10's orders for the same seed (``file_leaf``, ``shuffle_buffer``). Differences:
the length CRC is checked, the data CRC is not (MindSpore reads a record with a bad data CRC too). Damaged files
raise RuntimeError naming the file
(varints capped at 10 bytes; a record running past the end of the data is an error, not a cut row).
"""
from __future__ import annotations

import glob
import gzip
import io
import json
import os
import struct
import zlib

import numpy as np

from .datasets import Schema, Shuffle, SourceDataset

__all__ = ["TFRecordDataset"]

_SHUFFLE_BUFFER = 10000  # the most rows Shuffle.GLOBAL's ShuffleOp holds
# every mode is accepted; all but GLOBAL and FILES read unshuffled (measured on MindSpore 2.10)
_SHUFFLE_MODES = (Shuffle.FALSE, Shuffle.ADAPTIVE, Shuffle.GLOBAL, Shuffle.PARTIAL, Shuffle.FILES, Shuffle.INFILE)


class _BadExample(ValueError):
    """A serialized ``Example`` that cannot be decoded (the reader adds the file to the message)."""


_VARINT_MAX = 10  # a 64-bit varint has at most 10 bytes; protobuf's reader rejects a longer one


def _varint(buf, pos):
    out = shift = 0
    start, end = pos, min(len(buf), pos + _VARINT_MAX)
    while pos < end:
        b = buf[pos]
        pos += 1
        out |= (b & 0x7F) << shift
        if not b & 0x80:
            return out, pos
        shift += 7
    raise _BadExample(f"a varint longer than {_VARINT_MAX} bytes at byte {start}" if pos - start == _VARINT_MAX
                      else f"a varint cut by the end of the data at byte {start}")


def _take(buf, pos, n):
    if n > len(buf) - pos:
        raise _BadExample(f"a field of {n} bytes at byte {pos}, where {len(buf) - pos} remain")
    return buf[pos:pos + n], pos + n


def _fields(buf):
    """(field number, wire type, value) of one protobuf message (value: int or bytes)."""
    pos, end = 0, len(buf)
    while pos < end:
        key, pos = _varint(buf, pos)
        num, wt = key >> 3, key & 7
        if wt == 0:
            val, pos = _varint(buf, pos)
        elif wt == 2:
            n, pos = _varint(buf, pos)
            val, pos = _take(buf, pos, n)
        elif wt == 5:
            val, pos = _take(buf, pos, 4)
        elif wt == 1:
            val, pos = _take(buf, pos, 8)
        else:
            raise _BadExample(f"wire type {wt} at byte {pos}")
        yield num, wt, val


def _int64s(buf):
    pos, out = 0, []
    while pos < len(buf):
        v, pos = _varint(buf, pos)
        out.append(v - (1 << 64) if v >> 63 else v)
    return out


def _feature(buf):
    """('bytes'|'float'|'int64', values) of one ``Feature`` message."""
    for kind_num, _, lst in _fields(buf):
        kind = {1: "bytes", 2: "float", 3: "int64"}.get(kind_num)
        if kind is None:
            continue
        vals = []
        for num, wt, v in _fields(lst):
            if num != 1:
                continue
            if kind == "bytes":
                vals.append(bytes(v))
            elif kind == "float":
                vals.extend(np.frombuffer(v, "<f4").tolist() if wt == 2 else [struct.unpack("<f", v)[0]])
            else:
                vals.extend(_int64s(v) if wt == 2 else [v - (1 << 64) if v >> 63 else v])
        return kind, vals
    return "bytes", []


def parse_example(buf):
    """``{name: (kind, values)}`` of one serialized ``tf.train.Example``."""
    out = {}
    for num, _, features in _fields(memoryview(buf)):  # fields are views: no copy per nesting level
        if num != 1:
            continue
        for fnum, _, entry in _fields(features):
            if fnum != 1:
                continue
            key, value = "", b""
            for enum, _, v in _fields(entry):
                if enum == 1:
                    key = bytes(v).decode("utf-8")
                elif enum == 2:
                    value = v
            out[key] = _feature(value)
    return out


def _crc32c(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 & -(crc & 1))
    return crc ^ 0xFFFFFFFF


def _masked_crc(data: bytes) -> int:
    c = _crc32c(data)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


class _ZlibStream(io.RawIOBase):
    """A readable stream of a ZLIB-compressed file's data, inflated a chunk at a time."""

    def __init__(self, f):
        self._f, self._z, self._out = f, zlib.decompressobj(), b""

    def readable(self):
        return True

    def readinto(self, b):
        while not self._out:
            if self._z.eof:
                return 0
            chunk = self._z.unconsumed_tail or self._f.read(_CHUNK)
            if not chunk:
                raise EOFError("Compressed file ended before the end-of-stream marker was reached")
            self._out = self._z.decompress(chunk, max(len(b), 1))
        n = min(len(b), len(self._out))
        b[:n], self._out = self._out[:n], self._out[n:]
        return n


_CHUNK = 1 << 20


def _read_exact(stream, n):
    """``n`` bytes of ``stream`` read a chunk at a time (a huge declared length costs only the bytes present),
    or fewer where the stream ends."""
    parts, left = [], n
    while left:
        part = stream.read(min(left, _CHUNK))
        if not part:
            break
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _record_error(path, what):
    return RuntimeError(f"TFReaderOp: failed to parse example in tfrecord file: {path}. {what}")


def iter_records(path, compression=""):
    """The serialized records of one TFRecord file, read one at a time from a stream (GZIP/ZLIB inflated as
    read). A header that fails its CRC, a record running past the end of the data, a cut compressed stream or
    trailing bytes raise RuntimeError naming ``path``."""
    with open(path, "rb") as raw:
        if compression == "GZIP":
            stream = gzip.GzipFile(fileobj=raw)
        elif compression == "ZLIB":
            stream = io.BufferedReader(_ZlibStream(raw), _CHUNK)
        else:
            stream = raw
        pos = 0
        try:
            while True:
                head = stream.read(12)
                if not head:
                    return
                if len(head) < 12:
                    raise _record_error(path, f"The record header at byte {pos} is cut: {len(head)} of 12 bytes.")
                (n,), (crc,) = struct.unpack("<Q", head[:8]), struct.unpack("<I", head[8:])
                if crc != _masked_crc(head[:8]):
                    raise RuntimeError(f"Invalid TFRecord file, the length CRC of a record does not match: {path}.")
                data = _read_exact(stream, n + 4)
                if len(data) < n + 4:
                    raise _record_error(path, f"The record at byte {pos} declares {n} bytes (and a 4-byte CRC), "
                                              f"but the file ends after {len(data)}.")
                yield data[:n]
                pos += 12 + n + 4
        except (OSError, EOFError, zlib.error) as e:
            raise _record_error(path, f"The {compression} data cannot be read at byte {pos}: {e}") from None


def read_records(path, compression=""):
    """The serialized records of one TFRecord file, as a list (see :func:`iter_records`)."""
    return list(iter_records(path, compression))


def _schema_spec(schema):
    """(columns [(name, type name or None, shape or None)], numRows)."""
    if schema is None:
        return None, None
    if isinstance(schema, Schema):
        return [(c["name"], _type_name(c["type"]), c["shape"]) for c in schema.columns], None
    try:
        with open(schema, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise RuntimeError(f"Invalid file, failed to load schema file: {schema} ({e}).") from None
    cols = data.get("columns", {})
    items = sorted(cols.items()) if isinstance(cols, dict) else [(c.get("name"), c) for c in cols]
    return [(n, _type_name(c.get("type")), c.get("shape")) for n, c in items], data.get("numRows")


def _type_name(t):
    if t is None:
        return None
    if isinstance(t, str):
        return t
    if t is str or t is bytes or "str" in str(t).lower():
        return "string"
    from ..transforms.transforms import _np_dtype
    return _np_dtype(t).name


def _column(name, kind, vals, type_name, shape, path):
    if kind == "bytes":
        if type_name == "string":
            arr = np.array([v.decode("utf-8", "replace") for v in vals])
        elif type_name in (None, "uint8"):
            width = max((len(v) for v in vals), default=0)
            arr = np.frombuffer(b"".join(v.ljust(width, b" ") for v in vals), np.uint8).copy()
        else:
            raise RuntimeError(f"map operation: [ParseExample] failed. The corresponding data file is: {path}. The "
                               f"data type loaded from the example for feature name: {name} does not match the "
                               f"predefined type in schema, the actual type: string, but the predefined type: "
                               f"{type_name}")
    else:
        base = np.float32 if kind == "float" else np.int64
        arr = np.asarray(vals, base)
        if type_name is not None:
            want = np.dtype(type_name)
            if want.kind not in "iuf":
                actual = "float32" if kind == "float" else "int64"
                raise RuntimeError(f"map operation: [ParseExample] failed. The corresponding data file is: {path}. "
                                   f"The data type loaded from the example for feature name: {name} does not match "
                                   f"the predefined type in schema, the actual type: {actual}, but the predefined "
                                   f"type: {type_name}")
            arr = arr.astype(want)
    if shape:
        try:
            arr = arr.reshape([int(s) for s in shape])
        except ValueError:
            raise RuntimeError(f"map operation: [ParseExample] failed. The corresponding data file is: {path}. "
                               f"Column {name} has {arr.size} values, which do not fit the schema's shape "
                               f"{list(shape)}.") from None
    return arr


class TFRecordDataset(SourceDataset):
    """Mirrors ``mindspore.dataset.TFRecordDataset(dataset_files, schema=None, columns_list=None, num_samples=None,
    num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, shard_equal_rows=False,
    cache=None, compression_type=None)``.

    ``dataset_files``: a path, glob pattern or list of them (matched files in name order). Rows: the files'
    records, files interleaved by the reader workers (``num_samples``, else the schema file's ``numRows``, caps
    them); ``Shuffle.FILES`` shuffles the file order each epoch, ``Shuffle.GLOBAL`` / ``True`` the rows too;
    shard ``k`` of ``num_shards`` reads files ``k, k + num_shards, ...`` (or, with ``shard_equal_rows``, an equal
    window of rows). See the module docstring for the columns.
    """

    def __init__(self, dataset_files, schema=None, columns_list=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, shard_equal_rows=False, cache=None,
                 compression_type=None):
        pats = [dataset_files] if isinstance(dataset_files, str) else dataset_files
        if not isinstance(pats, (list, tuple)) or not all(isinstance(p, str) for p in pats):
            raise TypeError(f"Argument dataset_files with value {dataset_files} is not of type [<class 'str'>, "
                            f"<class 'list'>], but got {type(dataset_files)}.")
        files, missing = set(), []
        for p in pats:
            hit = glob.glob(p)
            if not hit:
                missing.append(p)
            files.update(h for h in hit if os.path.isfile(h))
        if missing:
            raise ValueError(f"The following patterns did not match any files: {missing}.")
        compression_type = compression_type or ""
        if compression_type not in ("", "GZIP", "ZLIB"):
            raise ValueError("Input compression_type can only be either '' (no compression), 'ZLIB', or 'GZIP', but "
                             f"got '{compression_type}'.")
        if schema is not None and not isinstance(schema, (str, Schema)):
            raise TypeError(f"Argument schema with value {schema} is not of type [<class 'str'>, Schema].")
        if columns_list is not None and not isinstance(columns_list, list):
            raise TypeError(f"Argument columns_list with value {columns_list} is not of type [<class 'list'>], but "
                            f"got {type(columns_list)}.")
        if num_samples is not None and (not isinstance(num_samples, int) or num_samples < 0):
            raise ValueError(f"num_samples exceeds the boundary between 0 and 2147483647, got {num_samples}.")
        if (num_shards is None) != (shard_id is None):
            raise RuntimeError("num_shards and shard_id need to be passed in together.")
        if num_shards is not None and not 0 <= shard_id < num_shards:
            raise ValueError(f"Input shard_id is not within the required interval of [0, {num_shards - 1}].")
        if shuffle is not None and not isinstance(shuffle, bool) and shuffle not in _SHUFFLE_MODES:
            raise TypeError(f"Argument shuffle with value {shuffle} is not of type [<class 'bool'>, Shuffle].")
        super().__init__((), num_parallel_workers)
        self.dataset_files, self.compression_type = sorted(files), compression_type
        self.shuffle = Shuffle.GLOBAL if shuffle is True or shuffle is None else shuffle
        self.num_shards, self.shard_id, self.shard_equal_rows = num_shards, shard_id, shard_equal_rows
        self.schema, self.columns_list, self.num_samples = schema, columns_list, num_samples
        self._spec, self._num_rows = _schema_spec(schema)
        self._counts = None
        self._keys, self._key_epochs, self._engine = None, 0, None  # the file order and ShuffleOp of an iterator
        self._columns = self._column_names()

    def _file_counts(self):
        """Records per file, counted by one streaming pass (for ``shard_equal_rows`` and the dataset size)."""
        if self._counts is None:
            self._counts = {f: sum(1 for _ in iter_records(f, self.compression_type)) for f in self.dataset_files}
        return self._counts

    def _column_names(self):
        if self._spec is not None:
            names = [n for n, _, _ in self._spec]
        else:
            names = []
            for path in self.dataset_files:
                first = next(iter(iter_records(path, self.compression_type)), None)
                if first is not None:
                    try:
                        names = sorted(parse_example(first))
                    except ValueError as e:
                        raise RuntimeError(f"Failed to parse tfrecord file: {path}, fields that failed to parse: "
                                           f"{e}.") from None
                    break
        if self.columns_list:
            return list(self.columns_list)
        return names

    def _streams(self, epoch=True):
        """The reader workers' pieces of one epoch, in MindSpore 2.10's order (``file_leaf``): the file order of
        the previous epoch (name order at first) shuffled again with ``Shuffle.FILES``/``GLOBAL``; the shard's
        pieces of files (whole files at positions ``i % num_shards == shard_id`` of that order; with
        ``shard_equal_rows``, the shard's ``ceil(rows / num_shards)``-row window of all rows, going round the
        files again) go to the workers in turn. A piece: (file, first record, end). ``epoch=False`` (sizes)
        takes the files in name order."""
        from ..core import config
        from ..core.cpp_random import Mt19937
        from .file_leaf import _piece
        keys = list(range(len(self.dataset_files)))
        if epoch:
            if self._keys is None:
                self._keys = keys
            if self.shuffle in (Shuffle.FILES, Shuffle.GLOBAL):
                self._key_epochs += 1
                seed = config.cpp_seed() if not self.num_shards or self.num_shards == 1 else self._key_epochs
                Mt19937(seed).shuffle(self._keys)
            keys = self._keys
        files = [self.dataset_files[k] for k in keys]
        if self.num_shards is None:
            pieces = [(f, 0, None) for f in files]
        elif not self.shard_equal_rows:
            pieces = [(f, 0, None) for i, f in enumerate(files) if i % self.num_shards == self.shard_id]
        else:
            counts = self._file_counts()
            total = sum(counts[f] for f in files)
            per = -(-total // self.num_shards)
            start, end = per * self.shard_id, per * (self.shard_id + 1)
            pieces, pre = [], 0
            while total:
                for f in files:
                    push, first, stop = _piece(counts[f], pre, start, end)
                    if push:
                        pieces.append((f, first, stop))
                    pre += counts[f]
                if pre >= end:
                    break
        workers = max(1, min(self.num_parallel_workers or config.get_num_parallel_workers(), len(pieces) or 1))
        return [pieces[w::workers] for w in range(workers)]

    def _reset_run(self):
        super()._reset_run()
        self._keys, self._key_epochs, self._engine = None, 0, None

    def _stream_records(self, pieces):
        for path, first, end in pieces:
            for k, rec in enumerate(iter_records(path, self.compression_type)):
                if end is not None and k >= end:
                    break
                if k >= first:
                    yield path, rec

    def _records(self):
        """(file, serialized record) of one epoch: the workers' streams interleaved a row at a time, capped by
        ``num_samples`` (else the schema's ``numRows``); ``Shuffle.GLOBAL`` then draws them through MindSpore's
        ``ShuffleOp`` (``shuffle_buffer``) of ``min(4 * (rows per shard // files), 10000)`` rows, seeded
        ``GetSeed()`` when an iterator is made."""
        live = [self._stream_records(s) for s in self._streams()]
        limit = self.num_samples or self._num_rows or 0

        def interleaved():
            count = 0
            while live:
                for s in list(live):
                    item = next(s, None)
                    if item is None:
                        live.remove(s)
                        continue
                    yield item
                    count += 1
                    if count == limit:
                        return

        if self.shuffle != Shuffle.GLOBAL:
            yield from interleaved()
            return
        from ..core import config
        from ..core.cpp_random import Mt19937_64
        from .shuffle_buffer import shuffled_rows
        if self._engine is None:
            self._engine = Mt19937_64(config.cpp_seed())
        total = sum(self._file_counts().values())
        size = min(4 * (-(-total // (self.num_shards or 1)) // len(self.dataset_files)), _SHUFFLE_BUFFER)
        yield from shuffled_rows(interleaved(), size or total + 1, self._engine)

    def _read(self, path, rec):
        try:
            feats = parse_example(rec)
        except ValueError as e:
            raise _record_error(path, f"Perhaps the version of protobuf is not compatible. {e}.") from None
        spec = {n: (t, s) for n, t, s in (self._spec or [])}
        out = []
        for name in self._columns:
            if name not in feats:
                raise RuntimeError(f"Invalid columns_list or schema, the column {name} is not a feature of the "
                                   f"Example records in {path}.")
            kind, vals = feats[name]
            t, s = spec.get(name, (None, None))
            out.append(_column(name, kind, vals, t, s, path))
        return tuple(out)

    def _rows(self):
        self._epoch += 1
        for path, rec in self._records():
            yield self._read(path, rec)

    def _size(self):
        from ..core import config
        counts = self._file_counts()
        rows = sum(min(counts[f], counts[f] if e is None else e) - b
                   for s in self._streams(epoch=False) for f, b, e in s)
        limit = self.num_samples or self._num_rows or 0
        return min(rows, limit) if limit else rows


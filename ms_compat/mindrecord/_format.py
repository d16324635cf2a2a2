"""The MindRecord file format (version 3.0), as MindSpore 2.10 writes and reads it.

File: an 8-byte little-endian length and the JSON shard header (keys sorted, compact), zero-padded to
``header_size``; then pages of ``page_size`` bytes (page ``k`` at ``header_size + k * page_size``; the file
ends right after the used part of the last page). BLOB_DATA pages hold one row group each (a run of rows):
per row an 8-byte LE length and the blob fields in name order, each as an 8-byte big-endian length and
its bytes (a lone blob field is stored bare; no blob field stores 4 zero bytes); int32/int64 arrays are
compressed (4-byte BE count, 2-bit width codes, then each value little-endian in 1/2/4/8 bytes).
RAW_DATA pages hold per row an 8-byte LE length and a MessagePack map of the scalar fields. A SQLite
file ``<name>.db`` indexes the rows (pages, offsets, and the index fields).
"""
from __future__ import annotations

import numpy as np

VERSION = "3.0"
TYPES = ("int32", "int64", "float32", "float64", "string", "bytes")
_WIDTH = {0: 1, 1: 2, 2: 4, 3: 8}
_SIGNED = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}


def is_blob(spec):
    return spec["type"] == "bytes" or "shape" in spec


def compress_ints(arr):
    """int32/int64 array -> MindSpore's compressed blob (returns the bytes)."""
    vals = np.asarray(arr).ravel().astype(np.int64)
    n = len(vals)
    codes, body = bytearray((n + 3) // 4), bytearray()
    for i, v in enumerate(vals.tolist()):
        if -128 <= v < 128:
            c, w = 0, 1
        elif -32768 <= v < 32768:
            c, w = 1, 2
        elif -2 ** 31 <= v < 2 ** 31:
            c, w = 2, 4
        else:
            c, w = 3, 8
        codes[i // 4] |= c << (6 - 2 * (i % 4))
        body += int(v).to_bytes(w, "little", signed=True)
    return n.to_bytes(4, "big") + bytes(codes) + bytes(body)


def decompress_ints(data, dtype):
    """MindSpore's compressed int32/int64 blob -> array, vectorised. The declared count is checked against the
    bytes present before anything is allocated (each value takes 2 code bits and at least one byte)."""
    data = np.frombuffer(data, np.uint8)
    if len(data) < 4:
        raise ValueError(f"a compressed integer array of {len(data)} bytes has no 4-byte count")
    n = int.from_bytes(data[:4].tobytes(), "big")
    ncodes = (n + 3) // 4
    if 4 + ncodes + n > len(data):
        raise ValueError(f"a compressed integer array declares {n} values but has only {len(data)} bytes")
    codes = data[4:4 + ncodes]
    widths = (np.left_shift(1, (codes[:, None] >> np.array([6, 4, 2, 0], np.uint8)) & 3)).ravel()[:n]
    starts = np.empty(n, np.int64)
    if n:
        np.cumsum(widths[:-1], out=starts[1:])
        starts[0] = 0
    body = data[4 + ncodes:]
    used = int(starts[-1] + widths[-1]) if n else 0
    if used != len(body):
        raise ValueError(f"a compressed integer array's {n} values need {used} bytes, it has {len(body)}")
    out = np.empty(n, np.int64)
    for w, signed in _SIGNED.items():
        sel = np.flatnonzero(widths == w)
        if len(sel):
            raw = body[starts[sel, None] + np.arange(w)]
            out[sel] = raw.view(np.dtype(signed).newbyteorder("<")).ravel()
    return out.astype(dtype)


def encode_blob_field(spec, value):
    """(bytes stored, bytes saved by compression) of one blob field value."""
    t = spec["type"]
    if t == "bytes":
        if isinstance(value, np.ndarray):
            value = value.tobytes()
        if not isinstance(value, (bytes, bytearray)):
            raise TypeError(f"a 'bytes' field needs bytes, got {type(value).__name__}")
        return bytes(value), 0
    arr = np.asarray(value, dtype=t)
    shape = spec.get("shape")
    if shape is not None:
        fixed = [s for s in shape if s != -1]
        if -1 not in shape and list(arr.shape) != list(shape) and arr.size != int(np.prod(shape)):
            raise ValueError(f"the array of shape {list(arr.shape)} does not match the schema shape {shape}")
        del fixed
    if t in ("int32", "int64"):
        raw = arr.size * arr.itemsize
        comp = compress_ints(arr)
        return comp, raw - len(comp)
    return np.ascontiguousarray(arr, dtype=np.dtype(t).newbyteorder("<")).tobytes(), 0


def decode_blob_field(spec, data):
    t = spec["type"]
    if t == "bytes":
        return bytes(data)
    if t in ("int32", "int64"):
        arr = decompress_ints(bytes(data), t)
    else:
        item = np.dtype(t).itemsize
        if len(data) % item:
            raise ValueError(f"a {t} array field of {len(data)} bytes, not a multiple of {item}")
        arr = np.frombuffer(bytes(data), np.dtype(t).newbyteorder("<")).astype(t)
    shape = spec.get("shape")
    if shape is not None and -1 not in shape:
        arr = arr.reshape(shape)
    elif shape is not None and len(shape) > 1:
        known = int(np.prod([s for s in shape if s != -1]))
        arr = arr.reshape([s if s != -1 else arr.size // known for s in shape])
    return arr


def split_blob(blob_fields, blob):
    """The blob of one row -> {field: raw bytes}."""
    if not blob_fields:
        return {}
    if len(blob_fields) == 1:
        return {blob_fields[0]: blob}
    out, pos = {}, 0
    for f in blob_fields:
        if pos + 8 > len(blob):
            raise ValueError(f"the blob ends before field '{f}'")
        n = int.from_bytes(blob[pos:pos + 8], "big")
        if n > len(blob) - pos - 8:
            raise ValueError(f"blob field '{f}' declares {n} bytes, {len(blob) - pos - 8} remain")
        out[f] = blob[pos + 8:pos + 8 + n]
        pos += 8 + n
    return out


def join_blob(parts):
    if not parts:
        return b"\x00\x00\x00\x00"
    if len(parts) == 1:
        return parts[0]
    return b"".join(len(p).to_bytes(8, "big") + p for p in parts)


SQL_TYPE = {"int32": "INTEGER", "int64": "INTEGER", "float32": "REAL", "float64": "REAL", "string": "TEXT"}

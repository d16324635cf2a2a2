"""Files for the datasets of tools/reference/gen_dataset_extra.py (TFRecord files written byte by byte: the
record framing with masked CRC-32C and tf.train.Example protos in protobuf wire format, with no TensorFlow).
Shared by the generator (run under MindSpore 2.10) and tests/dataset/test_dataset_extra.py (run under ms_compat).
"""
from __future__ import annotations

import gzip
import os
import struct
import zlib

import numpy as np


def _crc32c(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 & -(crc & 1))
    return crc ^ 0xFFFFFFFF


def _masked(data: bytes) -> int:
    c = _crc32c(data)
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _varint(n: int) -> bytes:
    n &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _field(num: int, payload: bytes) -> bytes:  # length-delimited field
    return _varint(num << 3 | 2) + _varint(len(payload)) + payload


def example(features: dict) -> bytes:
    """A tf.train.Example: ``{name: bytes | list[bytes] | list[float] (np.float32) | list[int]}``."""
    entries = b""
    for name, v in features.items():
        if isinstance(v, bytes):
            v = [v]
        if all(isinstance(x, bytes) for x in v):
            feat = _field(1, b"".join(_field(1, x) for x in v))
        elif all(isinstance(x, (float, np.floating)) for x in v):
            feat = _field(2, _field(1, np.asarray(v, "<f4").tobytes()))
        else:
            feat = _field(3, _field(1, b"".join(_varint(int(x)) for x in v)))
        entries += _field(1, _field(1, name.encode()) + _field(2, feat))
    return _field(1, entries)


def write_tfrecord(path, records, compression=None):
    data = b""
    for rec in records:
        head = struct.pack("<Q", len(rec))
        data += head + struct.pack("<I", _masked(head)) + rec + struct.pack("<I", _masked(rec))
    if compression == "GZIP":
        data = gzip.compress(data)
    elif compression == "ZLIB":
        data = zlib.compress(data)
    with open(path, "wb") as f:
        f.write(data)
    return path


def write_tfrecords(root, seed=40):
    rng = np.random.RandomState(seed)
    os.makedirs(root, exist_ok=True)
    paths = []
    for k, n in enumerate((3, 2)):
        recs = []
        for i in range(n):
            recs.append(example({
                "image": bytes(rng.randint(0, 256, 6).astype(np.uint8)),
                "label": [int(rng.randint(-5, 100))],
                "vec": [float(x) for x in rng.uniform(-1, 1, 4).astype(np.float32)],
                "ids": [int(x) for x in rng.randint(0, 1 << 40, 3)],
                "names": [b"ab", b"cde"],
            }))
        paths.append(write_tfrecord(os.path.join(root, f"part{k}.tfrecord"), recs))
    recs = [example({"x": [int(i), int(i) + 1], "s": [b"row%d" % i]}) for i in range(4)]
    write_tfrecord(os.path.join(root, "small.gz"), recs, "GZIP")
    write_tfrecord(os.path.join(root, "small.zlib"), recs, "ZLIB")
    for k, n in enumerate((3, 1, 4, 2)):  # row order across files and reader workers
        write_tfrecord(os.path.join(root, f"order{k}.tfrecord"), [example({"x": [k * 10 + i]}) for i in range(n)])
    with open(os.path.join(root, "schema.json"), "w") as f:
        f.write('{"datasetType": "TF", "numRows": 4, "columns": {"label": {"type": "int32", "rank": 1, "shape": [1]},'
                ' "vec": {"type": "float32", "rank": 2, "shape": [2, 2]}, "image": {"type": "uint8", "rank": 1}}}')
    return root


def write_all(root):
    return {"tfrecord": write_tfrecords(os.path.join(root, "tfrecord"))}

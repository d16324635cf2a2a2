"""TFRecordDataset on hostile and damaged files: bounded time (10-byte varint cap), bounded memory (records
streamed, GZIP/ZLIB inflated as read), and a RuntimeError naming the file where MindSpore 2.10 raises one
(measured on the same files: "TFReaderOp: failed to parse example in tfrecord file: <file>. ...")."""
import pathlib
import struct
import subprocess
import sys
import textwrap
import time
import zlib

import numpy as np
import pytest

import ms_compat.dataset as ds

REF_DIR = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"
ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def files():
    sys.path.insert(0, str(REF_DIR))
    try:
        import dataset_files_extra
    finally:
        sys.path.remove(str(REF_DIR))
    return dataset_files_extra


def _good(files, path, n=3, compression=None):
    recs = [files.example({"a": [i, i + 1], "b": [b"xy"]}) for i in range(n)]
    return files.write_tfrecord(str(path), recs, compression)


def _rows(path, **kw):
    return list(ds.TFRecordDataset(str(path), shuffle=False, **kw).create_tuple_iterator(output_numpy=True))


@pytest.mark.parametrize("good_first", [False, True])
def test_varint_bomb_fails_at_once_naming_the_file(files, tmp_path, good_first):
    """400 KB of 0xFF: a varint without end. Before: 52 s of shifting, then an error without the file."""
    recs = ([files.example({"a": [1]})] if good_first else []) + [b"\xff" * 400_000]
    path = files.write_tfrecord(str(tmp_path / "bomb.tfrecord"), recs)
    t0 = time.perf_counter()
    with pytest.raises(RuntimeError, match=r"tfrecord file: .*bomb\.tfrecord.*varint longer than 10 bytes"):
        _rows(path)
    assert time.perf_counter() - t0 < 5


def test_record_running_past_the_end_raises_naming_the_file(files, tmp_path):
    """A length field with a valid CRC declaring more bytes than the file has: no cut row."""
    path = _good(files, tmp_path / "long.tfrecord")
    rec = files.example({"a": [7, 8], "b": [b"xy"]})
    head = struct.pack("<Q", len(rec) + 100)
    with open(path, "ab") as f:
        f.write(head + struct.pack("<I", files._masked(head)) + rec + b"\0\0\0\0")
    with pytest.raises(RuntimeError, match=r"tfrecord file: .*long\.tfrecord\. The record at byte 132 declares"):
        _rows(path)


@pytest.mark.parametrize("cut", [1, 4, 20, 40])
def test_truncated_file_raises_naming_the_file(files, tmp_path, cut):
    path = _good(files, tmp_path / "whole.tfrecord")
    data = pathlib.Path(path).read_bytes()
    (tmp_path / "cut.tfrecord").write_bytes(data[:-cut])
    with pytest.raises(RuntimeError, match=r"tfrecord file: .*cut\.tfrecord\. The record"):
        _rows(tmp_path / "cut.tfrecord")


@pytest.mark.parametrize("compression", ["GZIP", "ZLIB"])
def test_truncated_compressed_file_raises_naming_the_file(files, tmp_path, compression):
    path = _good(files, tmp_path / "whole.z", compression=compression)
    assert [r[0].tolist() for r in _rows(path, compression_type=compression)] == [[0, 1], [1, 2], [2, 3]]
    data = pathlib.Path(path).read_bytes()
    (tmp_path / "cut.z").write_bytes(data[:-10])
    with pytest.raises(RuntimeError, match=rf"tfrecord file: .*cut\.z\. The {compression} data cannot be read"):
        _rows(tmp_path / "cut.z", compression_type=compression)


def test_bad_protobuf_inside_a_record_names_the_file(files, tmp_path):
    """A field declaring more bytes than its message has (MindSpore: 'failed to parse example')."""
    good = files.example({"a": [1, 2]})
    path = files.write_tfrecord(str(tmp_path / "field.tfrecord"), [good, good[:-1]])
    with pytest.raises(RuntimeError, match=r"failed to parse example in tfrecord file: .*field\.tfrecord"):
        _rows(path)


_CHILD = textwrap.dedent("""
    import resource, sys
    import ms_compat.dataset as ds
    path, compression = sys.argv[1], sys.argv[2]
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    d = ds.TFRecordDataset(path, shuffle=False, compression_type=compression)
    n = total = 0
    for row in d.create_tuple_iterator(output_numpy=True):
        n += 1
        total += row[0].size
    print(n, total, (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
""")


@pytest.mark.parametrize("compression", ["GZIP", "ZLIB"])
def test_compressed_records_are_streamed(files, tmp_path, compression):
    """A ~0.3 MB file inflating to 160 MB (160 records of 1 MB) is read with a peak RSS growth far below the
    inflated size. Before: the whole file inflated at once and every record kept (> 320 MB)."""
    payload = files.example({"blob": [b"\0" * (1 << 20)]})
    head = struct.pack("<Q", len(payload))
    record = head + struct.pack("<I", files._masked(head)) + payload + b"\0\0\0\0"  # data CRC not checked
    path = tmp_path / "big.z"
    z = zlib.compressobj(1, zlib.DEFLATED, 31 if compression == "GZIP" else 15)
    with open(path, "wb") as f:
        for _ in range(160):
            f.write(z.compress(record))
        f.write(z.flush())
    assert path.stat().st_size < 4 << 20
    out = subprocess.run([sys.executable, "-c", _CHILD, str(path), compression], capture_output=True, text=True,
                         timeout=120, cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr[-2000:]
    n, total, grew_mb = map(int, out.stdout.split())
    assert (n, total) == (160, 160 << 20)
    assert grew_mb < 64, f"peak RSS grew by {grew_mb} MB while streaming 160 MB"


def test_shards_and_size_from_streamed_counts(files, tmp_path):
    """shard_equal_rows windows and get_dataset_size come from a counting pass, rows as before."""
    paths = [files.write_tfrecord(str(tmp_path / f"p{k}.tfrecord"), [files.example({"x": [k * 10 + i]})
                                                                    for i in range(n)])
             for k, n in enumerate((3, 1, 4))]
    d = ds.TFRecordDataset(paths, shuffle=False, num_shards=3, shard_id=2, shard_equal_rows=True,
                           num_parallel_workers=1)
    assert d.get_dataset_size() == 3
    assert [int(r[0][0]) for r in d.create_tuple_iterator(output_numpy=True)] == [22, 23, 0]
    d = ds.TFRecordDataset(paths, shuffle=ds.Shuffle.GLOBAL, num_samples=6)
    got = sorted(int(r[0][0]) for r in d.create_tuple_iterator(output_numpy=True))
    assert d.get_dataset_size() == 6 and len(got) == 6 and set(got) <= {0, 1, 2, 10, 20, 21, 22, 23}
    assert np.all(np.diff(got) > 0)

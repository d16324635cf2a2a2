"""The MindRecord converters under MindSpore 2.10 (Cifar10ToMR, Cifar100ToMR, MnistToMR, CsvToMR, ImageNetToMR):
small source files in each real format are made here (make_sources), converted, and described (file sha1 and
size, the .db index rows, the header's schema/description/index fields, every row FileReader reads back).
tests/dataset/test_mindrecord_tools.py runs this same file through the ms_compat alias and compares."""
import gzip
import hashlib
import json
import os
import pickle
import sqlite3
import sys
import tempfile

import numpy as np

from mindspore.mindrecord import (Cifar10ToMR, Cifar100ToMR, CsvToMR, FileReader, ImageNetToMR,  # noqa: F401
                                  MnistToMR)


def _pickle(obj):
    # protocol 3 names globals in text: written as the real CIFAR files name them (numpy.core.multiarray), so the
    # bytes are the same under numpy 1 and 2
    return pickle.dumps(obj, protocol=3).replace(b"numpy._core.multiarray", b"numpy.core.multiarray")


def make_sources(d):
    """Writes the source datasets into folder d (deterministic)."""
    rng = np.random.RandomState(7)
    c10 = os.path.join(d, "cifar10")
    os.makedirs(c10)
    for name, n in (("data_batch_1", 3), ("data_batch_2", 3), ("test_batch", 2)):
        with open(os.path.join(c10, name), "wb") as f:
            f.write(_pickle({b"batch_label": name.encode(), b"labels": [int(x) for x in rng.randint(0, 10, n)],
                             b"data": rng.randint(0, 256, (n, 3072)).astype(np.uint8)}))
    c100 = os.path.join(d, "cifar100")
    os.makedirs(c100)
    for name, n in (("train", 4), ("test", 2)):
        with open(os.path.join(c100, name), "wb") as f:
            f.write(_pickle({b"fine_labels": [int(x) for x in rng.randint(0, 100, n)],
                             b"coarse_labels": [int(x) for x in rng.randint(0, 20, n)],
                             b"data": rng.randint(0, 256, (n, 3072)).astype(np.uint8)}))
    mn = os.path.join(d, "mnist")
    os.makedirs(mn)
    for prefix, n in (("train", 6), ("t10k", 4)):
        imgs = rng.randint(0, 256, (n, 28, 28)).astype(np.uint8)
        with gzip.GzipFile(os.path.join(mn, f"{prefix}-images-idx3-ubyte.gz"), "wb", mtime=0) as f:
            f.write(np.array([2051, n, 28, 28], ">i4").tobytes() + imgs.tobytes())
        with gzip.GzipFile(os.path.join(mn, f"{prefix}-labels-idx1-ubyte.gz"), "wb", mtime=0) as f:
            f.write(np.array([2049, n], ">i4").tobytes() + rng.randint(0, 10, n).astype(np.uint8).tobytes())
    with open(os.path.join(d, "table.csv"), "w") as f:
        f.write("id,score,flag,name,code\n")
        for i in range(5):
            f.write(f"{i - 2},{0.25 * i + 0.1},{'True' if i % 2 else 'False'},n{i}-é,{'x' if i == 3 else i}\n")
    inet = os.path.join(d, "imagenet")
    for folder in ("n01", "n02", "n03"):
        os.makedirs(os.path.join(inet, folder))
    import cv2
    for folder, files in (("n01", ["a.JPEG", "b.jpg", "skip.png"]), ("n02", ["c.JPEG"])):
        for k, name in enumerate(files):
            ok, jpg = cv2.imencode(".jpg", rng.randint(0, 256, (8 + k, 6, 3)).astype(np.uint8))
            with open(os.path.join(inet, folder, name), "wb") as f:
                f.write(jpg.tobytes())
    with open(os.path.join(d, "map.txt"), "w") as f:
        f.write("n01 0\nn02 1\nn09 2\n")  # n09 does not exist: skipped with a warning


def convert_all(d):
    """Runs every converter inside folder d (relative paths, so file_name fields do not name d); returns
    {case: mindrecord path relative to d}."""
    old = os.getcwd()
    os.chdir(d)
    try:
        Cifar10ToMR("cifar10", "c10.mindrecord").transform()
        Cifar10ToMR("cifar10", "c10i.mindrecord").transform(["label"])
        Cifar100ToMR("cifar100", "c100.mindrecord").transform(["fine_label", "coarse_label"])
        MnistToMR("mnist", "mn").transform()
        MnistToMR("mnist", "mn2", 2).transform()
        CsvToMR("table.csv", "csv.mindrecord").transform()
        CsvToMR("table.csv", "csv_cols.mindrecord", columns_list=["name", "flag"]).transform()
        ImageNetToMR("map.txt", "imagenet", "inet.mindrecord").transform()
        ImageNetToMR("map.txt", "imagenet", "inet2.mindrecord", 2).transform()  # shard 1 stays empty
    finally:
        os.chdir(old)
    files = ["c10.mindrecord", "c10.mindrecord_test", "c10i.mindrecord", "c10i.mindrecord_test", "c100.mindrecord",
             "c100.mindrecord_test", "mn_train.mindrecord", "mn_test.mindrecord", "mn2_train.mindrecord0",
             "mn2_train.mindrecord1", "mn2_test.mindrecord0", "csv.mindrecord", "csv_cols.mindrecord",
             "inet.mindrecord", "inet2.mindrecord0", "inet2.mindrecord1"]
    return {f: os.path.join(d, f) for f in files}


def _val(v):
    if isinstance(v, bytes):
        return ["pybytes", len(v), hashlib.sha1(v).hexdigest()]
    if isinstance(v, (int, float, str)):
        return ["py" + type(v).__name__, v]
    a = np.asarray(v)
    return [str(a.dtype), list(a.shape), a.tolist()]


def describe(paths):
    out = {}
    for case, p in paths.items():
        con = sqlite3.connect(p + ".db")
        index = [list(r) for r in con.execute("SELECT * FROM INDEXES").fetchall()]
        con.close()
        with open(p, "rb") as f:
            n = int.from_bytes(f.read(8), "little")
            header = json.loads(f.read(n).decode("utf-8"))
        reader = FileReader(p)
        rows = [{k: _val(v) for k, v in sorted(r.items())} for r in reader.get_next()]
        schema = reader.schema()
        reader.close()
        out[case] = {"sha1": hashlib.sha1(open(p, "rb").read()).hexdigest(), "size": os.path.getsize(p),
                     "db": index, "schema": header["schema"], "index_fields": header["index_fields"],
                     "reader_schema": schema, "rows": rows}
    return out


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    with tempfile.TemporaryDirectory() as tmp:
        make_sources(tmp)
        refutil.save_json("dataset", "mindrecord_tools", describe(convert_all(tmp)))
    print("ok")

"""MindRecord under MindSpore 2.10: FileWriter output (sha1 of the file, the .db index rows) and what
MindDataset / FileReader read back. tests/dataset/test_mindrecord.py runs this same file through the ms_compat
alias: its FileWriter must write byte-identical files (so MindSpore reads them) and read them the same way."""
import hashlib
import os
import sqlite3
import sys
import tempfile

import numpy as np

import mindspore.dataset as ds
from mindspore.mindrecord import FileReader, FileWriter


def _rows(n, seed, big):
    rng = np.random.RandomState(seed)
    return [{"label": int(rng.randint(-70000, 70000)), "score": float(rng.rand()), "half": 0.5 * i,
             "name": f"item-{i}-é", "data": rng.randint(0, 256, size=big + i).astype(np.uint8).tobytes(),
             "vec": rng.rand(i + 1).astype(np.float32), "ids": np.array([i, -300, 70000, 2 ** 40, -1], np.int64),
             "mat": rng.randint(-5, 200, size=(2, 3)).astype(np.int32)} for i in range(n)]


SCHEMA = {"label": {"type": "int64"}, "score": {"type": "float64"}, "half": {"type": "float32"},
          "name": {"type": "string"}, "data": {"type": "bytes"}, "vec": {"type": "float32", "shape": [-1]},
          "ids": {"type": "int64", "shape": [-1]}, "mat": {"type": "int32", "shape": [2, 3]}}


def write_all(d):
    """Writes the cases into folder d; returns {case: path}."""
    out = {}
    p = os.path.join(d, "full.mindrecord")
    w = FileWriter(p, shard_num=1, overwrite=True)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema(SCHEMA, "all field kinds")
    rows = _rows(9, 0, 7000)
    w.write_raw_data(rows[:5])
    w.write_raw_data(rows[5:])
    w.commit()
    out["full"] = p
    p = os.path.join(d, "one_blob.mindrecord")
    w = FileWriter(p, overwrite=True)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema({"label": {"type": "int32"}, "image": {"type": "bytes"}}, "images")
    w.add_index(["label"])
    w.write_raw_data([{"label": i, "image": bytes([i]) * (i + 3)} for i in range(4)])
    w.commit()
    out["one_blob"] = p
    p = os.path.join(d, "no_blob.mindrecord")
    w = FileWriter(p, overwrite=True)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema({"a": {"type": "int32"}, "s": {"type": "string"}, "x": {"type": "float64"}})
    w.write_raw_data([{"a": 1, "s": "héllo", "x": 0.1}, {"a": 70000, "s": "", "x": -2.5}])
    w.commit()
    out["no_blob"] = p
    p = os.path.join(d, "sharded.mindrecord")
    w = FileWriter(p, shard_num=2, overwrite=True)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema({"label": {"type": "int32"}, "data": {"type": "bytes"}, "v": {"type": "float32", "shape": [-1]}})
    # row counts divisible by shard_num: MindSpore hands the remainder rows of a call to random shards
    w.write_raw_data([{"label": i, "data": bytes([i]) * 3, "v": np.arange(i + 1, dtype=np.float32)} for i in range(6)])
    w.write_raw_data([{"label": 10 + i, "data": b"x", "v": np.ones(2, np.float32)} for i in range(2)])
    w.commit()
    out["sharded0"], out["sharded1"] = p + "0", p + "1"
    return out


def _val(v):
    if isinstance(v, bytes):
        return ["pybytes", len(v), hashlib.sha1(v).hexdigest()]
    if isinstance(v, (int, float, str)):
        return ["py" + type(v).__name__, v]
    a = np.asarray(v)
    if a.dtype.kind == "S":
        return ["bytes", list(a.shape), [hashlib.sha1(x).hexdigest() for x in a.ravel().tolist()]]
    return ["str" if a.dtype.kind in "US" else str(a.dtype), list(a.shape),
            a.tolist() if a.size <= 64 else hashlib.sha1(a.tobytes()).hexdigest()]


def describe(paths):
    out = {}
    for case, p in paths.items():
        con = sqlite3.connect(p + ".db")
        tables = {t: con.execute(f"SELECT * FROM {t}").fetchall() for t in ("INDEXES", "SHARD_NAME")}
        sql = [r[0] for r in con.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL").fetchall()]
        con.close()
        d = ds.MindDataset(p, shuffle=False)
        if case == "sharded1":  # a list of shard files is read in the given order
            d = ds.MindDataset([p, paths["sharded0"]], shuffle=False)
        rows = [[_val(v) for v in r] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]
        reader = FileReader(p)
        frows = [{k: _val(v) for k, v in sorted(r.items())} for r in reader.get_next()]
        reader.close()
        sub = ds.MindDataset(p, columns_list=sorted(SCHEMA)[:2] if case == "full" else None, shuffle=False,
                             num_shards=2, shard_id=1)
        out[case] = {"sha1": hashlib.sha1(open(p, "rb").read()).hexdigest(), "size": os.path.getsize(p),
                     "db": [list(map(list, tables["INDEXES"])), tables["SHARD_NAME"]], "sql": sql,
                     "columns": d.get_col_names(), "dataset_size": d.get_dataset_size(), "rows": rows,
                     "reader_rows": frows, "shard_columns": sub.get_col_names(),
                     "shard_rows": [[_val(v) for v in r] for r in sub.create_tuple_iterator(output_numpy=True)]}
    return out


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    with tempfile.TemporaryDirectory() as tmp:
        refutil.save_json("dataset", "mindrecord", describe(write_all(tmp)))
    print("ok")

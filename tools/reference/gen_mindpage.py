"""mindspore.mindrecord.MindPage under MindSpore 2.10: candidate fields, category info and paged reads of a small
file (int, string and float index fields), and the errors. tests/dataset/test_mindpage.py runs this same file
through the ms_compat alias and compares."""
import os
import sys
import tempfile

import numpy as np

from mindspore.mindrecord import FileWriter, MindPage


def write(d):
    p = os.path.join(d, "mp.mindrecord")
    w = FileWriter(p, overwrite=True)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema({"label": {"type": "int32"}, "name": {"type": "string"}, "x": {"type": "float64"},
                  "big": {"type": "int64"}, "data": {"type": "bytes"}, "v": {"type": "float32", "shape": [-1]}},
                 "mp")
    w.add_index(["label", "name", "x"])
    w.write_raw_data([{"label": (i * 7) % 4 - 1, "name": ["b", "a", "é", "a10"][i % 4], "x": [0.5, 2.0, -1.25][i % 3],
                       "big": 2 ** 40 + i, "data": bytes([i]) * (i + 1), "v": np.arange(i % 3 + 1, dtype=np.float32) / 2}
                      for i in range(11)])
    w.commit()
    p2 = os.path.join(d, "all.mindrecord")  # no add_index: every scalar field is a candidate
    w = FileWriter(p2, overwrite=True)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema({"k": {"type": "int64"}, "s": {"type": "string"}, "blob": {"type": "bytes"}})
    w.write_raw_data([{"k": i % 2, "s": f"s{i % 3}", "blob": b"z" * (i + 1)} for i in range(5)])
    w.commit()
    return p, p2


def _val(v):
    if isinstance(v, bytes):
        return ["bytes", v.hex()]
    if isinstance(v, np.ndarray):
        return [str(v.dtype), v.tolist()]
    return [type(v).__name__, v]


def _call(f):
    try:
        out = f()
    except Exception as e:  # noqa: BLE001 - the error type is part of the reference
        return ["error", type(e).__name__]
    if isinstance(out, list):
        return [[{k: _val(v) for k, v in sorted(r.items())} for r in out]]
    return [out]


def run(paths):
    p, p2 = paths
    out = {}
    page = MindPage(p)
    out["candidates"] = list(page.candidate_fields)
    out["initial_field"] = page.category_field
    for field in ("label", "name", "x"):
        page.category_field = field
        out[f"{field}:field"] = page.category_field
        out[f"{field}:info"] = page.read_category_info()
        for cid in range(5):
            for pg, n in ((0, 1), (0, 2), (1, 2), (0, 10), (2, 1)):
                out[f"{field}:id{cid}:{pg}:{n}"] = _call(lambda: page.read_at_page_by_id(cid, pg, n))
    page.category_field = "label"
    for name in ("-1", "2", "7", "a"):
        out[f"label:name{name}"] = _call(lambda: page.read_at_page_by_name(name, 0, 3))
    page.category_field = "name"
    for name in ("a", "é", "a10", "zz"):
        out[f"name:name{name}"] = _call(lambda: page.read_at_page_by_name(name, 0, 3))
        out[f"name:name{name}:p1"] = _call(lambda: page.read_at_page_by_name(name, 1, 2))
    for bad in ("big", "data", "nope", ""):
        def setf():
            page.category_field = bad
        out[f"set:{bad}"] = _call(setf)
    out["bad_args"] = [_call(lambda: page.read_at_page_by_id(-1, 0, 1)), _call(lambda: page.read_at_page_by_id(0, -1, 1)),
                       _call(lambda: page.read_at_page_by_id(0, 0, 0)), _call(lambda: page.read_at_page_by_name(3, 0, 1))]
    page2 = MindPage(p2)
    out["all:candidates"] = list(page2.candidate_fields)
    page2.category_field = "s"
    out["all:info"] = page2.read_category_info()
    out["all:rows"] = _call(lambda: page2.read_at_page_by_name("s1", 0, 5))
    return out


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    with tempfile.TemporaryDirectory() as tmp:
        refutil.save_json("dataset", "mindpage", run(write(tmp)))
    print("ok")

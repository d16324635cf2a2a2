"""MindRecord against MindSpore 2.10 (tools/reference/gen_dataset_mindrecord.py run through the alias): ms_compat's
FileWriter writes byte-identical files and the same .db index (so real MindSpore reads them), and reads them as
MindDataset / FileReader do."""
import pathlib
import runpy
import sqlite3

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_dataset_mindrecord.py"
REF = load_ref_json("dataset", "mindrecord")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    d = tmp_path_factory.mktemp("mr")
    ms_compat.install()
    try:
        g = runpy.run_path(str(GEN), run_name="gen_dataset_mindrecord")
        paths = g["write_all"](str(d))
        return paths, g["describe"](paths)
    finally:
        ms_compat.uninstall()


@pytest.mark.parametrize("case", sorted(REF))
def test_file_bytes_identical_to_mindspore(made, case):
    _, got = made
    assert got[case]["size"] == REF[case]["size"]
    assert got[case]["sha1"] == REF[case]["sha1"]


@pytest.mark.parametrize("case", sorted(REF))
def test_index_db_same_as_mindspore(made, case):
    _, got = made
    assert got[case]["sql"] == REF[case]["sql"]
    assert got[case]["db"][0] == REF[case]["db"][0]
    assert [list(r) for r in got[case]["db"][1]] == REF[case]["db"][1]


@pytest.mark.parametrize("case", sorted(REF))
def test_read_like_mindspore(made, case):
    _, got = made
    for key in ("columns", "dataset_size", "rows", "reader_rows", "shard_columns", "shard_rows"):
        assert got[case][key] == REF[case][key], key


def test_bad_files_clear_errors(tmp_path):
    from ms_compat.dataset import MindDataset
    from ms_compat.mindrecord import FileWriter
    bad = tmp_path / "x.mindrecord"
    bad.write_bytes(b"not a mindrecord")
    with pytest.raises(RuntimeError, match="x.mindrecord"):
        MindDataset(str(bad))
    w = FileWriter(str(tmp_path / "ok.mindrecord"))
    w.add_schema({"a": {"type": "int32"}})
    with pytest.raises(ValueError, match="row 1 lacks"):
        w.write_raw_data([{"a": 1}, {"b": 2}])
    with pytest.raises(RuntimeError, match="already exist"):
        FileWriter(str(bad))
    w.write_raw_data([{"a": np.int32(3)}])
    w.commit()
    assert [int(r[0]) for r in MindDataset(str(tmp_path / "ok.mindrecord"), shuffle=False)] == [3]
    con = sqlite3.connect(str(tmp_path / "ok.mindrecord.db"))
    assert con.execute("SELECT NAME FROM SHARD_NAME").fetchall() == [("ok.mindrecord",)]


def test_dataset_save_schema_rules_and_round_trip(tmp_path):
    """Dataset.save writes MindSpore's schema (measured: MindSpore 2.10 saves this dataset with these types)."""
    import ms_compat.dataset as ds
    from ms_compat.mindrecord.filereader import read_header
    data = {"i32": np.arange(3, dtype=np.int32), "i64": np.arange(3, dtype=np.int64),
            "f16": np.arange(3, dtype=np.float16), "f64": np.arange(3) / 4, "u8": np.arange(12, dtype=np.uint8).reshape(3, 4),
            "mat": np.arange(12, dtype=np.int32).reshape(3, 2, 2), "s": np.array(["a", "bb", "ccc"]),
            "b": np.array([True, False, True])}
    path = str(tmp_path / "saved.mindrecord")
    ds.NumpySlicesDataset(data, shuffle=False).save(path)
    schema = read_header(path)["schema"][0]["schema"]
    assert schema == {"b": {"type": "int32"}, "f16": {"type": "float32"}, "f64": {"type": "float64"},
                      "i32": {"type": "int32"}, "i64": {"type": "int64"}, "mat": {"shape": [-1, 2], "type": "int32"},
                      "s": {"type": "string"}, "u8": {"shape": [-1], "type": "int32"}}
    row = next(ds.MindDataset(path, shuffle=False).create_dict_iterator(output_numpy=True))
    assert row["mat"].tolist() == [[0, 1], [2, 3]] and row["u8"].dtype == np.int32 and str(row["s"]) == "a"
    assert int(row["b"]) == 1 and row["f16"].dtype == np.float32

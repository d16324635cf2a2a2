"""mindspore.dataset.serialize / deserialize / show / compare: the pipeline nodes' layout and compare() answers
against MindSpore 2.10 (tools/reference/gen_dataset_serialize.py run through the import alias), and round trips
(ms_compat rebuilds what it writes)."""
import json
import pathlib
import runpy
import sys

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json

REF_DIR = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"
REF = load_ref_json("dataset", "serialize")


@pytest.fixture(scope="module")
def got(tmp_path_factory):
    root = tmp_path_factory.mktemp("serialize")
    ms_compat.install()
    try:
        g = runpy.run_path(str(REF_DIR / "gen_dataset_serialize.py"), run_name="gen_dataset_serialize")
        paths = g["write"](str(root))
        yield json.loads(json.dumps(g["run_all"](paths))), paths
    finally:
        ms_compat.uninstall()
    sys.modules.pop("dataset_files_extra", None)


@pytest.mark.parametrize("name", sorted(REF["skeletons"]))
def test_pipeline_layout_matches_mindspore(got, name):
    assert got[0]["skeletons"][name] == REF["skeletons"][name]


@pytest.mark.parametrize("key", ["compare", "roundtrip_rows", "file_skeleton", "to_json_equals_serialize", "errors"])
def test_matches_mindspore(got, key):
    assert got[0][key] == REF[key]


def test_round_trip_rebuilds_sources_samplers_and_operations(got, tmp_path, capsys):
    import ms_compat.dataset as ds
    import ms_compat.dataset.audio as A
    import ms_compat.dataset.vision as V
    from ms_compat import dtype as mstype
    paths = got[1]
    d = (ds.LSUNDataset(paths["lsun"], "all", sampler=ds.SequentialSampler(1, 5))
         .map([V.Decode(), V.Resize((4, 3), V.Inter.BICUBIC), V.HWC2CHW()], ["image"]).batch(2).skip(1))
    rebuilt = ds.deserialize(input_dict=json.loads(json.dumps(ds.serialize(d))))
    assert ds.compare(d, rebuilt)
    rows = lambda x: [[a.tolist() for a in r] for r in x.create_tuple_iterator(output_numpy=True)]  # noqa: E731
    assert rows(d) == rows(rebuilt) and len(rows(d)) == 2
    s = ds.Schema()
    s.add_column("a", de_type=mstype.float32, shape=[2])
    w = ds.RandomDataset(schema=s, total_rows=3).map([A.Flanger(8000, modulation=A.Modulation.TRIANGULAR)], ["a"])
    path = str(tmp_path / "p.json")
    ds.serialize(w, json_filepath=path)
    back = ds.deserialize(json_filepath=path)
    assert ds.compare(w, back) and back.children[0]._specs[0][1] == np.float32
    assert back.get_col_names() == ["a"] and back.get_dataset_size() == 3
    ds.show(w)
    assert '"op_type": "RandomDataset"' in capsys.readouterr().out


def test_python_functions(got):
    import ms_compat.dataset as ds
    d = ds.TFRecordDataset(got[1]["tfrecord"] + "/small.gz", compression_type="GZIP", shuffle=False)
    lam = d.map(lambda x: x + 1, ["x"])
    node = ds.serialize(lam)["operations"][0]
    assert node["tensor_op_name"] == "PyFunc" and "<lambda>" in node["python_function"]
    with pytest.raises(RuntimeError, match="lambda"):
        ds.deserialize(input_dict=ds.serialize(lam))
    named = d.map(np.negative, ["x"])
    back = ds.deserialize(input_dict=ds.serialize(named))
    assert [r[1].tolist() for r in back.create_tuple_iterator(output_numpy=True)][0] == [0, -1]

"""File-format datasets, samplers and pipeline operations against MindSpore 2.10 on the same files
(tools/reference/gen_dataset_files.py run through the import alias; files from tools/reference/dataset_files.py)."""
import pathlib
import runpy
import sys

import pytest

import ms_compat
from conftest import load_ref_json

REF_DIR = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"
REF = load_ref_json("dataset", "files")


@pytest.fixture(scope="module")
def gen(tmp_path_factory):
    root = tmp_path_factory.mktemp("files")
    ms_compat.install()
    try:
        g = runpy.run_path(str(REF_DIR / "gen_dataset_files.py"), run_name="gen_dataset_files")
        paths = g["write"](str(root))
        yield g, paths
    finally:
        ms_compat.uninstall()
    sys.modules.pop("dataset_files", None)


@pytest.mark.parametrize("name", sorted(k for k in REF if not k.startswith("_")))
def test_case_matches_mindspore(gen, name):
    g, paths = gen
    ref = REF[name]
    if "error" in ref:  # MindSpore raised: so must we, with the same type
        with pytest.raises(Exception) as info:
            g["describe"](g["cases"](paths)[name])
        assert type(info.value).__name__ == ref["error"][0]
        return
    got = g["describe"](g["cases"](paths)[name])
    assert got["columns"] == ref["columns"]
    assert got["size"] == ref["size"]
    assert got["count"] == ref["count"]
    assert got["batch_size"] == ref["batch_size"]
    assert len(got["rows"]) == len(ref["rows"])
    if name == "folder_pk":  # MindSpore's PKSampler draws the rows of a class at random: compare the labels
        assert [r[1] for r in got["rows"]] == [r[1] for r in ref["rows"]]
        return
    for k, (a, b) in enumerate(zip(got["rows"], ref["rows"])):
        assert a == b, f"row {k}"


def test_extras(gen):
    g, paths = gen
    assert g["extras"](paths) == REF["_extras"]

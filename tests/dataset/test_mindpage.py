"""mindrecord.MindPage against MindSpore 2.10 (tools/reference/gen_mindpage.py run through the alias): the same
candidate fields, category info strings, paged rows, and errors (MindSpore's ParamValueError / ParamTypeError /
MRMDefineCategoryError are ValueError / TypeError / ValueError in ms_compat; RuntimeError in both)."""
import pathlib
import runpy

import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_mindpage.py"
REF = load_ref_json("dataset", "mindpage")
ERR = {"ParamValueError": "ValueError", "ParamTypeError": "TypeError", "MRMDefineCategoryError": "ValueError",
       "RuntimeError": "RuntimeError"}


def _map(v):
    if isinstance(v, list) and len(v) == 2 and v[0] == "error":
        return ["error", ERR[v[1]]]
    if isinstance(v, list) and v and isinstance(v[0], list) and v[0] and v[0][0] == "error":
        return [_map(x) for x in v]
    return v


@pytest.fixture(scope="module")
def got(tmp_path_factory):
    ms_compat.install()
    try:
        g = runpy.run_path(str(GEN), run_name="gen_mindpage")
        return g["run"](g["write"](str(tmp_path_factory.mktemp("mp"))))
    finally:
        ms_compat.uninstall()


@pytest.mark.parametrize("key", sorted(REF))
def test_mindpage_as_mindspore(got, key):
    assert got[key] == _map(REF[key])

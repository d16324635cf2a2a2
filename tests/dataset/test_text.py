"""mindspore.dataset.text basics against MindSpore 2.10 (tools/reference/gen_dataset_text.py via the alias)."""
import json
import pathlib
import runpy

import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_dataset_text.py"
REF = load_ref_json("dataset", "text")


@pytest.fixture(scope="module")
def got():
    ms_compat.install()
    try:
        res = runpy.run_path(str(GEN), run_name="gen_dataset_text")["run_all"]()
    finally:
        ms_compat.uninstall()
    return json.loads(json.dumps(res, default=str))


@pytest.mark.parametrize("key", sorted(REF))
def test_text_matches_mindspore(got, key):
    assert got[key] == REF[key]

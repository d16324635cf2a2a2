"""Parameter names in every container pattern real code uses (issue 21 item 3): the scenarios of
scenarios_naming.py under ms_compat give what real MindSpore 2.10 gave (tests/reference_data/cell/naming.json,
made by tools/reference/gen_naming.py)."""
import pytest

import ms_compat
from conformance import scenarios_naming
from conformance.test_cell_conformance import _diff
from conftest import load_ref_json

REF = load_ref_json("cell", "naming")


@pytest.mark.parametrize("name", sorted(scenarios_naming.SCENARIOS))
def test_naming_scenario_matches_mindspore(name):
    expected = REF[name]
    assert "__scenario_error__" not in expected, expected
    diffs = []
    _diff(name, scenarios_naming.SCENARIOS[name](ms_compat), expected, diffs)
    assert not diffs, "\n".join(f"{p}: ms_compat={a!r} mindspore={b!r}" for p, a, b in diffs)


def test_reference_covers_every_scenario():
    assert sorted(REF) == sorted(scenarios_naming.SCENARIOS), "re-run: python tools/make_references.py gen_naming"

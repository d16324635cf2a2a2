"""Tensor printing in every string form (str, repr, format with and without a spec, f-strings, print,
list/tuple/dict reprs, % formatting) for each dtype must give what real MindSpore 2.10 gave
(tests/reference_data/cell/tensor_format.json, made by tools/reference/gen_tensor_format.py from
scenarios_tensor_format.py): ``f"loss {loss}"`` prints ``0.8823432``, a 0-d repr shows ``value= 0.882343``,
and ``f"{loss:.4f}"`` is a TypeError."""
import pytest

import ms_compat
from conformance import scenarios_tensor_format
from conftest import load_ref_json

REF = load_ref_json("cell", "tensor_format")


def _diff(path, a, b, out):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            _diff(f"{path}.{k}", a.get(k, "<missing>"), b.get(k, "<missing>"), out)
    elif a != b:
        out.append(f"{path}: ms_compat={a!r} mindspore={b!r}")


@pytest.mark.parametrize("name", sorted(scenarios_tensor_format.SCENARIOS))
def test_tensor_prints_as_mindspore(name):
    expected = REF[name]
    assert "__scenario_error__" not in expected, expected
    got = scenarios_tensor_format.SCENARIOS[name](ms_compat)
    diffs = []
    _diff(name, got, expected, diffs)
    assert not diffs, f"{len(diffs)} differences:\n" + "\n".join(diffs[:40])


def test_reference_covers_every_scenario():
    assert sorted(REF) == sorted(scenarios_tensor_format.SCENARIOS), \
        "re-run: python tools/make_references.py gen_tensor_format"

"""The conversion-testing toolkit against a recording made under real MindSpore 2.10
(tools/reference/gen_compare.py): a faithful port matches; a divergence planted in one inner cell is
named as the first divergent cell, in the table and in the JUnit XML; the command runs without
MindSpore installed."""
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from ms_compat.testing import assert_cells_close, compare_recordings, load_recording, record
from ms_compat.testing.compare_cli import run_comparison

ROOT = pathlib.Path(__file__).resolve().parents[2]
REF = ROOT / "tests" / "reference_data" / "compare"
PATHS = [str(ROOT / "tests")]


def test_faithful_port_matches_recorded_mindspore_eval_and_train():
    for mode in ("eval", "train"):
        rep = run_comparison("testing.planted:lenet", reference_recording=str(REF / f"lenet_{mode}.npz"),
                             init="name-hash", train=(mode == "train"), path=PATHS)
        assert rep.ok, rep.table()
        assert rep.first_divergent is None
        assert [c.call for c in rep.cells][:3] == ["conv1", "relu", "max_pool2d"]
        if mode == "train":
            assert len(rep.grads) == 8 and all(g[3] for g in rep.grads)


def test_planted_divergence_is_named_first(tmp_path):
    rep = run_comparison("testing.planted:lenet_planted", reference_recording=str(REF / "lenet_eval.npz"),
                         init="name-hash", path=PATHS)
    assert not rep.ok
    assert rep.first_divergent.call == "fc2"
    statuses = {c.call: c.status for c in rep.cells}
    assert statuses["fc1"] == "ok" and statuses["fc2"] == "DIVERGES"
    assert statuses["fc3"] == "inherits"  # its input already differs
    assert "fc2" in [l for l in rep.table().splitlines() if "first divergence" in l][0]
    xml_path = tmp_path / "out.xml"
    rep.junit_xml(xml_path)
    root = ET.parse(xml_path).getroot()
    first = [tc.get("name") for tc in root.iter("testcase")
             if tc.find("failure") is not None and tc.find("failure").get("type") == "first_divergence"]
    assert first == ["fc2"]


def test_command_runs_on_recorded_reference_without_mindspore(tmp_path):
    xml_path = tmp_path / "c.xml"
    base = [sys.executable, "-m", "ms_compat.cli", "compare", "--reference-recording",
            str(REF / "lenet_eval.npz"), "--init", "name-hash", "--path", PATHS[0]]
    ok = subprocess.run(base + ["testing.planted:lenet"], capture_output=True, text=True, cwd=str(tmp_path))
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "RESULT: match" in ok.stdout
    bad = subprocess.run(base + ["testing.planted:lenet_planted", "--junit-xml", str(xml_path)],
                         capture_output=True, text=True, cwd=str(tmp_path))
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "first divergence" in bad.stdout and "fc2" in bad.stdout
    assert 'type="first_divergence"' in xml_path.read_text()


def test_assert_cells_close_between_two_live_models():
    import ms_compat as ms
    from ms_compat.testing.recorder import deterministic_weights, make_inputs
    sys.path.insert(0, PATHS[0])
    ms.install(force=True)
    try:
        from testing import planted
        a, b, c = planted.lenet(), planted.lenet(), planted.lenet_planted()
        for n in (a, b, c):
            deterministic_weights(ms, n)
        x = make_inputs(["1,1,32,32"])
        assert_cells_close(a, b, inputs=x)
        with pytest.raises(AssertionError, match="first divergence"):
            assert_cells_close(c, a, inputs=x)
    finally:
        ms.uninstall()


def test_pytest_plugin_fixture(pytester):
    pytester.makeconftest('pytest_plugins = ["ms_compat.testing.pytest_plugin"]')
    pytester.makepyfile(f'''
def test_port(ms_compare):
    ms_compare("testing.planted:lenet", reference={str(REF / "lenet_eval.npz")!r}, init="name-hash",
               path={PATHS!r})

def test_port_diverges(ms_compare):
    ms_compare("testing.planted:lenet_planted", reference={str(REF / "lenet_eval.npz")!r}, init="name-hash",
               path={PATHS!r})
''')
    res = pytester.runpytest_subprocess("-q")
    res.assert_outcomes(passed=1, failed=1)
    assert "fc2" in res.stdout.str()

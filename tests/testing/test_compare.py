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
    base = [sys.executable, "-m", "ms_compat.porting.cli", "compare", "--reference-recording",
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


def _compare_cmd(tmp_path, *args):
    return subprocess.run([sys.executable, "-m", "ms_compat.porting.cli", "compare", "--quiet", "--path", PATHS[0], *args],
                          capture_output=True, text=True, cwd=str(tmp_path), timeout=300)


def test_refuses_independent_random_weights(tmp_path):
    """Without --ckpt/--init the two sides would start from different random weights: a false divergence.
    The command refuses (exit 2, one line pointing at --init/--ckpt) instead of reporting one."""
    r = _compare_cmd(tmp_path, "testing.planted:lenet", "--reference-recording", str(REF / "lenet_eval.npz"))
    assert r.returncode == 2, r.stdout + r.stderr
    assert "DIVERGENCE" not in r.stdout and "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "--init name-hash" in lines[0] and "--ckpt" in lines[0], r.stderr
    with pytest.raises(ValueError, match="independently"):
        run_comparison("testing.planted:lenet", reference_recording=str(REF / "lenet_eval.npz"), path=PATHS)


@pytest.mark.parametrize("target,extra,words", [
    ("testing.planted:no_such_factory", [], "has no callable 'no_such_factory'"),
    ("no_such_module_xyz:build", [], "no module named 'no_such_module_xyz'"),
    ("testing.planted:lenet", ["--input", "1,1,32,32"], "holds the inputs"),
])
def test_usage_errors_exit_2_in_one_line(tmp_path, target, extra, words):
    r = _compare_cmd(tmp_path, target, "--init", "name-hash", "--reference-recording", str(REF / "lenet_eval.npz"),
                     *extra)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    assert lines[0].startswith("ms-compat compare: error:") and words in lines[0], r.stderr


def test_reference_side_usage_errors_exit_2(tmp_path):
    """A bad factory or input rank found by the reference interpreter is a one-line usage error (exit 2),
    not the recorder's traceback. The reference interpreter here is the recorder run under ms_compat (CI has
    no MindSpore); under real MindSpore 2.10 the same runs print e.g. "'testing.planted:lenet' raised under
    MindSpore 2.10.0 on --input [2, 32, 32]:float32: ValueError: For primitive[Conv2D], the x shape size
    must be equal to 4, but got 3."."""
    fake = tmp_path / "refpython"
    fake.write_text(f"#!/bin/sh\nPYTHONPATH={ROOT} exec {sys.executable} -m ms_compat run \"$@\"\n")
    fake.chmod(0o755)
    for target, inp, words in [("testing.planted:lenet", "2,32,32", "raised under MindSpore"),
                               ("testing.planted:nosuch", "1,1,32,32", "has no callable 'nosuch'")]:
        r = _compare_cmd(tmp_path, target, "--init", "name-hash", "--reference-python", str(fake), "--input", inp)
        lines = r.stderr.strip().splitlines()
        assert r.returncode == 2 and len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
        assert words in lines[0], r.stderr
    r = _compare_cmd(tmp_path, "testing.planted:lenet", "--init", "name-hash", "--reference-python", str(fake),
                     "--input", "1,x,32")
    assert r.returncode == 2 and "--input" in r.stderr.strip().splitlines()[-1], r.stderr


def test_report_names_the_ports_class_and_junit_counts_one_failure(tmp_path):
    """ReLU swapped for GELU in the port: the table shows both classes on the first divergent row, and the
    JUnit file has one failure; the cells after it that only inherit it (and the root containing it) are
    skipped, each naming the divergence."""
    rep = run_comparison("testing.planted:lenet_gelu", reference_recording=str(REF / "lenet_eval.npz"),
                         init="name-hash", path=PATHS)
    first_line = [line for line in rep.table().splitlines() if "first divergence" in line][0]
    assert first_line.split()[:3] == ["relu", "ReLU", "GELU"] and "ReLU vs GELU" in first_line
    assert "11 other cells follow from it" in rep.table()
    xml_path = tmp_path / "g.xml"
    rep.junit_xml(xml_path)
    root = ET.parse(xml_path).getroot()
    failed = [tc.get("name") for tc in root.iter("testcase") if tc.find("failure") is not None]
    skipped = [tc for tc in root.iter("testcase") if tc.find("skipped") is not None]
    assert failed == ["relu"] and root.get("failures") == "1"
    assert len(skipped) == 11 and root.get("skipped") == "11"
    assert all("divergence of relu" in tc.find("skipped").get("message") for tc in skipped)


def test_every_option_has_help():
    from ms_compat.testing import compare_cli
    import argparse
    seen = []
    orig = argparse.ArgumentParser.parse_args

    def grab(self, *a, **k):
        seen.extend(act for act in self._actions if not isinstance(act, argparse._HelpAction))
        raise SystemExit(0)
    argparse.ArgumentParser.parse_args = grab
    try:
        with pytest.raises(SystemExit):
            compare_cli.main(["x"])
    finally:
        argparse.ArgumentParser.parse_args = orig
    assert seen and [a.dest for a in seen if not a.help] == []

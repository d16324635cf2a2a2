"""CLI user errors print one line on stderr and exit 2 (issue 22 item 12): exit 1 from
``ms-compat compare`` means "diverged", and a traceback reads as a crash of ms_compat."""
import subprocess
import sys

import pytest

MODEL = "import mindspore.nn as nn\n\ndef make():\n    return nn.Dense(3, 2)\n"

CASES = {
    "bad_npz": ["compare", "mymodel:make", "--reference-recording", "bad.npz", "--path", "."],
    "missing_npz": ["compare", "mymodel:make", "--reference-recording", "missing.npz", "--path", "."],
    "missing_reference_python": ["compare", "mymodel:make", "--input", "2,3", "--reference-python",
                                 "./no/such/python", "--path", "."],
    "no_reference_at_all": ["compare", "mymodel:make", "--input", "2,3"],
    "run_dir_without_main": ["run", "emptydir"],
    "run_missing_module": ["run", "-m", "no_such_module_xyz"],
    "run_missing_submodule": ["run", "-m", "json.no_such_module_xyz"],
    "run_package_without_main": ["run", "-m", "emptypkg"],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_user_error_is_one_line_and_exit_2(case, tmp_path):
    (tmp_path / "mymodel.py").write_text(MODEL)
    (tmp_path / "bad.npz").write_bytes(b"not a zip file\n")
    (tmp_path / "emptydir").mkdir()
    (tmp_path / "emptypkg").mkdir()
    (tmp_path / "emptypkg" / "__init__.py").write_text("")
    r = subprocess.run([sys.executable, "-m", "ms_compat", *CASES[case]], cwd=tmp_path, capture_output=True,
                       text=True, timeout=120)
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    if case == "no_reference_at_all":  # argparse's own usage lines + one error line
        assert lines[0].startswith("usage:") and lines[-1].startswith("ms-compat compare: error:"), r.stderr
    else:
        assert len(lines) == 1 and lines[0].startswith("ms-compat "), r.stderr


def test_version_flag():
    """``ms-compat --version`` (and ``python -m ms_compat --version``) names ms_compat's version and the
    MindSpore API it follows."""
    import ms_compat
    for cmd in ([sys.executable, "-m", "ms_compat", "--version"], [sys.executable, "-m", "ms_compat.porting.cli", "-V"]):
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0 and r.stderr == "", r.stderr
        assert r.stdout.startswith(f"ms-compat {ms_compat.__ms_compat_version__} (the MindSpore 2.10.0 API on torch ")

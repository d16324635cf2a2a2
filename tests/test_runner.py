"""`ms-compat run` / `python -m ms_compat`: unchanged MindSpore projects (issue 8)."""
import pytest

from conftest import load_ref_json
from dropin_util import PYTHON, assert_lines_match, copy_project, printed_lines, run
from ms_compat.runner import main


def test_ms_compat_run_script_matches_mindspore(tmp_path):
    proj = copy_project(tmp_path)
    ref = load_ref_json("dropin", "main")
    r = run([PYTHON, "-m", "ms_compat.cli", "run"] + ref["args"], cwd=proj)
    assert r.returncode == 0, r.stderr[-3000:]
    assert_lines_match(printed_lines(r.stdout), ref["lines"])


def test_python_m_ms_compat_module_form_with_relative_imports(tmp_path):
    proj = copy_project(tmp_path)
    ref = load_ref_json("dropin", "cli")
    r = run([PYTHON, "-m", "ms_compat"] + ref["args"], cwd=proj)
    assert r.returncode == 0, r.stderr[-3000:]
    assert_lines_match(printed_lines(r.stdout), ref["lines"])


def test_exit_code_and_main_name(tmp_path):
    script = tmp_path / "s.py"
    script.write_text("import sys, mindspore\nprint(__name__, sys.argv[1:], mindspore.__name__)\nsys.exit(3)\n")
    r = run([PYTHON, "-m", "ms_compat", str(script), "x", "--y"], cwd=tmp_path)
    assert r.returncode == 3
    assert r.stdout.strip() == "__main__ ['x', '--y'] ms_compat"


def test_usage_errors(tmp_path, capsys):
    assert main([]) == 2
    assert main(["--help"]) == 0
    assert main([str(tmp_path / "missing.py")]) == 2
    assert "can't open file" in capsys.readouterr().err
    assert main(["-m"]) == 2

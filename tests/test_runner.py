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


def test_run_prints_dtypes_as_mindspore(tmp_path):
    """`print` in a program run through the alias writes dtypes as MindSpore 2.10 does (the same text as
    the real-semantics scenario printed_by_print, whose reference real MindSpore printed)."""
    ref = load_ref_json("real_semantics", "scenarios")["eager"]["printed_by_print"]
    script = tmp_path / "p.py"
    script.write_text("import numpy as np\nimport mindspore as ms\n"
                      "x = ms.Tensor(np.array([[1.5, 2.0], [3.0, 4.25]], np.float32))\n"
                      "print(x.dtype)\nprint('dtype:', x.dtype, ms.int8, 3, 's')\n"
                      "print([x.dtype, ms.bool_], (ms.float16,), (ms.uint8, ms.int64))\n"
                      "print(str(ms.int8), repr(ms.float16), f'{x.dtype}|{x.dtype!r}', '%s' % ms.bool_)\n")
    r = run([PYTHON, "-m", "ms_compat", str(script)], cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    spelled = load_ref_json("real_semantics", "scenarios")["eager"]["dtype_spellings"]
    assert r.stdout.splitlines() == ref[:3] + [" ".join([spelled["int8"][0], spelled["float16"][1],
                                                         spelled["float32"][4], spelled["bool_"][0]])]


def test_install_print_dtypes_switch_and_uninstall(monkeypatch):
    import builtins

    import torch

    import ms_compat
    from ms_compat import _dtype_spelling, _print_hook, alias
    if alias.is_installed():
        pytest.skip("the alias is installed by this session")
    before = builtins.print
    try:
        ms_compat.install(print_dtypes=False)
        assert builtins.print is before and str(torch.int8) == "torch.int8"
        alias.uninstall()
        ms_compat.install()  # the dtype slots are spelled as MindSpore's; print itself is left alone
        assert _dtype_spelling.is_installed() and builtins.print is before
        spell = "(str(torch.int8), repr(torch.int8), f'{[torch.bool]}')"
        assert eval(spell, {"torch": torch, "ms": ms_compat}) == ("Int8", "mindspore.int8", "[mindspore.bool]")
        assert eval(spell, {"torch": torch}) == ("torch.int8", "torch.int8", "[torch.bool]")  # not MindSpore code
        alias.uninstall()
        assert not _dtype_spelling.is_installed() and str(torch.int8) == "torch.int8"
        # where the interpreter's type layout is not recognised, install() falls back to the print hook
        monkeypatch.setattr(_dtype_spelling, "_head", lambda tp: None)
        ms_compat.install()
        assert not _dtype_spelling.is_installed() and builtins.print is _print_hook.mindspore_print
        # arguments that hold no dtype are handed on as they are (the same objects)
        seen = []
        _print_hook._original_print = lambda *a, **k: seen.append((a, k))
        obj = object()
        builtins.print(obj, [1], torch.int8, sep="|")
        assert seen == [((obj, [1], "Int8"), {"sep": "|"})]
    finally:
        _print_hook._original_print = before
        alias.uninstall()
    assert builtins.print is before and str(torch.int8) == "torch.int8"

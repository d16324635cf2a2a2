"""`ms-compat run` / `python -m ms_compat`: unchanged MindSpore projects (issue 8)."""
import pytest

from conftest import load_ref_json
from dropin_util import PYTHON, assert_lines_match, copy_project, printed_lines, run
from ms_compat.porting.runner import main


def test_ms_compat_run_script_matches_mindspore(tmp_path):
    proj = copy_project(tmp_path)
    ref = load_ref_json("dropin", "main")
    r = run([PYTHON, "-m", "ms_compat.porting.cli", "run"] + ref["args"], cwd=proj)
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
    from ms_compat.porting import _dtype_spelling, _print_hook, alias
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


@pytest.mark.parametrize("case", ["user_error", "op_error", "missing_name"])
def test_traceback_starts_at_the_script_as_python_shows_it(tmp_path, case):
    """An uncaught error under ``ms-compat run`` shows the traceback ``python script.py`` shows under real
    MindSpore 2.10 (tests/reference_data/utils/script_traceback.json): it starts at the script (no runner or
    runpy frames) and ms_compat's own classes are named bare (``MissingAPIError: ...``, MindSpore raises a
    plain ``AttributeError`` there; MissingAPIError is one). Differences kept: MindSpore's PyNative reports
    an op's error at the next synchronising line (``print(y)``), ms_compat at the op."""
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent / "data"))
    import script_traceback_cases
    ref = load_ref_json("utils", "script_traceback")[case]
    path = tmp_path / f"{case}.py"
    path.write_text(script_traceback_cases.SCRIPTS[case])
    r = run([PYTHON, "-m", "ms_compat", "run", path.name], cwd=tmp_path)
    lines = [line.replace(str(tmp_path), "DIR") for line in r.stderr.splitlines()]
    assert r.returncode == ref["returncode"] == 1
    assert "runpy" not in r.stderr and "runner.py" not in r.stderr and "cli.py" not in r.stderr, r.stderr
    head = lines[lines.index("Traceback (most recent call last):"):][:3]
    last = [line for line in lines if line and not line[0].isspace()][-1]
    if case == "op_error":
        assert head[1].startswith(f'  File "DIR/{case}.py", line ') and ref["head"][1].startswith(head[1][:24])
        assert last.startswith("RuntimeError: For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2]")
    elif case == "missing_name":
        assert head == ref["head"], r.stderr
        assert ref["last"].startswith("AttributeError: module 'mindspore.ops' has no attribute 'reluu'")
        assert last.startswith("MissingAPIError: 'mindspore.ops.reluu' is not a name of MindSpore"), r.stderr
    else:
        assert head == ref["head"] and last == ref["last"], r.stderr


def test_script_excepthook_gets_the_shortened_traceback(tmp_path):
    script = tmp_path / "hook.py"
    script.write_text("import sys, traceback\n"
                      "def hook(t, e, tb):\n"
                      "    print('HOOK', t.__name__, [f.name for f in traceback.extract_tb(tb)])\n"
                      "sys.excepthook = hook\n"
                      "def f():\n"
                      "    raise KeyError('k')\n"
                      "f()\n")
    r = run([PYTHON, "-m", "ms_compat", "run", str(script)], cwd=tmp_path)
    assert r.returncode == 1 and r.stdout.strip() == "HOOK KeyError ['<module>', 'f']", r.stdout + r.stderr

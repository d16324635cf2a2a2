"""Every MindSpore 2.10 name imports under install(); a name ms_compat lacks is a placeholder that fails when
used, naming the MindSpore path (issue 16 section 1); real MindSpore packages import whole with no placeholder
used while importing."""
import importlib
import importlib.util
import json
import logging
import os
import pathlib
import subprocess
import sys

import pytest

import ms_compat
from ms_compat.porting import _api_names
from ms_compat.porting._missing import MissingAPIError, is_placeholder, used_placeholders

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _child(code, env=None, timeout=600):
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout,
                       env=dict(os.environ, **(env or {})))
    lines = [line for line in r.stdout.splitlines() if line.startswith("@@")]
    assert lines, r.stdout[-2000:] + r.stderr[-3000:]
    return json.loads(lines[-1][2:])


def test_the_names_list_is_complete():
    mods = _api_names.modules()
    assert len(mods) > 500 and sum(len(v) for v in mods.values()) > 15000
    for module, name in [("mindspore.common.initializer", "_calculate_correct_fan"), ("mindspore.train.amp",
                         "_auto_black_list"), ("mindspore.ops.operations.nn_ops", "FlashAttentionScore"),
                         ("mindspore.dataset", "BatchInfo"), ("mindspore", "RowTensor"), ("mindspore.mint.nn", "Linear"),
                         ("mindspore.experimental.optim", "Adam"), ("mindspore.version", "__version__")]:
        assert _api_names.has_name(module, name), (module, name)
    for module in ["mindspore.boost", "mindspore.log", "mindspore.hal", "mindspore.runtime", "mindspore.mint.nn.functional",
                   "mindspore.dataset.vision", "mindspore.parallel.nn", "mindspore.nn.probability.distribution",
                   "mindspore.train.metrics", "mindspore.ops.operations.nn_ops"]:
        assert _api_names.is_module(module), module
    assert all(n.isidentifier() for v in mods.values() for n in v)  # no junk names ('.', '0', ...)


def test_every_mindspore_name_imports_under_install():
    """Each module of the list imports, and each of its names resolves (real, or a placeholder), with nothing
    used: ~17,000 getattr calls in a fresh interpreter."""
    code = """
import importlib, json, warnings, logging
warnings.filterwarnings("ignore"); logging.disable(logging.CRITICAL)
import ms_compat
from ms_compat.porting import _api_names
from ms_compat.porting._missing import is_placeholder, used_placeholders
ms_compat.install()
bad, n, ph = [], 0, 0
for mod, names in sorted(_api_names.modules().items()):
    try:
        m = importlib.import_module(mod)
    except BaseException as e:
        bad.append(f"import {mod}: {type(e).__name__}: {e}"); continue
    for name in sorted(names):
        n += 1
        try:
            ph += is_placeholder(getattr(m, name))
        except BaseException as e:
            bad.append(f"{mod}.{name}: {type(e).__name__}: {e}")
for path, target in _api_names._load()[2].items():
    mod, _, name = path.rpartition(".")
    try:
        getattr(importlib.import_module(mod), name)
    except BaseException as e:
        bad.append(f"{path}: {type(e).__name__}: {e}")
print("@@" + json.dumps({"bad": bad[:50], "n": n, "placeholders": ph, "used": used_placeholders()}))
"""
    out = _child(code)
    assert not out["bad"], "\n".join(out["bad"])
    assert out["n"] > 15000 and out["used"] == {}


def test_placeholder_holds_still_and_fails_when_used(caplog):
    p = ms_compat.nn.DenseThor  # MindSpore 2.10 has it; ms_compat does not (yet)
    assert is_placeholder(p) and p is ms_compat.nn.DenseThor
    assert isinstance(1, p) is False and isinstance(1, (int, p)) and not issubclass(int, p)
    d = {p: 1}  # hashable, can sit in tables, annotations, isinstance tuples
    assert d[p] == 1 and p == p and "mindspore.nn.DenseThor" in repr(p)
    assert (p | None) is not None  # `Missing | None` in an annotation
    with caplog.at_level(logging.WARNING, logger="ms_compat"):
        for use in (lambda: p(), lambda: p.priority, lambda: bool(p), lambda: list(p), lambda: p[0]):
            with pytest.raises(MissingAPIError) as ei:
                use()
            e = ei.value
            assert e.path == "mindspore.nn.DenseThor" and e.kind == "not_yet"
            assert "'mindspore.nn.DenseThor' (MindSpore 2.10.0) is not implemented in ms_compat yet" in str(e)
            assert "python -m ms_compat coverage mindspore.nn.DenseThor" in str(e)
    logged = [r for r in caplog.records if "mindspore.nn.DenseThor" in r.getMessage()]
    assert len(logged) <= 1  # logged once per process (earlier tests may have used it already)
    assert "mindspore.nn.DenseThor" in used_placeholders()
    assert not hasattr(p, "priority") and getattr(p, "priority", 7) == 7  # MissingAPIError is an AttributeError


def test_subclassing_a_placeholder_defers_the_error_to_instantiation():
    """``class Foo(boost.GradientAccumulation)`` at module level (mindcv does this) must not stop the import;
    creating an instance raises, naming the missing base."""
    base = importlib.import_module("ms_compat.porting._missing").placeholder("mindspore.boost.GradientAccumulation")

    class Mine(base):
        extra = 1

        def method(self):
            return 2

    assert Mine.extra == 1 and Mine.method is not None
    with pytest.raises(MissingAPIError, match=r"Mine cannot be created: its base 'mindspore.boost.GradientAccumulation'"):
        Mine()
    with pytest.raises(MissingAPIError, match="mindspore.boost.GradientAccumulation"):
        Mine.some_inherited_method  # a name the missing base would have provided


def test_strict_imports_fail_at_import(monkeypatch):
    monkeypatch.setenv("MS_COMPAT_STRICT_IMPORTS", "1")
    with pytest.raises(MissingAPIError, match="'mindspore.nn.DenseThor' .* not implemented in ms_compat yet"):
        ms_compat.nn.DenseThor
    with pytest.raises(MissingAPIError):
        class Mine(importlib.import_module("ms_compat.porting._missing").placeholder("mindspore.boost.AdaSum")):
            pass


def test_three_kinds_of_message():
    # not in MindSpore 2.10: did-you-mean
    with pytest.raises(MissingAPIError) as ei:
        ms_compat.ops.reluu
    assert ei.value.kind == "absent" and "is not a name of MindSpore 2.10.0" in str(ei.value)
    assert "Did you mean 'mindspore.ops.relu'" in str(ei.value)
    # will not: the PyTorch alternative
    with pytest.raises(MissingAPIError) as ei:
        ms_compat.export_split_mindir("net.mindir")
    assert ei.value.kind == "will_not" and "will not be" in str(ei.value) and "mindspore.load" in str(ei.value)
    # not yet: the coverage command shipped with the package
    with pytest.raises(MissingAPIError) as ei:
        ms_compat.nn.Conv2dThor()
    assert ei.value.kind == "not_yet" and "python -m ms_compat coverage mindspore.nn.Conv2dThor" in str(ei.value)
    # a MindSpore-internal name nobody uses
    with pytest.raises(MissingAPIError) as ei:
        ms_compat.nn._no_such_private_helper
    assert ei.value.kind == "internal"


def test_coverage_command():
    r = subprocess.run([sys.executable, "-m", "ms_compat", "coverage", "mindspore.nn.Dense", "mindspore.export_split_mindir",
                        "mindspore.ops.reluu", "mindspore.nn.Conv2dThor"], capture_output=True, text=True, timeout=120)
    lines = r.stdout.splitlines()
    assert lines[0] == "mindspore.nn.Dense: covered"
    assert lines[1].startswith("mindspore.export_split_mindir: will not (MindSpore Lite") and \
        "mindspore.export" in lines[1]
    assert lines[2].startswith("mindspore.ops.reluu: absent (did you mean mindspore.ops.relu")
    assert lines[3] == "mindspore.nn.Conv2dThor: not yet"
    assert r.returncode == 1  # an absent name


def test_importlib_metadata_sees_mindspore_under_install():
    """Real packages check ``importlib.metadata.version("mindspore")`` before importing it (mindone does)."""
    out = _child("import importlib.metadata, json, ms_compat\nms_compat.install()\nimport mindspore\n"
                 "print('@@' + json.dumps([importlib.metadata.version('mindspore'), mindspore.__version__]))")
    assert out == ["2.10.0", "2.10.0"]


# ---------------------------------------------------------------- whole real packages
_IMPORT_ALL = """
import importlib, importlib.util, json, logging, pathlib, sys, warnings, io, contextlib
warnings.filterwarnings("ignore"); logging.disable(logging.CRITICAL)
import ms_compat
ms_compat.install()
pkg, only_mint = sys.argv[1], sys.argv[2] == "1"
root = pathlib.Path(importlib.util.find_spec(pkg).submodule_search_locations[0])
ok, failed = [], {}
for p in sorted(root.rglob("*.py")):
    if only_mint and "mint" not in p.read_text(errors="ignore"):
        continue
    parts = (pkg,) + p.relative_to(root).with_suffix("").parts
    mod = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            importlib.import_module(mod)
        ok.append(mod)
    except Exception as e:
        failed[mod] = f"{type(e).__name__}: {str(e)[:200]}"
print("@@" + json.dumps({"ok": ok, "failed": failed, "used": ms_compat.porting._missing.used_placeholders()}))
"""


def _import_all(pkg, only_mint, pythonpath=None):
    env = {"PYTHONPATH": os.pathsep.join([str(ROOT)] + ([pythonpath] if pythonpath else []) +
                                         [os.environ.get("PYTHONPATH", "")])}
    r = subprocess.run([sys.executable, "-c", _IMPORT_ALL, pkg, "1" if only_mint else "0"], capture_output=True,
                       text=True, timeout=900, env=dict(os.environ, **env))
    lines = [line for line in r.stdout.splitlines() if line.startswith("@@")]
    assert lines, r.stderr[-3000:]
    return json.loads(lines[-1][2:])


def _needs_data_pipeline():
    if importlib.util.find_spec("ms_compat.dataset.vision") is None:
        pytest.skip("the package's module-level defaults use mindspore.dataset.vision.Inter: needs "
                    "ms_compat.dataset.vision (the dataset work)")


def test_mindcv_imports_whole_with_no_placeholder_used():
    if importlib.util.find_spec("mindcv") is None:
        pytest.skip("mindcv is not installed (pip install --no-deps mindcv==0.3.0)")
    _needs_data_pipeline()
    out = _import_all("mindcv", only_mint=False)
    assert not out["failed"], out["failed"]
    assert len(out["ok"]) > 100 and out["used"] == {}


# mindone 0.5.0, mindocr 0.5.0 and mindaudio 0.3.0 import whole, compared module by module with real MindSpore 2.10,
# in tests/thirdparty/test_whole_packages.py (their third-party dependencies installed there, pinned)

"""The whole MindSpore 2.10 namespace under ``ms_compat.install()`` (issue 27), by construction from the inventory
real MindSpore wrote (tools/reference/gen_ms_namespace.py -> ms_compat/porting/_data/mindspore_namespace.json.gz): every
module imports, every attribute resolves, every ``__all__`` is MindSpore's, ``from X import *`` binds MindSpore's
names, and a re-export is the same object as its canonical holder. The known differences, each with its reason,
are tests/reference_data/namespace/known_differences.json."""
import json
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
KNOWN = json.loads((HERE / "reference_data" / "namespace" / "known_differences.json").read_text())


@pytest.fixture(scope="module")
def walk():
    r = subprocess.run([sys.executable, str(HERE / "namespace_walk.py")], capture_output=True, text=True,
                       cwd=str(ROOT), timeout=600, env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_every_recorded_module_is_walked(walk):
    from ms_compat.porting import _namespace
    assert walk["modules"] == len(_namespace.modules()) > 1300


@pytest.mark.parametrize("what", ["import", "attr", "all"])
def test_every_module_imports_every_attribute_resolves_every_all_is_mindsporess(walk, what):
    assert walk["bad"][what] == {}


def test_star_imports_bind_mindspores_names(walk):
    assert set(walk["bad"]["star"]) <= set(KNOWN["star"]), {k: v for k, v in walk["bad"]["star"].items()
                                                            if k not in KNOWN["star"]}


def test_reexports_are_the_same_object(walk):
    new = {k: v for k, v in walk["bad"]["same"].items() if k not in KNOWN["same"]}
    assert not new


# names real MindSpore packages use at import time: real objects, never placeholders
IMPORT_TIME = [("mindspore.ops.primitive", "_primexpr"), ("mindspore.ops.primitive", "constexpr"),
               ("mindspore.train.summary.summary_record", "_get_summary_tensor_data"),
               ("mindspore.train._utils", "_make_directory"), ("mindspore.train.amp", "_config_level"),
               ("mindspore", "jacrev"), ("mindspore", "jacfwd"), ("mindspore.ops.composite", "clip_by_value")]


def test_import_time_names_are_real():
    code = ("import importlib, json, ms_compat\nfrom ms_compat.porting._missing import is_placeholder\nms_compat.install()\n"
            f"print(json.dumps([m + '.' + n for m, n in {IMPORT_TIME!r} "
            "if is_placeholder(getattr(importlib.import_module(m), n))]))\n"
            "from mindspore.ops.primitive import _primexpr\n@_primexpr\ndef f(x):\n    return x + 1\n"
            "assert f(1) == 2\nfrom mindspore.train.amp import _config_level\n"
            "assert _config_level['O2']['keep_batchnorm_fp32'] is True and sorted(_config_level) == "
            "['O0', 'O1', 'O2', 'O3', 'auto']\n"
            "from mindspore.train.summary.summary_record import _get_summary_tensor_data as g, "
            "_cache_summary_tensor_data as c\nc([{'name': 'a', 'data': 1}])\nassert g() == {'a': 1} and g() == {}\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT), timeout=300,
                       env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stderr[-3000:]
    assert json.loads(r.stdout.strip().splitlines()[-1]) == []


def test_issue_star_imports_have_mindspores_all():
    code = ("import ms_compat\nms_compat.install()\nimport mindspore.nn.layer as L, mindspore.numpy as mnp, "
            "mindspore.ops.composite as C, mindspore.nn.wrap as W, mindspore.common as c, mindspore.ops.functional "
            "as F, mindspore.nn.metrics as M\n"
            "print(len(L.__all__), len(mnp.__all__), len(C.__all__), len(W.__all__), hasattr(c, '__all__'), "
            "hasattr(F, '__all__'), hasattr(M, '__all__'))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT), timeout=300,
                       env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.split() == ["151", "250", "41", "17", "True", "True", "True"]


def test_signatures_match_mindspore(walk):
    """Every implemented callable has MindSpore's parameters (names, kinds, order, defaults), under the rules of
    namespace_walk._differ. The differences that stay are listed in signature_differences.json, each with its
    reason: a difference not listed fails, so does a listed one whose text changed or that is gone."""
    listed = json.loads((HERE / "reference_data" / "namespace" / "signature_differences.json").read_text())
    diffs = listed["differences"]
    assert all(isinstance(v.get("why"), str) and v["why"] for v in diffs.values())
    got = walk["bad"]["signature"]
    assert {k: v for k, v in got.items() if diffs.get(k, {}).get("diff") != v} == {}, "new or changed differences"
    assert sorted(set(diffs) - set(got)) == [], "listed differences that are gone: remove them from the json"


def test_dunder_attrs_are_the_inventorys():
    from ms_compat.porting import _namespace
    names = {n for e in _namespace.modules().values() for n in e["attrs"] if n.startswith("__") and n.endswith("__")}
    assert _namespace.DUNDER_ATTRS == names


def test_plain_use_does_not_load_the_inventory():
    """``import ms_compat``, ``install()`` and everyday imports leave the inventory unread (it is read lazily)."""
    code = ("import ms_compat\nms_compat.install()\nimport mindspore, mindspore.nn as nn, mindspore.ops as ops\n"
            "from mindspore import Tensor, Parameter\nfrom mindspore.common.dtype import float32\n"
            "from mindspore.nn import Dense\nfrom ms_compat.porting import _namespace\nprint(_namespace._data is None)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT), timeout=300,
                       env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.split()[-1] == "True"

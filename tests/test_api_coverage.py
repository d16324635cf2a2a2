"""API coverage: the committed migration_guides/api-coverage.md is what tools/api_coverage.py generates
now, and every MindSpore name the model corpus uses is covered."""
import ast
import pathlib
import subprocess
import sys

import pytest

import ms_compat
from ms_compat.porting._missing import MissingAPIError

ROOT = pathlib.Path(__file__).resolve().parent.parent
ALIASES = {"nn": "ms_compat.nn", "ops": "ms_compat.ops", "ms": "ms_compat", "mindspore": "ms_compat",
           "P": "ms_compat.ops.operations"}


def test_coverage_page_is_up_to_date():
    r = subprocess.run([sys.executable, "tools/api_coverage.py", "--check"], cwd=str(ROOT), capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def _corpus_uses():
    uses = set()
    for path in (ROOT / "tests" / "models").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ALIASES:
                uses.add((ALIASES[node.value.id], node.attr))
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("mindspore"):
                mod = "ms_compat" + node.module[len("mindspore"):]
                for a in node.names:
                    uses.add((mod, a.name))
    return uses


def test_every_name_the_corpus_uses_is_covered():
    import importlib
    uses = _corpus_uses()
    assert len(uses) > 40
    missing = []
    for mod, name in sorted(uses):
        m = importlib.import_module(mod)
        if not hasattr(m, name) or ms_compat.porting._missing.is_placeholder(getattr(m, name)):
            missing.append(f"{mod}.{name}")
    assert not missing, missing


def test_missing_api_error_names_the_mindspore_api():
    with pytest.raises(MissingAPIError) as ei:
        ms_compat.nn.SomethingNotThere
    assert "'mindspore.nn.SomethingNotThere' is not a name of MindSpore 2.10" in str(ei.value)
    assert ei.value.kind == "absent" and ei.value.path == "mindspore.nn.SomethingNotThere"
    with pytest.raises(MissingAPIError, match=r"Did you mean 'mindspore.ops.relu'"):
        ms_compat.ops.reluu

"""The ground floor (``ms_compat.common.*``, ``ms_compat.context``) does not import the floors above it
(nn/, ops/, train/, amp/, …), neither at import time nor inside its functions (issue 16 section 4)."""
import ast
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
GROUND = sorted((ROOT / "ms_compat" / "common").glob("*.py")) + [ROOT / "ms_compat" / "context.py"]
UPPER = ("nn", "ops", "train", "amp", "dataset", "mint", "parallel", "communication", "experimental", "numpy")


def test_importing_the_ground_floor_imports_nothing_above_it():
    code = ("import importlib, json, pkgutil, sys\nimport ms_compat.common as c\n"
            "for info in pkgutil.iter_modules(c.__path__):\n    importlib.import_module('ms_compat.common.' + info.name)\n"
            "import ms_compat.context\nprint('@@' + json.dumps(sorted(m for m in sys.modules if m.startswith('ms_compat'))))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ))
    lines = [line for line in r.stdout.splitlines() if line.startswith("@@")]
    assert lines, r.stderr[-3000:]
    mods = json.loads(lines[0][2:])
    assert "ms_compat.common.tensor" in mods and "ms_compat.common.jit" in mods
    above = [m for m in mods if m.count(".") and m.split(".")[1] in UPPER]
    assert not above, above


def _imports(path):
    """Every module a file imports, at any depth (module level or inside functions), as absolute names."""
    pkg = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = pkg.split(".")[:len(pkg.split(".")) - node.level + 1] if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            yield mod
            for a in node.names:
                yield f"{mod}.{a.name}"


def test_no_ground_floor_file_refers_to_an_upper_floor():
    bad = []
    for path in GROUND:
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] == "ms_compat" and len(parts) > 1 and parts[1] in UPPER:
                bad.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not bad, bad

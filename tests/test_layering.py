"""The import arrows of the package (ARCHITECTURE.md, "Where things are").

* The ground floor (``ms_compat.common.*``, ``ms_compat.context``) does not import the floors above it
  (nn/, ops/, train/, amp/, …), neither at import time nor inside its functions (issue 16 section 4).
* Two halves (issue 31): the MindSpore API mirror, and the porting machinery in ``ms_compat/porting/``. The mirror
  reaches the machinery only through the listed entry points (the placeholders of ``porting._missing``;
  ``install``/``uninstall`` and ``python -m ms_compat`` at the package root); the machinery may import the mirror.
  The package root holds MindSpore's modules and a listed few internals, nothing of the machinery.
* ``nn/cell.py`` imports none of the features that decorate a Cell (amp/, parallel/, train/, recompute, jit ...):
  they declare their Cell methods and ``nn/_cell_features.py`` installs them.
"""
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


# ---- the two halves (issue 31): the MindSpore API mirror, and the porting machinery in ms_compat/porting/
PKG = ROOT / "ms_compat"
PORTING = PKG / "porting"
# what the mirror may take from the machinery: the placeholders of MindSpore names not built yet
MIRROR_MAY_IMPORT = {"ms_compat.porting._missing", "ms_compat.porting._missing.module_getattr",
                     "ms_compat.porting._missing.MissingAPIError", "ms_compat.porting._missing.placeholder",
                     "ms_compat.porting._missing.is_placeholder"}
# entry points of the whole package that are the machinery's by nature (file -> what it may import or name)
ENTRY_POINTS = {
    "ms_compat/__main__.py": {"ms_compat.porting.cli", "ms_compat.porting.cli.COMMANDS", "ms_compat.porting.cli.main",
                              "ms_compat.porting.runner", "ms_compat.porting.runner.main"},
    "ms_compat/__init__.py": {"ms_compat.porting.alias:install", "ms_compat.porting.alias:uninstall"},  # _LAZY
}
# root modules that are neither a MindSpore module nor the machinery, and why
ROOT_INTERNALS = {
    "_torch_seam": "the one seam to PyTorch's private internals; both halves use it",
    "_mindspore_code": "the rule 'which code is MindSpore code' that scopes every change to PyTorch; both halves",
    "_tensor_op_methods": "installs Tensor's ops-implemented methods (ground-floor Tensor, ops above it)",
    "_streams": "mindspore.runtime / mindspore.hal streams (one implementation for both modules)",
    "_context_messages": "the warnings mindspore.context.set_context logs",
    "device": "mindspore.set_device / get_current_device / synchronize ... (top-level functions)",
    "_data": "data files of the mirror (dataset.text's Unicode scripts)",
    "testing": "ms_compat.testing: the documented layer-comparison tool (README, migration_guides/README.md)",
    "porting": "the porting machinery",
}


def _mirror_files():
    return [p for p in sorted(PKG.rglob("*.py")) if PORTING not in p.parents and p != PKG / "__main__.py"]


def _strings(path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("ms_compat.porting"):
            yield node.value


def test_the_mirror_reaches_the_machinery_only_through_listed_entry_points():
    bad = []
    for path in _mirror_files() + [PKG / "__main__.py"]:
        rel = path.relative_to(ROOT).as_posix()
        allowed = MIRROR_MAY_IMPORT | ENTRY_POINTS.get(rel, set())
        for name in list(_imports(path)) + list(_strings(path)):
            if (name == "ms_compat.porting" or name.startswith("ms_compat.porting.")) and name not in allowed:
                bad.append(f"{rel} uses {name}")
    assert not bad, bad


def test_the_package_root_holds_the_mirror_and_the_machinery_is_one_subpackage():
    from ms_compat.porting import _namespace
    mindspore_top = {m.split(".")[1] for m in _namespace.modules() if m.count(".") >= 1}
    stray = []
    for entry in sorted(PKG.iterdir()):
        name = entry.stem if entry.suffix == ".py" else entry.name
        if name.startswith("__") or (entry.is_dir() and not any(entry.iterdir())):
            continue
        if name not in mindspore_top and name not in ROOT_INTERNALS:
            stray.append(entry.name)
    assert not stray, f"root modules that are no MindSpore module (machinery belongs in ms_compat/porting/): {stray}"
    assert (PORTING / "alias.py").is_file() and (PORTING / "cli.py").is_file() and (PORTING / "_missing.py").is_file()


# ---- Cell does not know the features that decorate it
FEATURE_PACKAGES = ("ms_compat.amp", "ms_compat.parallel", "ms_compat.train", "ms_compat.nn.graph_mode")


def test_cell_imports_none_of_the_features_that_decorate_it():
    from ms_compat.nn._cell_features import FEATURES
    features = tuple(FEATURES) + FEATURE_PACKAGES
    bad = [n for n in _imports(PKG / "nn" / "cell.py") if n.startswith(features)]
    assert not bad, bad


def test_every_feature_method_is_on_cell_with_mindspore_signature():
    """``import ms_compat`` gives the full Cell: each feature's methods are on the class (dir, signature with
    ``self``, docstring, name), and resolve to the feature module's function."""
    import importlib
    import inspect
    from ms_compat import nn
    from ms_compat.nn._cell_features import FEATURES
    for module_name, names in FEATURES.items():
        table = importlib.import_module(module_name).CELL_METHODS
        assert set(table) == set(names), module_name
        for name in names:
            assert name in dir(nn.Cell)
            meth = getattr(nn.Cell, name)
            assert meth is table[name] and meth.__name__ == name and meth.__doc__
            assert next(iter(inspect.signature(meth).parameters)) == "self"
            assert inspect.signature(getattr(nn.Dense(1, 1), name)) == \
                inspect.signature(meth).replace(parameters=list(inspect.signature(meth).parameters.values())[1:])

"""Every third-party package that the project's code imports is declared (issue 29): a fresh machine installs
only what pyproject.toml names, so an import that works here because a package happens to be installed would
fail there.

The walk covers ms_compat/, tests/, tools/, benchmarks/ and examples/: every ``import``/``from … import`` at any
depth (an import inside a function still runs). A package counts as declared when its distribution is in the core
``dependencies``, in the ``test`` extra that README.md's test command installs, or required (recursively, by the
installed metadata) by one of those. An import is *guarded* — and not counted — inside a ``try`` whose handler
catches ImportError (or a parent of it), or under ``if TYPE_CHECKING``; a test that needs an optional package
says so with ``pytest.importorskip``, which is a call, not an import statement.

The reference generators ``tools/reference/gen_*.py`` are the exception with a rule of their own: they run under real MindSpore in their
own venv (``.msref``, see tools/make_references.py), so their imports are checked against MindSpore 2.10's
requirements (REFERENCE_VENV below) plus the project's declared set."""
import ast
import importlib.metadata as md
import pathlib
import re
import sys
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
TREES = ["ms_compat", "tests", "tools", "benchmarks", "examples"]
# the project's own top-level names, and the name the alias serves
SELF = {"ms_compat", "mindspore", "tests", "tools", "benchmarks", "examples", "conftest"}
# the reference venv: `pip install mindspore==2.10.0 "numpy<2"` (MindSpore 2.10's own requirements)
REFERENCE_VENV = {"mindspore", "numpy", "pillow", "scipy", "protobuf", "asttokens", "psutil", "astunparse",
                  "packaging", "safetensors", "dill"}
# import name -> distribution, for packages the import name does not spell (used when one is not installed)
KNOWN_DISTRIBUTIONS = {"cv2": "opencv-python-headless", "google": "protobuf", "PIL": "pillow", "yaml": "pyyaml",
                       "sklearn": "scikit-learn", "skimage": "scikit-image", "functorch": "torch"}


def _norm(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirement_name(req):
    return _norm(re.split(r"[<>=!~\[; (]", req, maxsplit=1)[0].strip())


def declared_distributions():
    """The core dependencies and the test extra, closed over their installed requirements."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    todo = [_requirement_name(r) for r in project["dependencies"] + project["optional-dependencies"]["test"]]
    seen = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = md.requires(name) or []
        except md.PackageNotFoundError:
            continue
        todo += [_requirement_name(r) for r in requires if "extra ==" not in r]
    return seen


def _catches_import_error(handler):
    names = []
    if handler.type is None:
        return True
    for node in (handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]):
        names.append(node.id if isinstance(node, ast.Name) else getattr(node, "attr", ""))
    return bool({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"} & set(names))


def unguarded_imports(path):
    """(top-level module name, line) of every import in ``path`` not guarded as the module docstring says."""
    tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"), str(path))
    found = []

    def visit(node, guarded):
        if isinstance(node, ast.Try):
            inner = guarded or any(_catches_import_error(h) for h in node.handlers)
            for child in node.body:
                visit(child, inner)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, guarded)
            return
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return
        if isinstance(node, ast.Import) and not guarded:
            found.extend((a.name.split(".")[0], node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not guarded and node.level == 0 and node.module:
            found.append((node.module.split(".")[0], node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, guarded)

    visit(tree, False)
    return found


def local_names():
    """Top-level names that resolve to the project's own files (sibling helper modules of tests and tools)."""
    names = set(SELF)
    for tree in TREES:
        for p in (ROOT / tree).rglob("*.py"):
            names.add(p.stem)
            names.update(d.name for d in p.parents if (d / "__init__.py").exists())
    return names


def _runs_under_mindspore(path):
    """A reference generator (tools/reference/gen_*.py) runs in the reference venv; the shared helpers beside it
    (tools/reference/dataset_files*.py, …) are imported by the tests too, so they follow the project's rule."""
    rel = path.relative_to(ROOT).parts
    return rel[:2] == ("tools", "reference") and path.name.startswith("gen_")


def undeclared(trees=TREES):
    """{(file, line): module} of every unguarded third-party import whose distribution is not declared."""
    decl = declared_distributions()
    by_module = md.packages_distributions()
    stdlib, local = set(sys.stdlib_module_names), local_names()
    bad = {}
    for tree in trees:
        for path in sorted((ROOT / tree).rglob("*.py")):
            allowed = decl | (REFERENCE_VENV if _runs_under_mindspore(path) else set())
            for module, line in unguarded_imports(path):
                if module in stdlib or module in local or module.startswith("_"):
                    continue
                dists = {_norm(d) for d in by_module.get(module, [])} or {_norm(KNOWN_DISTRIBUTIONS.get(module,
                                                                                                    module))}
                if not dists & allowed:
                    bad[(str(path.relative_to(ROOT)), line)] = module
    return bad


def test_every_third_party_import_is_declared():
    bad = undeclared()
    assert not bad, ("imports of packages pyproject.toml does not declare (add them to `dependencies` or the "
                     "`test` extra, or guard them): " + ", ".join(f"{f}:{n} {m}" for (f, n), m in sorted(bad.items())))


@pytest.mark.parametrize("snippet, module", [
    ("import scipy.io\n", "scipy"),
    ("def f():\n    from sklearn import tree\n", "sklearn"),
    ("import not_a_real_package_xyz as q\n", "not_a_real_package_xyz"),
])
def test_an_undeclared_import_is_reported(tmp_path, monkeypatch, snippet, module):
    """The check fails when an undeclared import is added (scipy is declared only for tools/reference/ here, so
    it stands for "a package that happens to be installed")."""
    tree = tmp_path / "pkg"
    tree.mkdir()
    (tree / "mod.py").write_text(snippet)
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "declared_distributions", lambda: {"numpy", "torch"})
    assert list(undeclared(["pkg"]).values()) == [module]


@pytest.mark.parametrize("snippet", [
    "try:\n    import scipy\nexcept ImportError:\n    scipy = None\n",
    "try:\n    from scipy import io\nexcept (OSError, ModuleNotFoundError):\n    io = None\n",
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import scipy\n",
    "import numpy\nfrom . import sibling\n",
])
def test_guarded_and_declared_imports_pass(tmp_path, monkeypatch, snippet):
    tree = tmp_path / "pkg"
    tree.mkdir()
    (tree / "mod.py").write_text(snippet)
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "declared_distributions", lambda: {"numpy", "torch"})
    assert undeclared(["pkg"]) == {}

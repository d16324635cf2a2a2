"""Issue 31: one seam to PyTorch's private internals (ms_compat/_torch_seam.py). This test lists every use of a
private PyTorch API or of ``ctypes`` in the package (an AST walk) and fails on one outside the seam; it also
checks what the seam reports (``ms_compat.diagnostics()``).

Private here: any ``torch._*`` name or module (``torch._C``, ``torch._dynamo``, ``torch._inductor``,
``torch._functorch``, ``torch._subclasses``, ``torch._utils`` ...), a ``_``-named module below a public one
(``torch.fx.experimental._x``), ``torch.library`` (operator registration: process-wide) and ``ctypes``. Not
private: ATen operators PyTorch binds as ``torch._name`` (``torch._foreach_add_``, ``torch._fused_adam_``:
operators of ``torch.ops.aten``, the dispatcher's public contract)."""
import ast
import pathlib
import subprocess
import sys

import torch

import ms_compat

PACKAGE = pathlib.Path(ms_compat.__file__).resolve().parent
SEAM = PACKAGE / "_torch_seam.py"


def _is_aten_operator(name: str) -> bool:
    return hasattr(torch.ops.aten, name.lstrip(".")) and callable(getattr(torch, name, None))


def _private_module(dotted: str) -> bool:
    parts = dotted.split(".")
    if parts[0] == "ctypes":
        return True
    if parts[0] != "torch":
        return False
    if parts[1:2] == ["library"]:
        return True
    return any(p.startswith("_") and not p.startswith("__") for p in parts[1:])


def _uses(tree):
    """(line, text) for every private PyTorch API use or ctypes import in a module's AST."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, f"import {a.name}") for a in node.names if _private_module(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if _private_module(node.module):
                found.append((node.lineno, f"from {node.module} import ..."))
            elif node.module == "torch":
                found += [(node.lineno, f"from torch import {a.name}") for a in node.names
                          if a.name.startswith("_") or a.name == "library"]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "torch":
            if (node.attr.startswith("_") and not node.attr.startswith("__") and not _is_aten_operator(node.attr)) \
                    or node.attr == "library":
                found.append((node.lineno, f"torch.{node.attr}"))
    return found


def _all_uses():
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        uses = _uses(ast.parse(path.read_text(), str(path)))
        if uses:
            out[str(path.relative_to(PACKAGE.parent))] = sorted(set(uses))
    return out


def test_private_torch_apis_are_used_only_through_the_seam():
    uses = _all_uses()
    seam = uses.pop(str(SEAM.relative_to(PACKAGE.parent)), [])
    assert seam, "the walk found nothing in the seam itself: it is not looking"
    outside = [f"{path}:{line}: {text}" for path, found in uses.items() for line, text in found]
    assert not outside, "private PyTorch API outside ms_compat/_torch_seam.py:\n" + "\n".join(outside)


def test_the_walk_sees_each_kind_of_private_use():
    src = ("import ctypes\nimport torch._dynamo\nfrom torch._C import X\nfrom torch import _C\n"
           "torch._C._foo()\ntorch._dynamo.reset()\ntorch.library.Library('x', 'DEF')\n"
           "from torch.fx.experimental._backward_state import Y\ntorch._foreach_add_([], [])\n")
    assert [line for line, _ in sorted(_uses(ast.parse(src)))] == [1, 2, 3, 4, 5, 6, 7, 8]


def test_diagnostics_lists_the_changes_and_the_supported_range():
    code = ("import json, ms_compat, torch._inductor.config; d = ms_compat.diagnostics(); print(json.dumps(d))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                       env={"PYTHONPATH": str(PACKAGE.parent), "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr[-2000:]
    import json
    d = json.loads(r.stdout)
    assert d["torch"] == torch.__version__ and d["supported_torch"] == ">=2.13 <2.14" and d["missing"] == {}
    assert set(d["changes"]) == {"constant_scalar_pass", "custom-op aliasing check types",
                                 "dynamo augmented assignment", "dynamo module attribute subclass",
                                 "dynamo numpy operands", "dynamo overridable functions"}


def test_the_declared_torch_range_is_the_seams():
    text = (PACKAGE.parent / "pyproject.toml").read_text()
    from ms_compat._torch_seam import SUPPORTED_TORCH
    assert f'"torch{",".join(SUPPORTED_TORCH)}"' in text

"""List every module and name of real MindSpore 2.10 into ms_compat/porting/_data/mindspore_names.json.

Walks every public module path (ms_compat/porting/_ms_modules.py, written by gen_module_list.py) and lists its
public names (``__all__`` where the module has one, else the names it defines or re-exports from
MindSpore, not the modules/functions it imported from elsewhere), plus the private modules and names
real MindSpore packages use (tools/reference/ms_uses.json, written by tools/scan_ms_uses.py) that this
MindSpore really has, plus the public methods of ``mindspore.Tensor``.

ms_compat uses the file at run time (it ships as package data): a listed name that ms_compat does not
implement resolves to a placeholder (importing works, using fails with MissingAPIError); an unlisted
name is "not in MindSpore 2.10" with a did-you-mean. tools/api_coverage.py builds the coverage page
from it. Run: ``python tools/make_references.py api_names``.
"""
import importlib
import json
import pathlib
import types
import warnings

import mindspore
import refutil

warnings.filterwarnings("ignore")
SKIP_PREFIXES = ("mindspore.lib.", "mindspore.ops_generate", "mindspore.profiler.analysis", "mindspore.rewrite.",
                 "mindspore.train.train_thor", "mindspore.safeguard", "mindspore.run_check.")
_ns = {}
exec((refutil.ROOT / "ms_compat" / "porting" / "_ms_modules.py").read_text(), _ns)
modules = sorted(m for m in _ns["MINDSPORE_MODULES"] if not m.startswith(SKIP_PREFIXES))
uses = json.loads((refutil.ROOT / "tools" / "reference" / "ms_uses.json").read_text())["counts"]


def _import(path):
    try:
        return importlib.import_module(path)
    except Exception:  # noqa: BLE001 - a module that does not import on this (CPU) build is left out
        return None


def _public_names(mod):
    names = getattr(mod, "__all__", None)
    if names is not None:
        return {n for n in names if isinstance(n, str) and not n.startswith("_") and hasattr(mod, n)}
    out = set()
    for n, obj in vars(mod).items():
        if n.startswith("_") or isinstance(obj, types.ModuleType):
            continue
        owner = getattr(obj, "__module__", None)
        if isinstance(owner, str):
            if owner.startswith("mindspore"):
                out.add(n)
        elif not callable(obj) and isinstance(obj, (int, float, str, bool, tuple, frozenset)):
            out.add(n)  # a constant
    return out


table = {}
for m in modules:
    mod = _import(m)
    if mod is not None:
        table[m] = _public_names(mod)

# modules and names real packages use (private ones included) that this MindSpore really has
used_aliases = {}
for path in sorted(uses):
    if path in table or path.startswith(SKIP_PREFIXES):
        continue
    mod = _import(path)
    if isinstance(mod, types.ModuleType) and mod.__name__ == path:
        table[path] = _public_names(mod) if not any(p.startswith("_") for p in path.split(".")) else set()
        continue
    parent, _, leaf = path.rpartition(".")
    if not parent or (leaf.startswith("__") and leaf != "__version__"):
        continue
    pmod = _import(parent) if parent.startswith("mindspore") else None
    if pmod is None or getattr(pmod, "__name__", None) != parent or not hasattr(pmod, leaf):
        continue
    obj = getattr(pmod, leaf)
    if isinstance(obj, types.ModuleType):
        if obj.__name__ != path and obj.__name__.startswith("mindspore"):
            used_aliases[path] = obj.__name__
            table.setdefault(obj.__name__, set())
        continue
    table.setdefault(parent, set()).add(leaf)

# the parent packages of every listed module are modules too (importing a child imports them)
for m in list(table):
    parts = m.split(".")
    for i in range(1, len(parts)):
        table.setdefault(".".join(parts[:i]), set())

# attributes that are other MindSpore modules under another name (``mindspore.mint.functional`` is
# ``mindspore.mint.nn.functional``): ``from mindspore.mint import functional`` works in MindSpore
aliases = {}
for m in sorted(table):
    mod = _import(m)
    if mod is None:
        continue
    for n, obj in vars(mod).items():
        if n.startswith("_") or not isinstance(obj, types.ModuleType):
            continue
        target = obj.__name__
        if target.startswith("mindspore") and target != f"{m}.{n}" and f"{m}.{n}" not in table and target in table:
            aliases[f"{m}.{n}"] = target
aliases.update(used_aliases)

tensor_methods = sorted(n for n in dir(mindspore.Tensor) if not n.startswith("_"))
out = {"mindspore_version": mindspore.__version__,
       "modules": {m: sorted(v) for m, v in sorted(table.items())},
       "module_aliases": dict(sorted(aliases.items())),
       "tensor_methods": tensor_methods}
dest = refutil.ROOT / "ms_compat" / "porting" / "_data" / "mindspore_names.json"
dest.parent.mkdir(exist_ok=True)
dest.write_text(json.dumps(out, separators=(",", ":"), indent=0) + "\n")
print(f"{len(table)} modules, {len(aliases)} module aliases, {sum(len(v) for v in table.values())} names, {len(tensor_methods)} Tensor methods -> {dest}")

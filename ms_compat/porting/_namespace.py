"""The whole namespace of MindSpore 2.10, by construction: what each module holds and where each name comes from.

``_data/mindspore_namespace.json.gz`` (package data, written under real MindSpore 2.10 by
tools/reference/gen_ms_namespace.py) records every module ``pkgutil.walk_packages`` finds under ``mindspore``
(private ones included), its ``__all__`` exactly, every attribute ``dir()`` lists (foreign modules and objects
passing through from numpy/stdlib/third-party packages left out) with the one *canonical holder* of each
object, and the signatures of its callables. It is read lazily, the first time a name is looked up here.

:func:`lookup` answers ``mindspore.<module>.<name>`` for the alias machinery (ms_compat/porting/alias.py,
ms_compat/porting/_missing.py): a name MindSpore re-exports resolves to *one* object wherever it is reached (the
``ms_compat`` implementation found at any of its MindSpore holders, else one placeholder named by its canonical
path), so ``mindspore.ops.composite.clip_by_value is mindspore.ops.clip_by_value`` as in MindSpore.
"""
from __future__ import annotations

import gzip
import importlib
import json
import pathlib
import threading
import types

__all__ = ["load", "modules", "failed", "methods", "has_module", "entry", "all_of", "attribute_names",
           "lookup", "canonical", "holders", "submodules"]

_DATA = pathlib.Path(__file__).with_name("_data") / "mindspore_namespace.json.gz"
# the dunder attribute names the inventory records (tests/test_namespace_inventory.py checks this is exactly
# them): only these send a dunder look-up on a module to the inventory, so Python's own probes (``__path__``,
# ``__wrapped__``) do not load it
DUNDER_ATTRS = frozenset(("__add__", "__backend__", "__custom__", "__dtype__", "__factory__", "__method__", "__mul__",
                          "__package_name__", "__primitive__", "__str__", "__sub__", "__truediv__", "__version__"))
_PLAIN = (int, float, complex, str, bytes, bool, type(None), tuple, list, dict, set, frozenset)
_lock = threading.RLock()
_data = None
_holders = None
_children = None
_groups: dict = {}
_local = threading.local()


def load() -> dict:
    """The whole inventory (``modules``, ``failed``, ``methods``, ``mindspore_version``), read once."""
    global _data
    if _data is None:
        with _lock:
            if _data is None:
                _data = json.loads(gzip.decompress(_DATA.read_bytes()))
    return _data


def modules() -> dict:
    """MindSpore module path -> ``{"all": [...]?, "attrs": {name: kind}, "sig": {...}?}``."""
    return load()["modules"]


def failed() -> dict:
    """MindSpore module path -> why it does not import under MindSpore 2.10 on CPU (left out of the inventory)."""
    return load()["failed"]


def methods() -> dict:
    """``"mindspore.Tensor"`` / ``"mindspore.Parameter"`` / ``"mindspore.nn.Cell"`` -> method -> signature rows."""
    return load()["methods"]


def has_module(path: str) -> bool:
    return path in modules()


def entry(path: str) -> dict | None:
    return modules().get(path)


def all_of(path: str):
    """MindSpore's ``__all__`` of module ``path`` (a new list), or None when the module has none."""
    e = modules().get(path)
    if e is None or "all" not in e:
        return None
    return [a for a in e["all"] if isinstance(a, str)]  # (a non-str entry in MindSpore's __all__ is left out)


def attribute_names(path: str) -> list:
    e = modules().get(path)
    return sorted(e["attrs"]) if e is not None else []


def submodules(path: str) -> list:
    """The direct submodules of MindSpore module ``path`` that the inventory has."""
    global _children
    if _children is None:
        ch = {}
        for m in modules():
            parent, _, leaf = m.rpartition(".")
            ch.setdefault(parent, []).append(leaf)
        _children = ch
    return _children.get(path, [])


def canonical(path: str, name: str):
    """``(module, name)`` of the canonical holder of ``path.name`` (itself when defined there), or None."""
    e = modules().get(path)
    k = e["attrs"].get(name) if e is not None else None
    if k is None or k.startswith(("m:", "x:")):
        return None
    if k.startswith("="):
        m, _, n = k[1:].partition(":")
        return m, n
    return path, name


def holders(path: str, name: str) -> list:
    """Every ``(module, name)`` holding the object whose canonical holder is ``path.name`` (canonical first)."""
    global _holders
    if _holders is None:
        idx = {}
        for m, e in modules().items():
            for n, k in e["attrs"].items():
                if k.startswith("="):
                    cm, _, cn = k[1:].partition(":")
                    idx.setdefault((cm, cn), []).append((m, n))
        _holders = idx
    return [(path, name)] + sorted(_holders.get((path, name), ()), key=lambda h: (h[0].count("."), h))


def in_real_lookup(module_name: str, name: str) -> bool:
    """True while :func:`lookup` asks ms_compat module ``module_name`` for ``name`` (its ``__getattr__`` must
    then answer a plain AttributeError, not a placeholder)."""
    probing = getattr(_local, "probing", None)
    return probing is not None and (module_name, name) in probing


def _served(path: str):
    from .alias import resolve_cached
    return resolve_cached(path)


def _kind_fits(kind: str, obj) -> bool:
    if isinstance(obj, types.ModuleType):
        return False
    if kind == "v":
        return isinstance(obj, _PLAIN)
    if kind in ("c", "f"):
        return callable(obj)
    return True


def _real_attr(module_name: str, name: str, kind: str):
    """``module_name.name`` of ms_compat when it is a real implementation of that kind, else None."""
    from ._missing import is_placeholder
    try:
        mod = importlib.import_module(module_name)
    except ImportError:
        return None
    obj = mod.__dict__.get(name, _local)
    if obj is _local:
        probing = getattr(_local, "probing", None)
        if probing is None:
            probing = _local.probing = set()
        key = (module_name, name)
        probing.add(key)
        try:
            obj = getattr(mod, name)
        except AttributeError:
            return None
        finally:
            probing.discard(key)
    if is_placeholder(obj) or not _kind_fits(kind, obj):
        return None
    return obj


def _kind_of(path: str, name: str) -> str:
    return modules()[path]["attrs"][name]


def _group(path: str, name: str):
    """The one object for the MindSpore object whose canonical holder is ``path.name``."""
    key = (path, name)
    obj = _groups.get(key, _local)
    if obj is not _local:
        from ._missing import is_placeholder, strict_imports, MissingAPIError, not_yet_message, _kind
        if strict_imports() and is_placeholder(obj):  # MS_COMPAT_STRICT_IMPORTS set after it was made
            full = obj.__dict__["_ms_path"]
            raise MissingAPIError(not_yet_message(full), full, _kind(full))
        return obj
    kind = _kind_of(path, name)
    found = None
    for m, n in holders(path, name):
        served = _served(m)
        if served is not None:
            found = _real_attr(served, n, kind)
            if found is not None:
                break
    recorded = False
    if found is None and kind == "v":  # a plain value: MindSpore's own (ms_compat/porting/_values.py)
        from . import _values
        recorded, found = _values.value(path, name)
    if found is None and not recorded:
        from ._missing import placeholder, strict_imports, MissingAPIError, not_yet_message, _kind
        # named by its most public holder (``mindspore.nn.DenseThor``, not ``...layer.thor_layer.DenseThor``)
        full = ".".join(min(holders(path, name), key=lambda h: (
            any(p.startswith("_") for p in h[0].split(".")), h[1].startswith("_"), h[0].count("."), h)))
        if strict_imports():
            raise MissingAPIError(not_yet_message(full), full, _kind(full))
        found = placeholder(full)
    with _lock:
        return _groups.setdefault(key, found)


def module_for(path: str):
    """The module object serving MindSpore module ``path``: the ms_compat module of the same name, else the one
    view of it (``ms_compat.porting._missing``'s module for a MindSpore path), registered under ``path`` while the alias is
    installed."""
    import sys
    mod = sys.modules.get(path)
    if mod is not None:
        return mod
    from .alias import is_installed
    if is_installed():
        return importlib.import_module(path)
    from ._missing import namespace_module
    return namespace_module(path)


def lookup(path: str, name: str):
    """``(True, object)`` for attribute ``name`` of MindSpore module ``path`` as the inventory has it (a real
    implementation, a module, or a placeholder), ``(False, None)`` when the inventory does not list it."""
    e = modules().get(path)
    if e is None:
        return False, None
    k = e["attrs"].get(name)
    if k is None:
        if f"{path}.{name}" in modules():
            return True, module_for(f"{path}.{name}")
        return False, None
    if k.startswith("m:"):
        return True, module_for(k[2:])
    if k.startswith("x:"):  # a foreign object MindSpore exports (operator.add): the same object
        m, _, q = k[2:].partition(":")
        mod = importlib.import_module(m)
        return True, getattr(mod, q) if q else mod
    if k.startswith("="):
        m, _, n = k[1:].partition(":")
        return True, _group(m, n)
    return True, _group(path, name)

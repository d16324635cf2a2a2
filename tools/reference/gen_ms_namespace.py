"""Record the whole namespace of real MindSpore 2.10 into ms_compat/porting/_data/mindspore_namespace.json.gz.

Every module ``pkgutil.walk_packages`` finds under ``mindspore``, private ones included, is imported; one that
does not import on this (CPU) build is listed under ``"failed"`` with the reason. For each module that imports:

* ``"all"``: its ``__all__`` exactly (absent when it has none);
* ``"attrs"``: every name ``dir()`` lists, underscore names included, except the module machinery
  (``__name__``, ``__file__``, ...), foreign modules, and objects passing through from numpy, the standard
  library or other third-party packages. Each value says what the name is:
  ``"m:<module>"`` — a MindSpore module (``from mindspore.ops import functional``);
  ``"=<module>:<name>"`` — a re-export: the same object as the attribute ``<name>`` of MindSpore module
  ``<module>`` (its one canonical holder);
  ``"f"`` / ``"c"`` / ``"o"`` / ``"v"`` — defined here: a function, a class, another MindSpore object (a
  Primitive instance, a dtype), a plain value (int, str, tuple, ...).
* ``"sig"``: ``inspect.signature`` of the callables this module holds canonically, where Python can read it:
  a list of ``[name, kind, default]`` (kind is ``inspect.Parameter.kind`` as an int; ``default`` is the
  ``repr`` of the default and is left out when there is none).

Plus ``"methods"``: the signatures of the methods of ``Tensor``, ``Parameter`` and ``nn.Cell``.

The canonical holder of an object is where it is defined: ``obj.__module__``/``__qualname__`` when that module
holds it under that name, else the shortest module path holding it (ties: alphabetical), else the first name.
ms_compat loads the file lazily (ms_compat/porting/_namespace.py); tests/test_namespace_inventory.py and
tests/test_signature_parity.py read it. Run: ``python tools/make_references.py ms_namespace``.
"""
import gzip
import importlib
import inspect
import json
import os
import pkgutil
import signal
import sys
import tempfile
import types
import warnings

warnings.filterwarnings("ignore")
os.chdir(tempfile.mkdtemp())  # some modules write files where they are imported
import mindspore  # noqa: E402
import refutil  # noqa: E402

MACHINERY = {"__name__", "__file__", "__doc__", "__loader__", "__spec__", "__path__", "__package__", "__cached__",
             "__builtins__", "__all__", "__getattr__", "__dir__", "__annotations__"}
PLAIN = (int, float, complex, str, bytes, bool, type(None), tuple, list, dict, set, frozenset)


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout("import took more than 60 s")


signal.signal(signal.SIGALRM, _alarm)


def _import(name):
    signal.alarm(60)
    try:
        return importlib.import_module(name), None
    except BaseException as e:  # noqa: BLE001 - recording why a module does not import on CPU
        msg = str(e).strip().splitlines()
        return None, f"{type(e).__name__}: {msg[0][:200] if msg else ''}"
    finally:
        signal.alarm(0)


def _walk():
    names, failed = ["mindspore"], {}

    def onerror(name):
        failed.setdefault(name, f"{sys.exc_info()[0].__name__}: {str(sys.exc_info()[1]).splitlines()[0][:200] if str(sys.exc_info()[1]) else ''}")

    signal.alarm(0)
    for info in pkgutil.walk_packages(mindspore.__path__, "mindspore.", onerror=onerror):
        names.append(info.name)
    return names, failed


def _is_ms(owner):
    return isinstance(owner, str) and (owner == "mindspore" or owner.startswith(("mindspore.", "_mindspore")))


def _owner(obj):
    if isinstance(obj, (type, types.FunctionType, types.BuiltinFunctionType, types.MethodType)):
        return getattr(obj, "__module__", None)
    return getattr(type(obj), "__module__", None)


def _kind(obj):
    if isinstance(obj, PLAIN):
        return "v"
    if isinstance(obj, type):
        return "c"
    if isinstance(obj, (types.FunctionType, types.BuiltinFunctionType)):
        return "f"
    return "o"


def _keep(obj):
    """None: leave the name out (a foreign module or an object of a foreign package); else its kind."""
    if isinstance(obj, types.ModuleType):
        return "m" if _is_ms(obj.__name__) else None
    if isinstance(obj, PLAIN):
        return "v"
    return _kind(obj) if _is_ms(_owner(obj)) else None


def _foreign_path(obj):
    """``module:qualname`` importing to ``obj`` (a foreign module's name for a foreign module), else None."""
    if isinstance(obj, types.ModuleType):
        return obj.__name__ + ":"
    own, qual = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    if not isinstance(own, str) or not isinstance(qual, str) or "." in qual:
        return None
    try:
        if getattr(importlib.import_module(own), qual) is obj:
            return f"{own}:{qual}"
    except Exception:  # noqa: BLE001
        return None
    return None


def _sig(obj):
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError, RuntimeError, AttributeError):
        return None
    out = []
    for p in sig.parameters.values():
        row = [p.name, int(p.kind)]
        if p.default is not inspect.Parameter.empty:
            try:
                row.append(repr(p.default)[:120])
            except Exception:  # noqa: BLE001
                row.append("?")
        out.append(row)
    return out


def main():
    names, failed = _walk()
    mods = {}
    for name in sorted(set(names)):
        if name in failed:
            continue
        mod, err = _import(name)
        if mod is None:
            failed[name] = err
        elif getattr(mod, "__name__", None) == name:
            mods[name] = mod
    # MindSpore modules reached only as attributes (the submodules of the C extension mindspore._c_expression)
    for mod in list(mods.values()):
        for n in dir(mod):
            try:
                obj = getattr(mod, n)
            except Exception:  # noqa: BLE001
                continue
            if isinstance(obj, types.ModuleType) and _is_ms(obj.__name__) and obj.__name__ not in mods \
                    and obj.__name__ not in failed and obj.__name__.startswith("mindspore"):
                mods[obj.__name__] = obj
    # holders of every object
    holders = {}
    for mname, mod in mods.items():
        for n in dir(mod):
            if n in MACHINERY:
                continue
            try:
                obj = getattr(mod, n)
            except Exception:  # noqa: BLE001
                continue
            k = _keep(obj)
            if k is None or k in ("m", "v"):
                continue
            holders.setdefault(id(obj), (obj, []))[1].append((mname, n))
    canon = {}
    for oid, (obj, hs) in holders.items():
        own, qual = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
        pick = None
        if isinstance(obj, (type, types.FunctionType, types.BuiltinFunctionType)) and (own, qual) in hs:
            pick = (own, qual)
        if pick is None:
            pick = min(hs, key=lambda h: (h[0].count("."), h[0], h[1]))
        canon[oid] = pick
    out = {}
    for mname, mod in mods.items():
        entry, attrs, sigs = {}, {}, {}
        allv = mod.__dict__.get("__all__")
        if allv is not None:
            entry["all"] = [a if isinstance(a, str) else {"not_a_str": repr(a)} for a in allv]
            try:
                exec(f"from {mname} import *", {})
            except Exception as e:  # noqa: BLE001 - MindSpore's own star import fails
                entry["star_error"] = f"{type(e).__name__}: {str(e)[:200]}"
        for n in dir(mod):
            if n in MACHINERY:
                continue
            try:
                obj = getattr(mod, n)
            except Exception:  # noqa: BLE001
                continue
            k = _keep(obj)
            if k is None:
                if allv is not None and n in allv:  # a foreign object MindSpore exports: the same object
                    where = _foreign_path(obj)
                    if where is not None:
                        attrs[n] = "x:" + where
                continue
            if k == "m":
                attrs[n] = "m:" + obj.__name__
                continue
            if k == "v":
                attrs[n] = "v"
                continue
            cm, cn = canon[id(obj)]
            if (cm, cn) != (mname, n):
                attrs[n] = f"={cm}:{cn}"
                continue
            attrs[n] = k
            if callable(obj):
                s = _sig(obj)
                if s is not None:
                    sigs[n] = s
        entry["attrs"] = attrs
        if sigs:
            entry["sig"] = sigs
        out[mname] = entry
    methods = {}
    for cls_path, cls in (("mindspore.Tensor", mindspore.Tensor), ("mindspore.Parameter", mindspore.Parameter),
                          ("mindspore.nn.Cell", mindspore.nn.Cell)):
        ms = {}
        for n in dir(cls):
            if n.startswith("__") and n not in ("__init__", "__call__", "__getitem__", "__setitem__"):
                continue
            try:
                attr = inspect.getattr_static(cls, n)
            except AttributeError:
                continue
            if isinstance(attr, (staticmethod, classmethod)):
                attr = attr.__func__
            if not callable(attr) or isinstance(attr, type):
                continue
            s = _sig(attr)
            ms[n] = s
        methods[cls_path] = ms
    data = {"mindspore_version": mindspore.__version__, "modules": out, "failed": dict(sorted(failed.items())),
            "methods": methods}
    dest = refutil.ROOT / "ms_compat" / "porting" / "_data" / "mindspore_namespace.json.gz"
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    with gzip.GzipFile(dest, "wb", mtime=0) as f:
        f.write(raw)
    n_attrs = sum(len(e["attrs"]) for e in out.values())
    n_sigs = sum(len(e.get("sig", {})) for e in out.values())
    print(f"{len(out)} modules ({len(failed)} failed), {n_attrs} attributes, {n_sigs} signatures, "
          f"{len(raw)} bytes json -> {dest} ({dest.stat().st_size} bytes)")


main()

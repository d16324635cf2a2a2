"""Walk MindSpore 2.10's whole namespace inventory (ms_compat/porting/_data/mindspore_namespace.json.gz) under
``ms_compat.install()`` and print, as JSON, every way it differs: a module that does not import, an attribute that
does not resolve, an ``__all__`` that is not MindSpore's, a star import that binds other names, a re-export that is
not the same object. Run by tests/test_namespace_inventory.py in a fresh interpreter."""
import importlib
import inspect
import json
import logging
import sys
import time
import warnings

warnings.filterwarnings("ignore")
logging.disable(logging.WARNING)
t0 = time.perf_counter()
import ms_compat  # noqa: E402
from ms_compat.porting import _namespace  # noqa: E402
from ms_compat.porting._missing import is_placeholder  # noqa: E402

ms_compat.install()
bad = {"import": {}, "attr": {}, "all": {}, "star": {}, "same": {}}
mods = {}
for path in sorted(_namespace.modules()):
    try:
        mods[path] = importlib.import_module(path)
    except Exception as e:  # noqa: BLE001 - recording every module that does not import
        bad["import"][path] = f"{type(e).__name__}: {e}"[:200]
t_import = time.perf_counter()
for path, mod in mods.items():
    e = _namespace.entry(path)
    for name, kind in e["attrs"].items():
        try:
            obj = getattr(mod, name)
        except Exception as ex:  # noqa: BLE001
            bad["attr"][f"{path}.{name}"] = f"{type(ex).__name__}: {ex}"[:200]
            continue
        if kind.startswith("x:"):
            m, _, q = kind[2:].partition(":")
            other = importlib.import_module(m)
            if obj is not (getattr(other, q) if q else other):
                bad["same"][f"{path}.{name}"] = f"not {m}.{q}"
        elif kind.startswith("m:"):
            if obj is not sys.modules.get(kind[2:]):
                bad["same"][f"{path}.{name}"] = f"not the module {kind[2:]}"
        elif kind.startswith("="):
            m, _, n = kind[1:].partition(":")
            try:
                other = getattr(importlib.import_module(m), n)
            except Exception as ex:  # noqa: BLE001
                other = ex
            if obj is not other:
                bad["same"][f"{path}.{name}"] = (f"{'placeholder' if is_placeholder(obj) else 'real'} here, "
                                                  f"{'placeholder' if is_placeholder(other) else 'real'} at {m}.{n}")
    want = _namespace.all_of(path)  # MindSpore's __all__ (its str entries)
    have = getattr(mod, "__all__", None)
    if (list(have) if have is not None else None) != want:
        bad["all"][path] = f"{len(have) if have is not None else None} names, MindSpore {len(want) if want else None}"
    elif want is not None and "star_error" not in e:
        ns = {}
        try:
            exec(f"from {path} import *", ns)
        except Exception as ex:  # noqa: BLE001
            bad["star"][path] = f"{type(ex).__name__}: {ex}"[:200]
            continue
        got = sorted(k for k in ns if k != "__builtins__")
        if got != sorted(set(want)):
            bad["star"][path] = f"binds {len(got)} names, MindSpore {len(set(want))}"


def _rows(obj):
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


def _differ(ms, here):
    """None when ``here`` (ms_compat's parameters) accepts MindSpore's call forms as MindSpore does, else what
    differs. A leading ``self`` is ignored on both sides, and so are ms_compat's keyword-only ``_internal`` flags.
    Taken as compatible, by rule:

    - MindSpore's side is only ``*args`` and/or ``**kwargs`` (``functional_overload``, ``mint``, the
      ``MultitypeFuncGraph`` operators, optimizers behind a decorator): MindSpore dispatches at run time and its
      signature names nothing, so any explicit signature here is as good as Python can check.
    - ms_compat's side is ``(*args, **kwargs)``: a forwarding wrapper (the Tensor methods) that accepts every form.
    - MindSpore ``()`` against ms_compat's ``(**attrs)``: a Primitive whose MindSpore ``__init__`` takes nothing,
      built here on a shared base that stores keyword attributes; ``Prim()``, MindSpore's only call form, works.
    - MindSpore ``()`` against ms_compat's ``(auto_prefix=True, flags=None)``: a Cell that defines no ``__init__``
      here and inherits ``Cell.__init__``, whose MindSpore twin defines ``__init__(self)`` calling
      ``super().__init__()`` with those same defaults; ``Cls()``, MindSpore's only call form, works.
    """
    if ms and ms[0][0] == "self":
        ms = ms[1:]
    if here and here[0][0] == "self":
        here = here[1:]
    here = [r for r in here if not (r[1] == 3 and r[0].startswith("_"))]  # internal keyword-only flags
    kinds = [r[1] for r in here]
    if kinds == [2, 4] or here == ms or (ms and all(r[1] in (2, 4) for r in ms)):
        return None
    if not ms and (kinds == [4] or here == [["auto_prefix", 1, "True"], ["flags", 1, "None"]]):
        return None
    ms_named = [(r[0], r[1], r[2] if len(r) > 2 else "(no default)") for r in ms]
    here_named = [(r[0], r[1], r[2] if len(r) > 2 else "(no default)") for r in here]
    if [r[:2] for r in ms_named] != [r[:2] for r in here_named]:
        return f"parameters ({', '.join(r[0] for r in ms)}) vs ms_compat ({', '.join(r[0] for r in here)})"
    d = [f"{a[0]}={a[2]} vs {b[2]}" for a, b in zip(ms_named, here_named) if a[2] != b[2]]
    return "defaults " + "; ".join(d) if d else None


sigs = {}
for path, mod in mods.items():
    for name, ms_rows in _namespace.entry(path).get("sig", {}).items():
        obj = getattr(mod, name, None)
        if obj is None or is_placeholder(obj) or not callable(obj):
            continue
        here = _rows(obj)
        if here is None:
            continue
        why = _differ(ms_rows, here)
        if why is not None:
            sigs[f"{path}.{name}"] = why
for cls_path, meths in _namespace.methods().items():
    mod_path, _, cls_name = cls_path.rpartition(".")
    cls = getattr(importlib.import_module(mod_path), cls_name)
    for name, ms_rows in meths.items():
        attr = getattr(cls, name, None)
        if ms_rows is None or attr is None or is_placeholder(attr):
            continue
        here = _rows(attr)
        if here is None:
            continue
        why = _differ(ms_rows, here)
        if why is not None:
            sigs[f"{cls_path}.{name}"] = why
bad["signature"] = sigs
print(json.dumps({"bad": bad, "modules": len(mods), "import_s": t_import - t0,
                  "total_s": time.perf_counter() - t0}))

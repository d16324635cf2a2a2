"""Walk MindSpore 2.10's whole namespace inventory (ms_compat/_data/mindspore_namespace.json.gz) under
``ms_compat.install()`` and print, as JSON, every way it differs: a module that does not import, an attribute that
does not resolve, an ``__all__`` that is not MindSpore's, a star import that binds other names, a re-export that is
not the same object. Run by tests/test_namespace_inventory.py in a fresh interpreter."""
import importlib
import json
import logging
import sys
import time
import warnings

warnings.filterwarnings("ignore")
logging.disable(logging.WARNING)
t0 = time.perf_counter()
import ms_compat  # noqa: E402
from ms_compat import _namespace  # noqa: E402
from ms_compat._missing import is_placeholder  # noqa: E402

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
print(json.dumps({"bad": bad, "modules": len(mods), "import_s": t_import - t0,
                  "total_s": time.perf_counter() - t0}))

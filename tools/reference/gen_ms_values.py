"""Record the plain module-level values of real MindSpore 2.10 into ms_compat/porting/_data/mindspore_values.json.gz.

The namespace inventory (gen_ms_namespace.py) marks each attribute that holds a plain value (int, float, str,
bytes, bool, None, tuple, list, dict, set, frozenset) as ``"v"``; ms_compat served those it does not define as
placeholders, so a package that *mutates* a MindSpore registry at import (``mindspore_gs``:
``mindspore.rewrite.common.namespace._subtree_black_list.append(QuantCell)``) or reads a flag stopped there.
Here each such value is recorded as MindSpore 2.10 holds it, so ms_compat can serve MindSpore's own data
(ms_compat/porting/_values.py). Encoding (JSON):

* ``None``, ``bool``, ``int``, ``float`` (finite), ``str``: themselves;
* ``{"t": "tuple" | "list" | "set" | "frozenset", "v": [...]}``, ``{"t": "dict", "v": [[key, value], ...]}``,
  ``{"t": "bytes", "v": "<hex>"}``, ``{"t": "float", "v": "inf" | "-inf" | "nan"}``, ``{"t": "complex", "v": [re, im]}``;
* ``{"t": "ref", "v": [module, name]}``: a MindSpore class, function or object held at ``module.name`` (the
  namespace inventory's canonical holder), served as ms_compat serves that name.

A value that holds anything else (a foreign object, a lambda), whose JSON exceeds 4 KB, or that depends on the
machine (a string naming a path of the MindSpore installation, the working directory or the temporary directory)
(``mindspore.common.api.entry_script_path``) is left out and stays a placeholder. Run: ``python tools/make_references.py ms_values``.
"""
import gzip
import importlib
import json
import math
import os
import sys
import tempfile
import types
import warnings

warnings.filterwarnings("ignore")
os.chdir(tempfile.mkdtemp())  # some modules write files where they are imported
import mindspore  # noqa: E402
import refutil  # noqa: E402

NAMESPACE = refutil.ROOT / "ms_compat" / "porting" / "_data" / "mindspore_namespace.json.gz"
DEST = refutil.ROOT / "ms_compat" / "porting" / "_data" / "mindspore_values.json.gz"
MAX_BYTES = 4096
MACHINE = tuple(p for p in {os.path.dirname(mindspore.__file__), os.path.dirname(os.path.dirname(mindspore.__file__)),
                            sys.prefix, os.getcwd(), tempfile.gettempdir(), os.path.expanduser("~"),
                            str(refutil.ROOT), os.path.dirname(os.path.abspath(sys.argv[0]))} if len(p) > 1)


class Unencodable(Exception):
    pass


def _modules(ns):
    out = {}
    for name in ns["modules"]:
        try:
            out[name] = importlib.import_module(name)
        except BaseException:  # noqa: BLE001 - the inventory imported it; a module reached as an attribute
            parent, _, leaf = name.rpartition(".")
            mod = getattr(out.get(parent), leaf, None)
            if isinstance(mod, types.ModuleType):
                out[name] = mod
    return out


def _ref_index(ns, mods):
    """id(object) -> (module, name) of its canonical holder, for every class, function and object the inventory
    has (kinds "c", "f", "o" where defined)."""
    idx = {}
    for mname, e in ns["modules"].items():
        mod = mods.get(mname)
        if mod is None:
            continue
        for n, k in e["attrs"].items():
            if k in ("c", "f", "o"):
                try:
                    idx.setdefault(id(getattr(mod, n)), (mname, n))
                except Exception:  # noqa: BLE001
                    continue
    return idx


def _encode(v, idx, depth=0):
    if depth > 8:
        raise Unencodable("nested too deep")
    if v is None or isinstance(v, bool) or (isinstance(v, int) and type(v) is int):
        return v
    if type(v) is float:
        return v if math.isfinite(v) else {"t": "float", "v": repr(v)}
    if type(v) is str:
        if any(p in v for p in MACHINE):
            raise Unencodable("a path of this machine")
        return v
    if type(v) is complex:
        return {"t": "complex", "v": [v.real, v.imag]}
    if type(v) is bytes:
        return {"t": "bytes", "v": v.hex()}
    if type(v) in (tuple, list, set, frozenset):
        items = list(v)
        if type(v) in (set, frozenset):
            enc = [_encode(x, idx, depth + 1) for x in items]
            order = sorted(range(len(enc)), key=lambda i: json.dumps(enc[i], sort_keys=True))
            return {"t": type(v).__name__, "v": [enc[i] for i in order]}
        return {"t": type(v).__name__, "v": [_encode(x, idx, depth + 1) for x in items]}
    if type(v) is dict:
        return {"t": "dict", "v": [[_encode(k, idx, depth + 1), _encode(x, idx, depth + 1)] for k, x in v.items()]}
    ref = idx.get(id(v))
    if ref is not None:
        return {"t": "ref", "v": list(ref)}
    raise Unencodable(type(v).__name__)


def main():
    ns = json.loads(gzip.decompress(NAMESPACE.read_bytes()))
    mods = _modules(ns)
    idx = _ref_index(ns, mods)
    out, left = {}, {}
    for mname, e in sorted(ns["modules"].items()):
        mod = mods.get(mname)
        for n, k in sorted(e["attrs"].items()):
            if k != "v" or mod is None:
                continue
            try:
                enc = _encode(getattr(mod, n), idx)
                if len(json.dumps(enc)) > MAX_BYTES:
                    raise Unencodable("larger than 4 KB")
            except Exception as err:  # noqa: BLE001 - left out, with the reason counted
                left[str(err) if isinstance(err, Unencodable) else type(err).__name__] = \
                    left.get(str(err) if isinstance(err, Unencodable) else type(err).__name__, 0) + 1
                continue
            out.setdefault(mname, {})[n] = enc
    data = {"mindspore_version": mindspore.__version__, "values": out}
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    with gzip.GzipFile(DEST, "wb", mtime=0) as f:
        f.write(raw)
    print(f"{sum(map(len, out.values()))} values recorded, left out: {left}; {len(raw)} bytes json -> "
          f"{DEST} ({DEST.stat().st_size} bytes)")


main()

"""MindSpore 2.10's plain module-level values (flags, limits, name tables, registries), served where ms_compat
defines no value of its own: ``from mindspore.rewrite.common.namespace import _subtree_black_list`` gives
MindSpore's list (``[CellList, SequentialCell]``, ms_compat's classes), so a package that appends to such a
registry at import (``mindspore_gs``) or reads a flag imports, instead of stopping at a placeholder.

``_data/mindspore_values.json.gz`` (package data, written under real MindSpore 2.10 by
tools/reference/gen_ms_values.py; its docstring has the encoding) holds every value the namespace inventory marks
``"v"`` that is plain data or refers to MindSpore objects by their canonical holder; a reference is served as
:func:`ms_compat.porting._namespace.lookup` serves that name (ms_compat's object, else its placeholder, which
fails when used). Values that depend on the machine and larger ones (over 4 KB of JSON) are not recorded and stay
placeholders. A value is decoded once, the first time it is asked for, so a mutable one is one object for the
process, as in MindSpore.
"""
from __future__ import annotations

import gzip
import json
import pathlib
import threading

__all__ = ["value"]

_DATA = pathlib.Path(__file__).with_name("_data") / "mindspore_values.json.gz"
_lock = threading.Lock()
_values = None
_CONTAINERS = {"tuple": tuple, "list": list, "set": set, "frozenset": frozenset}


def _table() -> dict:
    global _values
    if _values is None:
        with _lock:
            if _values is None:
                _values = json.loads(gzip.decompress(_DATA.read_bytes()))["values"]
    return _values


def _decode(enc):
    if not isinstance(enc, dict):
        return enc
    t, v = enc["t"], enc["v"]
    if t in _CONTAINERS:
        return _CONTAINERS[t](_decode(x) for x in v)
    if t == "dict":
        return {_decode(k): _decode(x) for k, x in v}
    if t == "float":
        return float(v)
    if t == "complex":
        return complex(*v)
    if t == "bytes":
        return bytes.fromhex(v)
    if t == "ref":
        from . import _namespace
        found, obj = _namespace.lookup(v[0], v[1])
        if not found:
            raise KeyError(f"{v[0]}.{v[1]}")
        return obj
    raise ValueError(f"unknown value encoding {t!r}")


def value(path: str, name: str):
    """``(True, value)`` for MindSpore 2.10's value of ``path.name`` (decoded anew: the caller keeps the one
    object), ``(False, None)`` when it is not recorded."""
    enc = _table().get(path, {}).get(name, _lock)
    if enc is _lock:
        return False, None
    return True, _decode(enc)

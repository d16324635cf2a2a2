"""``mindspore.ops._primitive_cache._get_cache_prim`` (used by real MindSpore packages to reuse Primitive
instances): ``_get_cache_prim(PrimClass)(*args, **kwargs)`` returns one shared instance per class and
arguments, as MindSpore's PyNative mode does (the key is the class and the ``str`` of each argument)."""
from __future__ import annotations

import threading

__all__ = ["_get_cache_prim"]

_PRIM_CACHE: dict = {}
_lock = threading.Lock()


def _get_cache_prim(cls):
    """Mirrors ``mindspore.ops._primitive_cache._get_cache_prim``."""
    def _get_cache_prim_for_pynative(*args, **kwargs):
        key = (str(cls),) + tuple(str(a) for a in args) + tuple(f"{k}:{v}" for k, v in kwargs.items())
        key = str(key)
        prim = _PRIM_CACHE.get(key)
        if prim is None:
            with _lock:
                prim = _PRIM_CACHE.get(key)
                if prim is None:
                    prim = _PRIM_CACHE[key] = cls(*args, **kwargs)
        return prim
    return _get_cache_prim_for_pynative


def __getattr__(name):
    from ..porting._missing import module_getattr
    return module_getattr(__name__, name, {})

"""Which code is *MindSpore code*: the rule that scopes every MindSpore behaviour ms_compat adds to PyTorch.

No MindSpore counterpart. A MindSpore project may run next to a team's own PyTorch code in one process; the
MindSpore spellings (``_dtype_spelling``), graph passes (``common.constant_scalar_pass``) and the rule that a
Cell call outside grad functions records no graph (``common.grad_scope``) apply to MindSpore code only.
**The rule:** a module is MindSpore code when its globals hold the MindSpore API: the ``mindspore`` module or
an ms_compat module (``import mindspore as ms``), or a class or function from one (``from mindspore
import nn, Tensor``). ms_compat's own modules count as MindSpore code for graphs (a compiled Cell's root
frame is ``Cell.forward``) but ask for MindSpore's dtype words explicitly. Any other module (PyTorch, NumPy,
the team's modules, libraries) is not, whatever tensors it handles: an allow-list of PyTorch packages cannot
name the team's modules.

The answer is cached per module (its globals dict) and recomputed when the module gains or loses a global
(a module that imports ``mindspore`` after asking once). Cost: one dict lookup and a length check per
question once cached (see tests/test_dtype_spelling.py for ``str(dtype)``).
"""
from __future__ import annotations

import types

_ROOTS = ("mindspore", "ms_compat")
_cache: dict = {}  # id(globals) -> (number of globals, answer, the globals dict itself)
_MAX_CACHED = 4096


def is_mindspore_name(name) -> bool:
    """Whether a module name is the MindSpore API's (``mindspore``/``ms_compat`` or below)."""
    return isinstance(name, str) and (name in _ROOTS or name.startswith(("mindspore.", "ms_compat.")))


def _uses_mindspore(g: dict) -> bool:
    for value in list(g.values()):
        if isinstance(value, types.ModuleType):
            if is_mindspore_name(value.__dict__.get("__name__")):
                return True
        elif isinstance(value, type):
            if is_mindspore_name(value.__dict__.get("__module__")):
                return True
        elif isinstance(value, types.FunctionType):
            if is_mindspore_name(value.__module__):
                return True
    return False


def is_mindspore_code(g: dict) -> bool:
    """The rule above for the module whose globals are ``g`` (ms_compat's own modules: ``True``)."""
    cached = _cache.get(id(g))
    if cached is not None and cached[2] is g and cached[0] == len(g):
        return cached[1]
    n = len(g)
    answer = is_mindspore_name(g.get("__name__")) or _uses_mindspore(g)
    if len(_cache) >= _MAX_CACHED:  # throwaway namespaces (eval/exec dicts) must not accumulate
        _cache.clear()
    _cache[id(g)] = (n, answer, g)
    return answer


def forget() -> None:
    """Drop the cached answers."""
    _cache.clear()

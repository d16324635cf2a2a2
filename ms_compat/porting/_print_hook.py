"""``print`` spells dtypes as MindSpore does: the fallback of the ``mindspore`` alias's dtype spelling.

:func:`ms_compat.install` normally spells dtypes as MindSpore does through ``torch.dtype``'s own
``str``/``repr`` slots (:mod:`ms_compat.porting._dtype_spelling`). Where that is not possible (an interpreter whose
type layout it does not recognise), it replaces ``builtins.print`` with :func:`mindspore_print` instead, so
at least what a program *prints* matches MindSpore 2.10: ``print(x.dtype)`` as ``Float32`` and a dtype inside
a list, tuple, set or dict by its ``repr``, ``mindspore.float32``. It rewrites only the *arguments* that are
dtypes, or containers holding dtypes, and hands everything to the original ``print``; every other argument
passes unchanged (no ``str`` is taken early), so ``sep``, ``end``, ``file`` and ``flush`` behave as before.
``str(dtype)``, f-strings and ``%`` formatting then keep PyTorch's spelling:
``mindspore.common.dtype.dtype_str`` / ``dtype_repr`` give MindSpore's.
"""
from __future__ import annotations

import builtins

import torch

from ..common.dtype import dtype_repr, dtype_str, is_mindspore_dtype

_original_print = builtins.print
_CONTAINERS = (list, tuple, set, frozenset, dict)


def _holds_dtype(obj, depth=0) -> bool:
    if type(obj) is torch.dtype:
        return True
    if depth > 4 or not isinstance(obj, _CONTAINERS):
        return False
    items = obj.items() if isinstance(obj, dict) else obj
    for item in items:
        if _holds_dtype(item, depth + 1):
            return True
    return False


def _ms_repr(obj) -> str:
    """``repr`` with MindSpore's dtype spelling inside containers (as MindSpore's ``repr`` of them)."""
    if type(obj) is torch.dtype:
        return dtype_repr(obj) if is_mindspore_dtype(obj) else repr(obj)
    if not _holds_dtype(obj):
        return repr(obj)
    if isinstance(obj, dict):
        return "{" + ", ".join(f"{_ms_repr(k)}: {_ms_repr(v)}" for k, v in obj.items()) + "}"
    inner = ", ".join(_ms_repr(v) for v in obj)
    if isinstance(obj, tuple):
        return f"({inner},)" if len(obj) == 1 else f"({inner})"
    if isinstance(obj, list):
        return f"[{inner}]"
    return "{" + inner + "}" if type(obj) is set else f"{type(obj).__name__}({{{inner}}})"


def _ms_arg(arg):
    if type(arg) is torch.dtype:
        return dtype_str(arg) if is_mindspore_dtype(arg) else arg
    if type(arg) in _CONTAINERS and _holds_dtype(arg):
        return _ms_repr(arg)
    return arg


def mindspore_print(*args, **kwargs):
    """``print`` with MindSpore's dtype spellings (see the module docstring)."""
    for a in args:  # the common case (no dtype anywhere) passes the arguments on untouched
        if type(a) is torch.dtype or type(a) in _CONTAINERS:
            args = tuple(_ms_arg(x) for x in args)
            break
    return _original_print(*args, **kwargs)


def install_print() -> None:
    """Make ``builtins.print`` :func:`mindspore_print`, printing through the ``print`` found there (idempotent)."""
    global _original_print
    if builtins.print is not mindspore_print:
        _original_print = builtins.print
        builtins.print = mindspore_print


def uninstall_print() -> None:
    """Restore the ``print`` that was there before :func:`install_print` (only if it is still ours)."""
    if builtins.print is mindspore_print:
        builtins.print = _original_print

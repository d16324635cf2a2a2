"""``str``/``repr``/``format`` of dtypes spelled as MindSpore does for MindSpore code, while the ``mindspore``
alias is installed.

MindSpore 2.10 spells ``str(ms.float32)`` (so ``print``, f-strings, ``%s``, ``str.format``) ``Float32`` and
``repr(ms.float32)`` (so a dtype inside a list, tuple or dict) ``mindspore.float32``. Here a MindSpore
dtype *is* the ``torch.dtype`` object, so that it works wherever PyTorch takes a dtype, and PyTorch fixes
that object's spelling in C as ``torch.float32``. PyTorch's own Python code reads that spelling back
(TorchInductor writes ``f"{dtype}"`` into the code it generates, Dynamo into its guards), and so does the
PyTorch code of a team that runs a MindSpore project in the same process (``getattr(torch,
str(d).split('.')[-1])``, ``np.dtype(...)``, logs, file names, ``torch.save``d metadata).

So the spelling depends on who asks. **The rule:** the asking frame (the one calling ``str``, ``repr``,
``format`` or ``print``; C code has no frame) is *MindSpore code* when its module imported the MindSpore API:
its globals hold the ``mindspore`` module (``import mindspore as ms``), an ms_compat module, or a class or
function from one (``from mindspore import nn``); see :mod:`ms_compat._mindspore_code`. MindSpore code gets MindSpore's spelling; every other module
(PyTorch, the team's own modules, NumPy, any library) gets PyTorch's. Standard-library frames (``logging``,
``pprint``, ``string`` ...) spell for whoever called them, so ``logger.info("%s", d)`` in MindSpore code logs
``Float32``. ms_compat's own modules get PyTorch's spelling (they ask for MindSpore's explicitly). The
answer is cached per module and recomputed when the module's globals gain or lose a name (a module that
imports ``mindspore`` after formatting a dtype). dtypes MindSpore has no Tensor dtype for (``torch.quint8``
...) keep PyTorch's spelling. A dtype turned into text inside a compiled ``construct`` is turned into text by
TorchDynamo while it traces; the few Dynamo functions that evaluate the traced code's own formatting
(``_DYNAMO_EVALUATORS``) answer for the traced function's module, so compiled code spells as eager code does.

**Mechanism (memory-safe).** :func:`install` puts Python ``__repr__``/``__str__`` functions into
``torch.dtype``'s type dict and points its ``tp_repr``/``tp_str`` slots at CPython's own generic
``slot_tp_repr``/``slot_tp_str`` (taken from a heap type that defines ``__repr__``/``__str__`` in Python), all
through :func:`ms_compat._torch_seam.route_type_slots_to_python`. CPython then calls the function as it calls
any Python ``__repr__``: a ``RecursionError``, or an exception a signal handler raises while a dtype is being
spelled, reaches the caller as that exception (a ctypes callback, the earlier mechanism, could not return NULL
with an exception set and crashed the interpreter: issue 30). PyTorch's spelling comes from the type's
original slot wrapper (``_torch_repr``). Limit, documented in the drop-in guide: the slots can be patched only
on CPython 3.9-3.13 with the GIL and no ``Py_TRACE_REFS`` whose ``torch.dtype`` type object has the expected
layout; :func:`install` checks and returns ``False`` otherwise, and the alias then falls back to the ``print``
hook of :mod:`ms_compat.porting._print_hook` (``print`` only).

Cost: ``str(dtype)`` takes about a microsecond more (a Python call and a cached dict lookup; measured in
tests/test_dtype_spelling.py); no tensor operation turns a dtype into text, so the hot path is unchanged.
"""
from __future__ import annotations

import sys

import torch

from .._mindspore_code import forget as _forget_modules, is_mindspore_code
from .._torch_seam import current_traced_globals, note_missing, restore_type_slots, route_type_slots_to_python
from .._torch_seam import type_head
from ..common.dtype import dtype_repr, dtype_str, is_mindspore_dtype

#: Packages whose code gets PyTorch's spelling even if it imports ``mindspore``: ms_compat itself (it
#: spells MindSpore's words explicitly where it means them, through ``dtype_str``/``dtype_repr``).
TORCH_SPELLING_PACKAGES = {"ms_compat"}
_NEUTRAL = frozenset(getattr(sys, "stdlib_module_names", ())) - {"__main__"}
_MAX_NEUTRAL_FRAMES = 32
_KEY = "torch.dtype str/repr"

_torch_repr = torch.dtype.__dict__["__repr__"]  # PyTorch's C function (slot wrapper), whatever the slot holds
_saved_installed = False


def _asker_is_mindspore(frame) -> bool:
    for _ in range(_MAX_NEUTRAL_FRAMES):
        if frame is None:
            return False
        g = frame.f_globals
        name = g.get("__name__")
        top = name.partition(".")[0] if isinstance(name, str) else ""
        if top == "torch":
            if name.startswith("torch._dynamo.variables."):
                traced = _traced_globals(frame)
                if traced is not None:
                    tname = traced.get("__name__")
                    return not (isinstance(tname, str) and tname.partition(".")[0] in TORCH_SPELLING_PACKAGES) \
                        and is_mindspore_code(traced)
            return False
        if top not in _NEUTRAL:
            return top not in TORCH_SPELLING_PACKAGES and is_mindspore_code(g)
        frame = frame.f_back  # logging, pprint, string ... spell for whoever called them
    return False


# The functions in which TorchDynamo evaluates, at trace time, the traced code's own ``str``/``repr``/``%``/
# ``format`` of constants (such as a dtype): their text belongs to the traced function, so they answer for the
# traced frame's module. Matched by qualified name; under a PyTorch that renames them, a dtype formatted inside
# a compiled function keeps PyTorch's spelling (as Dynamo's own frames do).
_DYNAMO_EVALUATORS = ("constant_fold_handler", "ConstantVariable.repr_impl", "ConstantVariable.nb_remainder_impl",
                      "StringFormatVariable.create")


def _traced_globals(frame):
    qualname = getattr(frame.f_code, "co_qualname", frame.f_code.co_name)
    if not qualname.endswith(_DYNAMO_EVALUATORS):
        return None
    return current_traced_globals()


def _dtype_repr_slot(self):
    """``repr(dtype)`` while installed: ``mindspore.float32`` for MindSpore code, else PyTorch's."""
    if is_mindspore_dtype(self) and _asker_is_mindspore(sys._getframe(1)):
        return dtype_repr(self)
    return _torch_repr(self)


def _dtype_str_slot(self):
    """``str(dtype)`` while installed: ``Float32`` for MindSpore code, else PyTorch's."""
    if is_mindspore_dtype(self) and _asker_is_mindspore(sys._getframe(1)):
        return dtype_str(self)
    return _torch_repr(self)


_dtype_repr_slot.__name__ = _dtype_repr_slot.__qualname__ = "__repr__"
_dtype_str_slot.__name__ = _dtype_str_slot.__qualname__ = "__str__"


def is_installed() -> bool:
    """True while ``torch.dtype``'s ``str``/``repr`` spell for the asking code."""
    return _saved_installed


def _head(tp):
    """``tp``'s type header when this interpreter's layout is recognised (else ``None``: no slot is changed)."""
    return type_head(tp)


def install() -> bool:
    """Spell dtypes as MindSpore does for MindSpore code (see the module docstring). Idempotent.

    Returns ``False`` (and changes nothing) where the interpreter's type layout cannot be checked."""
    global _saved_installed
    if _saved_installed:
        return True
    if _head(torch.dtype) is not None:
        _forget_modules()
        _saved_installed = route_type_slots_to_python(
            torch.dtype, {"__repr__": _dtype_repr_slot, "__str__": _dtype_str_slot}, _KEY,
            "torch.dtype's tp_repr/tp_str call Python __repr__/__str__ that spell as MindSpore for MindSpore code "
            "(ms_compat.install(); undone by ms_compat.uninstall())")
    if not _saved_installed:
        note_missing("torch.dtype str/repr", "this interpreter's type layout is not recognised (CPython 3.9-3.13 "
                     "with the GIL): only print spells dtypes as MindSpore does; str(dtype) keeps PyTorch's")
    return _saved_installed


def uninstall() -> None:
    """Give ``torch.dtype`` back its own ``str``/``repr`` (idempotent)."""
    global _saved_installed
    restore_type_slots(torch.dtype, _KEY)
    _saved_installed = False

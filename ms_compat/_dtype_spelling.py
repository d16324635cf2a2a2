"""``str``/``repr``/``format`` of dtypes spelled as MindSpore does, while the ``mindspore`` alias is installed.

MindSpore 2.10 spells ``str(ms.float32)`` (so ``print``, f-strings, ``%s``, ``str.format``) ``Float32`` and
``repr(ms.float32)`` (so a dtype inside a list, tuple or dict) ``mindspore.float32``. Here a MindSpore
dtype *is* the ``torch.dtype`` object, so that it works wherever PyTorch takes a dtype, and PyTorch fixes
that object's spelling in C as ``torch.float32``. PyTorch's own Python code also reads that spelling back:
TorchInductor writes ``f"{dtype}"`` into the source code it generates, Dynamo into its guards, and
libraries built on PyTorch (transformers, safetensors ...) parse ``str(dtype)``.

So the spelling depends on who asks. :func:`install` points the ``tp_repr`` and ``tp_str`` slots of
``torch.dtype`` at a small function that looks at the Python frame that asked (the one calling ``str``,
``repr``, ``format`` or ``print``; C code has no frame). A frame of a module whose top-level package is in
:data:`TORCH_SPELLING_PACKAGES` (``torch``, ``ms_compat`` itself, ``numpy``, ``sympy``, ``triton``,
``transformers`` ...) gets PyTorch's spelling, so generated code and library parsing keep working; every
other frame (the MindSpore program, its third-party MindSpore packages, ``logging``, ``pprint``) gets
MindSpore's. dtypes MindSpore has no Tensor dtype for (``torch.quint8`` ...) keep PyTorch's spelling.
``torch.dtype.__repr__(d)`` (the type's slot wrapper) always gives PyTorch's spelling.

A dtype turned into text inside a compiled ``construct`` is turned into text by TorchDynamo while it
traces; the few Dynamo functions that evaluate the traced code's own formatting (``_DYNAMO_EVALUATORS``)
answer for the traced function's module, so compiled code spells as eager code does. Limit, documented in
the tensors guide: the slots can be patched only on a standard CPython build (GIL, no ``Py_TRACE_REFS``)
whose ``torch.dtype`` type object has the expected layout. :func:`install` checks both and returns ``False``
otherwise; the alias then falls back to the ``print`` hook of :mod:`ms_compat._print_hook` (``print`` only).

Cost: ``str(dtype)`` takes about a microsecond more (a Python call); no tensor operation turns a dtype
into text, so the hot path is unchanged.
"""
from __future__ import annotations

import ctypes
import sys
import sysconfig

import torch

from .common.dtype import dtype_repr, dtype_str, is_mindspore_dtype

#: Top-level packages whose code sees PyTorch's spelling (``torch.float32``). Add a package's name here
#: if it is PyTorch code that parses ``str(dtype)`` and runs inside a MindSpore program.
TORCH_SPELLING_PACKAGES = {
    "torch", "functorch", "torchgen", "ms_compat", "numpy", "sympy", "triton", "torchvision", "torchaudio",
    "torchtext", "transformers", "accelerate", "safetensors", "timm", "peft", "diffusers", "onnx", "onnxscript",
    "onnxruntime", "lightning", "pytorch_lightning", "lightning_fabric", "torchmetrics", "einops", "deepspeed",
    "fairscale", "xformers", "bitsandbytes", "tensorboard", "torch_xla", "apex", "optree",
}

_UNARY = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.py_object)
_torch_spelling = torch.dtype.__repr__  # slot wrapper: PyTorch's C function, whatever the slot holds now


class _TypeHead(ctypes.Structure):
    """The start of CPython's ``PyTypeObject`` (non-debug build), up to ``tp_str``."""
    _fields_ = [
        ("ob_refcnt", ctypes.c_ssize_t), ("ob_type", ctypes.c_void_p), ("ob_size", ctypes.c_ssize_t),
        ("tp_name", ctypes.c_char_p), ("tp_basicsize", ctypes.c_ssize_t), ("tp_itemsize", ctypes.c_ssize_t),
        ("tp_dealloc", ctypes.c_void_p), ("tp_vectorcall_offset", ctypes.c_ssize_t),
        ("tp_getattr", ctypes.c_void_p), ("tp_setattr", ctypes.c_void_p), ("tp_as_async", ctypes.c_void_p),
        ("tp_repr", ctypes.c_void_p), ("tp_as_number", ctypes.c_void_p), ("tp_as_sequence", ctypes.c_void_p),
        ("tp_as_mapping", ctypes.c_void_p), ("tp_hash", ctypes.c_void_p), ("tp_call", ctypes.c_void_p),
        ("tp_str", ctypes.c_void_p),
    ]


_saved = None  # (tp_repr, tp_str) of torch.dtype before install(), while installed
_keep = []     # the ctypes callbacks the slots point at (must outlive the patch)
_module_side = {}  # module __name__ -> True when it gets PyTorch's spelling


def _head(tp) -> _TypeHead | None:
    """``tp``'s type header, or ``None`` when this interpreter's layout is not the one described."""
    if sys.implementation.name != "cpython" or hasattr(sys, "gettotalrefcount"):
        return None
    if sysconfig.get_config_var("Py_GIL_DISABLED"):
        return None
    head = _TypeHead.from_address(id(tp))
    try:
        ok = head.ob_type == id(type(tp)) and head.tp_name.rsplit(b".", 1)[-1] == tp.__name__.encode()
    except (AttributeError, ValueError):
        return None
    if not ok or head.tp_basicsize != tp.__basicsize__ or not head.tp_repr:
        return None
    probe = _TypeHead.from_address(id(int))  # the same offsets must read a known type correctly
    if probe.tp_name != b"int" or probe.tp_basicsize != int.__basicsize__:
        return None
    return head


# The functions in which TorchDynamo evaluates, at trace time, the traced code's own ``str``/``repr``/``%``/
# ``format`` of constants (such as a dtype): their text belongs to the traced function, so they answer for the
# traced frame's module. Matched by qualified name; under a PyTorch that renames them, a dtype formatted inside
# a compiled function keeps PyTorch's spelling (as Dynamo's own frames do).
_DYNAMO_EVALUATORS = ("constant_fold_handler", "ConstantVariable.repr_impl", "ConstantVariable.nb_remainder_impl",
                      "StringFormatVariable.create")


def _traced_module(frame) -> str | None:
    """The module of the function Dynamo is tracing, when ``frame`` is one of its evaluators."""
    qualname = getattr(frame.f_code, "co_qualname", frame.f_code.co_name)
    if not qualname.endswith(_DYNAMO_EVALUATORS):
        return None
    try:
        from torch._dynamo.symbolic_convert import InstructionTranslator
        return InstructionTranslator.current_tx().f_globals.get("__name__") or ""
    except Exception:  # noqa: BLE001 -- no trace in progress
        return None


def _torch_side(frame) -> bool:
    name = frame.f_globals.get("__name__") or ""
    if name.startswith("torch._dynamo.variables."):
        traced = _traced_module(frame)
        if traced is not None:
            return traced.partition(".")[0] in TORCH_SPELLING_PACKAGES
    side = _module_side.get(name)
    if side is None:
        side = _module_side[name] = name.partition(".")[0] in TORCH_SPELLING_PACKAGES
    return side


def _spell(dtype, mindspore_spelling):
    try:
        if is_mindspore_dtype(dtype) and not _torch_side(sys._getframe(2)):
            return mindspore_spelling(dtype)
    except BaseException:  # noqa: BLE001 -- a slot must return a string; never leave an exception set
        pass
    return _torch_spelling(dtype)


def _str_slot(dtype):
    return _spell(dtype, dtype_str)


def _repr_slot(dtype):
    return _spell(dtype, dtype_repr)


def is_installed() -> bool:
    """True while ``torch.dtype``'s ``str``/``repr`` slots point at this module."""
    return _saved is not None


def install() -> bool:
    """Spell dtypes as MindSpore does outside PyTorch's code (see the module docstring). Idempotent.

    Returns ``False`` (and changes nothing) where the interpreter's type layout cannot be checked."""
    global _saved
    if _saved is not None:
        return True
    head = _head(torch.dtype)
    if head is None:
        return False
    if not _keep:
        _keep.extend((_UNARY(_repr_slot), _UNARY(_str_slot)))
    _saved = (head.tp_repr, head.tp_str)
    _module_side.clear()
    head.tp_repr = ctypes.cast(_keep[0], ctypes.c_void_p).value
    head.tp_str = ctypes.cast(_keep[1], ctypes.c_void_p).value
    return True


def uninstall() -> None:
    """Give ``torch.dtype`` back its own ``str``/``repr`` (idempotent)."""
    global _saved
    if _saved is None:
        return
    head = _TypeHead.from_address(id(torch.dtype))
    head.tp_repr, head.tp_str = _saved
    _saved = None

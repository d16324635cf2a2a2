"""The one place where ms_compat reaches into PyTorch's private internals or changes the process.

No MindSpore counterpart. Every use of a private PyTorch API (``torch._C._*``, ``torch._dynamo``,
``torch._inductor``, ``torch._functorch``, ``torch._subclasses``, other ``torch._*`` modules) and every
process-wide change (a type slot written through ``ctypes``, a PyTorch config flag or table edited) goes
through this module; ``tests/test_torch_seam.py`` walks the package and fails on one made elsewhere. The
rest of ms_compat imports names from here (hot paths bind them once at import time, so a call costs what it
cost before).

Each name is feature-detected: when a PyTorch version lacks it, the name is ``None`` or a fallback that says
what is missing (:func:`missing`), never an ``AttributeError`` at ``import ms_compat``. Each process-wide
change is recorded while it is in place (:func:`changes`, shown by ``ms_compat.diagnostics()``), so a user
can see what ms_compat changed in their process and when.

Supported range: torch 2.13 (``SUPPORTED_TORCH``, the range CI tests) on CPython 3.9-3.13 with the GIL;
:func:`route_type_slots_to_python` refuses any other interpreter (free-threaded, debug ``Py_TRACE_REFS``
builds, PyPy) and ms_compat then falls back to what needs no slot (see ``_dtype_spelling``).
Supporting the next PyTorch minor is this file's work: check each feature below against it.
"""
from __future__ import annotations

import ctypes
import gc
import sys
import sysconfig
import threading

import torch

SUPPORTED_TORCH = (">=2.13", "<2.14")

_changes: dict = {}  # key -> one line saying what is changed in PyTorch or the interpreter, while it is
_missing: dict = {}  # feature -> what is lost without it on this PyTorch
_lock = threading.Lock()


def record(key: str, what: str) -> None:
    """Note a process-wide change now in place (shown by ``ms_compat.diagnostics()``)."""
    _changes[key] = what


def forget(key: str) -> None:
    """Note that the change ``key`` was undone."""
    _changes.pop(key, None)


def changes() -> dict:
    """The process-wide changes ms_compat has in place now: ``{key: description}``."""
    return dict(_changes)


def missing() -> dict:
    """The private PyTorch features this PyTorch lacks, each with what ms_compat does without it."""
    return dict(_missing)


def note_missing(feature: str, lost: str) -> None:
    """Note that ``feature`` could not be used here, and what is lost (shown by ``ms_compat.diagnostics()``)."""
    _missing[feature] = lost


def _feature(name: str, get, lost: str):
    """``get()``, or ``None`` (recorded in :func:`missing` with ``lost``) when this PyTorch lacks it."""
    try:
        return get()
    except (AttributeError, ImportError):
        _missing[name] = lost
        return None


# ------------------------------------------------------------------ torch._C names used on hot paths
DisableTorchFunctionSubclass = torch._C.DisableTorchFunctionSubclass  # required: no ms_compat without it
TensorBase = torch._C.TensorBase
skip_one_hop_torch_function = torch._C._skip_one_hop_torch_function
is_torch_function_enabled = torch._C._is_torch_function_enabled
set_grad_mode = torch._C._set_grad_enabled  # torch.set_grad_enabled(mode) without its context-manager object
disabled_torch_function_impl = torch._C._disabled_torch_function_impl
OpOverload = torch._ops.OpOverload
get_mkldnn_enabled = _feature("torch._C._get_mkldnn_enabled", lambda: torch._C._get_mkldnn_enabled,
                              "the compiled LSTM assumes oneDNN is off")
use_cudnn_rnn_flatten_weight = _feature(
    "torch._use_cudnn_rnn_flatten_weight", lambda: torch._use_cudnn_rnn_flatten_weight,
    "RNN weights are not laid out for cuDNN (slower on CUDA, same numbers)")
cudnn_rnn_flatten_weight = _feature("torch._cudnn_rnn_flatten_weight", lambda: torch._cudnn_rnn_flatten_weight,
                                    "RNN weights are not laid out for cuDNN (slower on CUDA, same numbers)")
set_version_counter = _feature(
    "torch._C._autograd._unsafe_set_version_counter",
    lambda: torch._C._autograd._unsafe_set_version_counter,
    "a write into a tensor an earlier op saved for its backward raises PyTorch's in-place error "
    "(MindSpore's mutation model, common/mutation.py)")


# ------------------------------------------------------------------ the module call path (Cell.__call__)
def _compiling_reader():
    """``torch.compiler.is_compiling()`` at the cost of one attribute read: the flag it returns
    (``torch.compiler._is_compiling_flag``, held True while Dynamo compiles and while export traces), read by a
    function marked ``torch.compiler.assume_constant_result`` so that a Dynamo trace evaluates it once, as the
    constant True, without a guard (a plain read of the flag would be guarded and recompile every call).
    ``torch.jit.is_scripting()``, the public function's other half, is never true in Python code."""
    import torch.compiler as compiler
    if not isinstance(getattr(compiler, "_is_compiling_flag", None), bool):
        _missing["torch.compiler._is_compiling_flag"] = "Cell calls ask torch.compiler.is_compiling() (~0.1 µs more)"
        return compiler.is_compiling

    def is_compiling() -> bool:
        return compiler._is_compiling_flag

    def mark_constant(dynamo):  # after Dynamo's import: importing it here would cost seconds at import ms_compat
        if hasattr(dynamo, "assume_constant_result"):
            dynamo.assume_constant_result(is_compiling)
        else:
            _missing["torch._dynamo.assume_constant_result"] = ("a Cell compiled by torch.compile recompiles on "
                                                                "every call")
    from .common.after_import import after_import
    after_import("torch._dynamo", mark_constant, key="ms_compat.is_compiling")
    return is_compiling


is_compiling = _compiling_reader()


def _module_fast_path():
    """What ``torch.nn.Module._call_impl`` reads to decide that a call is plain (it then calls ``forward`` and
    nothing else): the four global hook dicts of ``torch.nn.modules.module`` (never rebound by PyTorch, so bound
    here once) and ``torch.jit._trace`` (whose ``_trace_module_map`` is not None only while ``torch.jit.trace``
    records module scopes: outside that, ``Module._slow_forward`` is ``forward``). ``None`` when this PyTorch's
    ``_call_impl`` reads other global hooks than these (Cells then go through ``_call_impl`` on every call)."""
    from torch.jit import _trace as jit_trace
    from torch.nn.modules import module

    def names_in(code):  # the function's own names and those of the functions nested in it
        return set(code.co_names).union(*(names_in(c) for c in code.co_consts if hasattr(c, "co_names")))
    known = {"_global_backward_pre_hooks", "_global_backward_hooks", "_global_forward_hooks",
             "_global_forward_pre_hooks", "_global_forward_hooks_always_called", "_global_forward_hooks_with_kwargs"}
    names = {n for n in names_in(module.Module._call_impl.__code__) if n.startswith("_global")}
    if names != known or not hasattr(jit_trace, "_trace_module_map"):
        _missing["torch.nn.Module._call_impl fast path"] = ("every Cell call goes through torch.nn.Module._call_impl "
                                                            "(~0.3 µs more per call)")
        return None
    hooks = (module._global_forward_pre_hooks, module._global_forward_hooks, module._global_backward_pre_hooks,
             module._global_backward_hooks)
    return hooks, jit_trace


module_fast_path = _module_fast_path()
flatten_dense_tensors = torch._utils._flatten_dense_tensors
unflatten_dense_tensors = torch._utils._unflatten_dense_tensors
from torch.utils._pytree import tree_flatten, tree_map, tree_unflatten  # noqa: E402  (no public pytree in 2.13)
from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402


def sync_batch_norm_function():
    """``torch.nn.modules._functions.SyncBatchNorm``: the autograd function of ``nn.SyncBatchNorm``."""
    from torch.nn.modules._functions import SyncBatchNorm
    return SyncBatchNorm


def custom_op(name: str, **kwargs):
    """``torch.library.custom_op(name, **kwargs)``, recorded: registers a new operator in PyTorch's dispatcher
    (ms_compat's own ``ms_compat::`` namespace; no PyTorch operator changes)."""
    register = torch.library.custom_op(name, **kwargs)

    def deco(fn):
        op = register(fn)
        record(f"operator {name}", f"operator {name} registered with torch.library (ms_compat's namespace)")
        return op
    return deco


library_get_ctx = torch.library.get_ctx


def unset_fake_temporarily():
    """``torch._subclasses.fake_tensor.unset_fake_temporarily()``: real tensors inside a fake-tensor trace."""
    from torch._subclasses.fake_tensor import unset_fake_temporarily as unset
    return unset()


def current_traced_globals():
    """The module globals of the function TorchDynamo is tracing now, or ``None`` outside a trace."""
    try:
        from torch._dynamo.symbolic_convert import InstructionTranslator
        tx = InstructionTranslator.current_tx()
    except (ImportError, AttributeError, IndexError):
        return None
    return getattr(tx, "f_globals", None) if tx is not None else None


# ------------------------------------------------------------------ type slots (ctypes)
class _TypeHead(ctypes.Structure):
    """The start of CPython's ``PyTypeObject`` (3.9-3.13, non-debug build), up to ``tp_str``."""
    _fields_ = [
        ("ob_refcnt", ctypes.c_ssize_t), ("ob_type", ctypes.c_void_p), ("ob_size", ctypes.c_ssize_t),
        ("tp_name", ctypes.c_char_p), ("tp_basicsize", ctypes.c_ssize_t), ("tp_itemsize", ctypes.c_ssize_t),
        ("tp_dealloc", ctypes.c_void_p), ("tp_vectorcall_offset", ctypes.c_ssize_t),
        ("tp_getattr", ctypes.c_void_p), ("tp_setattr", ctypes.c_void_p), ("tp_as_async", ctypes.c_void_p),
        ("tp_repr", ctypes.c_void_p), ("tp_as_number", ctypes.c_void_p), ("tp_as_sequence", ctypes.c_void_p),
        ("tp_as_mapping", ctypes.c_void_p), ("tp_hash", ctypes.c_void_p), ("tp_call", ctypes.c_void_p),
        ("tp_str", ctypes.c_void_p),
    ]


_SLOTS = ("__repr__", "__str__")


class _SlotDonor:
    """A heap type defining ``__repr__``/``__str__`` in Python: CPython points its ``tp_repr``/``tp_str`` at its
    generic ``slot_tp_repr``/``slot_tp_str``, which look the method up on the type and call it (an exception
    comes back as NULL with the exception set, as for any Python ``__repr__``)."""

    def __repr__(self):
        return "_SlotDonor()"

    def __str__(self):
        return "_SlotDonor"


def type_head(tp) -> _TypeHead | None:
    """``tp``'s type header, or ``None`` when this interpreter's layout is not the one described."""
    if sys.implementation.name != "cpython" or hasattr(sys, "gettotalrefcount") or not (3, 9) <= sys.version_info < (3, 14):
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


def _generic_slots():
    """CPython's ``(slot_tp_repr, slot_tp_str)``, read from :class:`_SlotDonor`; ``None`` if not recognised."""
    donor, obj = type_head(_SlotDonor), type_head(object)
    if donor is None or obj is None or not donor.tp_repr or not donor.tp_str:
        return None
    if donor.tp_repr == obj.tp_repr or donor.tp_str == obj.tp_str or donor.tp_repr == donor.tp_str:
        return None
    return donor.tp_repr, donor.tp_str


def _type_dict(tp):
    """The dict behind ``tp.__dict__`` (a read-only proxy), or ``None``."""
    proxy = tp.__dict__
    found = [d for d in gc.get_referents(proxy) if type(d) is dict]
    if len(found) != 1 or found[0].keys() != proxy.keys():
        return None
    return found[0]


_routed: dict = {}  # type -> (tp_repr, tp_str, {name: previous value or _ABSENT})
_ABSENT = object()


def route_type_slots_to_python(tp, methods: dict, key: str, what: str) -> bool:
    """Make ``repr``/``str`` of ``tp``'s instances call the Python functions ``methods["__repr__"]``/
    ``methods["__str__"]``, as if ``tp`` defined them in Python: the functions go into the type's dict and its
    ``tp_repr``/``tp_str`` slots point at CPython's own generic slot functions, so an exception raised while
    spelling (a ``RecursionError``, ``KeyboardInterrupt`` from a signal handler) reaches the caller as that
    exception. Returns ``False`` (and changes nothing) where the interpreter or the type is not recognised."""
    with _lock:
        if tp in _routed:
            return True
        head, slots, tdict = type_head(tp), _generic_slots(), _type_dict(tp)
        if head is None or slots is None or tdict is None or set(methods) != set(_SLOTS):
            return False
        previous = {name: tdict.get(name, _ABSENT) for name in _SLOTS}
        _routed[tp] = (head.tp_repr, head.tp_str, previous)
        tdict.update(methods)  # the slots still hold tp's C functions: both states spell correctly
        ctypes.pythonapi.PyType_Modified(ctypes.py_object(tp))
        if any(getattr(tp, name) is not fn for name, fn in methods.items()):  # the dict is not the type's
            _routed.pop(tp)
            for name, value in previous.items():
                tdict.pop(name, None) if value is _ABSENT else tdict.__setitem__(name, value)
            ctypes.pythonapi.PyType_Modified(ctypes.py_object(tp))
            return False
        head.tp_repr, head.tp_str = slots
        record(key, what)
        return True


def restore_type_slots(tp, key: str) -> None:
    """Undo :func:`route_type_slots_to_python` for ``tp`` (idempotent)."""
    with _lock:
        saved = _routed.pop(tp, None)
        if saved is None:
            return
        tp_repr, tp_str, previous = saved
        head = _TypeHead.from_address(id(tp))
        head.tp_repr, head.tp_str = tp_repr, tp_str
        tdict = _type_dict(tp)
        for name, value in previous.items():
            if value is _ABSENT:
                tdict.pop(name, None)
            else:
                tdict[name] = value
        ctypes.pythonapi.PyType_Modified(ctypes.py_object(tp))
        forget(key)


def diagnostics() -> dict:
    """What ms_compat has changed in this process and what this PyTorch lacks (``ms_compat.diagnostics()``;
    no MindSpore counterpart): ``{"torch": version, "supported_torch": range, "python": version,
    "changes": {key: what}, "missing": {feature: consequence}}``."""
    return {"torch": torch.__version__, "supported_torch": " ".join(SUPPORTED_TORCH),
            "python": sys.version.split()[0], "changes": changes(), "missing": missing()}


# ------------------------------------------------------------------ the C library (read only)
_c_functions: dict = {}


def c_library_function(library: str, name: str, arity: int):
    """The C library's ``double name(double, ...)`` (e.g. glibc's ``lgamma``, whose last bits MindSpore's kernels
    see and CPython's own ``math`` functions do not reproduce), or ``None`` where ctypes cannot find it. Changes
    nothing in the process."""
    key = (library, name, arity)
    if key not in _c_functions:
        import ctypes.util
        try:
            fn = getattr(ctypes.CDLL(ctypes.util.find_library(library)), name)
            fn.restype, fn.argtypes = ctypes.c_double, [ctypes.c_double] * arity
        except (OSError, AttributeError, TypeError):
            fn = None
        _c_functions[key] = fn
    return _c_functions[key]


# ------------------------------------------------------------------ Inductor / Dynamo / functorch config
def set_attribute_when_imported(module_name: str, name: str, make, key: str, what: str) -> None:
    """``<module_name>.<name> = make(current value)`` now if that PyTorch module is imported, else right after
    its import (ms_compat must not import Dynamo or Inductor: seconds); recorded as ``key``. A module that
    lacks ``name`` is left alone and the loss recorded in :func:`missing`."""
    from .common.after_import import after_import

    def apply(module):
        if not hasattr(module, name):
            _missing[f"{module_name}.{name}"] = f"not changed: {what}"
            return
        before = getattr(module, name)
        after = make(before)
        if after is not before:
            setattr(module, name, after)
            record(key, what)
    after_import(module_name, apply, key=(module_name, name))


def inductor_custom_graph_pass_base():
    """``torch._inductor.custom_graph_pass.CustomGraphPass`` (imports Inductor: seconds; call on first use)."""
    from torch._inductor.custom_graph_pass import CustomGraphPass
    return CustomGraphPass


def set_inductor_config_when_imported(name: str, make, key: str, what: str) -> None:
    """:func:`set_attribute_when_imported` on ``torch._inductor.config``."""
    set_attribute_when_imported("torch._inductor.config", name, make, key, what)


def traced_call_has(tensor_type) -> bool:
    """Whether the call TorchDynamo is deciding how to trace now (the ``args``/``kwargs`` of the Dynamo frame
    that asks, two frames up) has an argument of ``tensor_type``. Trace time only."""
    f = sys._getframe(2)
    for _ in range(3):
        if f is None:
            return False
        names = f.f_code.co_varnames
        if "args" in names:
            loc = f.f_locals
            args = loc.get("args")
            kwargs = loc.get("kwargs")
            values = list(args) if isinstance(args, (list, tuple)) else []
            if isinstance(kwargs, dict):
                values.extend(kwargs.values())
            for v in values:
                try:
                    if issubclass(v.python_type(), tensor_type):
                        return True
                except Exception:  # noqa: BLE001 -- a variable without a Python type
                    continue
            return False
        f = f.f_back
    return False


def traced_frame_globals():
    """The module globals of the innermost function TorchDynamo is tracing now (an inlined call or the root
    frame), or ``None`` outside a trace. Trace time only: walks the Python stack."""
    convert = sys.modules.get("torch._dynamo.symbolic_convert")
    base = getattr(convert, "InstructionTranslatorBase", None)
    if base is None:
        return None
    f = sys._getframe(1)
    while f is not None:
        code = f.f_code
        if code.co_argcount and code.co_varnames[0] == "self":
            tx = f.f_locals.get("self")
            if isinstance(tx, base):
                return getattr(tx, "f_globals", None)
        f = f.f_back
    return None


_CUSTOM_OP_CHECK = "torch._functorch._aot_autograd.runtime_wrappers"


def let_custom_op_check_pass(tensor_type) -> None:
    """PyTorch's custom-op aliasing check (``torch._functorch.config.check_custom_op_aliasing``), run on the
    first call of a compiled graph, wraps the call in a dispatch mode that answers ``NotImplemented`` for
    tensor types outside its ``HANDLED_TYPES`` ("Multiple dispatch failed for aten.mm.out" for a subclass
    without ``__torch_dispatch__``, pytorch/pytorch#193932). ``tensor_type`` and its subclasses are added to
    that module's ``HANDLED_TYPES``: the check keeps running for everyone, and only MindSpore Tensors change
    (they are checked as plain tensors). Applied when that module is imported."""
    from .common.after_import import after_import

    class HandledTypes(tuple):
        """PyTorch's tuple, and any subclass of ``tensor_type`` (an exact-type ``in`` test reads it)."""

        def __contains__(self, t):
            return tuple.__contains__(self, t) or (isinstance(t, type) and issubclass(t, tensor_type))

    def apply(module):
        handled = getattr(module, "HANDLED_TYPES", None)
        if not isinstance(handled, tuple):
            _missing["custom-op aliasing check HANDLED_TYPES"] = (
                "compiled graphs with MindSpore Tensor inputs may fail their first call under "
                "torch._functorch.config.check_custom_op_aliasing")
            return
        if type(handled) is tuple:
            module.HANDLED_TYPES = HandledTypes(handled)
        record("custom-op aliasing check types", f"{_CUSTOM_OP_CHECK}.HANDLED_TYPES also holds "
               f"{tensor_type.__module__}.{tensor_type.__qualname__} and its subclasses (MindSpore Tensors only)")
    after_import(_CUSTOM_OP_CHECK, apply, key=("custom op check", tensor_type))

"""``mindspore.jit``, ``JitConfig``, ``Cell.compile`` and GRAPH_MODE on ``torch.compile``.

MindSpore compiles Python into a graph (``@jit``, ``GRAPH_MODE``); the PyTorch counterpart is
``torch.compile`` (TorchDynamo captures the bytecode, Inductor generates fused kernels). Option mapping
(see migration_guides/graph-mode.md):

=================  ========================================================================
MindSpore          torch.compile
=================  ========================================================================
jit_level='O0'     backend='aot_eager': the graph is captured (forward and backward through
                   AOTAutograd) and run kernel by kernel, no fusion — as MindSpore's O0 (default)
jit_level='O1'     backend='inductor' (operator fusion and generated kernels, like O1's graph fusion)
jit_level='O2'     backend='inductor', mode='max-autotune' (whole graph + CUDA graphs ≈ graph sink)
backend=''         by jit_level as above; 'ms_backend' the same; 'GE' → like O2; a torch backend name
                   ('eager', 'aot_eager', 'inductor', 'cudagraphs', ...) is passed through
fullgraph          fullgraph (True: a graph break raises instead of falling back to Python)
dynamic=0 / 1      dynamic=None (static first, dynamic after a shape change) / dynamic=True
capture_mode       'ast', 'bytecode', 'trace' are all served by TorchDynamo's bytecode capture
=================  ========================================================================

The compiled boundary passes MindSpore ``Tensor`` inputs in as plain ``torch.Tensor`` views and turns
them back into ``Tensor`` inside the traced code, so MindSpore method semantics hold in the graph and
the outputs are ``Tensor`` again. This avoids a PyTorch 2.13 Inductor bug with subclass graph inputs
(pytorch/pytorch#193932: "Multiple dispatch failed for aten.mm.out"); graphs that begin after a graph
break still see Tensor inputs, so the first use also turns off the debug check that raises that error
(:func:`_disable_alias_check`). See :func:`compile_safe` for code that calls ``torch.compile`` directly.
"""
from __future__ import annotations

import functools
import sys
import threading
import types
import warnings

import torch

from .dynamo_support import allow_subclass_graph_inputs
from .grad_scope import call_entry
from .tensor import Tensor

__all__ = ["jit", "JitConfig", "cell_compile", "cell_compile_and_run", "compile_options", "compile_safe", "jit_class",
           "ms_class", "lazy_inline", "no_inline"]

_Plain = torch.Tensor
_as_subclass = torch.Tensor.as_subclass
_CAPTURE_MODES = ("ast", "bytecode", "trace")
_JIT_LEVELS = ("O0", "O1", "O2")
_TORCH_BACKENDS = ("inductor", "eager", "aot_eager", "aot_eager_decomp_partition", "cudagraphs", "onnxrt", "tvm",
                   "openxla")
_getframe = sys._getframe
_state = threading.local()  # depth > 0 while a compiled top-level call runs (eager parts between graphs)
_warned = set()


def _warn_once(key, msg):
    if key not in _warned:
        _warned.add(key)
        warnings.warn(msg, UserWarning, stacklevel=3)


# --------------------------------------------------------------------------------------- options
def compile_options(jit_level="O0", backend="", fullgraph=False, dynamic=0, **torch_kwargs) -> dict:
    """Keyword arguments for ``torch.compile`` equivalent to MindSpore's jit options (table above)."""
    if jit_level in ("", None):
        jit_level = "O0"
    if jit_level not in _JIT_LEVELS:
        raise ValueError(f"For 'jit', the 'jit_level' must be str and must be in '{list(_JIT_LEVELS)}', "
                         f"but got '{jit_level}'.")
    opts = {"fullgraph": bool(fullgraph), "dynamic": None if not dynamic else True}
    if backend in ("", None, "ms_backend"):
        be = "inductor"
    elif backend == "GE":
        be, jit_level = "inductor", "O2"
    elif isinstance(backend, str) and backend in _TORCH_BACKENDS or callable(backend):
        be = backend
    else:
        raise ValueError(f"For 'jit', the 'backend' must be '', 'ms_backend', 'GE' or a torch.compile backend "
                         f"({', '.join(_TORCH_BACKENDS)}), but got '{backend}'.")
    if be == "inductor" and backend in ("", None, "ms_backend") and jit_level == "O0":
        be = "aot_eager"  # O0: whole-graph capture, kernel-by-kernel execution, no fusion
    opts["backend"] = be
    if be == "inductor" and jit_level == "O2":
        opts["mode"] = "max-autotune"
    opts.update(torch_kwargs)
    return opts


def _opts_key(opts):
    return tuple(sorted((k, v if isinstance(v, (str, bool, int, type(None))) else id(v)) for k, v in opts.items()))


# --------------------------------------------------------------------------------------- the compiled boundary
def _template_factory():
    target = None

    def jit_call(mask, kwkeys, *flat):
        # runs inside TorchDynamo: plain tensors that were MindSpore Tensors become Tensors again
        flat = tuple(_as_subclass(a, Tensor) if m else a for a, m in zip(flat, mask))
        if kwkeys:
            n = len(flat) - len(kwkeys)
            return target(*flat[:n], **dict(zip(kwkeys, flat[n:])))
        return target(*flat)

    return jit_call


_TEMPLATE = _template_factory()


def _fresh_entry(target, name):
    """A function calling ``target`` with its own code object: TorchDynamo caches compiled graphs per
    code object (with a recompile limit), so every jitted function/cell gets its own cache."""
    code = _TEMPLATE.__code__.replace(co_name=f"jit_{name}")
    return types.FunctionType(code, _TEMPLATE.__globals__, code.co_name, None, (types.CellType(target),))


def _split(args, kwargs):
    flat = args + tuple(kwargs.values()) if kwargs else args
    mask = tuple(isinstance(a, Tensor) for a in flat)
    if True in mask:
        flat = tuple(_as_subclass(a, _Plain) if m else a for a, m in zip(flat, mask))
    return mask, tuple(kwargs) if kwargs else (), flat


def _disable_alias_check():
    """Graphs that start after a graph break (e.g. the rest of a training step after ``autograd.grad``)
    receive MindSpore Tensors as inputs again, which the boundary cannot unwrap, so PyTorch's custom-op
    aliasing debug check must accept them (see :mod:`ms_compat.common.dynamo_support`; idempotent)."""
    allow_subclass_graph_inputs(force=True)


def _resolve_lazy_tensor_methods():
    """TorchDynamo looks a MindSpore Tensor method up statically (``inspect.getattr_static``) and cannot take a
    lazy class attribute (``ms_compat/_tensor_op_methods.py``: ``assign_value`` & co. import ``ops`` on first
    access): resolve them before the first compile (once; idempotent)."""
    if _lazy_methods_resolved:
        return
    for attr in list(vars(Tensor).values()):
        resolve = getattr(type(attr), "_resolve", None)
        if resolve is not None:
            resolve(attr)
    _lazy_methods_resolved.append(True)


_lazy_methods_resolved = []


class _CompiledCall:
    """``torch.compile`` of ``target`` behind the MindSpore Tensor boundary (see module docstring)."""

    __slots__ = ("target", "opts", "compiled", "__weakref__")

    def __init__(self, target, opts, name="fn"):
        _disable_alias_check()
        _resolve_lazy_tensor_methods()
        self.target = target
        self.opts = opts
        self.compiled = torch.compile(_fresh_entry(target, name), **opts)

    def __call__(self, *args, **kwargs):
        if torch.compiler.is_compiling() or getattr(_state, "depth", 0):
            return self.target(*args, **kwargs)  # already inside a graph (or its eager remainder)
        mask, kwkeys, flat = _split(args, kwargs)
        _state.depth = getattr(_state, "depth", 0) + 1
        try:
            return self.compiled(mask, kwkeys, *flat)
        finally:
            _state.depth -= 1


class run_eagerly:
    """Inside (this thread): every ``ms.jit`` function or Cell runs its Python eagerly, as it runs inside a graph
    (ms_compat extension; ``ms_compat.testing.float64_twin`` uses it: a float64 run of the same script changes
    precision, not the program, and a ``TorchFunctionMode`` does not compile)."""

    def __enter__(self):
        _state.depth = getattr(_state, "depth", 0) + 1
        return self

    def __exit__(self, *exc):
        _state.depth -= 1


def compile_safe(fn=None, **torch_compile_kwargs):
    """``torch.compile`` for code that receives MindSpore ``Tensor`` inputs (ms_compat extension).

    Same arguments as ``torch.compile``. Use it instead of calling ``torch.compile`` directly on a
    function/Cell that is called with ms_compat ``Tensor`` arguments: PyTorch 2.13's Inductor fails on
    tensor-subclass graph inputs (pytorch/pytorch#193932). (Alternatively pass plain tensors, e.g.
    ``ms_compat.common.tensor.to_torch(x)``.)"""
    if fn is None:
        return functools.partial(compile_safe, **torch_compile_kwargs)
    call = _CompiledCall(fn, torch_compile_kwargs, getattr(fn, "__name__", "fn"))
    return functools.wraps(fn)(lambda *a, **k: call(*a, **k)) if not isinstance(fn, torch.nn.Module) else call


# --------------------------------------------------------------------------------------- JitConfig
class JitConfig:
    """Mirrors ``mindspore.JitConfig(jit_level='', exc_mode='auto', jit_syntax_level='',
    debug_level='RELEASE', infer_boost='off', **kwargs)``.

    ``jit_level`` and ``backend`` select the ``torch.compile`` options (:func:`compile_options`);
    ``fullgraph``/``dynamic`` may be given as extra keywords. ``exc_mode``, ``jit_syntax_level``,
    ``debug_level`` and ``infer_boost`` are validated and stored (no torch meaning)."""

    def __init__(self, jit_level="", exc_mode="auto", jit_syntax_level="", debug_level="RELEASE",
                 infer_boost="off", **kwargs):
        if jit_level not in ("",) + _JIT_LEVELS:
            raise ValueError(f"For 'jit_level' must be one of {list(_JIT_LEVELS)}.")
        if exc_mode not in ("auto", "sink", "no_sink"):
            raise ValueError("For 'exc_mode' must be one of '['auto', 'sink', 'no_sink']'.")
        if jit_syntax_level not in ("", "STRICT", "LAX"):
            raise ValueError("For 'jit_syntax_level' must be one of '['STRICT', 'LAX']'.")
        if debug_level not in ("RELEASE", "DEBUG"):
            raise ValueError("For 'debug_level' must be one of '['RELEASE', 'DEBUG']'.")
        if infer_boost not in ("on", "off"):
            raise ValueError("For 'infer_boost' must be one of '['on', 'off']'.")
        d = dict(kwargs)
        d.update(jit_level=jit_level, exc_mode=exc_mode, jit_syntax_level=jit_syntax_level,
                 debug_level=debug_level, infer_boost=infer_boost)
        if jit_level and "backend" not in kwargs:
            d["backend"] = "GE" if jit_level == "O2" else "ms_backend"
        self.jit_config_dict = d

    def __repr__(self):
        return f"JitConfig({self.jit_config_dict})"


def _opts_from_config(d) -> dict:
    if not d:
        return compile_options()
    return compile_options(jit_level=d.get("jit_level", ""), backend=d.get("backend", ""),
                           fullgraph=d.get("fullgraph", False), dynamic=d.get("dynamic", 0))


# --------------------------------------------------------------------------------------- jit
_LEGACY = ("fn", "mode", "input_signature", "hash_args", "jit_config", "compile_once")


def jit(function=None, *, capture_mode="ast", jit_level="O0", dynamic=0, fullgraph=False, backend="", **options):
    """Mirrors ``mindspore.jit(function=None, *, capture_mode='ast', jit_level='O0', dynamic=0,
    fullgraph=False, backend='', **options)``: compile a function, a ``construct`` method or a Cell
    instance with ``torch.compile`` (options mapped as in this module's docstring).

    Also accepts the 2.3 keywords (``fn``, ``mode``, ``input_signature``, ``hash_args``,
    ``jit_config``, ``compile_once``); ``jit_config`` (a :class:`JitConfig`) supplies jit_level/backend.
    Differences: hooks of cells called inside still fire (MindSpore skips them); Python side effects
    (``print``, ``asnumpy``) run, causing a graph break (an error with ``fullgraph=True``).
    """
    if function is None and "fn" in options:
        function = options.pop("fn")
    if not isinstance(capture_mode, str) or capture_mode not in _CAPTURE_MODES:
        raise ValueError(f"For 'jit', the 'capture_mode' must be str and must be in '{list(_CAPTURE_MODES)}', "
                         f"but got '{capture_mode}'.")
    if not isinstance(jit_level, str) or jit_level not in ("O0", "O1", "O2"):
        raise ValueError(f"For 'jit', the 'jit_level' must be str and must be in '['O0', 'O1']', but got "
                         f"'{jit_level}'.")
    cfg = options.pop("jit_config", None)
    if cfg is not None:
        d = cfg.jit_config_dict if isinstance(cfg, JitConfig) else dict(cfg)
        jit_level = d.get("jit_level") or jit_level
        backend = d.get("backend", backend) if backend == "" else backend
    unknown = [k for k in options if k not in _LEGACY]
    if unknown:
        _warn_once(("jit", tuple(unknown)), f"jit options {unknown} have no torch.compile counterpart; ignored.")
    opts = compile_options(jit_level=jit_level, backend=backend, fullgraph=fullgraph, dynamic=dynamic)

    def decorate(fn):
        if isinstance(fn, torch.nn.Module):  # a Cell (common/ does not import nn/: a Cell IS a torch Module)
            call = _CompiledCall(fn._call_impl, opts, type(fn).__name__)
            # grad_scope: MindSpore code's outermost call records no graph, as Cell.__call__
            return functools.wraps(type(fn).__call__)(lambda *a, **k: call_entry(call, a, k, _getframe(1).f_globals))
        if not callable(fn):
            raise TypeError(f"For 'jit', the 'function' must be a function or a Cell, but got {type(fn).__name__}.")
        call = _CompiledCall(fn, opts, getattr(fn, "__name__", "fn"))

        @functools.wraps(fn)
        def jitted(*args, **kwargs):
            return call_entry(call, args, kwargs, _getframe(1).f_globals)

        jitted.__ms_jit__ = call
        return jitted

    return decorate if function is None else decorate(function)


# --------------------------------------------------------------------------------------- Cell.compile
def _cell_jit_factory(opts):
    def factory(cell, inner):
        return _CompiledCall(inner, opts, type(cell).__name__)
    return factory


def _has_tensor(args, kwargs):
    return any(isinstance(a, torch.Tensor) for a in args) or any(isinstance(v, torch.Tensor) for v in kwargs.values())


def cell_compile(cell, *args, **kwargs):
    """``Cell.compile``. MindSpore form ``compile(*inputs)``: switch this cell to compiled execution
    (its jit config / the context's, via :func:`compile_options`) and compile it for those inputs now
    (one run whose buffer updates, e.g. BatchNorm statistics, are undone); returns ``None``.
    PyTorch form ``compile(backend=..., mode=..., fullgraph=..., dynamic=..., options=...)`` (no tensor
    given): the same per-instance compiled execution with those ``torch.compile`` arguments."""
    if args or _has_tensor((), kwargs):
        opts = _cell_opts(cell)
        cell._set_forward_wrapper("jit", _cell_jit_factory(opts))
        state = [b for b in cell.buffers() if b is not None] + [p for p in cell.parameters() if not p.requires_grad]
        saved = [(b, b.detach().clone()) for b in state]  # e.g. BatchNorm moving statistics
        try:
            cell(*args, **kwargs)
        finally:
            with torch.no_grad():
                for b, v in saved:
                    b.copy_(v)
        cell.__dict__["_ms_compiled"] = True
        return None
    cell._set_forward_wrapper("jit", _cell_jit_factory(dict(kwargs)))
    return None


def cell_compile_and_run(cell, *args, **kwargs):
    """``Cell.compile_and_run(*inputs)``: compile (as :func:`cell_compile`) and return the output."""
    if cell.__dict__["_forward_wrappers"].get("jit") is None:
        cell._set_forward_wrapper("jit", _cell_jit_factory(_cell_opts(cell)))
    cell.__dict__["_ms_compiled"] = True
    return cell(*args, **kwargs)


def _cell_opts(cell):
    d = cell.__dict__.get("_jit_config_dict") or None
    if not d:
        from .. import context
        d = context.get_context("jit_config") or None
        if isinstance(d, JitConfig):
            d = d.jit_config_dict
    return _opts_from_config(d)


# ---------------------------------------------------------------- graph-compiler class/inline decorators
def jit_class(cls):
    """Mirrors ``mindspore.jit_class``: marks a user-defined class as usable inside MindSpore graphs (sets
    ``__ms_class__ = True`` and returns the class). Eager PyTorch and ``torch.compile`` need no marking, so this
    has no other effect; MindSpore's argument checks are kept (a non-class or an ``nn.Cell`` subclass raises
    ``TypeError``)."""
    if not isinstance(cls, type):
        raise TypeError(f"Decorator jit_class can only be used for class type, but got {cls}.")
    if any(c.__name__ == "Cell" and c.__module__ == "ms_compat.nn.cell" for c in cls.__mro__):  # no nn import
        raise TypeError(f"Decorator jit_class is used for user-defined classes and cannot be used for nn.Cell: "
                        f"{cls}.")
    cls.__ms_class__ = True
    return cls


def ms_class(cls):
    """Mirrors the deprecated ``mindspore.ms_class`` (an alias of :func:`jit_class`)."""
    warnings.warn("'mindspore.ms_class' will be deprecated and removed in a future version. Please use "
                  "'mindspore.jit_class' instead.", DeprecationWarning, stacklevel=2)
    return jit_class(cls)


def lazy_inline(fn=None, attrs=None, policy=None):
    """Mirrors ``mindspore.lazy_inline``: a decorator for a Cell's ``__init__`` that lets MindSpore's graph
    compiler reuse the compiled cell. Nothing to reuse here: the ``__init__`` runs unchanged; ``policy`` is
    checked as MindSpore does (None or ``'front'``)."""
    def wrap(init):
        @functools.wraps(init)
        def lazy_inline_deco(self, *args, **kwargs):
            init(self, *args, **kwargs)
            if policy is not None and policy != "front":
                raise ValueError("policy must be None or 'front'")
        return lazy_inline_deco
    if fn is not None:
        return wrap(fn)
    return wrap


def no_inline(fn=None):
    """Mirrors ``mindspore.no_inline``: asks MindSpore's graph compiler not to inline a function or cell;
    eager PyTorch does not inline, so the function is returned unchanged."""
    if fn is not None:
        return fn
    return lambda f: f


class _no_grad(__import__("contextlib").ContextDecorator):
    """Mirrors MindSpore's ``mindspore._no_grad`` (used by real MindSpore packages as a context manager or a
    decorator, and subclassed): disables gradient recording inside, restores the previous state on exit
    (``torch.set_grad_enabled``)."""

    def __init__(self):
        self.prev_state = False

    def __enter__(self):
        self.prev_state = torch.is_grad_enabled()
        torch.set_grad_enabled(False)

    def __exit__(self, exc_type, exc_val, exc_tb):
        torch.set_grad_enabled(self.prev_state)
        return False


def _function_forbid_reuse(func):
    """Mirrors MindSpore's private ``mindspore.common.api._function_forbid_reuse`` (a decorator real packages
    use): marks a function so MindSpore's graph compiler does not reuse its compiled graph
    (``__function_forbid_reuse__ = True``); nothing else here."""
    import inspect
    if not inspect.isfunction(func):
        raise TypeError(f"Decorator _function_forbid_reuse can only be used for function type, but got {func}.")
    func.__function_forbid_reuse__ = True
    return func


# ---- nn.Cell's methods of this feature (installed on Cell by ms_compat/nn/_cell_features.py)
def _compile(self, *args, **kwargs):
    """Mirrors ``mindspore.nn.Cell.compile``: MindSpore ``compile(*inputs)`` compiles for those inputs and returns
    ``None``; PyTorch's ``Module.compile(**torch_compile_kwargs)`` form is kept when no tensor is passed."""
    return cell_compile(self, *args, **kwargs)


def _compile_and_run(self, *args, **kwargs):
    """Mirrors ``mindspore.nn.Cell.compile_and_run(*inputs)``: compile and return the output."""
    return cell_compile_and_run(self, *args, **kwargs)


CELL_METHODS = {"compile": _compile, "compile_and_run": _compile_and_run}

from .pynative_executor import _pynative_executor  # noqa: E402,F401  (mindspore.common.api._pynative_executor)

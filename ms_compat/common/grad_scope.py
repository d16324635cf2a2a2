"""When a Cell call records an autograd graph: MindSpore's rule (only inside grad functions) for MindSpore code,
PyTorch's (whenever grad mode is on) for everyone else.

No public MindSpore counterpart. MindSpore records nothing outside its grad functions (``ms.grad``,
``value_and_grad``, ``GradOperation``, ``vjp``/``jvp``, ``jacfwd``/``jacrev``, ``TrainOneStepCell``,
``nn.ForwardValueAndGrad``, ``Model.train``): ``out = net(x)`` gives a Tensor with no graph, keeps no
activations alive, and MindSpore ``Tensor`` has no ``backward``. PyTorch records every operation on a tensor
that requires grad while grad mode is on, so without this rule eager inference written the MindSpore way keeps
every call's graph (ResNet-50: ~5× the peak memory of a ``torch.no_grad`` twin) and ``float(out.sum())`` prints
PyTorch's "Converting a tensor with requires_grad=True to a scalar" warning.

**The rule**, applied by :meth:`Cell.__call__ <ms_compat.nn.Cell.__call__>` at the *outermost* Cell call only:

* inside a grad scope (:func:`recording`, entered by every ms_compat API that differentiates a user's function
  or Cell), or with grad mode already off, or while TorchDynamo traces: the call runs as PyTorch would;
* otherwise the caller's module decides: a user's module that imports the MindSpore API and not PyTorch
  (:func:`mindspore_only`; the MindSpore-code rule of :mod:`ms_compat._mindspore_code`) runs the call with grad
  mode off (``torch.no_grad``) — MindSpore's behaviour. Any other caller — a team's own PyTorch code, a module
  that imports both ``mindspore`` and ``torch`` (it may call ``loss.backward()``), a library, ms_compat's own
  modules (which set grad mode themselves) — runs it with grad mode as it is and opens a grad scope for the
  call, so the Cells it calls in turn record too and ``loss.backward()`` on the output reaches every parameter.

Cost: every eager call reads ``torch.compile``'s flag (``_torch_seam.is_compiling``) and the scope (a
thread-local read); the nested calls of a forward then find grad mode off or a scope open; only the outermost
call reads its caller's frame and checks the last answer (``last``; else a cached dict lookup). MindSpore code's
outermost call also switches grad mode off and back on (two C calls: what ``torch.no_grad`` costs).

Per thread (a thread starts outside any scope, as PyTorch's grad mode starts on). Difference from MindSpore:
tensors computed from Parameters *outside* any Cell call (``ops.matmul(x, net.weight)`` at module level) still
record while grad mode is on; a MindSpore function called from PyTorch code that calls Cells itself decides
by its own module (call it inside ``with recording():`` to record).
"""
from __future__ import annotations

import contextlib
import threading
import types

import torch

from .._mindspore_code import is_mindspore_code, is_mindspore_name
from .._torch_seam import is_compiling, set_grad_mode

__all__ = ["recording", "scoped", "mindspore_only", "call_outermost", "call_entry"]


class _Scope(threading.local):
    def __init__(self):
        self.box = [0]  # open grad scopes on this thread (a list: its item updates cost no thread-local write)


state = _Scope()


@contextlib.contextmanager
def recording():
    """Grad mode on and a grad scope open for the block: Cells called inside record their graphs whatever module
    calls them (what MindSpore's grad functions imply). ms_compat's differentiating APIs enter it; user code that
    imports MindSpore and uses ``loss.backward()`` can too."""
    box = state.box
    box[0] += 1
    try:
        with torch.enable_grad():
            yield
    finally:
        box[0] -= 1


def scoped(fn):
    """``fn`` run inside :func:`recording` (for a function that autograd re-runs later, e.g. a recomputation)."""
    def run(*args, **kwargs):
        with recording():
            return fn(*args, **kwargs)
    return run


def _is_torch_name(name) -> bool:
    return isinstance(name, str) and (name == "torch" or name.startswith("torch."))


def _uses_torch(g: dict) -> bool:
    for value in list(g.values()):
        if isinstance(value, types.ModuleType):
            if _is_torch_name(value.__dict__.get("__name__")):
                return True
        elif isinstance(value, (type, types.FunctionType, types.BuiltinFunctionType)):
            if _is_torch_name(getattr(value, "__module__", None)):
                return True
    return False


_cache: dict = {}  # id(globals) -> (number of globals, answer, the globals dict itself)
_MAX_CACHED = 4096
last = [(None, -1, False)]  # the last answer, (globals dict, its number of globals, answer): Cell.__call__ reads it


def mindspore_only(g: dict) -> bool:
    """Whether the module whose globals are ``g`` is a user's MindSpore code that does not use PyTorch: it
    holds the MindSpore API (:func:`ms_compat._mindspore_code.is_mindspore_code`), is not one of ms_compat's
    own modules, and holds no PyTorch module, class or function. Cached per globals dict, recomputed when the
    module gains or loses a global; the last answer is also kept in ``last``, which ``Cell.__call__`` checks
    first (the same module asks again and again: a script's loop calling its net)."""
    n = len(g)
    cached = _cache.get(id(g))
    if cached is not None and cached[2] is g and cached[0] == n:
        answer = cached[1]
    else:
        answer = not is_mindspore_name(g.get("__name__")) and is_mindspore_code(g) and not _uses_torch(g)
        if len(_cache) >= _MAX_CACHED:  # throwaway namespaces (eval/exec dicts) must not accumulate
            _cache.clear()
        _cache[id(g)] = (n, answer, g)
    last[0] = (g, n, answer)  # one tuple, replaced whole: a reader never sees half of two answers
    return answer


def call_outermost(call, cell, args, kwargs, caller_globals):
    """``call(cell, *args, **kwargs)`` as an outermost call with grad mode on and no scope open (see the module
    docstring; ``Cell.__call__`` has the same steps inline); ``caller_globals``: the globals of the caller."""
    if mindspore_only(caller_globals):
        set_grad_mode(False)
        try:
            return call(cell, *args, **kwargs)
        finally:
            set_grad_mode(True)
    box = state.box
    box[0] += 1
    try:
        return call(cell, *args, **kwargs)
    finally:
        box[0] -= 1


def _apply(fn, *args, **kwargs):
    return fn(*args, **kwargs)


def call_entry(fn, args, kwargs, caller_globals):
    """``fn(*args, **kwargs)`` for an entry point that bypasses ``Cell.__call__`` (a ``jit`` function or jitted
    Cell), under the same rule when it is an outermost call."""
    if torch.is_grad_enabled() and not is_compiling() and not state.box[0]:
        return call_outermost(_apply, fn, args, kwargs, caller_globals)
    return fn(*args, **kwargs)

"""``Cell.register_parameter_forward_hook(hook)`` (MindSpore 2.10, experimental API).

``hook`` is either a callable, the network-wide hook applied to every parameter of the cell
tree, or a list of ``{"params": [Parameter, ...], "hook": callable}`` dicts registering a hook on
each listed parameter. While the cell runs forward, each hooked parameter is replaced by
``hook(param)`` (the original parameter stays the leaf that receives the gradient through the hook:
``x * w`` with ``hook = lambda p: p * 10`` gives ``d/dw = 10 x``). A per-parameter hook takes
precedence over the network-wide one for that parameter (observed with real MindSpore 2.10 under
``ms.jit``). Returns ``None``; invalid input raises MindSpore's ``TypeError``/``ValueError``.

Implementation: for the duration of the cell's forward the hooked entries of each owner's
``_parameters`` dict hold the hook results (the technique of ``torch.func.functional_call``),
restored afterwards even if forward raises. Under ``recompute`` the swap is inside the checkpoint,
so the recomputation sees the same hooked values.

Difference: MindSpore 2.10 applies these hooks only in GRAPH_MODE or inside ``ms.jit`` and
silently ignores them in PyNative (observed: output unchanged). ms_compat applies them in every
mode and warns once at registration, so eager and compiled runs agree.
"""
from __future__ import annotations

import functools
import warnings

from ..common.parameter import Parameter

__all__ = ["register_parameter_forward_hook"]

_ATTR = "_ms_param_forward_hook"
_warned = []


def _hooked_slots(cell):
    """``(owner, name, param, hook)`` for every parameter of the tree that has a hook to apply."""
    global_hook = cell.__dict__.get("_ms_param_forward_hook_global")
    out = []
    for _, owner in cell.named_modules(remove_duplicate=False):
        for name, p in owner._parameters.items():
            if p is None:
                continue
            hook = p.__dict__.get(_ATTR) or global_hook
            if hook is not None:
                out.append((owner, name, p, hook))
    return out


def _factory(cell, inner):
    @functools.wraps(inner)
    def forward(*args, **kwargs):
        slots = _hooked_slots(cell)
        cache = {}
        for owner, name, p, hook in slots:
            key = id(p)  # one hook result per parameter object per call (shared parameters)
            if key not in cache:
                cache[key] = hook(p)
            owner._parameters[name] = cache[key]
        try:
            return inner(*args, **kwargs)
        finally:
            for owner, name, p, _ in slots:
                owner._parameters[name] = p
    return forward


def register_parameter_forward_hook(cell, hook):
    """Mirror of ``mindspore.nn.Cell.register_parameter_forward_hook``; returns ``None``."""
    if isinstance(hook, list):
        for item in hook:
            if not isinstance(item, dict):
                raise TypeError(f"Each item in the hook list must be a dictionary, but got {type(item)}.")
            if not ("params" in item and "hook" in item):
                raise ValueError("Each dictionary in the hook list must contain both params and hook keys.")
            fn = item["hook"]
            if not callable(fn):
                raise TypeError(f"The hook value must be callable, but got {type(fn)}.")
            for p in item["params"]:
                if not isinstance(p, Parameter):
                    raise TypeError(f"All items in params must be of type 'Parameter', but got {type(p)}.")
        for item in hook:
            for p in item["params"]:
                p.__dict__[_ATTR] = item["hook"]
    elif callable(hook):
        cell.__dict__["_ms_param_forward_hook_global"] = hook
    else:
        raise TypeError(f"Hook must be a callable function or a list of dictionaries, but got {type(hook)}.")
    if not _warned:
        _warned.append(True)
        warnings.warn("register_parameter_forward_hook: MindSpore 2.10 applies parameter forward hooks only in "
                      "GRAPH_MODE / ms.jit; ms_compat applies them in every mode.", UserWarning, stacklevel=3)
    cell._set_forward_wrapper("param_hook", _factory)
    return None

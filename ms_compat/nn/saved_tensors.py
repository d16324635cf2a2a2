"""``Cell.register_saved_tensors_hooks(pack_hook, unpack_hook)`` on
``torch.autograd.graph.saved_tensors_hooks``.

MindSpore 2.10: the pair is active while the cell's ``construct`` runs under autograd; a later call
replaces the pair; the method returns ``None``. Same here. Differences:

* MindSpore 2.10 PyNative skips the hooks of a *sub*-cell that has no other hook (its fast call
  path ignores them; observed with real MindSpore, see ``tests/nn/test_hooks.py``); ms_compat applies
  them on every call that records autograd, which is what the API documents.
* ``pack_hook``/``unpack_hook`` must be callable (``TypeError`` otherwise; MindSpore fails only
  later, in backward); passing ``None`` for both removes the hooks (an ms_compat extension).
* Inside a cell that also uses ``recompute``, the checkpoint's own saved-tensor hooks are the
  innermost ones, so tensors saved in the recomputed region are not passed to these hooks
  (PyTorch uses only the innermost pair).
"""
from __future__ import annotations

import functools

import torch

from ..common.tensor import as_ms, to_torch

__all__ = ["register_saved_tensors_hooks"]


def _factory(pack_hook, unpack_hook):
    # the user's hooks see MindSpore Tensors (PyTorch saves plain ones); what unpack returns goes back to
    # PyTorch's backward as a plain tensor
    user_pack, user_unpack = pack_hook, unpack_hook
    if user_pack is not None:
        def pack_hook(t):
            return user_pack(as_ms(t))
    if user_unpack is not None:
        def unpack_hook(packed):
            return to_torch(user_unpack(packed))

    def factory(cell, inner):
        @functools.wraps(inner)
        def forward(*args, **kwargs):
            if not torch.is_grad_enabled():
                return inner(*args, **kwargs)
            with torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook):
                return inner(*args, **kwargs)
        return forward
    return factory


def register_saved_tensors_hooks(cell, pack_hook, unpack_hook):
    """Install ``pack_hook``/``unpack_hook`` around ``cell``'s forward; returns ``None``."""
    if pack_hook is None and unpack_hook is None:
        cell._set_forward_wrapper("saved_tensors", None)
        return None
    for name, fn in (("pack_hook", pack_hook), ("unpack_hook", unpack_hook)):
        if not callable(fn):
            raise TypeError(f"For 'register_saved_tensors_hooks', the argument '{name}' must be callable, "
                            f"but got {type(fn).__name__}.")
    cell._set_forward_wrapper("saved_tensors", _factory(pack_hook, unpack_hook))
    return None


def saved_tensors_hooks_decorator(pack_hook, unpack_hook):
    """Mirrors the top-level ``mindspore.register_saved_tensors_hooks(pack_hook, unpack_hook)``: a decorator that
    runs the decorated function under the pair (MindSpore: "functionally equivalent to ``with
    mindspore.saved_tensors_hooks(pack_hook, unpack_hook)``"; it targets graph mode there, and works in both here).
    The hooks see MindSpore Tensors, as the Cell method's do."""
    for name, fn in (("pack_hook", pack_hook), ("unpack_hook", unpack_hook)):
        if not callable(fn):
            raise TypeError(f"For 'register_saved_tensors_hooks', the argument '{name}' must be callable, "
                            f"but got {type(fn).__name__}.")
    wrap = _factory(pack_hook, unpack_hook)

    def decorator(fn):
        return wrap(None, fn)
    return decorator

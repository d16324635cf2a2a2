"""Adapters giving PyTorch's module hooks MindSpore 2.10's argument and return conventions.

Used by ``Cell.register_backward_hook`` / ``register_backward_pre_hook`` /
``register_forward_pre_hook(with_kwargs=True)``; plain forward (pre) hooks need none (PyTorch
and MindSpore agree). What is adapted (each checked against real MindSpore, tests/nn/test_hooks.py):

* backward hook ``grad_input``: MindSpore passes the gradients of the cell's **tensor** inputs
  only; PyTorch puts ``None`` at the position of each non-tensor argument. The adapter drops those
  positions before calling the hook and puts them back into its return value.
* a backward (pre) hook may return a single tensor instead of a 1-tuple (MindSpore wraps it);
  a wrong number of gradients raises MindSpore's ``TypeError``.
* the gradients handed to the hook are MindSpore ``Tensor``s (PyTorch passes plain tensors), so hook
  code can call ``g.asnumpy()``; ``None`` entries stay ``None``.
* a ``with_kwargs`` forward pre hook returning something other than ``None`` or
  ``(new_args, new_kwargs)`` raises MindSpore's ``RuntimeError`` text.
"""
from __future__ import annotations

import sys

from torch.utils.hooks import BackwardHook

from ..common.tensor import as_ms

__all__ = ["backward_hook", "backward_pre_hook", "forward_pre_hook_with_kwargs"]


def _tensor_positions(grad_input):
    """Indices of the tensor arguments of the call whose backward is running (None: all of them).

    PyTorch calls a full backward hook from ``BackwardHook._set_user_hook``; that object records
    which positional arguments were tensors. Only consulted when ``grad_input`` holds a ``None``."""
    for g in grad_input:
        if g is None:
            break
    else:
        return None
    owner = sys._getframe(2).f_locals.get("self")
    if isinstance(owner, BackwardHook) and owner.input_tensors_index is not None:
        return owner.input_tensors_index
    return None


def _ms(grads):
    return tuple(as_ms(g) for g in grads)


def backward_hook(hook_fn):
    """Wrap ``hook_fn(cell, grad_input, grad_output)`` for ``register_full_backward_hook``."""
    def hook(cell, grad_input, grad_output):
        idx = _tensor_positions(grad_input)
        gi = grad_input if idx is None else tuple(grad_input[i] for i in idx)
        res = hook_fn(cell, _ms(gi), _ms(grad_output))
        if res is None:
            return None
        if not isinstance(res, tuple):
            res = tuple(res) if isinstance(res, list) else (res,)
        if len(res) != len(gi):
            raise TypeError(f"The backward hook return value size is {len(res)} not equal to input size {len(gi)}")
        if idx is None:
            return res
        full = [None] * len(grad_input)
        for i, r in zip(idx, res):
            full[i] = r
        return tuple(full)
    hook.__wrapped__ = hook_fn
    return hook


def backward_pre_hook(hook_fn):
    """Wrap ``hook_fn(cell, grad_output)`` for ``register_full_backward_pre_hook``."""
    def hook(cell, grad_output):
        res = hook_fn(cell, _ms(grad_output))
        if res is None:
            return None
        if not isinstance(res, tuple):
            res = tuple(res) if isinstance(res, list) else (res,)
        if len(res) != len(grad_output):
            raise TypeError(f"The backward pre hook return value size is {len(res)} not equal to input size "
                            f"{len(grad_output)}")
        return res
    hook.__wrapped__ = hook_fn
    return hook


def forward_pre_hook_with_kwargs(hook_fn):
    """Wrap ``hook_fn(cell, args, kwargs)`` to raise MindSpore's error for a malformed return."""
    def hook(cell, args, kwargs):
        res = hook_fn(cell, args, kwargs)
        if res is not None and not (isinstance(res, tuple) and len(res) == 2):
            raise RuntimeError("forward pre hook with kwargs must return None or a tuple of (new_args, new_kwargs), "
                               f"but got {res}")
        return res
    hook.__wrapped__ = hook_fn
    return hook

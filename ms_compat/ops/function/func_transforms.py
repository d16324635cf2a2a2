"""Function transforms of ``mindspore.ops``: ``vmap``, ``jacfwd``, ``jacrev`` on ``torch.func``.
Results are returned as ms ``Tensor`` (nested tuples kept)."""
from __future__ import annotations

import torch

from ...common.grad_scope import scoped
from ...common.tensor import as_ms

__all__ = ["vmap", "jacfwd", "jacrev"]


def _ms(obj):
    if isinstance(obj, torch.Tensor):
        return as_ms(obj) if type(obj) is torch.Tensor else obj
    if isinstance(obj, tuple):
        return tuple(_ms(o) for o in obj)
    if isinstance(obj, list):
        return [_ms(o) for o in obj]
    return obj


def _dims(axes):
    return list(axes) if isinstance(axes, list) else axes


def vmap(fn, in_axes=0, out_axes=0):
    """Mirrors ``ops.vmap(fn, in_axes=0, out_axes=0)``: ``fn`` mapped over the ``in_axes`` of its inputs
    (int, None or a nested tuple per input), results stacked at ``out_axes`` (``torch.func.vmap``)."""
    if not callable(fn):
        raise TypeError(f"For 'vmap', 'fn' must be callable, but got {type(fn).__name__}.")
    mapped = torch.func.vmap(fn, in_dims=_dims(in_axes), out_dims=_dims(out_axes))

    def wrapper(*args):
        return _ms(mapped(*args))
    return wrapper


def _argnums(grad_position):
    if isinstance(grad_position, int):
        return grad_position
    if isinstance(grad_position, (tuple, list)) and all(isinstance(g, int) for g in grad_position):
        return tuple(grad_position)
    raise TypeError(f"For 'jacfwd'/'jacrev', 'grad_position' must be int or tuple of int, but got {grad_position}.")


def jacfwd(fn, grad_position=0, has_aux=False):
    """Mirrors ``ops.jacfwd(fn, grad_position=0, has_aux=False)``: forward-mode Jacobian of ``fn`` w.r.t. the
    inputs at ``grad_position`` (output dims first, then input dims); with ``has_aux`` ``fn`` returns
    ``(output, *aux)`` and the result is ``(jacobian, aux)``."""
    jac = torch.func.jacfwd(scoped(_aux_fn(fn) if has_aux else fn), argnums=_argnums(grad_position), has_aux=has_aux)
    return lambda *args: _ms(jac(*args))


def jacrev(fn, grad_position=0, has_aux=False):
    """Mirrors ``ops.jacrev(fn, grad_position=0, has_aux=False)``: reverse-mode Jacobian (see ``jacfwd``)."""
    jac = torch.func.jacrev(scoped(_aux_fn(fn) if has_aux else fn), argnums=_argnums(grad_position), has_aux=has_aux)
    return lambda *args: _ms(jac(*args))


def _aux_fn(fn):
    def f(*args):
        out = fn(*args)
        if not isinstance(out, tuple) or len(out) < 2:
            raise ValueError("For 'jacfwd'/'jacrev' with has_aux=True, 'fn' must return (output, aux...).")
        return out[0], (out[1] if len(out) == 2 else tuple(out[1:]))
    return f

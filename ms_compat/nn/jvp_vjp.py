"""``mindspore.nn.Jvp`` / ``nn.Vjp``: forward- and reverse-mode products of a function as Cells,
computed with ``torch.autograd.functional`` (double-backward trick for Jvp)."""
from __future__ import annotations

import torch

from ..common.grad_scope import recording
from .cell import Cell

__all__ = ["Jvp", "Vjp"]


def _split(args):
    if len(args) < 2:
        raise ValueError("Jvp/Vjp need the inputs followed by the vector 'v'.")
    return tuple(args[:-1]), args[-1]


class Jvp(Cell):
    """Mirrors ``nn.Jvp(fn)``: ``(*inputs, v)`` → ``(fn(*inputs), J·v)``; ``v`` is a Tensor for one input, else
    a tuple matching the inputs."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = _split(args)
        v = (v,) if isinstance(v, torch.Tensor) else tuple(v)
        with recording():  # fn's Cells record their graphs whoever wrote fn (common/grad_scope.py)
            out, jvp = torch.autograd.functional.jvp(lambda *x: self.fn(*x), inputs, v)
        return out, jvp


class Vjp(Cell):
    """Mirrors ``nn.Vjp(fn)``: ``(*inputs, v)`` → ``(fn(*inputs), vᵀ·J)``; the product is a Tensor for one input,
    else a tuple."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = _split(args)
        with recording():
            out, vjp = torch.autograd.functional.vjp(lambda *x: self.fn(*x), inputs, v)
        if isinstance(vjp, tuple) and len(inputs) == 1:
            vjp = vjp[0]
        return out, vjp

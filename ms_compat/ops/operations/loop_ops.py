"""Functional control-flow and function-wrapping Primitives of ``mindspore.ops``: ``ForiLoop``, ``WhileLoop``,
``Scan`` (MindSpore compiles them into a loop; eagerly they are the Python loops their documentation spells out,
which torch.compile traces or unrolls) and ``Morph`` (a user function used as a Primitive, with an optional custom
backward)."""
from __future__ import annotations

import inspect

import torch

from ..primitive import Primitive

__all__ = ["ForiLoop", "WhileLoop", "Scan", "Morph"]


def _check_fn(op, name, fn):
    if not callable(fn):
        raise TypeError(f"For '{op}', the '{name}' must be a function, but got {type(fn).__name__}.")


class ForiLoop(Primitive):
    """Mirrors ``ops.ForiLoop()``: ``(lower, upper, loop_func, init_val, unroll=True)`` runs
    ``init_val = loop_func(i, init_val)`` for ``i`` in ``range(lower, upper)`` and returns ``init_val``."""

    def __init__(self):
        super().__init__("ForiLoop")

    def __call__(self, lower, upper, loop_func, init_val, unroll=True):
        for name, v in (("lower", lower), ("upper", upper)):
            if not isinstance(v, (int, torch.Tensor)) or isinstance(v, bool):
                raise TypeError(f"For 'ForiLoop', the '{name}' must be an int or a Tensor, but got "
                                f"{type(v).__name__}.")
        _check_fn("ForiLoop", "loop_func", loop_func)
        for i in range(int(lower), int(upper)):
            init_val = loop_func(i, init_val)
        return init_val


class WhileLoop(Primitive):
    """Mirrors ``ops.WhileLoop()``: ``(cond_func, loop_func, init_val)`` runs ``init_val = loop_func(init_val)``
    while ``cond_func(init_val)`` and returns ``init_val``."""

    def __init__(self):
        super().__init__("WhileLoop")

    def __call__(self, cond_func, loop_func, init_val):
        _check_fn("WhileLoop", "cond_func", cond_func)
        _check_fn("WhileLoop", "loop_func", loop_func)
        while cond_func(init_val):
            init_val = loop_func(init_val)
        return init_val


class Scan(Primitive):
    """Mirrors ``ops.Scan()``: ``(loop_func, init, xs, length=None, unroll=True)`` carries ``init`` through
    ``carry, y = loop_func(carry, x)`` for each ``x`` of ``xs`` (``[None] * length`` when ``xs`` is None); returns
    ``(carry, [y, ...])``."""

    def __init__(self):
        super().__init__("Scan")

    def __call__(self, loop_func, init, xs, length=None, unroll=True):
        _check_fn("Scan", "loop_func", loop_func)
        if xs is None:
            xs = [None] * length
        carry, ys = init, []
        for x in xs:
            carry, y = loop_func(carry, x)
            ys.append(y)
        return carry, ys


class Morph(Primitive):
    """Mirrors ``ops.Morph(fn, infer_shape, infer_dtype, bprop_fn=None)``: applying it applies ``fn``; with
    ``bprop_fn(*inputs, out, dout)`` (returning one gradient per input) that is the backward. As in MindSpore 2.10
    it runs only in ``GRAPH_MODE`` (or under ``jit``/torch.compile); in PyNative mode calling it raises
    ``RuntimeError``."""

    def __init__(self, fn, infer_shape, infer_dtype, bprop_fn=None):
        super().__init__("Morph")
        self.add_prim_attr("side_effect_backprop", True)
        self.add_prim_attr("side_effect_mem", True)
        self.add_prim_attr("side_effect_io", True)
        self.add_prim_attr("__metamorphosis__", True)
        self._infer_shape, self._infer_dtype = infer_shape, infer_dtype
        self.__morph_fn__ = fn
        self.__morph_bprop_fn__ = None
        if bprop_fn:
            for p in inspect.signature(fn).parameters.values():
                if not (p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD and p.default is inspect.Parameter.empty):
                    raise ValueError("When use `bprop` in Morph, Morph `fn` only support positional or keyword "
                                     f"parameters with default value is empty, but got param '{p.name}' of kind "
                                     f"'{p.kind.name}' with default value '{p.default}'.")
            self.__morph_bprop_fn__ = bprop_fn

    def infer_shape(self, *args):
        return self._infer_shape(*args)

    def infer_dtype(self, *args):
        return self._infer_dtype(*args)

    def __call__(self, *args):
        from ...context import get_context, GRAPH_MODE
        if get_context("mode") != GRAPH_MODE and not torch.compiler.is_compiling():
            raise RuntimeError("Morph is only supported in GRAPH_MODE.")
        if self.__morph_bprop_fn__ is None:
            return self.__morph_fn__(*args)
        return _MorphFunction.apply(self.__morph_fn__, self.__morph_bprop_fn__, *args)


class _MorphFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, fn, bprop, *args):
        ctx.fn, ctx.bprop = fn, bprop
        ctx.save_for_backward(*[a for a in args if isinstance(a, torch.Tensor)])
        ctx.args = args
        out = fn(*args)
        ctx.out = out
        return out

    @staticmethod
    def backward(ctx, dout):
        from ...common.tensor import as_ms
        args = tuple(as_ms(a) if isinstance(a, torch.Tensor) else a for a in ctx.args)
        grads = ctx.bprop(*args, as_ms(ctx.out), as_ms(dout))
        grads = grads if isinstance(grads, tuple) else (grads,)
        return (None, None) + tuple(grads)

"""``mindspore.ops.composite`` (usually imported as ``C``): GradOperation and the higher-order
helpers ``MultitypeFuncGraph``, ``HyperMap`` and ``Map`` used by hand-written optimizers."""
from __future__ import annotations

import numbers

import torch

from .function.grad_func import GradOperation, grad, value_and_grad, stop_gradient, vjp, jvp  # noqa: F401

__all__ = ["add_flags", "GradOperation", "MultitypeFuncGraph", "HyperMap", "Map", "grad", "value_and_grad", "stop_gradient",
           "vjp", "jvp"]


def _type_name(v):
    if isinstance(v, torch.nn.Parameter) or isinstance(v, torch.Tensor):
        return "Tensor"
    if isinstance(v, bool):
        return "Bool"
    if isinstance(v, numbers.Number):
        return "Number"
    if isinstance(v, tuple):
        return "Tuple"
    if isinstance(v, list):
        return "List"
    if isinstance(v, str):
        return "String"
    if v is None:
        return "None"
    if callable(v):
        return "Function"
    return type(v).__name__


_ANY = {"Tensor": ("Tensor",), "Number": ("Number", "Bool"), "Function": ("Function",)}


class MultitypeFuncGraph:
    """Mirrors ``ops.MultitypeFuncGraph(name, read_value=False)``: register implementations with
    ``@g.register("Tensor", "Number", ...)``; a call dispatches on the argument type names
    (Tensor, Number, Bool, Tuple, List, String, Function, None; ``RowTensor``/``COOTensor`` never match)."""

    def __init__(self, name, read_value=False):
        self.name = name
        self.read_value = read_value
        self.entries = []

    def register(self, *type_names):
        names = tuple(str(t) for t in type_names)

        def deco(fn):
            self.entries.append((names, fn))
            return fn

        return deco

    def __call__(self, *args):
        got = tuple(_type_name(a) for a in args)
        for names, fn in self.entries:
            if len(names) == len(args) and all(n == g or (n == "Number" and g == "Bool") or n == "Any"
                                               for n, g in zip(names, got)):
                return fn(*args)
        raise TypeError(f"For 'MultitypeFuncGraph', the '{self.name}' has no registered function for the "
                        f"argument types {got}.")


class HyperMap:
    """Mirrors ``ops.HyperMap(ops=None, reverse=False)``: applies ``ops`` element-wise over tuples/lists
    (broadcasting non-sequence arguments); returns a tuple."""

    def __init__(self, ops=None, reverse=False):
        self.ops = ops
        self.reverse = reverse

    def __call__(self, *args):
        if self.ops is None:
            fn, args = args[0], args[1:]
        else:
            fn = self.ops
        seqs = [a for a in args if isinstance(a, (tuple, list))]
        if not seqs:
            return fn(*args)
        n = len(seqs[0])
        if any(len(s) != n for s in seqs):
            raise ValueError("For 'HyperMap', the sequences must have the same length.")
        idx = range(n - 1, -1, -1) if self.reverse else range(n)
        out = [None] * n
        for i in idx:
            out[i] = HyperMap(fn)(*[a[i] if isinstance(a, (tuple, list)) else a for a in args])
        return tuple(out)


class Map(HyperMap):
    """Mirrors ``ops.Map(ops=None, reverse=False)`` (one level of mapping)."""


def add_flags(fn=None, **flags):
    """Mirrors ``ops.add_flags(fn=None, **flags)``: records ``flags`` in ``fn._func_graph_flags`` (MindSpore's
    graph compiler reads them; they change nothing here) and returns ``fn``, or a decorator when ``fn`` is None."""
    def deco(f):
        if not hasattr(f, "_func_graph_flags"):
            f._func_graph_flags = {}
        f._func_graph_flags.update(flags)
        return f
    return deco if fn is None else deco(fn)

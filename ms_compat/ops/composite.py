"""``mindspore.ops.composite`` (usually imported as ``C``): GradOperation and the higher-order
helpers ``MultitypeFuncGraph``, ``HyperMap`` and ``Map`` used by hand-written optimizers."""
from __future__ import annotations

import numbers

import torch

from .function.grad_func import GradOperation, grad, value_and_grad, stop_gradient, vjp, jvp  # noqa: F401
# the ops functions MindSpore 2.10 re-exports here (the same objects as ``mindspore.ops.<name>``)
from .function.random_func import normal, uniform, gamma, poisson, multinomial  # noqa: F401
from .function.misc_extra_func import laplace  # noqa: F401
from .function.math_func import cummin, mm, tensor_dot, dot, batch_dot  # noqa: F401
from .function.array_func import repeat_elements, repeat_interleave, count_nonzero  # noqa: F401
from .function.array_extra_func import sequence_mask  # noqa: F401
from .function.linalg_func import vecdot  # noqa: F401
from .function import math_func as _math

__all__ = ["add_flags", "GradOperation", "MultitypeFuncGraph", "HyperMap", "Map", "grad", "value_and_grad", "stop_gradient",
           "vjp", "jvp", "ones_like", "zeros_like", "matmul", "normal", "laplace", "uniform", "gamma", "poisson",
           "multinomial", "cummin", "repeat_elements", "repeat_interleave", "sequence_mask", "mm", "count_nonzero",
           "tensor_dot", "vecdot", "dot", "batch_dot"]


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


def _scalar_cast_error():
    return ValueError("For 'ScalarCast', the supported type is in the list: [mindspore.int64, mindspore.float32, "
                      "mindspore.bool_], but got mindspore.float64.")


def ones_like(x):
    """Mirrors ``mindspore.ops.composite.ones_like`` (a ``HyperMap`` over MindSpore's ``ones_like`` leaf): a tensor of
    ones of ``x``'s shape and dtype; through a tuple or list, element by element (a tuple back); ``1`` for an
    int, ``True`` for a bool, ``None`` for None. As in MindSpore 2.10 a Python float raises ``ValueError`` (its
    ScalarCast has no float64)."""
    if isinstance(x, torch.Tensor):
        return torch.ones_like(x)
    if isinstance(x, (tuple, list)):
        return tuple(ones_like(v) for v in x)
    if x is None:
        return None
    if isinstance(x, bool):
        return True
    if isinstance(x, numbers.Integral):
        return 1
    if isinstance(x, numbers.Real):
        raise _scalar_cast_error()
    raise ValueError(f"For 'MultitypeFuncGraph', cannot find fn match given args. Got ({type(x).__name__}) for "
                     f"'ones_like'.")


def zeros_like(x):
    """Mirrors ``mindspore.ops.composite.zeros_like`` (MindSpore's ``zeros_like`` leaf, not mapped): a tensor of
    zeros of ``x``'s shape and dtype, ``0`` for an int, a bool or a tuple (MindSpore's ``Tuple`` registration),
    ``0.0`` for a float, ``None`` for None."""
    if isinstance(x, torch.Tensor):
        return torch.zeros_like(x)
    if x is None:
        return None
    if isinstance(x, (bool, numbers.Integral, tuple)):
        return 0
    if isinstance(x, numbers.Real):
        return 0.
    raise ValueError(f"For 'MultitypeFuncGraph', cannot find fn match given args. Got ({type(x).__name__}) for "
                     f"'zeros_like'.")


def matmul(x1, x2, dtype=None):
    """Mirrors ``mindspore.ops.composite.matmul(x1, x2, dtype=None)`` (``mindspore.numpy``'s matmul, not
    ``ops.matmul``): ``ops.matmul(x1, x2)`` cast to ``dtype`` when given."""
    res = _math.matmul(x1, x2)
    return res if dtype is None else res.to(dtype)

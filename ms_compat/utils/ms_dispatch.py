"""``mindspore.utils.MsDispatchMode``: intercept every operator run inside a context, on PyTorch's
``TorchDispatchMode``."""
from __future__ import annotations

import contextlib

from .._torch_seam import TorchDispatchMode

__all__ = ["MsDispatchMode"]

# ATen op (overload packet) -> the MindSpore operator name MindSpore 2.10 reports for the same Tensor operation
# (measured: ``x + y`` -> AddExt, ``x * 2`` -> Muls, ``x.sum()`` -> SumExt...)
_MS_NAMES = {
    "add": "AddExt", "sub": "SubExt", "rsub": "SubExt", "mul": "Mul", "div": "Div", "mm": "MatMulExt",
    "matmul": "MatMulExt", "addmm": "MatMulExt", "bmm": "BatchMatMulExt", "relu": "ReLU", "exp": "Exp",
    "sum": "SumExt", "_softmax": "Softmax", "softmax": "Softmax", "view": "Reshape", "reshape": "Reshape",
    "_unsafe_view": "Reshape", "gelu": "GeluExt", "neg": "Neg", "sigmoid": "Sigmoid", "tanh": "Tanh",
    "mean": "MeanExt", "pow": "Pow", "sqrt": "Sqrt", "rsqrt": "Rsqrt", "abs": "Abs", "log": "Log",
    "permute": "Transpose", "transpose": "TransposeExt", "t": "Transpose", "cat": "Concat", "stack": "StackExt",
    "maximum": "Maximum", "minimum": "Minimum", "clamp": "ClampScalar", "where": "Select", "eq": "Equal",
    "ne": "NotEqual", "gt": "Greater", "ge": "GreaterEqual", "lt": "Less", "le": "LessEqual",
    "_to_copy": "Cast", "expand": "BroadcastTo", "squeeze": "Squeeze", "unsqueeze": "ExpandDims",
    "convolution": "Convolution", "embedding": "Embedding", "argmax": "ArgMaxExt", "max": "Max", "min": "Min",
}


def _ms_name(func, args):
    base = func.overloadpacket.__name__.rstrip("_") if func.overloadpacket.__name__ != "_" else "_"
    name = _MS_NAMES.get(base) or _MS_NAMES.get(func.overloadpacket.__name__)
    if name == "Mul" and any(isinstance(a, (int, float)) and not isinstance(a, bool) for a in args[1:]):
        return "Muls"
    if name is None:
        name = "".join(p[:1].upper() + p[1:] for p in base.strip("_").split("_")) or base
    return name


class OpFunc:
    """The operator handed to ``__ms_dispatch__``: ``func.name`` is its MindSpore name, ``func(*args)`` runs it
    (with the call's keyword arguments unless others are given); ``func.aten`` is the PyTorch ATen op."""

    __slots__ = ("name", "aten", "_kwargs")

    def __init__(self, aten, name, kwargs):
        self.aten = aten
        self.name = name
        self._kwargs = kwargs

    def __call__(self, *args, **kwargs):
        return self.aten(*args, **(kwargs or self._kwargs))

    def __repr__(self):
        return f"OpFunc(name={self.name!r}, aten={self.aten})"


class _Dispatcher(TorchDispatchMode):
    """The torch dispatch mode of one active MsDispatchMode. Torch stacks modes as MindSpore does: the innermost
    handles an op first, and the op it runs goes on to the next mode out."""

    def __init__(self, owner):
        super().__init__()
        self.owner = owner

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        return self.owner.__ms_dispatch__(OpFunc(func, _ms_name(func, args), kwargs or {}), args, kwargs or None)


class MsDispatchMode(contextlib.ContextDecorator):
    """Mirrors ``mindspore.utils.MsDispatchMode`` (also ``mindspore.MsDispatchMode``): subclass it and override
    ``__ms_dispatch__(self, func, args, kwargs=None)``; inside ``with Mode():`` (or a function decorated with
    ``@Mode()``) every operator calls it instead of running, and it runs the operator with ``func(*args)``.
    Modes nest: the innermost one gets each operator first; the operator it runs reaches the next mode out (as
    measured on MindSpore 2.10, whose docstring says the outer one does not see it).

    Differences: the operators are PyTorch's ATen ops, as they reach ``torch.utils._python_dispatch`` (``args``
    are the ATen op's arguments; ``func.aten`` is the op). ``func.name`` is the name MindSpore 2.10 reports for the
    same Tensor operation (``AddExt``, ``Muls``, ``MatMulExt``, ``SumExt``, ``Reshape``...) for the common ops,
    else the ATen name in CamelCase. One MindSpore operator can be several ATen ops or none (a MindSpore
    ``x[0]`` reports nothing; here it is a ``Select``)."""

    def __enter__(self):
        mode = _Dispatcher(self)
        self.__dict__.setdefault("_ms_dispatch_modes", []).append(mode)
        mode.__enter__()
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.__dict__["_ms_dispatch_modes"].pop().__exit__(exc_type, exc_val, exc_tb)
        return False

    def __ms_dispatch__(self, func, args, kwargs=None):
        """Called for each operator in the context; runs it unchanged by default."""
        return func(*args)

"""Turns each node of a MindIR graph into a call of ms_compat's implementation of that MindSpore primitive.

A PRIMITIVE node (MindSpore's older primitives: ``Conv2D``, ``MaxPool``) carries the primitive's attributes: they
become the keyword arguments of the ms_compat primitive's constructor. A PRIMITIVE_FUNCTION node passes every argument
as an input, in the order of MindSpore's kernel arguments (``_primitive_args.PRIMITIVE_ARGS``, generated from real
MindSpore): the constructor arguments among them go to the constructor (enums decoded back to MindSpore's strings),
the others are the call's inputs. The graph-internal primitives MindSpore's compiler inserts (``Load``, ``UpdateState``,
``Depend``, ``MakeTuple``, ``TupleGetItem``, ``Switch``) are plain Python here (``Partial`` and calls of sub-graphs:
:mod:`.graph_cell`). A primitive ms_compat does not implement fails when
the graph is loaded, with :class:`MissingAPIError` naming it.
"""
from __future__ import annotations

import importlib
import inspect

from ...porting._missing import MissingAPIError
from ._primitive_args import PRIMITIVE_ARGS, TYPE_IDS

__all__ = ["node_callable", "INTERNAL", "UNKNOWN"]

# graph-internal primitives: (inputs) -> value
INTERNAL = {
    "Load": lambda value, monad=None: value,
    "UpdateState": lambda *a: None,
    "Depend": lambda value, *after: value,
    "MakeTuple": lambda *items: tuple(items),
    "MakeList": lambda *items: list(items),
    "make_list": lambda *items: list(items),
    "TupleGetItem": lambda seq, i: seq[i],
    "ListGetItem": lambda seq, i: seq[i],
    "RealTupleGetItem": lambda seq, i: seq[i],
    "Switch": lambda cond, true, false: true if bool(cond) else false,  # an `if` on a tensor: pick a branch graph
}

# primitives MindSpore 2.10 keeps outside mindspore.ops.operations (the "Ext" kernels of mint): their functions
_FUNCTIONS = {
    "MatMulExt": "ms_compat.mint:matmul",
    "BatchMatMulExt": "ms_compat.mint:bmm",
    "AddExt": "ms_compat.mint:add",
    "SubExt": "ms_compat.mint:sub",
    "MeanExt": "ms_compat.mint:mean",
    "SumExt": "ms_compat.mint:sum",
    "SoftmaxExt": "ms_compat.mint.nn.functional:softmax",
    "ReLUExt": "ms_compat.mint.nn.functional:relu",
    "Muls": "ms_compat.ops:mul",         # tensor * Python scalar
    "Divs": "ms_compat.ops:div",
    "AddScalar": "ms_compat.mint:add",    # (input, other, alpha)
    "SubScalar": "ms_compat.mint:sub",
    "SiLU": "ms_compat.ops:silu",
    "Max": "ms_compat.mint:max",          # of all elements (ops.max(x) without an axis)
    "Min": "ms_compat.mint:min",
    "LessScalar": "ms_compat.ops:less",   # tensor < Python scalar
    "GreaterEqualScalar": "ms_compat.ops:greater_equal",
}
_ATTR_ALIASES = {"data_format": ("format",), "group": ("groups",), "strides": ("stride",)}


def _missing(op_type, node, graph, why=""):
    return MissingAPIError(
        f"MindIR file '{graph.file_name}' uses primitive '{op_type}' (node '{node.output}', scope "
        f"'{node.scope}'), which ms_compat does not implement{why}. Its MindSpore path is "
        f"'mindspore.ops.operations.{op_type}'; see `ms-compat coverage {op_type}`.",
        path=f"mindspore.ops.operations.{op_type}", kind="not_yet")


def _primitive_class(op_type):
    from ...ops import operations
    try:
        cls = getattr(operations, op_type)
    except AttributeError:
        return None
    return cls if inspect.isclass(cls) else None


def _function(op_type):
    target = _FUNCTIONS.get(op_type)
    if target is None:
        return None
    mod, _, name = target.partition(":")
    try:
        return getattr(importlib.import_module(mod), name)
    except AttributeError:
        return None


def _decode_enum(spec, name, value):
    if value is None or not isinstance(value, int):
        return value
    if spec["enums"].get(name) == "dtype" and value in TYPE_IDS:  # MindSpore's type id -> mindspore dtype
        from ...common import dtype as mstype
        return getattr(mstype, TYPE_IDS[value])
    if spec["enums"].get(name) != "str":
        return value
    return spec["values"].get(name, {}).get(value, value)


def _construct(cls, kwargs, op_type, node, graph):
    try:
        params = inspect.signature(cls.__init__).parameters
    except (TypeError, ValueError):
        params = {}
    accepts_any = any(p.kind is p.VAR_KEYWORD for p in params.values())
    use = {}
    for k, v in kwargs.items():
        if k in params or accepts_any:
            use[k] = v
        else:
            raise _missing(op_type, node, graph, f" with argument '{k}'={v!r} (ms_compat's {cls.__name__} has no "
                                                 f"such argument)")
    return cls(**use)


def node_callable(node, graph):
    """A callable ``f(*input_values)`` running ``node`` (built once, at load time)."""
    op_type = node.op_type
    if op_type in INTERNAL:
        return INTERNAL[op_type]
    cls = _primitive_class(op_type)
    spec = PRIMITIVE_ARGS.get(op_type)
    if node.prim_type == 2:  # PRIMITIVE_FUNCTION: every argument is an input
        if spec is None:
            raise _missing(op_type, node, graph, " (MindSpore 2.10 has no such primitive function)")
        args = spec["args"]
        n_in = len(node.inputs)
        var = [i for i, (_, kind) in enumerate(args) if kind == "var"]
        if var:
            n_var = n_in - (len(args) - 1)
            names = [a for a, _ in args[:var[0]]] + [None] * n_var + [a for a, _ in args[var[0] + 1:]]
            kinds = [k for _, k in args[:var[0]]] + ["call"] * n_var + [k for _, k in args[var[0] + 1:]]
        else:
            if n_in > len(args):
                raise _missing(op_type, node, graph, f" with {n_in} inputs (MindSpore's takes {len(args)})")
            names, kinds = [a for a, _ in args[:n_in]], [k for _, k in args[:n_in]]
        init_idx = [i for i, k in enumerate(kinds) if k == "init"]
        call_idx = [i for i, k in enumerate(kinds) if k != "init"]
        if cls is not None:
            def make(values, build=True, _names=names, _init=init_idx, _call=call_idx):
                prim = None
                if build:
                    kwargs = {_names[i]: _decode_enum(spec, _names[i], values[i]) for i in _init}
                    prim = _construct(cls, kwargs, op_type, node, graph)
                return prim, [_decode_enum(spec, _names[i], values[i]) if _names[i] else values[i] for i in _call]
            return _FunctionNode(make, init_idx)
        fn = _function(op_type)
        if fn is None:
            raise _missing(op_type, node, graph)
        return _function_call(fn, names, spec)
    if cls is None:
        raise _missing(op_type, node, graph)
    try:
        params = inspect.signature(cls.__init__).parameters
    except (TypeError, ValueError):
        params = {}
    kwargs = {}
    for p in list(params)[1:]:
        for key in (p,) + _ATTR_ALIASES.get(p, ()):
            if key in node.attrs:
                kwargs[p] = _decode_enum(spec, p, node.attrs[key]) if spec else node.attrs[key]
                break
    return _construct(cls, kwargs, op_type, node, graph)


def _function_call(fn, names, spec):
    """Call ``fn`` with a node's inputs: positionally while ``fn`` takes them so, then by name (``dtype`` of
    ``SumExt`` is keyword-only in ``mint.sum``); a trailing ``None`` ``fn`` has no parameter for is its default."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        params = []
    n_pos = sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)
    if any(p.kind is p.VAR_POSITIONAL for p in params) or not params:
        n_pos = len(names)
    keywords = {p.name for p in params if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)}

    def call(*values):
        values = [_decode_enum(spec, names[i], v) if names[i] else v for i, v in enumerate(values)]
        kwargs = {}
        for i in range(n_pos, len(values)):
            if names[i] in keywords:
                kwargs[names[i]] = values[i]
            elif values[i] is not None:
                raise TypeError(f"{getattr(fn, '__name__', fn)}() has no parameter for MindIR input "
                                f"'{names[i]}'={values[i]!r}")
        return fn(*values[:n_pos], **kwargs)
    return call


UNKNOWN = object()  # an input known only at run time


class _FunctionNode:
    """A PRIMITIVE_FUNCTION node: its primitive is built from the constructor inputs — once, at load time, when
    those are all constants (the usual case: :meth:`freeze`), else on each call."""

    def __init__(self, make, init_idx):
        self.make, self.init_idx, self.prim = make, init_idx, None

    def freeze(self, values):
        """``values``: the node's inputs, :data:`UNKNOWN` for those known only at run time."""
        if all(values[i] is not UNKNOWN for i in self.init_idx):
            self.prim = self.make(values)[0]

    def __call__(self, *values):
        prim, call_values = self.make(values, build=self.prim is None)
        return (prim or self.prim)(*call_values)

"""Reads a MindIR file (``mindspore.export(..., file_format="MINDIR")``) into a :class:`MindIRGraph`: the graph's
nodes in execution order, its constants, its parameters (from the file or from the external data files MindSpore
writes beside large models) and its inputs and outputs. No MindSpore import; the schema is :mod:`.schema`.

Bad files fail with MindSpore's error types naming the file: ``ValueError`` for a missing file or a name not ending
in ``.mindir`` (as ``mindspore.load``), ``RuntimeError`` for a file that is not a MindIR graph. Memory and time stay
bounded on hostile files: the file is size-checked before it is read, every tensor's byte count is checked against
its shape before it is copied, external data must lie inside its file, and the node count is capped.
"""
from __future__ import annotations

import dataclasses
import os
import pathlib

import numpy as np
import torch

from google.protobuf.message import DecodeError

from . import schema

__all__ = ["MindIRGraph", "MindIRNode", "MindIRFunction", "read_mindir", "MONAD", "CALL_GRAPH", "CALL_VALUE"]

MAX_FILE_BYTES = 2 ** 31 - 1  # protobuf's own message limit
MAX_NODES = 10_000_000
MONAD = type("Monad", (), {"__repr__": lambda self: "UMonad"})()  # MindSpore's side-effect token

# mind_ir.TensorProto.DataType -> torch dtype
_DTYPES = {1: torch.float32, 2: torch.uint8, 3: torch.int8, 4: torch.uint16, 5: torch.int16, 6: torch.int32,
           7: torch.int64, 9: torch.bool, 10: torch.float16, 11: torch.float64, 12: torch.uint32, 13: torch.uint64,
           14: torch.complex64, 15: torch.complex128, 16: torch.bfloat16, 17: torch.float64}
_A = schema.AttributeProto
_INT_TYPES = {_A.INT8, _A.INT16, _A.INT32, _A.INT64, _A.UINT8, _A.UINT16, _A.UINT32, _A.UINT64}


class MindIRFormatError(RuntimeError):
    """A MindIR file ms_compat cannot read; a ``RuntimeError`` as ``mindspore.load``'s ("Load MindIR failed.")."""


MindIRFormatError.__name__ = MindIRFormatError.__qualname__ = "RuntimeError"


@dataclasses.dataclass
class MindIRNode:
    """One node of the graph: ``output = op(*inputs)``; ``op_type`` is the primitive's name (``"Conv2D"``),
    ``attrs`` its attributes, ``prim_type`` 1 (PRIMITIVE: attributes on the primitive) or 2 (PRIMITIVE_FUNCTION:
    every argument is an input), ``scope`` MindSpore's scope name (``Default/conv1-Conv2d/Conv2D-op0``)."""
    output: str
    op_type: str
    inputs: list
    attrs: dict
    prim_type: int
    scope: str


@dataclasses.dataclass
class MindIRGraph:
    """What ``mindspore.load`` returns (MindSpore's ``FuncGraph``): the nodes in execution order, constants by
    name, parameters by their ``ref_key`` (the network's parameter names), input and output names."""
    file_name: str
    name: str
    nodes: list
    constants: dict
    parameters: dict          # ref_key -> torch.Tensor
    parameter_names: dict     # graph-local name -> ref_key
    inputs: list
    outputs: list
    input_shapes: list        # [(dims, dtype)] as exported
    producer: str
    model_version: str
    functions: dict = dataclasses.field(default_factory=dict)  # name -> MindIRFunction (control flow, cells)

    def __repr__(self):
        return (f"MindIRGraph(file={self.file_name!r}, nodes={len(self.nodes)}, parameters={len(self.parameters)}, "
                f"inputs={len(self.inputs)}, sub-graphs={len(self.functions)})")


@dataclasses.dataclass
class MindIRFunction:
    """A sub-graph of a MindIR file (``ModelProto.functions``): the branches of an ``if`` on a tensor, the header
    and body of a ``while``, a cell MindSpore kept as a function. ``constants`` are its own; it also reads the
    main graph's constants and parameters (``MindIRGraph.constants``/``parameter_names``)."""
    name: str
    nodes: list
    constants: dict
    inputs: list
    outputs: list


def _fail(file_name, why):
    return MindIRFormatError(f"Load MindIR failed: '{file_name}' {why}")


def tensor_value(t, file_name, base_dir=None):
    """A ``TensorProto``'s value as a torch tensor (raw data, typed lists or external data)."""
    if t.data_type not in _DTYPES:
        raise _fail(file_name, f"has tensor '{t.name}' of data type {t.data_type}, which ms_compat cannot read.")
    if t.compression_type:
        raise _fail(file_name, f"has tensor '{t.name}' compressed ({t.compression_type}); ms_compat reads "
                               f"uncompressed MindIR only.")
    dtype = _DTYPES[t.data_type]
    dims = [int(d) for d in t.dims]
    if any(d < 0 for d in dims):
        raise _fail(file_name, f"has tensor '{t.name}' with a dynamic shape {dims}.")
    count = 1
    for d in dims:
        count *= d
    nbytes = count * torch.empty((), dtype=dtype).element_size()
    if t.HasField("external_data"):
        ext = t.external_data
        if base_dir is None:
            raise _fail(file_name, f"has tensor '{t.name}' in external data, but no directory to find it in.")
        path = (pathlib.Path(base_dir) / ext.location).resolve()
        if not path.is_file():
            raise _fail(file_name, f"needs external data file '{path}' for tensor '{t.name}', which does not exist.")
        size = path.stat().st_size
        if ext.offset < 0 or ext.length != nbytes or ext.offset + ext.length > size:
            raise _fail(file_name, f"has tensor '{t.name}' whose external data (offset {ext.offset}, length "
                                   f"{ext.length}) does not fit its shape {dims} or the file '{path}' ({size} bytes).")
        with open(path, "rb") as f:
            f.seek(ext.offset)
            raw = f.read(ext.length)
    elif t.raw_data or nbytes == 0:
        raw = t.raw_data
    else:
        for field, np_dtype in (("float_data", np.float32), ("int32_data", np.int32), ("int64_data", np.int64),
                                ("double_data", np.float64), ("uint64_data", np.uint64)):
            values = getattr(t, field)
            if len(values):
                if len(values) != count:
                    raise _fail(file_name, f"has tensor '{t.name}' with {len(values)} values for shape {dims}.")
                return torch.from_numpy(np.asarray(values, dtype=np_dtype).reshape(dims)).to(dtype)
        raw = b""
    if len(raw) != nbytes:
        raise _fail(file_name, f"has tensor '{t.name}' with {len(raw)} bytes of data for shape {dims} "
                               f"({nbytes} bytes).")
    if nbytes == 0:
        return torch.empty(dims, dtype=dtype)
    return torch.frombuffer(bytearray(raw), dtype=dtype).reshape(dims)


def attribute_value(a, file_name):
    """An ``AttributeProto``'s Python value: int / float / bool / str / tuple / list / tensor / None / MONAD."""
    t = a.type  # a scalar inside a tuple keeps its value in the repeated field (ints/floats/...)
    if t in _INT_TYPES:
        return int(a.ints[0] if a.ints else a.i)
    if t == _A.BOOL:
        return bool(a.ints[0] if a.ints else a.i)
    if t in (_A.FLOAT, _A.FLOAT16, _A.BFLOAT16):
        return float(a.floats[0] if a.floats else a.f)
    if t == _A.DOUBLE:
        return float(a.doubles[0] if a.doubles else a.d)
    if t == _A.STRING:
        return (a.strings[0] if a.strings else a.s).decode("utf-8")
    if t in (_A.TUPLE, _A.LIST):
        vals = [attribute_value(v, file_name) for v in a.values]
        return tuple(vals) if t == _A.TUPLE else vals
    if t == _A.TENSOR:
        return tensor_value(a.t, file_name)
    if t == _A.TENSORS and len(a.tensors) == 1 and a.tensors[0].dims is not None:
        return tensor_value(a.tensors[0], file_name)
    if t == _A.NONE:
        return None
    if t in (_A.UMONAD, _A.IOMONAD):
        return MONAD
    if t == _A.UNDEFINED:  # older writers: the populated field says what it is
        if a.ints:
            return tuple(int(v) for v in a.ints)
        if a.floats:
            return tuple(float(v) for v in a.floats)
        if a.strings:
            return tuple(s.decode("utf-8") for s in a.strings)
        if a.s:
            return a.s.decode("utf-8")
        return int(a.i) if a.i else float(a.f) if a.f else 0
    name = _A.AttributeType.Name(t) if t in _A.AttributeType.values() else str(t)
    raise _fail(file_name, f"has attribute '{a.name}' of type {name}, which ms_compat cannot read.")


_SKIP_ATTRS = {"input_names", "output_names"}
CALL_GRAPH = "$call_graph"      # op_type of a node calling a function graph (``attrs["graph"]``) with its inputs
CALL_VALUE = "$call_value"      # op_type of a node calling the value of its first input (a Partial or a graph)


def _read_nodes(g, prims, function_names, file_name, graph_name):
    """A graph's constants and nodes (``REF::`` to a primitive, to a function graph or to a local value)."""
    constants, nodes, local = {}, [], set()
    for n in g.node:
        if not n.output:
            raise _fail(file_name, f"has node '{n.name}' without an output.")
        if n.op_type == "Constant":
            value = [a for a in n.attribute if a.name == "value"]
            if not value:
                raise _fail(file_name, f"has constant '{n.name}' without a value.")
            constants[n.output[0]] = attribute_value(value[0], file_name)
            continue
        op = n.op_type
        if op.startswith("REF::"):
            ref = op[5:]
            prim = prims.get(ref)
            if prim is not None:
                attrs = {a.name: attribute_value(a, file_name) for a in prim.attribute if a.name not in _SKIP_ATTRS}
                nodes.append(MindIRNode(n.output[0], prim.op_type, list(n.input), attrs, int(prim.prim_type or 1),
                                        n.domain))
            elif ref in function_names:  # a call of a sub-graph (a nested cell, a loop's header or body)
                nodes.append(MindIRNode(n.output[0], CALL_GRAPH, list(n.input), {"graph": ref}, 0, n.domain))
            elif ref in local:  # a call of a value this graph computed (the Partial a Switch chose)
                nodes.append(MindIRNode(n.output[0], CALL_VALUE, [ref] + list(n.input), {}, 0, n.domain))
            else:
                raise _fail(file_name, f"has node '{n.name}' calling '{ref}', which is neither a primitive nor a "
                                       f"graph it defines nor a value of graph '{graph_name}'.")
        else:  # older writers: the primitive's name is the op type and its attributes are the node's
            name = op.split("::")[-1].split(":")[0]
            attrs = {a.name: attribute_value(a, file_name) for a in n.attribute
                     if a.name not in _SKIP_ATTRS and a.name != "shape"}
            nodes.append(MindIRNode(n.output[0], name, list(n.input), attrs, 1, n.domain))
        local.add(n.output[0])
    return constants, nodes


def _check_order(nodes, outputs, known, file_name, graph_name):
    """MindSpore writes nodes in execution order; check it (no cycles, no dangling names)."""
    known = set(known)
    for node in nodes:
        for i in node.inputs:
            if i not in known:
                raise _fail(file_name, f"has node '{node.output}' reading '{i}', which no earlier node of graph "
                                       f"'{graph_name}' defines.")
        known.add(node.output)
    for o in outputs:
        if o not in known:
            raise _fail(file_name, f"has graph output '{o}', which no node of graph '{graph_name}' defines.")


def read_mindir(file_name, decrypt=None):
    """Parse ``file_name`` into a :class:`MindIRGraph` (errors as described in the module docstring). ``decrypt``:
    ``decrypt(path) -> bytes``, the serialized model of an encrypted file (:mod:`.cipher`)."""
    file_name = os.fspath(file_name)
    if not isinstance(file_name, str):
        raise TypeError(f"For 'load', the argument 'file_name' must be str, but got {type(file_name).__name__}.")
    if not file_name.endswith(".mindir"):
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) should end with '.mindir', please input "
                         "the correct 'file_name'.")
    path = os.path.realpath(file_name)
    if not os.path.isfile(path):
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) does not exist, please check whether the "
                         "'file_name' is correct.")
    if os.path.getsize(path) > MAX_FILE_BYTES:
        raise _fail(file_name, f"is larger than {MAX_FILE_BYTES} bytes, the most a MindIR protobuf can hold.")
    if decrypt is not None:
        data = decrypt(path)
    else:
        with open(path, "rb") as f:
            data = f.read()
    model = schema.ModelProto()
    try:
        model.ParseFromString(data)
    except (DecodeError, RuntimeError, ValueError) as e:
        raise _fail(file_name, f"is not a MindIR file (protobuf decoding failed: {e}).") from None
    del data
    g = model.graph
    if not model.HasField("graph") or not g.output:
        raise _fail(file_name, "is not a MindIR file (it holds no graph with outputs).")
    if sum(len(f.node) for f in model.functions) + len(g.node) > MAX_NODES:
        raise _fail(file_name, f"has more than {MAX_NODES} nodes.")
    base_dir = os.path.dirname(path)
    prims = {p.name: p for p in model.primitives}
    function_names = {f.name for f in model.functions}

    parameters, parameter_names = {}, {}
    for graph in [g, *model.functions]:
        for p in graph.parameter:
            key = p.ref_key or p.name.rsplit(":", 1)[-1]
            if key not in parameters:
                parameters[key] = tensor_value(p, file_name, base_dir)
            parameter_names[p.name] = key
    inputs = [i.name for i in g.input]
    input_shapes = [([int(d) for d in i.tensor[0].dims], _DTYPES.get(i.tensor[0].data_type)) if len(i.tensor)
                    else (None, None) for i in g.input]
    main_constants, nodes = _read_nodes(g, prims, function_names, file_name, g.name)
    constants = dict(main_constants)
    functions = {}
    for f in model.functions:
        if not f.output:
            raise _fail(file_name, f"has sub-graph '{f.name}' without outputs.")
        local, f_nodes = _read_nodes(f, prims, function_names, file_name, f.name)
        functions[f.name] = MindIRFunction(f.name, f_nodes, local, [i.name for i in f.input],
                                           [o.name for o in f.output])
        for k, v in local.items():  # sub-graphs read the constants of the graphs written before them
            constants.setdefault(k, v)
    shared = set(constants) | set(parameter_names) | function_names
    _check_order(nodes, [o.name for o in g.output], shared | set(inputs), file_name, g.name)
    for f in functions.values():
        _check_order(f.nodes, f.outputs, shared | set(f.inputs), file_name, f.name)
    outputs = [o.name for o in g.output]
    return MindIRGraph(file_name, g.name, nodes, constants, parameters, parameter_names, inputs, outputs,
                       input_shapes, model.producer_name, model.model_version, functions)

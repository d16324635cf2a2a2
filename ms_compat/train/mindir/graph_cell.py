"""``mindspore.nn.GraphCell``: runs a graph ``mindspore.load`` read from a MindIR file, on PyTorch.

Each node becomes a call of ms_compat's implementation of its MindSpore primitive (:mod:`.primitives`), built once
when the cell is made; the graph's parameters become the cell's :class:`Parameter` s, named as in the network that
was exported (``conv1.weight``), so ``parameters_dict()``, ``state_dict()``, ``.to(device)``, ``load_checkpoint``
and ``torch.compile`` work as for any Cell.

Control flow: MindSpore writes the branches of an ``if`` on a tensor, the header and body of a ``while`` and the
cells it keeps as functions as sub-graphs (``ModelProto.functions``), joined by ``Partial`` (a sub-graph with
some arguments bound), ``Switch`` (choose one of two values on a tensor condition) and calls of sub-graphs or of
the value a ``Switch`` chose. Each sub-graph becomes a :class:`_Program` like the main graph; ``Switch`` is a
Python branch on the condition's value and a loop's header and body, which call each other last (tail calls),
run in a loop (:meth:`GraphCell._invoke`), not in a recursion, so a loop's trip count is not bounded by Python's
stack. Under ``torch.compile`` such a graph runs eagerly (``torch.compiler.disable``): every tensor condition
would break the compiled graph anyway.
"""
from __future__ import annotations

import sys

import torch

from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...nn.cell import Cell
from .primitives import UNKNOWN, _FunctionNode, node_callable
from .reader import CALL_GRAPH, CALL_VALUE, MindIRGraph

__all__ = ["GraphCell"]


class _Holder(Cell):
    """Holds the parameters under one dotted prefix (``layer1.0.conv``) of a GraphCell."""


class _Program:
    """One graph, compiled: ``steps`` [(callable, input refs, output name)], its input and output names, and
    ``tail``, the call it ends with (run by the caller's loop, see :meth:`GraphCell._invoke`) or None."""
    __slots__ = ("name", "inputs", "outputs", "steps", "tail")

    def __init__(self, name):
        self.name, self.inputs, self.outputs, self.steps, self.tail = name, [], [], [], None

    def __repr__(self):
        return f"<MindIR graph {self.name}>"


class _Closure:
    """What MindIR's ``Partial(graph, *bound)`` makes: a sub-graph with its first arguments bound."""
    __slots__ = ("program", "bound")

    def __init__(self, program, bound):
        self.program, self.bound = program, tuple(bound)


class _TailCall:
    __slots__ = ("program", "args")

    def __init__(self, program, args):
        self.program, self.args = program, args


def _callee(value, args, graph):
    """(program, arguments) for calling ``value`` (a :class:`_Closure` or a :class:`_Program`) with ``args``."""
    if isinstance(value, _Closure):
        return value.program, value.bound + tuple(args)
    if isinstance(value, _Program):
        return value, tuple(args)
    raise RuntimeError(f"MindIR file '{graph.file_name}': a call of {type(value).__name__} {value!r}, which is not "
                       f"a graph.")


_PASS_THROUGH = ("Depend", "UpdateState")


def _as_ms(value):
    """A tensor constant as a MindSpore Tensor (a loop counter a graph returns unchanged is one, as in MindSpore)."""
    if isinstance(value, torch.Tensor) and not isinstance(value, Tensor):
        return value.as_subclass(Tensor)
    return value


@torch.compiler.disable
def _run_control_flow(cell, inputs):
    """A graph with sub-graphs runs eagerly under ``torch.compile``: each tensor condition would break the graph,
    and Dynamo would recompile the per-node call frames until its recompile limit."""
    try:
        return cell._invoke(cell._program, inputs)
    except RecursionError:
        raise RuntimeError(f"MindIR file '{cell._graph.file_name}': its sub-graphs call each other deeper than "
                           f"Python's recursion limit ({sys.getrecursionlimit()}) other than as a loop (a last "
                           f"call); the graph recurses without end or too deeply to run here.") from None


class GraphCell(Cell):
    """Mirrors ``mindspore.nn.GraphCell(graph, params_init=None, obf_random_seed=None)``: a Cell running the graph
    ``mindspore.load`` returned. ``params_init`` ({name: Tensor or Parameter}) replaces parameters' values, as
    MindSpore's. Differences: it runs eagerly on PyTorch (CPU or CUDA: move it with ``.to(device)``), so it is
    trainable and ``torch.compile``-able; ``obf_random_seed`` (MindSpore's model obfuscation) is refused with
    ``ValueError`` unless None."""

    def __init__(self, graph, params_init=None, obf_random_seed=None):
        super().__init__(auto_prefix=False)
        if not isinstance(graph, MindIRGraph):
            raise TypeError(f"For 'GraphCell', the argument 'graph' must be a FuncGraph loaded from MindIR, but got "
                            f"{type(graph).__name__}.")
        if obf_random_seed is not None:
            raise ValueError("For 'GraphCell', 'obf_random_seed' is for obfuscated MindIR models "
                             "(mindspore.obfuscate_model), which ms_compat does not read.")
        if params_init is not None and not isinstance(params_init, dict):
            raise TypeError(f"For 'GraphCell', the argument 'params_init' must be a dict, but got "
                            f"{type(params_init).__name__}.")
        self._graph = graph
        self._param_paths = {}
        for key, value in graph.parameters.items():
            if params_init and key in params_init:
                new = params_init[key]
                new = new.detach() if isinstance(new, torch.Tensor) else torch.as_tensor(new)
                if tuple(new.shape) != tuple(value.shape):
                    raise ValueError(f"For 'GraphCell', the shape of parameter '{key}' in 'params_init' is "
                                     f"{tuple(new.shape)}, but the graph's is {tuple(value.shape)}.")
                value = new.to(value.dtype)
            self._param_paths[key] = self._register(key, Parameter(Tensor(value.clone()), name=key))
        self._program = self._compile(graph)

    def _register(self, key, param):
        owner, parts = self, key.split(".")
        for part in parts[:-1]:
            child = owner._modules.get(part)
            if child is None:
                child = _Holder(auto_prefix=False)
                owner.insert_child_to_cell(part, child)
            owner = child
        owner.insert_param_to_cell(parts[-1], param, check_name_contain_dot=False)
        return parts

    def _param(self, parts):
        owner = self
        for part in parts[:-1]:
            owner = owner._modules[part]
        return owner._parameters[parts[-1]]

    def _compile(self, graph):
        programs = {name: _Program(name) for name in graph.functions}
        main = self._compile_one(graph, graph.name, graph.nodes, {}, graph.inputs, graph.outputs, programs)
        for name, f in graph.functions.items():
            self._compile_one(graph, name, f.nodes, f.constants, f.inputs, f.outputs, programs, programs[name])
        self._programs = programs
        return main

    def _compile_one(self, graph, name, nodes, local_consts, inputs, outputs, programs, program=None):
        program = program or _Program(name)
        program.inputs, program.outputs = list(inputs), list(outputs)
        consts = graph.constants

        def ref(i):
            if i in local_consts:
                return (0, _as_ms(local_consts[i]))
            if i in programs:
                return (0, programs[i])
            if i in consts and i not in inputs:
                return (0, _as_ms(consts[i]))
            if i in graph.parameter_names and i not in inputs:
                return (1, self._param_paths[graph.parameter_names[i]])
            return (2, i)

        for node in nodes:
            refs = [ref(i) for i in node.inputs]
            if node.op_type == CALL_GRAPH:
                target = programs[node.attrs["graph"]]
                fn = (lambda target: lambda *args: self._invoke(target, args))(target)
            elif node.op_type == CALL_VALUE:
                fn = lambda value, *args: self._invoke(*_callee(value, args, graph))  # noqa: E731
            elif node.op_type == "Partial":
                fn = lambda target, *bound: _Closure(target, bound)  # noqa: E731
            else:
                fn = node_callable(node, graph)
                if isinstance(fn, _FunctionNode):
                    fn.freeze([v if kind == 0 else UNKNOWN for kind, v in refs])
            program.steps.append((fn, refs, node.output))
        self._find_tail(program, nodes)
        return program

    @staticmethod
    def _find_tail(program, nodes):
        """Mark the call a graph ends with (its output, through ``Depend``), when only ``Depend``/``UpdateState``
        read its result: the caller runs it after this graph's frame is gone (see :meth:`_invoke`)."""
        if len(program.outputs) != 1 or not nodes:
            return
        index = {n.output: k for k, n in enumerate(nodes)}
        name = program.outputs[0]
        while name in index and nodes[index[name]].op_type == "Depend":
            name = nodes[index[name]].inputs[0]
        if name not in index or nodes[index[name]].op_type not in (CALL_GRAPH, CALL_VALUE):
            return
        k = index[name]
        readers, frontier = set(), {name}
        for j in range(k + 1, len(nodes)):
            if frontier.intersection(nodes[j].inputs):
                if nodes[j].op_type not in _PASS_THROUGH:
                    return
                readers.add(j)
                frontier.add(nodes[j].output)
        skip = readers | {k}
        fn, refs, _ = program.steps[k]
        program.steps = [step for j, step in enumerate(program.steps) if j not in skip]
        target = nodes[k].attrs["graph"] if nodes[k].op_type == CALL_GRAPH else None
        program.tail = (target, refs)

    def _invoke(self, program, args):
        """Run ``program`` on ``args``; a tail call it ends with runs here, in a loop (a ``while`` loop's header
        and body call each other: a loop of N trips is N turns here, not N nested Python calls)."""
        while True:
            result = self._run(program, args)
            if not isinstance(result, _TailCall):
                return result
            program, args = result.program, result.args

    def _run(self, program, args):
        graph = self._graph
        if len(args) != len(program.inputs):
            raise RuntimeError(f"MindIR file '{graph.file_name}': graph '{program.name}' takes "
                               f"{len(program.inputs)} inputs, but got {len(args)}.")
        env = dict(zip(program.inputs, args))
        for fn, refs, out in program.steps:
            env[out] = fn(*[v if kind == 0 else self._param(v) if kind == 1 else env[v] for kind, v in refs])
        if program.tail is not None:
            target, refs = program.tail
            values = [v if kind == 0 else self._param(v) if kind == 1 else env[v] for kind, v in refs]
            if target is not None:
                return _TailCall(self._programs[target], tuple(values))
            return _TailCall(*_callee(values[0], values[1:], graph))
        outs = [env[o] for o in program.outputs]
        return outs[0] if len(outs) == 1 else tuple(outs)

    def construct(self, *inputs):
        graph = self._graph
        if len(inputs) != len(graph.inputs):
            raise ValueError(f"For 'GraphCell', the graph of '{graph.file_name}' takes {len(graph.inputs)} inputs, "
                             f"but got {len(inputs)}.")
        if self._programs:
            return _run_control_flow(self, inputs)
        env = dict(zip(graph.inputs, inputs))
        for fn, refs, out in self._program.steps:
            args = [v if kind == 0 else self._param(v) if kind == 1 else env[v] for kind, v in refs]
            env[out] = fn(*args)
        outs = [env[o] for o in graph.outputs]
        return outs[0] if len(outs) == 1 else tuple(outs)

    def extend_repr(self):
        return (f"file={self._graph.file_name!r}, nodes={len(self._graph.nodes)}"
                + (f", sub-graphs={len(self._graph.functions)}" if self._graph.functions else ""))

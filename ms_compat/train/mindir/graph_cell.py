"""``mindspore.nn.GraphCell``: runs a graph ``mindspore.load`` read from a MindIR file, on PyTorch.

Each node becomes a call of ms_compat's implementation of its MindSpore primitive (:mod:`.primitives`), built once
when the cell is made; the graph's parameters become the cell's :class:`Parameter` s, named as in the network that
was exported (``conv1.weight``), so ``parameters_dict()``, ``state_dict()``, ``.to(device)``, ``load_checkpoint``
and ``torch.compile`` work as for any Cell.
"""
from __future__ import annotations

import torch

from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...nn.cell import Cell
from .primitives import UNKNOWN, _FunctionNode, node_callable
from .reader import MONAD, MindIRGraph

__all__ = ["GraphCell"]


class _Holder(Cell):
    """Holds the parameters under one dotted prefix (``layer1.0.conv``) of a GraphCell."""


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
        consts = graph.constants
        program = []
        for node in graph.nodes:
            fn = node_callable(node, graph)
            refs = []
            for name in node.inputs:
                if name in consts:
                    refs.append((0, consts[name]))
                elif name in graph.parameter_names:
                    refs.append((1, self._param_paths[graph.parameter_names[name]]))
                else:
                    refs.append((2, name))
            if isinstance(fn, _FunctionNode):
                fn.freeze([v if kind == 0 else UNKNOWN for kind, v in refs])
            program.append((fn, refs, node.output))
        return program

    def construct(self, *inputs):
        graph = self._graph
        if len(inputs) != len(graph.inputs):
            raise ValueError(f"For 'GraphCell', the graph of '{graph.file_name}' takes {len(graph.inputs)} inputs, "
                             f"but got {len(inputs)}.")
        env = dict(zip(graph.inputs, inputs))
        for fn, refs, out in self._program:
            args = [v if kind == 0 else self._param(v) if kind == 1 else env[v] for kind, v in refs]
            env[out] = fn(*args)
        outs = [env[o] for o in graph.outputs]
        return outs[0] if len(outs) == 1 else tuple(outs)

    def extend_repr(self):
        return f"file={self._graph.file_name!r}, nodes={len(self._graph.nodes)}"

"""``ms-compat convert model.mindir model.onnx``: a MindIR graph to ONNX (through :class:`GraphCell` and
``mindspore.export(..., file_format="ONNX")``), with the graph's inputs as MindSpore exported them (static shapes).
A ``.mindir`` input to ``.safetensors`` / ``.ckpt`` / ``.pt`` gives its parameters (``ms_compat.train.convert``).
A graph that branches on tensor values (a ``Switch``: an ``if``/``while`` on a tensor) is refused for ONNX: the
export traces one run, which would keep only the branch the example input takes."""
from __future__ import annotations

import os

__all__ = ["mindir_to_onnx", "mindir_parameters"]


def mindir_parameters(path):
    """{name: tensor} of the MindIR file's parameters, named as in the exported network."""
    from .reader import read_mindir
    return dict(read_mindir(path).parameters)


def mindir_to_onnx(src, dst):
    import torch
    from ...common.tensor import Tensor
    from .export import export
    from .graph_cell import GraphCell
    from .reader import read_mindir
    if not src.endswith(".mindir"):
        raise ValueError(f"converting to ONNX needs a .mindir input (a graph), but got '{src}'")
    graph = read_mindir(src)
    for nodes in [graph.nodes, *(f.nodes for f in graph.functions.values())]:
        if any(n.op_type == "Switch" for n in nodes):
            raise ValueError(f"{src}: the graph branches on tensor values (MindIR 'Switch': an if or while on a "
                             f"tensor); an ONNX export traces one run and would keep only the branch its example "
                             f"input takes, so it is refused. Run the file with nn.GraphCell instead.")
    inputs = []
    for name, (dims, dtype) in zip(graph.inputs, graph.input_shapes):
        if dims is None or dtype is None or any(d < 0 for d in dims):
            raise ValueError(f"{src}: graph input '{name}' has no static shape ({dims}); ONNX export needs one")
        inputs.append(Tensor(torch.zeros(dims, dtype=dtype)))
    export(GraphCell(graph), *inputs, file_name=dst, file_format="ONNX")
    out = dst if dst.endswith(".onnx") else dst + ".onnx"
    return {"tensors": len(graph.parameters), "strings": 0, "skipped": [], "tensor_bytes":
            sum(t.numel() * t.element_size() for t in graph.parameters.values()), "file_bytes": os.path.getsize(out),
            "output": out}

"""``mindspore.parallel.sync_pipeline_shared_parameters``: the parameters shared by cells of different pipeline
stages (an embedding table used by the first stage's embedding and the last stage's head) made equal again
across the stages, on ``torch.distributed.broadcast``.

MindSpore 2.10 sends, for each parameter its compiler marked as shared between stages, the value of the stage
that holds it first (``Send``) to the later stage (``Receive`` + ``assign_value``). ms_compat finds the shared
parameters from the cells' ``pipeline_stage`` tags (the cells that cut the execution, as ``pipeline.py`` does): a
parameter of cells of two or more stages is shared, and the value of its earliest stage is broadcast over this
rank's pipeline group (the ranks at the same position of every stage). With ``pipeline_stages`` < 2 it does
nothing, as in MindSpore.
"""
from __future__ import annotations

import torch
import torch.distributed as dist

__all__ = ["sync_pipeline_shared_parameters"]


def sync_pipeline_shared_parameters(net):
    """Mirrors ``mindspore.parallel.sync_pipeline_shared_parameters(net)``."""
    from ..context import get_auto_parallel_context
    from ..nn import Cell
    from .pipeline import _stage_cells, stage_info
    if not isinstance(net, Cell):
        raise TypeError("For 'sync_pipeline_shared_parameters', the argument 'net' should be a Cell, "
                        "but got {}.".format(type(net)))
    stages = get_auto_parallel_context("pipeline_stages")
    if stages < 2:
        return
    from ..communication.management import _adopt_torch_group
    if not _adopt_torch_group():
        raise RuntimeError("For 'sync_pipeline_shared_parameters', pipeline_stages is "
                           f"{stages} but the processes are not initialised: call mindspore.communication.init().")
    owner = {}  # id(param) -> (param, set of stages)
    for _, cell in _stage_cells(net, stages):
        s = cell.__dict__["_pipeline_stage"]
        for p in cell.get_parameters():
            owner.setdefault(id(p), (p, set()))[1].add(s)
    _, _, group, ranks = stage_info()
    with torch.no_grad():
        for _, p in net.parameters_and_names():
            entry = owner.get(id(p))
            if entry is None or len(entry[1]) < 2:
                continue
            if p.is_meta:  # a stage that does not use it (stage_local.py): takes part with a scratch buffer
                dist.broadcast(torch.empty(tuple(p.shape), dtype=p.dtype), src=ranks[min(entry[1])], group=group)
                continue
            buf = p.data.contiguous()
            dist.broadcast(buf, src=ranks[min(entry[1])], group=group)
            if buf is not p.data:
                p.data.copy_(buf)

"""``mindspore.parallel.parameter_broadcast`` (the function; this file is not named after it so that the
submodule never shadows the function on the package): make the copies of each parameter slice equal across the ranks
that hold the same slice (the data-parallel dimension of its layout), on ``torch.distributed.broadcast``.

MindSpore 2.10 (``mindspore/parallel/parameter_broadcast.py`` with ``train/_utils.get_parameter_redundancy`` /
``remove_param_redundancy``): for each parameter of ``layout`` the ranks ``initial_rank ..
initial_rank + prod(dev_matrix) - 1`` that hold the same slice form a redundancy group; within a group, the
parameters (sorted by name) are dealt round-robin to the group's ranks (the ``k``-th parameter of the group to
its ``k % len``-th rank), and that rank's value is given to every rank of the group (MindSpore zeroes the other
copies and all-reduces; ms_compat broadcasts from the owning rank, the same values). Groups are
``create_group(str(ranks), ranks)`` as in MindSpore.

``layout`` is a ``{name: layout}`` dict: ms_compat's strategy entries (``build_searched_strategy``,
``Cell.parameter_layout_dict``) or MindSpore-style lists whose first two items are the device matrix and the
tensor map. Difference: a rank that owns no parameter still joins the broadcasts (MindSpore returns early
there, leaving the others waiting).
"""
from __future__ import annotations

import math

import torch
import torch.distributed as dist

__all__ = ["parameter_broadcast"]


def _entry(v):
    if isinstance(v, dict):
        return v
    return {"dev_matrix": list(v[0]), "tensor_map": list(v[1])}


def _redundancy(layout, initial_rank):
    """``{name: (group, ...)}``: the ranks holding each slice of each parameter (names sorted)."""
    from .strategy_file import slice_index
    out = {}
    for name in sorted(layout):
        e = _entry(layout[name])
        groups = {}
        for r in range(math.prod(e["dev_matrix"]) if e["dev_matrix"] else 1):
            groups.setdefault(tuple(slice_index(e, r)), []).append(r + initial_rank)
        out[name] = tuple(tuple(g) for _, g in sorted(groups.items()))
    return out


def parameter_broadcast(net, layout, cur_rank=0, initial_rank=0):
    """Mirrors ``mindspore.parallel.parameter_broadcast(net, layout, cur_rank=0, initial_rank=0)``."""
    from ..communication import management as M
    from ..context import get_auto_parallel_context
    if not layout or M.get_group_size() <= 1:
        return
    stages = get_auto_parallel_context("pipeline_stages")
    if cur_rank != M.get_rank():
        raise ValueError(f"For parameter broadcast, the cur_rank: {cur_rank} is wrong.")
    if initial_rank % (M.get_group_size() / stages) != 0:
        raise ValueError(f"For parameter broadcast, the initial_rank: {initial_rank} is wrong.")
    by_group = {}
    for name, groups in _redundancy(layout, initial_rank).items():
        for g in groups:
            if len(g) > 1 and cur_rank in g:
                by_group.setdefault(g, []).append(name)
    params = net.parameters_dict()
    for group, names in by_group.items():
        for name in names:
            if name not in params:
                raise ValueError(f"For parameter broadcast, the param: {name} can not be found.")
        if len(group) == dist.get_world_size():
            pg = dist.group.WORLD
        else:
            gname = str(group)
            if gname not in M._groups:
                M.create_group(gname, list(group))
            pg = M._process_group(gname)
        with torch.no_grad():
            for k, name in enumerate(names):
                data = params[name].data
                buf = data.contiguous()
                dist.broadcast(buf, src=group[k % len(group)], group=pg)
                if buf is not data:
                    data.copy_(buf)

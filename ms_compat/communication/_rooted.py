"""The rooted collectives of ``mindspore.communication.comm_func`` — ``reduce``, ``gather_into_tensor``,
``scatter_tensor`` — on ``torch.distributed.reduce`` / ``gather`` / ``scatter``.

As in MindSpore 2.10, ``dst``/``src`` are *world* ranks (for a group made by ``create_group`` they must be
members of it), a process other than ``dst`` gets a meaningless tensor of shape ``[1]`` (zeros here), and
``scatter_tensor`` splits dimension 0 of the ``src`` tensor evenly over the group (every process passes a
tensor of that shape; only the ``src`` values are used).

Differences: MindSpore 2.10 marks these functions deprecated (in favour of ``mindspore.ops.communication``)
and logs a warning; ms_compat does not. Their outputs carry no gradient (MindSpore's bprops of
``Reduce``/``CollectiveGather``/``CollectiveScatter`` are not reproduced): use ``all_reduce`` /
``all_gather_into_tensor`` / ``reduce_scatter_tensor`` in code that differentiates through a collective.
"""
from __future__ import annotations

import torch
import torch.distributed as dist

from ..common.tensor import as_ms, to_torch
from .management import HCCL_WORLD_COMM_GROUP, get_group_rank_from_world_rank

__all__ = ["reduce", "gather_into_tensor", "scatter_tensor"]


def _pg_and_root(name, root, root_arg, group):
    from .comm_func import _group_pg
    if not isinstance(root, int) or isinstance(root, bool):
        raise TypeError(f"For {name}, the {root_arg} must be int")
    pg = _group_pg(group)
    if pg is dist.group.WORLD:
        if not 0 <= root < dist.get_world_size():
            raise ValueError(f"For {name}, the {root_arg} ({root}) must be a world rank in [0, "
                             f"{dist.get_world_size()}).")
    else:
        get_group_rank_from_world_rank(root, group)  # MindSpore converts it; raises for a non-member
    return pg


def _placeholder(x):
    return as_ms(torch.zeros((1,), dtype=x.dtype, device=x.device))


def reduce(tensor, dst, op="sum", group=HCCL_WORLD_COMM_GROUP):
    """Mirrors ``mindspore.communication.comm_func.reduce``: the element-wise reduction (``op``: sum, prod,
    max, min) of ``tensor`` over the group on world rank ``dst``; other processes get a shape-``[1]`` tensor."""
    from .comm_func import _TORCH_OP, _check_op, _is_tensor
    if not _is_tensor(tensor):
        raise TypeError("For reduce, the input tensor must be tensor")
    _check_op("reduce", op)
    pg = _pg_and_root("reduce", dst, "dst", group)
    buf = to_torch(tensor).detach().clone().contiguous()
    dist.reduce(buf, dst=dst, op=_TORCH_OP[op], group=pg)
    return as_ms(buf) if dist.get_rank() == dst else _placeholder(buf)


def gather_into_tensor(tensor, dst=0, group=HCCL_WORLD_COMM_GROUP):
    """Mirrors ``mindspore.communication.comm_func.gather_into_tensor``: the group's tensors concatenated along
    dimension 0 (in group-rank order) on world rank ``dst``; other processes get a shape-``[1]`` tensor."""
    from .comm_func import _is_tensor
    if not _is_tensor(tensor):
        raise TypeError("For gather_into_tensor, the input tensor must be tensor")
    if not isinstance(dst, int):
        raise TypeError("For gather_into_tensor, the dst must be int")
    pg = _pg_and_root("gather_into_tensor", dst, "dst", group)
    x = to_torch(tensor).detach().contiguous()
    n = dist.get_world_size(pg)
    me = dist.get_rank() == dst
    parts = [torch.empty_like(x) for _ in range(n)] if me else None
    dist.gather(x, gather_list=parts, dst=dst, group=pg)
    return as_ms(torch.cat(parts, 0)) if me else _placeholder(x)


def scatter_tensor(tensor, src=0, group=HCCL_WORLD_COMM_GROUP):
    """Mirrors ``mindspore.communication.comm_func.scatter_tensor``: dimension 0 of world rank ``src``'s tensor
    split evenly over the group; group rank ``i`` gets chunk ``i``."""
    from .comm_func import _is_tensor
    if not _is_tensor(tensor):
        raise TypeError("For scatter_tensor, the input tensor must be tensor")
    if not isinstance(src, int):
        raise TypeError("For scatter_tensor, the src must be int")
    pg = _pg_and_root("scatter_tensor", src, "src", group)
    x = to_torch(tensor).detach().contiguous()
    n = dist.get_world_size(pg)
    if x.shape[0] % n:
        raise ValueError(f"For 'CollectiveScatter', the first dimension of the input ({x.shape[0]}) must be "
                         f"divisible by the group size {n}.")
    out = x.new_empty((x.shape[0] // n,) + tuple(x.shape[1:]))
    chunks = [c.contiguous() for c in x.chunk(n, 0)] if dist.get_rank() == src else None
    dist.scatter(out, scatter_list=chunks, src=src, group=pg)
    return as_ms(out)

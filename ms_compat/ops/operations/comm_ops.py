"""Collective-communication Primitives (``mindspore.ops.AllReduce``, ``AllGather``, ``ReduceScatter``,
``Broadcast``) on ``torch.distributed``.

Each call runs the collective at once (PyNative) through the differentiable collectives of
``ms_compat/communication/comm_func.py``, so gradients follow MindSpore's bprop rules. Construction
works before ``init()`` (as in MindSpore); calling needs ``init()``.
"""
from __future__ import annotations

from ...communication.comm_func import ReduceOp, _all_gather, _all_reduce, _broadcast, _reduce_scatter
from ...communication.management import HCCL_WORLD_COMM_GROUP, get_group_size
from ..primitive import Primitive

__all__ = ["ReduceOp", "AllReduce", "AllGather", "ReduceScatter", "Broadcast"]

_OPS = (ReduceOp.SUM, ReduceOp.MAX, ReduceOp.MIN, ReduceOp.PROD)


def _check_group(prim, group):
    if not isinstance(group, str):
        raise TypeError(f"For '{prim}', the 'group' must be str, but got {type(group).__name__}.")


def _check_op(prim, op):
    if not isinstance(op, str):
        raise TypeError(f"For '{prim}', the 'op' must be str, but got {type(op).__name__}.")
    if op not in _OPS:
        raise ValueError(f"For '{prim}', the 'op' must be one of {list(_OPS)}, but got '{op}'.")


class AllReduce(Primitive):
    """Mirrors ``mindspore.ops.AllReduce(op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP)``.
    ``op`` is validated when constructed here (MindSpore checks it only when run)."""

    def __init__(self, op=ReduceOp.SUM, group=HCCL_WORLD_COMM_GROUP):
        _check_group("AllReduce", group)
        _check_op("AllReduce", op)
        super().__init__()
        self.add_prim_attrs({"op": op, "group": group, "fusion": 0, "index": 0, "no_eliminate": True})

    def __call__(self, x):
        return _all_reduce(x, self.op, self.group)


class AllGather(Primitive):
    """Mirrors ``mindspore.ops.AllGather(group=GlobalComm.WORLD_COMM_GROUP)``: concatenation along dim 0."""

    def __init__(self, group=HCCL_WORLD_COMM_GROUP):
        _check_group("AllGather", group)
        super().__init__()
        self.add_prim_attrs({"group": group, "rank_size": get_group_size(group), "fusion": 0, "mean_flag": False,
                             "no_eliminate": True})

    def __call__(self, x):
        return _all_gather(x, self.group)


class ReduceScatter(Primitive):
    """Mirrors ``mindspore.ops.ReduceScatter(op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP)``."""

    def __init__(self, op=ReduceOp.SUM, group=HCCL_WORLD_COMM_GROUP):
        _check_group("ReduceScatter", group)
        _check_op("ReduceScatter", op)
        super().__init__()
        self.add_prim_attrs({"op": op, "group": group, "rank_size": get_group_size(group), "fusion": 0,
                             "no_eliminate": True})

    def __call__(self, x):
        return _reduce_scatter(x, self.op, self.group)


class Broadcast(Primitive):
    """Mirrors ``mindspore.ops.Broadcast(root_rank, group=GlobalComm.WORLD_COMM_GROUP)``: takes a tuple of
    tensors and returns a tuple (the root's values); ``root_rank`` is the rank within ``group``."""

    def __init__(self, root_rank, group=HCCL_WORLD_COMM_GROUP):
        if not isinstance(root_rank, int) or isinstance(root_rank, bool):
            raise TypeError(f"For 'Broadcast', the type of 'root_rank' should be 'int', "
                            f"but got type '{type(root_rank).__name__}'.")
        _check_group("Broadcast", group)
        super().__init__()
        self.add_prim_attrs({"root_rank": root_rank, "group": group, "no_eliminate": True})

    def __call__(self, input_x):
        if not isinstance(input_x, (tuple, list)):
            raise TypeError(f"For 'Broadcast', the input must be a tuple of Tensors, but got "
                            f"{type(input_x).__name__}.")
        return tuple(_broadcast(t, self.root_rank, self.group) for t in input_x)


# the other collective Primitives (rooted, point-to-point, all-to-all and the V variants) live in comm_ops_more.py
from .comm_ops_more import (AllGatherV, AlltoAll, AlltoAllV, AlltoAllVC, Barrier, BatchISendIRecv,  # noqa: E402
                            CollectiveGather, CollectiveScatter, Receive, Reduce, ReduceScatterV, Send)

__all__ += ["Reduce", "CollectiveGather", "CollectiveScatter", "Barrier", "Send", "Receive", "BatchISendIRecv",
            "AlltoAll", "AlltoAllV", "AlltoAllVC", "AllGatherV", "ReduceScatterV"]

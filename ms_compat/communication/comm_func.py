"""``mindspore.communication.comm_func``: functional collectives on ``torch.distributed``.

Each collective is out of place (the input is not modified) and differentiable with MindSpore's
backward rules: ``all_reduce`` (sum) → all_reduce of the gradient; ``all_gather_into_tensor`` →
reduce_scatter (sum) of the gradient; ``reduce_scatter_tensor`` → all_gather of the gradient;
``broadcast`` → the gradient passes through unchanged (MindSpore's ``Broadcast`` bprop).

Difference from MindSpore: for these four, ``async_op=True`` is accepted but the collective has completed when the
call returns; the returned handle's ``wait()`` does nothing.
"""
from __future__ import annotations

import torch
import torch.distributed as dist

from ..common.tensor import as_ms, to_torch
from .management import (HCCL_WORLD_COMM_GROUP, GlobalComm, _process_group, _require_init,
                         get_group_rank_from_world_rank)

__all__ = ["ReduceOp", "all_reduce", "all_gather_into_tensor", "reduce_scatter_tensor", "broadcast", "barrier",
           "CommHandle", "reduce", "gather_into_tensor", "scatter_tensor", "send", "recv", "isend", "irecv", "P2POp",
           "batch_isend_irecv", "all_to_all_with_output_shape", "all_to_all_single_with_output_shape",
           "all_to_all_v_c"]


class ReduceOp:
    """Mirrors ``mindspore.ops.ReduceOp`` (string constants)."""
    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"


# torch >= 2.13 names (the *_tensor spellings are deprecated there)
_all_gather_1 = getattr(dist, "all_gather_single", None) or dist.all_gather_into_tensor
_reduce_scatter_1 = getattr(dist, "reduce_scatter_single", None) or dist.reduce_scatter_tensor

_TORCH_OP = {"sum": dist.ReduceOp.SUM, "max": dist.ReduceOp.MAX, "min": dist.ReduceOp.MIN,
             "prod": dist.ReduceOp.PRODUCT}


class CommHandle:
    """Mirrors ``mindspore.communication.comm_func.CommHandle``. It wraps the ``torch.distributed`` work of an
    asynchronous point-to-point or all-to-all call (``isend``, ``irecv``, ``async_op=True``), whose ``wait()``
    blocks until the transfer is done; for the other collectives the work is already done and ``wait()`` returns
    at once."""

    def __init__(self, work=None):
        self._work = work

    def wait(self):
        if self._work is not None:
            self._work.wait()
            self._work = None
        return None


def _is_tensor(x):
    return isinstance(x, torch.Tensor)


# ---------------------------------------------------------------------------------------------- autograd ops
class _AllReduce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, op, pg):
        out = to_torch(x).detach().clone().contiguous()
        dist.all_reduce(out, op=_TORCH_OP[op], group=pg)
        ctx.op, ctx.pg = op, pg
        if op in ("prod", "max", "min"):
            ctx.save_for_backward(to_torch(x).detach(), out)
        return out

    @staticmethod
    def backward(ctx, dout):
        g = dout.contiguous().clone()
        dist.all_reduce(g, op=dist.ReduceOp.SUM, group=ctx.pg)
        if ctx.op == "prod":
            x, out = ctx.saved_tensors
            g = g * out / x
        elif ctx.op in ("max", "min"):
            x, out = ctx.saved_tensors
            g = g * (x == out).to(g.dtype)
        return g, None, None


class _AllGather(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, pg):
        x = to_torch(x).detach().contiguous()
        n = dist.get_world_size(pg)
        out = x.new_empty((x.shape[0] * n,) + tuple(x.shape[1:]))
        _all_gather_1(out, x, group=pg)
        ctx.pg = pg
        return out

    @staticmethod
    def backward(ctx, dout):
        dout = dout.contiguous()
        n = dist.get_world_size(ctx.pg)
        g = dout.new_empty((dout.shape[0] // n,) + tuple(dout.shape[1:]))
        _reduce_scatter_1(g, dout, op=dist.ReduceOp.SUM, group=ctx.pg)
        return g, None


class _ReduceScatter(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, op, pg):
        x = to_torch(x).detach().contiguous()
        n = dist.get_world_size(pg)
        if x.shape[0] % n:
            raise ValueError(f"For 'ReduceScatter', the first dimension of the input ({x.shape[0]}) must be "
                             f"divisible by the group size {n}.")
        out = x.new_empty((x.shape[0] // n,) + tuple(x.shape[1:]))
        _reduce_scatter_1(out, x, op=_TORCH_OP[op], group=pg)
        ctx.pg = pg
        return out

    @staticmethod
    def backward(ctx, dout):
        dout = dout.contiguous()
        n = dist.get_world_size(ctx.pg)
        g = dout.new_empty((dout.shape[0] * n,) + tuple(dout.shape[1:]))
        _all_gather_1(g, dout, group=ctx.pg)
        return g, None, None


class _Broadcast(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, src_world_rank, pg):
        out = to_torch(x).detach().clone().contiguous()
        dist.broadcast(out, src=src_world_rank, group=pg)
        return out

    @staticmethod
    def backward(ctx, dout):
        return dout, None, None


# ---------------------------------------------------------------------------------------------- entry points
def _group_pg(group):
    if not isinstance(group, str):
        raise TypeError(f"The parameter 'group' should be str, but got the type : {type(group)}")
    _require_init()
    return _process_group(group)


def _check_op(name, op):
    if not isinstance(op, str):
        raise TypeError(f"For {name}, the input op type must be str")
    if op not in _TORCH_OP:
        raise TypeError(f"For {name}, the input op value must be one of sum, prod, min, max")


def _all_reduce(x, op, group):
    return as_ms(_AllReduce.apply(x, op, _group_pg(group)))


def _all_gather(x, group):
    return as_ms(_AllGather.apply(x, _group_pg(group)))


def _reduce_scatter(x, op, group):
    return as_ms(_ReduceScatter.apply(x, op, _group_pg(group)))


def _broadcast(x, root_rank, group):
    pg = _group_pg(group)
    src = root_rank if pg is dist.group.WORLD else dist.get_global_rank(pg, root_rank)
    return as_ms(_Broadcast.apply(x, src, pg))


def _result(out, async_op):
    return (out, CommHandle()) if async_op else (out, None)


def all_reduce(tensor, op=ReduceOp.SUM, group=HCCL_WORLD_COMM_GROUP, async_op=False):
    """Mirrors ``mindspore.communication.comm_func.all_reduce``: returns ``(output, handle)``."""
    if not _is_tensor(tensor):
        raise TypeError("For all_reduce, the input tensor must be tensor")
    _check_op("all_reduce", op)
    return _result(_all_reduce(tensor, op, group), async_op)


def all_gather_into_tensor(tensor, group=HCCL_WORLD_COMM_GROUP, async_op=False):
    """Mirrors ``comm_func.all_gather_into_tensor``: inputs concatenated along dim 0; ``(output, handle)``."""
    if not _is_tensor(tensor):
        raise TypeError("For all_gather_into_tensor, the input tensor must be tensor")
    return _result(_all_gather(tensor, group), async_op)


def reduce_scatter_tensor(tensor, op=ReduceOp.SUM, group=HCCL_WORLD_COMM_GROUP, async_op=False):
    """Mirrors ``comm_func.reduce_scatter_tensor``: reduce, then rank i keeps chunk i of dim 0."""
    if not _is_tensor(tensor):
        raise TypeError("For reduce_scatter_tensor, the input tensor must be tensor")
    _check_op("reduce_scatter_tensor", op)
    return _result(_reduce_scatter(tensor, op, group), async_op)


def broadcast(tensor, src=0, group=HCCL_WORLD_COMM_GROUP):
    """Mirrors ``comm_func.broadcast``: the tensor of world rank ``src`` on every process."""
    if not _is_tensor(tensor):
        raise TypeError("For broadcast, the input tensor must be tensor")
    if not isinstance(src, int):
        raise TypeError("For broadcast, the src must be int")
    pg = _group_pg(group)
    if pg is not dist.group.WORLD:
        get_group_rank_from_world_rank(src, group)  # validates membership
    return as_ms(_Broadcast.apply(tensor, src, pg))


def barrier(group=HCCL_WORLD_COMM_GROUP):
    """Mirrors ``comm_func.barrier``."""
    if not isinstance(group, str):
        raise TypeError(f"group must be type of string, but got {type(group)}")
    dist.barrier(group=_group_pg(group))


# the rooted collectives, point-to-point and all-to-all live in their own files (one concept per file)
from ._rooted import gather_into_tensor, reduce, scatter_tensor  # noqa: E402
from ._p2p import P2POp, batch_isend_irecv, irecv, isend, recv, send  # noqa: E402
from ._all_to_all import (all_to_all_single_with_output_shape, all_to_all_v_c,  # noqa: E402
                          all_to_all_with_output_shape)

"""Point-to-point communication of ``mindspore.communication.comm_func`` — ``send``, ``recv``, ``isend``,
``irecv``, ``P2POp``, ``batch_isend_irecv`` — on ``torch.distributed.send`` / ``recv`` / ``isend`` / ``irecv`` /
``P2POp`` / ``batch_isend_irecv``.

As in MindSpore 2.10: ranks (``dst``, ``src``, ``peer``) are *world* ranks (members of ``group`` when one is
given); ``recv``/``irecv`` use only the shape and dtype of their ``tensor`` argument and return a new tensor (the
argument is not written); ``isend`` returns a ``CommHandle``, ``irecv`` returns ``(tensor, CommHandle)`` whose
tensor holds the data once ``handle.wait()`` has returned; ``batch_isend_irecv`` returns a tuple with, at each
``isend`` position, a meaningless scalar ``0`` of the sent dtype and, at each ``irecv`` position, the received
tensor; a ``P2POp`` may give the receive shape as a tuple with ``recv_dtype``; ``P2POp`` ``tag`` must be 0.

Differences: MindSpore 2.10 marks these deprecated (in favour of ``mindspore.ops.communication``) and logs a
warning; ms_compat does not. The outputs carry no gradient (MindSpore's ``Send``/``Receive`` bprops are not
reproduced).
"""
from __future__ import annotations

import torch
import torch.distributed as dist

from ..common.tensor import as_ms, to_torch
from .management import HCCL_WORLD_COMM_GROUP, get_group_rank_from_world_rank

__all__ = ["send", "recv", "isend", "irecv", "P2POp", "batch_isend_irecv"]


def _pg(name, rank, arg, group):
    from .comm_func import _group_pg
    if not isinstance(rank, int) or isinstance(rank, bool):
        raise TypeError(f"For {name}, the {arg} must be int")
    pg = _group_pg(HCCL_WORLD_COMM_GROUP if group is None else group)
    if pg is not dist.group.WORLD:
        get_group_rank_from_world_rank(rank, group)
    elif not 0 <= rank < dist.get_world_size():
        raise ValueError(f"For {name}, the {arg} ({rank}) must be a world rank in [0, {dist.get_world_size()}).")
    if rank == dist.get_rank():
        raise ValueError(f"For {name}, the {arg} ({rank}) must not be the calling process's own rank.")
    return pg


def _check(name, tensor):
    from .comm_func import _is_tensor
    if not _is_tensor(tensor):
        raise TypeError(f"For {name}, the input tensor must be tensor")


def send(tensor, dst=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """Mirrors ``mindspore.communication.comm_func.send``: sends ``tensor`` to world rank ``dst``; returns None."""
    _check("send", tensor)
    pg = _pg("send", dst, "dst", group)
    dist.send(to_torch(tensor).detach().contiguous(), dst=dst, group=pg, tag=tag)


def recv(tensor, src=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """Mirrors ``mindspore.communication.comm_func.recv``: a new tensor of ``tensor``'s shape and dtype holding
    what world rank ``src`` sent."""
    _check("recv", tensor)
    pg = _pg("recv", src, "src", group)
    out = torch.empty_like(to_torch(tensor), memory_format=torch.contiguous_format)
    dist.recv(out, src=src, group=pg, tag=tag)
    return as_ms(out)


def isend(tensor, dst=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """Mirrors ``mindspore.communication.comm_func.isend``: starts sending; returns a ``CommHandle``."""
    from .comm_func import CommHandle
    _check("isend", tensor)
    pg = _pg("isend", dst, "dst", group)
    return CommHandle(dist.isend(to_torch(tensor).detach().contiguous(), dst=dst, group=pg, tag=tag))


def irecv(tensor, src=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """Mirrors ``mindspore.communication.comm_func.irecv``: ``(output, handle)``; ``output`` (``tensor``'s shape
    and dtype) holds the data once ``handle.wait()`` returned."""
    from .comm_func import CommHandle
    _check("irecv", tensor)
    pg = _pg("irecv", src, "src", group)
    out = torch.empty_like(to_torch(tensor), memory_format=torch.contiguous_format)
    return as_ms(out), CommHandle(dist.irecv(out, src=src, group=pg, tag=tag))


class P2POp:
    """Mirrors ``mindspore.communication.comm_func.P2POp``: one ``"isend"``/``"irecv"`` (string, or the
    ``isend``/``irecv`` function) for :func:`batch_isend_irecv`. For ``"irecv"``, ``tensor`` may be a shape tuple
    with ``recv_dtype`` given. ``peer`` is a world rank; ``tag`` must be 0 (MindSpore: NotImplementedError)."""

    def __new__(cls, op, tensor, peer, group=None, tag=0, recv_dtype=None):
        if not (isinstance(op, str) or callable(op)):
            raise TypeError(f"op must be type of string or function, but got type of {type(op)}")
        op_name = op if isinstance(op, str) else op.__name__
        if op_name not in ("isend", "irecv"):
            raise ValueError(f"Expected ``op`` to be of type ``isend`` or `irecv``, but got {op_name}")
        if not isinstance(tensor, (torch.Tensor, tuple)):
            raise TypeError(f"Expected ``tensor`` to be type of tuple or Tensor, but got {type(tensor)}.")
        if tag != 0:
            raise NotImplementedError("``tag`` not support yet.")
        return object.__new__(cls)

    def __init__(self, op, tensor, peer, group=None, tag=0, *, recv_dtype=None):
        self.op = op
        self.tensor = tensor
        if not isinstance(peer, int):
            raise TypeError(f"peer must be type of int, but got type of {type(peer)}")
        if recv_dtype and not isinstance(recv_dtype, torch.dtype):
            raise TypeError(f"recv_dtype must be type of mindspore dtype, but got type of {type(recv_dtype)}")
        self.peer = peer
        self.group = group
        self.tag = tag
        self.recv_dtype = recv_dtype


def batch_isend_irecv(p2p_op_list):
    """Mirrors ``mindspore.communication.comm_func.batch_isend_irecv``: runs the ``P2POp`` list as one batch
    (``torch.distributed.batch_isend_irecv``), waits for it, and returns the tuple of outputs (a scalar ``0`` at
    each ``isend``, the received tensor at each ``irecv``). All ops use the group of the first one."""
    if not isinstance(p2p_op_list, list):
        raise TypeError(f"p2p_op_list must be type of list, but got type of {p2p_op_list}.")
    if not p2p_op_list:
        raise TypeError("p2p_op_list can not be empty list.")
    group = p2p_op_list[0].group
    torch_ops, outputs = [], []
    for i, p in enumerate(p2p_op_list):
        if not isinstance(p, P2POp):
            raise TypeError("must be type of P2POp")
        kind = p.op if isinstance(p.op, str) else p.op.__name__
        pg = _pg("batch_isend_irecv", p.peer, "peer", group)
        if kind == "isend":
            t = to_torch(p.tensor).detach().contiguous()
            torch_ops.append(dist.P2POp(dist.isend, t, p.peer, group=pg))
            outputs.append(as_ms(torch.zeros((), dtype=t.dtype, device=t.device)))
        elif kind == "irecv":
            if isinstance(p.tensor, torch.Tensor):
                out = torch.empty_like(to_torch(p.tensor), memory_format=torch.contiguous_format)
            elif isinstance(p.tensor, tuple):
                if p.recv_dtype is None:
                    raise ValueError(f"'recv_dtype' of {i}th P2POp in p2p_op_list is None but op_types is"
                                     "'irecv' and P2POp.tensor is a tuple type.")
                from ..context import _default_device
                out = torch.empty(p.tensor, dtype=p.recv_dtype, device=_default_device())
            else:
                raise TypeError("p2p_op.tensor must be tensor or shape")
            torch_ops.append(dist.P2POp(dist.irecv, out, p.peer, group=pg))
            outputs.append(as_ms(out))
        else:
            raise TypeError("p2p_op.op must be isend or irecv")
    for work in dist.batch_isend_irecv(torch_ops):
        work.wait()
    return tuple(outputs)

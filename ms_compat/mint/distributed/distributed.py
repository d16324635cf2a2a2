"""``mindspore.mint.distributed`` on ``torch.distributed``.

MindSpore's ``mint.distributed`` is ``torch.distributed``-shaped: collectives work in place on the
tensors given, return ``None`` (or a handle with ``wait()`` when ``async_op=True``), reduction ops are
strings (``'sum'``, ``'max'``, ``'min'``, ``'prod'``) and groups are *names* (strings; ``None`` = the
world group). Names map to torch ``ProcessGroup``s through ``ms_compat.communication`` (the same table
``create_group`` fills), so ``mindspore.communication`` and ``mint.distributed`` can be mixed.

Differences from MindSpore: the ``'hccl'`` backend (Ascend; MindSpore's default and only accepted value
of ``init_process_group``) is served by ``nccl`` when ``device_target='GPU'`` and ``gloo`` otherwise;
``'mccl'`` means ``gloo``. Launch with ``torchrun``. ``send``/``recv`` return 0 as MindSpore documents.
"""
from __future__ import annotations

import hashlib
import logging
from datetime import timedelta

import torch
import torch.distributed as dist

from ...communication import management as _mgmt
from ...communication.comm_func import _all_gather_1, _reduce_scatter_1
from ...communication.management import GlobalComm

__all__ = ["init_process_group", "destroy_process_group", "get_rank", "get_world_size", "new_group", "get_backend",
           "get_global_rank", "get_process_group_ranks", "get_group_rank", "all_reduce", "all_gather_into_tensor",
           "all_gather_into_tensor_uneven", "all_to_all", "all_to_all_single", "reduce_scatter_tensor",
           "reduce_scatter_tensor_uneven", "isend", "irecv", "send", "recv", "send_object_list", "recv_object_list",
           "gather", "scatter", "all_gather", "reduce_scatter", "barrier", "broadcast", "reduce", "P2POp",
           "batch_isend_irecv", "all_gather_object", "broadcast_object_list", "gather_object",
           "scatter_object_list", "is_available", "is_initialized", "TCPStore"]

_log = logging.getLogger("ms_compat")
_OPS = {"sum": dist.ReduceOp.SUM, "max": dist.ReduceOp.MAX, "min": dist.ReduceOp.MIN, "prod": dist.ReduceOp.PRODUCT,
        "avg": dist.ReduceOp.AVG}
TCPStore = dist.TCPStore


def _group(group):
    """torch ProcessGroup of a MindSpore group name (``None`` = world)."""
    if group is not None and not isinstance(group, str):
        raise TypeError(f"The argument 'group' must be type of string or None, but got 'group' type : {type(group)}.")
    _mgmt._require_init()
    return _mgmt._process_group(group)


def _op(name, op):
    if not isinstance(op, str) or op not in _OPS:
        raise TypeError(f"For '{name}', the argument 'op' must be one of {sorted(_OPS)} (a str), but got {op!r}.")
    return _OPS[op]


def _check_async(name, async_op):
    if not isinstance(async_op, bool):
        raise TypeError(f"For '{name}', the argument 'async_op' must be a bool, but got {type(async_op)}.")


# ---------------------------------------------------------------------------------------------- setup / queries
def is_available():
    """Mirrors ``mint.distributed.is_available()``."""
    return dist.is_available()


def is_initialized():
    """Mirrors ``mint.distributed.is_initialized()``."""
    return dist.is_available() and dist.is_initialized()


def init_process_group(backend="hccl", init_method=None, timeout=None, world_size=-1, rank=-1, store=None,
                       group_name="", pg_options=None, device_id=None):
    """Mirrors ``mint.distributed.init_process_group``: MindSpore accepts only ``backend='hccl'``; here it is
    served by nccl (``device_target='GPU'``) or gloo. Without ``init_method``/``store`` the rendezvous comes
    from the ``torchrun`` environment (``communication.init``); with them, from the URL/store given."""
    if pg_options is not None:
        _log.warning("pg_options is ignored, setting is invalid")
    if device_id is not None:
        _log.warning("device_id is ignored, setting is invalid")
    if backend != "hccl":
        raise ValueError("Only support hccl now, please setting backend to hccl or using default value")
    if init_method is not None and store is not None:
        raise ValueError("Only one of init_method and store is supported.")
    from ... import context
    if init_method is None and store is None:
        _mgmt.init("nccl" if context.get_context("device_target") == "GPU" else "mccl")
        return
    if world_size <= 0:
        raise ValueError("Specified world_size must be a positive integer.")
    if rank < 0:
        raise ValueError("Specified rank must be a non-negative integer.")
    torch_backend = "nccl" if context.get_context("device_target") == "GPU" else "gloo"
    dist.init_process_group(torch_backend, init_method=init_method, timeout=timeout or timedelta(seconds=300),
                            world_size=world_size, rank=rank, store=store, group_name=group_name)
    _mgmt._adopt_torch_group()
    _mgmt._owns_process_group = True  # destroy_process_group() ends it


def destroy_process_group(group=None):
    """Mirrors ``mint.distributed.destroy_process_group(group=None)``: the world group ends the job's
    communication (``communication.release``); a named group is destroyed."""
    if group is None or group in (_mgmt.HCCL_WORLD_COMM_GROUP, _mgmt.NCCL_WORLD_COMM_GROUP,
                                  _mgmt.MCCL_WORLD_COMM_GROUP):
        _mgmt.release()
    else:
        _mgmt.destroy_group(group)


def get_rank(group=None):
    """Mirrors ``mint.distributed.get_rank(group=None)``: -1 when the process is not in ``group`` (or not
    initialised), as MindSpore."""
    if not is_initialized():
        return -1
    pg = _group(group)
    return dist.get_rank(pg) if pg is not dist.GroupMember.NON_GROUP_MEMBER else -1


def get_world_size(group=None):
    """Mirrors ``mint.distributed.get_world_size(group=None)``: -1 when not initialised."""
    if not is_initialized():
        return -1
    return dist.get_world_size(_group(group))


def new_group(ranks=None, timeout=None, backend=None, pg_options=None, use_local_synchronization=False,
              group_desc=None):
    """Mirrors ``mint.distributed.new_group``: returns the group *name*, ``'<backend>_<n>_<sha1 of ranks>'``
    as MindSpore builds it (``None`` ranks → the world group's name)."""
    if ranks is None:
        return GlobalComm.WORLD_COMM_GROUP
    if not isinstance(ranks, list):
        raise TypeError(f"ranks must be list, but got {type(ranks)}")
    ranks = sorted(ranks)
    backend = "hccl" if backend is None else backend
    if not isinstance(backend, str) or backend not in ("hccl", "mccl"):
        raise TypeError(f"the input backend must be hccl or mccl, but got {backend}")
    name = backend + "_" + str(len(ranks)) + "_" + hashlib.sha1(bytes("_".join(map(str, ranks)), "utf-8")).hexdigest()
    if name not in _mgmt._groups:
        _mgmt.create_group(name, ranks)
    return name


def get_backend(group=None):
    """Mirrors ``mint.distributed.get_backend(group=None)``: MindSpore's backend name (``'hccl'`` for the
    default group, as MindSpore answers)."""
    if group is None:
        return "hccl"
    if not isinstance(group, str):
        raise TypeError("For 'get_backend', the argument 'group' must be type of string or None, "
                        f"but got 'group' type : {type(group)}.")
    for b in ("hccl", "mccl"):
        if b in group:
            return b
    return GlobalComm.BACKEND


def get_global_rank(group, group_rank):
    """Mirrors ``mint.distributed.get_global_rank(group, group_rank)``."""
    return dist.get_global_rank(_group(group), group_rank)


def get_group_rank(group, global_rank):
    """Mirrors ``mint.distributed.get_group_rank(group, global_rank)``."""
    return dist.get_group_rank(_group(group), global_rank)


def get_process_group_ranks(group=None):
    """Mirrors ``mint.distributed.get_process_group_ranks(group=None)``."""
    return dist.get_process_group_ranks(_group(group))


# ---------------------------------------------------------------------------------------------- collectives
def all_reduce(tensor, op="sum", group=None, async_op=False):
    """Mirrors ``mint.distributed.all_reduce`` (in place)."""
    _check_async("all_reduce", async_op)
    return dist.all_reduce(tensor, _op("all_reduce", op), _group(group), async_op)


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    """Mirrors ``mint.distributed.all_gather_into_tensor``."""
    return _all_gather_1(output_tensor, input_tensor, _group(group), async_op)


def all_gather_into_tensor_uneven(output, input, output_split_sizes=None, group=None, async_op=False):
    """Mirrors ``mint.distributed.all_gather_into_tensor_uneven``: rank ``i`` contributes
    ``output_split_sizes[i]`` rows (along dim 0) of ``output``."""
    pg = _group(group)
    n = dist.get_world_size(pg)
    if output_split_sizes is None:
        return _all_gather_1(output, input, pg, async_op)
    sizes = list(output_split_sizes)
    biggest = max(sizes)
    padded = torch.zeros((biggest,) + tuple(input.shape[1:]), dtype=input.dtype, device=input.device)
    padded[:input.shape[0]] = input
    gathered = torch.empty((n * biggest,) + tuple(input.shape[1:]), dtype=input.dtype, device=input.device)
    _all_gather_1(gathered, padded, pg)
    output.copy_(torch.cat([gathered[i * biggest:i * biggest + s] for i, s in enumerate(sizes)]))
    return _done(async_op)


def reduce_scatter_tensor(output, input, op="sum", group=None, async_op=False):
    """Mirrors ``mint.distributed.reduce_scatter_tensor``."""
    return _reduce_scatter_1(output, input, _op("reduce_scatter_tensor", op), _group(group), async_op)


def reduce_scatter_tensor_uneven(output, input, input_split_sizes=None, op="sum", group=None, async_op=False):
    """Mirrors ``mint.distributed.reduce_scatter_tensor_uneven``: rank ``i`` receives the reduced rows
    ``input_split_sizes[i]`` of ``input`` (dim 0)."""
    pg = _group(group)
    if input_split_sizes is None:
        return _reduce_scatter_1(output, input, _op("reduce_scatter_tensor_uneven", op), pg, async_op)
    reduced = input.clone()
    dist.all_reduce(reduced, _op("reduce_scatter_tensor_uneven", op), pg)
    r = dist.get_rank(pg)
    start = sum(input_split_sizes[:r])
    output.copy_(reduced[start:start + input_split_sizes[r]])
    return _done(async_op)


def reduce(tensor, dst, op="sum", group=None, async_op=False):
    """Mirrors ``mint.distributed.reduce`` (``dst`` a global rank)."""
    return dist.reduce(tensor, dst, _op("reduce", op), _group(group), async_op)


def broadcast(tensor, src, group=None, async_op=False):
    """Mirrors ``mint.distributed.broadcast`` (``src`` a global rank)."""
    return dist.broadcast(tensor, src, _group(group), async_op)


def barrier(group=None, async_op=False, device_ids=None):
    """Mirrors ``mint.distributed.barrier``."""
    return dist.barrier(_group(group), async_op, device_ids)


def all_gather(tensor_list, tensor, group=None, async_op=False):
    """Mirrors ``mint.distributed.all_gather``."""
    return dist.all_gather(tensor_list, tensor, _group(group), async_op)


def reduce_scatter(output, input_list, op="sum", group=None, async_op=False):
    """Mirrors ``mint.distributed.reduce_scatter``."""
    pg = _group(group)
    if dist.get_backend(pg) == "gloo":  # gloo has no reduce_scatter: all_reduce, then keep this rank's part
        stacked = torch.stack(list(input_list))
        dist.all_reduce(stacked, _op("reduce_scatter", op), pg)
        output.copy_(stacked[dist.get_rank(pg)])
        return _done(async_op)
    return dist.reduce_scatter(output, list(input_list), _op("reduce_scatter", op), pg, async_op)


def scatter(tensor, scatter_list, src=0, group=None, async_op=False):
    """Mirrors ``mint.distributed.scatter``."""
    pg = _group(group)
    return dist.scatter(tensor, scatter_list if dist.get_rank() == src else None, src, pg, async_op)


def gather(tensor, gather_list, dst=0, group=None, async_op=False):
    """Mirrors ``mint.distributed.gather``."""
    pg = _group(group)
    return dist.gather(tensor, gather_list if dist.get_rank() == dst else None, dst, pg, async_op)


def all_to_all(output_tensor_list, input_tensor_list, group=None, async_op=False):
    """Mirrors ``mint.distributed.all_to_all`` (gloo: through point-to-point exchanges)."""
    pg = _group(group)
    if dist.get_backend(pg) != "gloo":
        return dist.all_to_all(output_tensor_list, input_tensor_list, pg, async_op)
    me = dist.get_rank(pg)
    ops = []
    for i, (o, x) in enumerate(zip(output_tensor_list, input_tensor_list)):
        if i == me:
            o.copy_(x)
            continue
        peer = dist.get_global_rank(pg, i)
        ops += [dist.P2POp(dist.isend, x.contiguous(), peer, pg), dist.P2POp(dist.irecv, o, peer, pg)]
    for w in (dist.batch_isend_irecv(ops) if ops else []):
        w.wait()
    return _done(async_op)


def all_to_all_single(output, input, output_split_sizes=None, input_split_sizes=None, group=None, async_op=False):
    """Mirrors ``mint.distributed.all_to_all_single`` (split along dim 0)."""
    pg = _group(group)
    if dist.get_backend(pg) != "gloo":
        return dist.all_to_all_single(output, input, output_split_sizes, input_split_sizes, pg, async_op)
    n = dist.get_world_size(pg)
    ins = list(torch.split(input, input_split_sizes or input.shape[0] // n))
    outs = list(torch.split(output, output_split_sizes or output.shape[0] // n))
    bufs = [torch.empty_like(o) for o in outs]
    all_to_all(bufs, ins, group)
    output.copy_(torch.cat(bufs))
    return _done(async_op)


# ---------------------------------------------------------------------------------------------- point to point
def send(tensor, dst=0, group=None, tag=0):
    """Mirrors ``mint.distributed.send``."""
    dist.send(tensor, dst, _group(group), tag)


def recv(tensor, src=0, group=None, tag=0):
    """Mirrors ``mint.distributed.recv``: returns 0 (MindSpore's documented result)."""
    dist.recv(tensor, src, _group(group), tag)
    return 0


def isend(tensor, dst=0, group=None, tag=0):
    """Mirrors ``mint.distributed.isend``: a handle with ``wait()``."""
    return dist.isend(tensor, dst, _group(group), tag)


def irecv(tensor, src=0, group=None, tag=0):
    """Mirrors ``mint.distributed.irecv``: a handle with ``wait()``."""
    return dist.irecv(tensor, src, _group(group), tag)


class P2POp:
    """Mirrors ``mint.distributed.P2POp(op, tensor, peer, group=None, tag=0)``; ``op`` is ``isend``/``irecv``
    (the functions of this module or their names ``'isend'``/``'irecv'``)."""

    def __init__(self, op, tensor, peer, group=None, tag=0):
        if isinstance(op, str):
            op = {"isend": isend, "irecv": irecv}.get(op, op)
        if op not in (isend, irecv):
            raise TypeError("Invalid ``op``. Expected ``op`` to be of type ``mint.distributed.isend`` or "
                            "``mint.distributed.irecv``.")
        if not isinstance(tensor, torch.Tensor):
            raise TypeError(f"Expected ``tensor`` to be Tensor, but got {type(tensor)}.")
        self.op, self.tensor, self.peer, self.group, self.tag = op, tensor, peer, group, tag


def batch_isend_irecv(p2p_op_list):
    """Mirrors ``mint.distributed.batch_isend_irecv``: a list with one handle."""
    ops = [dist.P2POp(dist.isend if p.op is isend else dist.irecv, p.tensor, p.peer, _group(p.group), p.tag)
           for p in p2p_op_list]
    works = dist.batch_isend_irecv(ops)
    return [_AllWork(works)]


# ---------------------------------------------------------------------------------------------- objects
def send_object_list(object_list, dst, group=None, device=None):
    """Mirrors ``mint.distributed.send_object_list``."""
    dist.send_object_list(object_list, dst, _group(group), device)


def recv_object_list(object_list, src=0, group=None, device=None):
    """Mirrors ``mint.distributed.recv_object_list``: returns 0."""
    dist.recv_object_list(object_list, src, _group(group), device)
    return 0


def all_gather_object(object_list, obj, group=None):
    """Mirrors ``mint.distributed.all_gather_object``."""
    dist.all_gather_object(object_list, obj, _group(group))


def broadcast_object_list(object_list, src=0, group=None, device=None):
    """Mirrors ``mint.distributed.broadcast_object_list``."""
    dist.broadcast_object_list(object_list, src, _group(group), device)


def gather_object(obj, object_gather_list=None, dst=0, group=None):
    """Mirrors ``mint.distributed.gather_object``."""
    dist.gather_object(obj, object_gather_list, dst, _group(group))


def scatter_object_list(scatter_object_output_list, scatter_object_input_list, src=0, group=None):
    """Mirrors ``mint.distributed.scatter_object_list``."""
    dist.scatter_object_list(scatter_object_output_list, scatter_object_input_list, src, _group(group))


# ---------------------------------------------------------------------------------------------- handles
class _Done:
    """The handle of an emulated collective that has completed when the call returns."""

    def wait(self):
        return True

    def is_completed(self):
        return True


class _AllWork:
    def __init__(self, works):
        self._works = list(works)

    def wait(self):
        for w in self._works:
            w.wait()
        return True


def _done(async_op):
    return _Done() if async_op else None

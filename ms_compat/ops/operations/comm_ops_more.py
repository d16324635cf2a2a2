"""The other collective-communication Primitives of ``mindspore.ops`` — ``Reduce``, ``CollectiveGather``,
``CollectiveScatter``, ``Barrier``, ``Send``, ``Receive``, ``BatchISendIRecv``, ``AlltoAll``, ``AlltoAllV``,
``AlltoAllVC``, ``AllGatherV``, ``ReduceScatterV`` — on ``torch.distributed``, through the functions of
``ms_compat/communication`` (``_rooted.py``, ``_p2p.py``, ``_all_to_all.py``). Re-exported by ``comm_ops.py``.

As in MindSpore 2.10 the rank arguments of these Primitives (``dest_rank``, ``src_rank``, ``remote_ranks``) are
ranks *within* ``group`` (``comm_func`` converts its world ranks to them), a process other than the root of
``Reduce``/``CollectiveGather`` gets a meaningless shape-``[1]`` tensor, ``Barrier()`` returns a shape-``[1]``
float32 tensor, ``Send`` returns its input, and the ``V`` variants work on flat tensors with per-rank element
counts (times ``block_size`` for ``AlltoAllV``), returning a shape-``()`` tensor when nothing is received.

Differences: MindSpore documents most of these for Ascend only; on PyTorch they run wherever
``torch.distributed`` does (gloo on CPU, NCCL on CUDA). They run at once (PyNative) and their outputs carry no
gradient (MindSpore's bprops — e.g. Send ↔ Receive — are not reproduced): differentiate through ``AllReduce``,
``AllGather``, ``ReduceScatter`` or ``Broadcast``. ``sr_tag`` is the ``torch.distributed`` tag; ``group_back``
is accepted and unused (it names the group of the backward pass).
"""
from __future__ import annotations


import torch
import torch.distributed as dist

from ...common.tensor import as_ms, to_torch
from ...communication import _all_to_all, _p2p, _rooted
from ...communication.comm_func import ReduceOp, _TORCH_OP, _group_pg
from ...communication.management import HCCL_WORLD_COMM_GROUP, _is_world, get_group_size
from ..primitive import Primitive

__all__ = ["Reduce", "CollectiveGather", "CollectiveScatter", "Barrier", "Send", "Receive", "BatchISendIRecv",
           "AlltoAll", "AlltoAllV", "AlltoAllVC", "AllGatherV", "ReduceScatterV"]


def _check_group(prim, group):
    if not isinstance(group, str):
        raise TypeError(f"For '{prim}', the 'group' must be str, but got {type(group).__name__}.")


def _check_int(prim, name, v):
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"For '{prim}', the type of '{name}' should be 'int', but got type '{type(v).__name__}'.")


def _world(group, group_rank):
    """World rank of rank ``group_rank`` of ``group``."""
    if _is_world(group):
        return group_rank
    from ...communication.management import get_world_rank_from_group_rank
    return get_world_rank_from_group_rank(group, group_rank)


def _sizes(v):
    if isinstance(v, torch.Tensor):
        return [int(x) for x in v.reshape(-1).tolist()]
    return [int(x) for x in v]


class Reduce(Primitive):
    """Mirrors ``mindspore.ops.Reduce(dest_rank, op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP)``."""

    def __init__(self, dest_rank, op=ReduceOp.SUM, group=HCCL_WORLD_COMM_GROUP):
        _check_group("Reduce", group)
        _check_int("Reduce", "dest_rank", dest_rank)
        if not isinstance(op, str):
            raise TypeError(f"For 'Reduce', the 'op' must be str, but got {type(op).__name__}.")
        super().__init__()
        self.add_prim_attrs({"dest_rank": dest_rank, "op": op, "group": group})

    def __call__(self, input_x):
        return _rooted.reduce(input_x, _world(self.group, self.dest_rank), self.op, self.group)


class CollectiveGather(Primitive):
    """Mirrors ``mindspore.ops.CollectiveGather(dest_rank, group=GlobalComm.WORLD_COMM_GROUP)``."""

    def __init__(self, dest_rank, group=HCCL_WORLD_COMM_GROUP):
        _check_group("CollectiveGather", group)
        _check_int("CollectiveGather", "dest_rank", dest_rank)
        super().__init__()
        self.add_prim_attrs({"dest_rank": dest_rank, "group": group, "rank_size": get_group_size(group)})

    def __call__(self, input_x):
        return _rooted.gather_into_tensor(input_x, _world(self.group, self.dest_rank), self.group)


class CollectiveScatter(Primitive):
    """Mirrors ``mindspore.ops.CollectiveScatter(src_rank=0, group=GlobalComm.WORLD_COMM_GROUP)``."""

    def __init__(self, src_rank=0, group=HCCL_WORLD_COMM_GROUP):
        _check_group("CollectiveScatter", group)
        _check_int("CollectiveScatter", "src_rank", src_rank)
        super().__init__()
        self.add_prim_attrs({"src_rank": src_rank, "group": group, "rank_size": get_group_size(group)})

    def __call__(self, input_x):
        return _rooted.scatter_tensor(input_x, _world(self.group, self.src_rank), self.group)


class Barrier(Primitive):
    """Mirrors ``mindspore.ops.Barrier(group=GlobalComm.WORLD_COMM_GROUP)``: ``Barrier()()`` waits for the group
    and returns a shape-``[1]`` float32 tensor (MindSpore's output, no meaning)."""

    def __init__(self, group=HCCL_WORLD_COMM_GROUP):
        _check_group("Barrier", group)
        super().__init__()
        self.add_prim_attrs({"group": group, "side_effect_mem": True})

    def __call__(self):
        dist.barrier(group=_group_pg(self.group))
        return as_ms(torch.zeros((1,), dtype=torch.float32))


class Send(Primitive):
    """Mirrors ``mindspore.ops.Send(sr_tag, dest_rank, group=..., group_back=...)``: sends ``input_x`` to rank
    ``dest_rank`` of ``group`` (matched by the ``Receive`` with the same ``sr_tag``); returns ``input_x``."""

    def __init__(self, sr_tag, dest_rank, group=HCCL_WORLD_COMM_GROUP, group_back=HCCL_WORLD_COMM_GROUP):
        _check_group("Send", group)
        _check_int("Send", "sr_tag", sr_tag)
        _check_int("Send", "dest_rank", dest_rank)
        super().__init__()
        self.add_prim_attrs({"sr_tag": sr_tag, "dest_rank": dest_rank, "group": group, "group_back": group_back,
                             "no_eliminate": True})

    def __call__(self, input_x):
        _p2p.send(input_x, _world(self.group, self.dest_rank), self.group, self.sr_tag)
        return input_x


class Receive(Primitive):
    """Mirrors ``mindspore.ops.Receive(sr_tag, src_rank, shape, dtype, group=..., group_back=...)``: a new
    tensor of ``shape``/``dtype`` holding what rank ``src_rank`` of ``group`` sent with ``sr_tag``; the input (if
    any) is not used."""

    def __init__(self, sr_tag, src_rank, shape, dtype, group=HCCL_WORLD_COMM_GROUP,
                 group_back=HCCL_WORLD_COMM_GROUP):
        _check_group("Receive", group)
        _check_int("Receive", "sr_tag", sr_tag)
        _check_int("Receive", "src_rank", src_rank)
        if not isinstance(dtype, torch.dtype):
            raise TypeError(f"For 'Receive', the 'dtype' must be a mindspore dtype, but got {type(dtype).__name__}.")
        super().__init__()
        self.add_prim_attrs({"sr_tag": sr_tag, "src_rank": src_rank, "shape": list(shape), "dtype": dtype,
                             "group": group, "group_back": group_back, "no_eliminate": True})

    def __call__(self, input_x=None):
        from ...context import _default_device
        like = torch.empty(tuple(self.shape), dtype=self.dtype, device=_default_device())
        return _p2p.recv(like, _world(self.group, self.src_rank), self.group, self.sr_tag)


class BatchISendIRecv(Primitive):
    """Mirrors ``mindspore.ops.BatchISendIRecv(op_types, remote_ranks, receive_shapes=None, receive_dtypes=None,
    group=...)``: called with the tuple of tensors to send (one per ``"isend"``, in order); returns the tuple of
    outputs (a scalar ``0`` at each ``"isend"``, the received tensor at each ``"irecv"``)."""

    def __init__(self, op_types, remote_ranks, receive_shapes=None, receive_dtypes=None,
                 group=HCCL_WORLD_COMM_GROUP):
        receive_shapes = () if receive_shapes is None else receive_shapes
        receive_dtypes = () if receive_dtypes is None else receive_dtypes
        for name, v in (("receive_shapes", receive_shapes), ("receive_dtypes", receive_dtypes),
                        ("op_types", op_types), ("remote_ranks", remote_ranks)):
            if not isinstance(v, (tuple, list)):
                raise TypeError(f"For 'BatchISendIRecv', the '{name}' must be a tuple or list, "
                                f"but got {type(v).__name__}.")
        if len(receive_shapes) != len(receive_dtypes):
            raise ValueError("length of receive_shapes and receive_shapes must be the same, "
                             f"but got receive_shapes: {len(receive_shapes)}  and receive_shapes: {receive_dtypes}")
        if len(op_types) != len(remote_ranks):
            raise ValueError("length of op_types and remote_ranks must be the same.")
        group = HCCL_WORLD_COMM_GROUP if group is None else group
        super().__init__()
        self.add_prim_attrs({"op_types": tuple(op_types), "remote_ranks": tuple(remote_ranks),
                             "receive_shapes": tuple(receive_shapes), "receive_dtypes": tuple(receive_dtypes),
                             "group": group, "no_eliminate": True})

    def __call__(self, input_x):
        sends, recvs = iter(input_x), iter(zip(self.receive_shapes, self.receive_dtypes))
        group = None if _is_world(self.group) else self.group
        ops = []
        for kind, r in zip(self.op_types, self.remote_ranks):
            peer = _world(self.group, r)
            if kind == "isend":
                ops.append(_p2p.P2POp("isend", next(sends), peer, group))
            else:
                shape, dtype = next(recvs)
                ops.append(_p2p.P2POp("irecv", tuple(shape), peer, group, recv_dtype=dtype))
        return _p2p.batch_isend_irecv(ops)


class AlltoAll(Primitive):
    """Mirrors ``mindspore.ops.AlltoAll(split_count, split_dim, concat_dim, group=...)``: ``input_x`` is split
    into ``split_count`` blocks along ``split_dim``, block ``j`` goes to group rank ``j``, and the received blocks
    are concatenated (in rank order) along ``concat_dim``."""

    def __init__(self, split_count, split_dim, concat_dim, group=HCCL_WORLD_COMM_GROUP):
        _check_group("AlltoAll", group)
        for n, v in (("split_count", split_count), ("split_dim", split_dim), ("concat_dim", concat_dim)):
            _check_int("AlltoAll", n, v)
        super().__init__()
        self.add_prim_attrs({"split_count": split_count, "split_dim": split_dim, "concat_dim": concat_dim,
                             "group": group, "rank_size": get_group_size(group), "no_eliminate": True})

    def __call__(self, input_x):
        x = to_torch(input_x).detach()
        n = self.rank_size
        if self.split_count != n:
            raise ValueError(f"For 'AlltoAll', the 'split_count' ({self.split_count}) must be equal to the rank size "
                             f"of the group ({n}).")
        if x.shape[self.split_dim] % n:
            raise ValueError(f"For 'AlltoAll', the input shape[{self.split_dim}] ({x.shape[self.split_dim]}) must be "
                             f"divisible by 'split_count' ({n}).")
        blocks = [b.contiguous() for b in x.chunk(n, self.split_dim)]
        flat = torch.cat([b.reshape(-1) for b in blocks])
        k = blocks[0].numel()
        got = _all_to_all._exchange(flat, [k] * n, [k] * n, _group_pg(self.group))
        parts = [p.reshape(blocks[0].shape) for p in got.split(k)]
        return as_ms(torch.cat(parts, self.concat_dim))


class AlltoAllV(Primitive):
    """Mirrors ``mindspore.ops.AlltoAllV(group=..., block_size=1)``: ``(input_x, send_numel_list,
    recv_numel_list)`` with a flat ``input_x``; ``send_numel_list[j] * block_size`` elements go to rank ``j``."""

    def __init__(self, group=HCCL_WORLD_COMM_GROUP, block_size=1):
        group = HCCL_WORLD_COMM_GROUP if group is None else group
        _check_group("AlltoAllV", group)
        _check_int("AlltoAllV", "block_size", block_size)
        super().__init__()
        self.add_prim_attrs({"group": group, "block_size": block_size})

    def __call__(self, input_x, send_numel_list, recv_numel_list):
        b = self.block_size
        send = [s * b for s in _sizes(send_numel_list)]
        recv = [s * b for s in _sizes(recv_numel_list)]
        out = _all_to_all._exchange(to_torch(input_x).detach().reshape(-1), send, recv, _group_pg(self.group))
        return as_ms(out if out.numel() else out.new_zeros(()))


class AlltoAllVC(Primitive):
    """Mirrors ``mindspore.ops.AlltoAllVC(group=..., block_size=1, transpose=False)``: ``(input_x,
    send_count_matrix)`` with a flat ``input_x``; ``send_count_matrix[i * n + j] * block_size`` elements go from
    rank ``i`` to rank ``j`` (``transpose=True``: the matrix is transposed first, as for the backward pass)."""

    def __init__(self, group=HCCL_WORLD_COMM_GROUP, block_size=1, transpose=False):
        group = HCCL_WORLD_COMM_GROUP if group is None else group
        _check_group("AlltoAllVC", group)
        _check_int("AlltoAllVC", "block_size", block_size)
        super().__init__()
        self.add_prim_attrs({"group": group, "block_size": block_size, "transpose": bool(transpose),
                             "rank_size": get_group_size(group)})

    def __call__(self, input_x, send_count_matrix):
        from ...communication.management import get_rank
        m, n, b = _sizes(send_count_matrix), self.rank_size, self.block_size
        if len(m) != n * n:
            raise ValueError(f"For 'AlltoAllVC', 'send_count_matrix' must have rank_size * rank_size ({n * n}) "
                             f"elements, but got {len(m)}.")
        if self.transpose:
            m = [m[j * n + i] for i in range(n) for j in range(n)]
        me = get_rank(self.group)
        send = [m[me * n + j] * b for j in range(n)]
        recv = [m[i * n + me] * b for i in range(n)]
        out = _all_to_all._exchange(to_torch(input_x).detach().reshape(-1), send, recv, _group_pg(self.group))
        return as_ms(out if out.numel() else out.new_zeros(()))


class AllGatherV(Primitive):
    """Mirrors ``mindspore.ops.AllGatherV(group=...)``: ``(input_x, output_split_sizes)``; the flat tensors of
    the group's ranks (``output_split_sizes[i]`` elements from rank ``i``) concatenated."""

    def __init__(self, group=HCCL_WORLD_COMM_GROUP):
        _check_group("AllGatherV", group)
        super().__init__()
        self.add_prim_attrs({"group": group, "rank_size": get_group_size(group), "mean_flag": False})

    def __call__(self, input_x, output_split_sizes):
        sizes = _sizes(output_split_sizes)
        x = to_torch(input_x).detach().reshape(-1)
        # each rank sends its whole tensor to every rank: an all-to-all with counts (= allgatherv)
        out = _all_to_all._exchange(torch.cat([x] * len(sizes)), [x.numel()] * len(sizes), sizes,
                                    _group_pg(self.group))
        return as_ms(out if out.numel() else out.new_zeros(()))


class ReduceScatterV(Primitive):
    """Mirrors ``mindspore.ops.ReduceScatterV(op=ReduceOp.SUM, group=...)``: ``(input_x, input_split_sizes)``;
    the element-wise reduction of the flat tensors over the group, of which rank ``i`` keeps the
    ``input_split_sizes[i]`` elements of block ``i``."""

    def __init__(self, op=ReduceOp.SUM, group=HCCL_WORLD_COMM_GROUP):
        _check_group("ReduceScatterV", group)
        if not isinstance(op, str):
            raise TypeError(f"For 'ReduceScatterV', the 'op' must be str, but got {type(op).__name__}.")
        super().__init__()
        self.add_prim_attrs({"op": op, "group": group, "rank_size": get_group_size(group)})

    def __call__(self, input_x, input_split_sizes):
        from ...communication.management import get_rank
        sizes = _sizes(input_split_sizes)
        buf = to_torch(input_x).detach().reshape(-1).clone()
        dist.all_reduce(buf, op=_TORCH_OP[self.op], group=_group_pg(self.group))
        me = get_rank(self.group)
        start = sum(sizes[:me])
        out = buf[start:start + sizes[me]]
        return as_ms(out if out.numel() else out.new_zeros(()))



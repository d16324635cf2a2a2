"""The all-to-all functions of ``mindspore.communication.comm_func`` — ``all_to_all_with_output_shape``,
``all_to_all_single_with_output_shape``, ``all_to_all_v_c`` — on ``torch.distributed.all_to_all_single`` with
per-rank element counts (MindSpore 2.10 runs all three as one flat ``AlltoAllV`` of element counts, so does
ms_compat: every tensor is flattened, exchanged, and cut/reshaped as MindSpore does).

As in MindSpore 2.10: ``group=None`` is the world group; the ``*_with_output_shape`` functions return
``(outputs, handle)`` with ``handle`` ``None`` unless ``async_op=True``; ``all_to_all_single_with_output_shape``
returns a shape-``()`` tensor when nothing is received, and computes the per-rank element counts from
``output_shape``'s trailing dimensions (MindSpore passes ``output_shape`` as the tensor shape too);
``all_to_all_v_c`` writes into ``output`` and returns only the handle; ``send_count_matrix[i * n + j]`` is the
number of dimension-0 rows rank ``i`` sends to rank ``j``.

Differences: with ``async_op=True`` the exchange has completed when the call returns (the handle's ``wait()``
returns at once). MindSpore 2.10 marks these deprecated and logs a warning; ms_compat does not. The outputs carry
no gradient.
"""
from __future__ import annotations

import math

import torch
import torch.distributed as dist

from ..common.tensor import as_ms, to_torch

__all__ = ["all_to_all_with_output_shape", "all_to_all_single_with_output_shape", "all_to_all_v_c"]


def _check_all_tensors(tensor_list):
    if not isinstance(tensor_list, (list, tuple)):
        raise TypeError(f"Expected list or tuple, but got {type(tensor_list)}.")
    for t in tensor_list:
        if not isinstance(t, torch.Tensor):
            raise TypeError(f"Expected tensor, but got {type(t)}")


def _check_all_tensors_or_tuple(tensor_list):
    if not isinstance(tensor_list, (list, tuple)):
        raise TypeError(f"Expected list or tuple, but got {type(tensor_list)}.")
    for t in tensor_list:
        if not isinstance(t, (torch.Tensor, tuple, list)):
            raise TypeError(f"Expected tensor or tuple, but got {type(t)}")


def _shape(x):
    return tuple(x.shape) if isinstance(x, torch.Tensor) else tuple(x)


def _exchange(flat, send_counts, recv_counts, pg):
    out = flat.new_empty((sum(recv_counts),))
    dist.all_to_all_single(out, flat.contiguous(), output_split_sizes=list(recv_counts),
                           input_split_sizes=list(send_counts), group=pg)
    return out


def _result(out, async_op):
    from .comm_func import CommHandle
    return out, (CommHandle() if async_op else None)


def all_to_all_with_output_shape(output_shape_list, input_tensor_list, group=None, async_op=False):
    """Mirrors ``comm_func.all_to_all_with_output_shape``: ``input_tensor_list[j]`` goes to group rank ``j``; the
    tensor from rank ``i`` comes back shaped ``output_shape_list[i]`` (a shape or a tensor whose shape is used).
    Returns ``(tuple_of_tensors, handle)``."""
    from .comm_func import _group_pg
    _check_all_tensors(input_tensor_list)
    _check_all_tensors_or_tuple(output_shape_list)
    dtypes = {t.dtype for t in input_tensor_list}
    if len(dtypes) > 1:
        a, b = [t.dtype for t in input_tensor_list][:2] if len(input_tensor_list) > 1 else (None, None)
        raise TypeError(f"all_to_all input dtype must be the same, but got {a} and {b}.")
    pg = _group_pg("hccl_world_group" if group is None else group)
    send = [to_torch(t).detach().reshape(-1) for t in input_tensor_list]
    recv_shapes = [_shape(s) for s in output_shape_list]
    recv_counts = [math.prod(s) for s in recv_shapes]
    out = _exchange(torch.cat(send), [t.numel() for t in send], recv_counts, pg)
    result, offset = [], 0
    for n, s in zip(recv_counts, recv_shapes):
        result.append(as_ms(out[offset:offset + n].reshape(s)))
        offset += n
    return _result(tuple(result), async_op)


def all_to_all_single_with_output_shape(output_shape, tensor, output_split_sizes=None, input_split_sizes=None,
                                        group=None, async_op=False):
    """Mirrors ``comm_func.all_to_all_single_with_output_shape``: ``tensor`` is split along dimension 0 by
    ``input_split_sizes`` (default: evenly), split ``j`` goes to group rank ``j``, and the received splits
    (sizes ``output_split_sizes``, default: evenly) are concatenated. Returns ``(tensor, handle)``."""
    from .comm_func import _group_pg
    from .management import get_group_size
    _check_all_tensors([tensor])
    _check_all_tensors_or_tuple([output_shape])
    group = "hccl_world_group" if group is None else group
    pg = _group_pg(group)
    n = get_group_size(group)
    oshape = _shape(output_shape)
    tensor_shape = oshape  # as MindSpore 2.10 does
    if not input_split_sizes:
        if tensor_shape[0] % n:
            raise ValueError("input shape at dim 0 must be divided by world_size, "
                             f"but got {tensor_shape[0]} and {n}.")
        input_split_sizes = (tensor_shape[0] // n,) * n
    if not output_split_sizes:
        if oshape[0] % n:
            raise ValueError("output shape at dim 0 must be divided by world_size, "
                             f"but got {oshape[0]} and {n}.")
        output_split_sizes = (oshape[0] // n,) * n
    row = math.prod(oshape[1:])
    send_counts = [s * row for s in input_split_sizes]
    recv_counts = [s * row for s in output_split_sizes]
    out = _exchange(to_torch(tensor).detach().reshape(-1), send_counts, recv_counts, pg)
    out = out.reshape((-1,) + oshape[1:]) if any(recv_counts) else out.new_zeros(())
    return _result(as_ms(out), async_op)


def all_to_all_v_c(output, input, send_count_matrix, group=None, async_op=False):  # noqa: A002 - MindSpore's name
    """Mirrors ``comm_func.all_to_all_v_c``: rank ``i`` sends ``send_count_matrix[i*n+j]`` dimension-0 rows of
    ``input`` to rank ``j``; the rows received (in rank order) are written into ``output``. Returns the handle."""
    from .comm_func import _group_pg
    from .management import get_group_size, get_rank
    _check_all_tensors([input])
    _check_all_tensors([output])
    if group is None:
        group = "hccl_world_group"
    if not isinstance(group, str):
        raise TypeError(f"The argument 'group' must be type of string, but got 'group' type : {type(group)}.")
    if not isinstance(async_op, bool):
        raise TypeError(f"The argument 'async_op' must be a bool, but got {type(async_op)}.")
    if not isinstance(send_count_matrix, list):
        raise TypeError("send_count_matrix must be list, but got {}".format(type(send_count_matrix)))
    if not all(isinstance(x, int) for x in send_count_matrix):
        raise TypeError("send_count_matrix elements must be of type int")
    n = get_group_size(group)
    if n * n != len(send_count_matrix):
        raise TypeError(f"send_count_matrix must be square matrix, but got {len(send_count_matrix)}.")
    send_row = math.prod(input.shape[1:])
    recv_row = math.prod(output.shape[1:])
    if send_row != recv_row:
        raise ValueError("The input and output dimensions except 0 must be of equal size, "
                         f"but got {send_row} and {recv_row}.")
    pg = _group_pg(group)
    me = get_rank(group)
    send_counts = [send_count_matrix[me * n + j] * send_row for j in range(n)]
    recv_counts = [send_count_matrix[i * n + me] * send_row for i in range(n)]
    got = _exchange(to_torch(input).detach().reshape(-1), send_counts, recv_counts, pg)
    dst = to_torch(output)
    with torch.no_grad():
        dst.view(-1)[:got.numel()].copy_(got)
    return _result(None, async_op)[1]

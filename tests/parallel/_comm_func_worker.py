"""Per-process body of tests/parallel/test_comm_func.py: comm_func's rooted, point-to-point and all-to-all
functions in 2 gloo processes; each process writes its results as JSON (the test computes the expected values
with numpy)."""
from __future__ import annotations

import json
import os
import traceback

import numpy as np
import torch


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e)]
    return None


def _v(t):
    return {"shape": list(t.shape), "value": t.asnumpy().tolist(), "type": type(t).__name__}


def scenarios(rank, res):
    import ms_compat as ms
    from ms_compat import communication as C
    from ms_compat.communication import comm_func as F
    C.init()
    C.create_group("g01", [0, 1])
    other = 1 - rank
    f32 = np.float32
    x = ms.Tensor(np.full((2, 3), rank + 1.0, f32))
    res["reduce_sum_dst1"] = _v(F.reduce(x, dst=1))
    res["reduce_max_dst0"] = _v(F.reduce(ms.Tensor(np.array([rank, 5 - rank], f32)), 0, op="max"))
    g = ms.Tensor(np.arange(4, dtype=f32).reshape(2, 2) + 10 * rank)
    res["gather_dst0"] = _v(F.gather_into_tensor(g, dst=0))
    res["gather_group_dst1"] = _v(F.gather_into_tensor(g, dst=1, group="g01"))
    res["scatter_src1"] = _v(F.scatter_tensor(ms.Tensor(np.arange(8, dtype=f32).reshape(4, 2) * (rank + 1)), src=1))
    # send / recv, both directions
    if rank == 0:
        F.send(ms.Tensor(np.arange(3, dtype=f32) + 0.5), dst=1)
        res["recv"] = _v(F.recv(ms.Tensor(np.zeros(3, f32)), src=1))
    else:
        got = F.recv(ms.Tensor(np.zeros(3, f32)), src=0)
        res["recv"] = _v(got)
        F.send(got * 2, dst=0)
    # isend / irecv
    if rank == 0:
        h = F.isend(ms.Tensor(np.array([[7, 8]], np.int32)), dst=1)
        res["isend_handle"] = type(h).__name__
        h.wait()
    else:
        buf = ms.Tensor(np.zeros((1, 2), np.int32))
        out, h = F.irecv(buf, src=0)
        res["irecv_handle"] = type(h).__name__
        h.wait()
        res["irecv"] = _v(out)
        res["irecv_arg_untouched"] = buf.asnumpy().tolist()
    # batch_isend_irecv: string and function ops, a tensor and a shape tuple for the receive
    ops = [F.P2POp("isend", ms.Tensor(np.full((2,), rank + 1.0, f32)), other),
           F.P2POp(F.irecv, (2,), other, recv_dtype=ms.float32),
           F.P2POp(F.isend, ms.Tensor(np.full((1, 2), 10.0 * (rank + 1), f32)), other, group="g01"),
           F.P2POp("irecv", ms.Tensor(np.zeros((1, 2), f32)), other, group="g01")]
    res["batch"] = [_v(t) for t in F.batch_isend_irecv(ops)]
    # all_to_all_with_output_shape: rank r sends to rank j a (r+1, j+1) tensor of 10r+j
    ins = [ms.Tensor(np.full((rank + 1, j + 1), 10.0 * rank + j, f32)) for j in range(2)]
    outs, h = F.all_to_all_with_output_shape([(1, rank + 1), ms.Tensor(np.zeros((2, rank + 1), f32))], ins)
    res["a2a_list"] = [_v(t) for t in outs]
    res["a2a_list_handle_none"] = h is None
    # all_to_all_single_with_output_shape, even and uneven splits, async handle
    out, h = F.all_to_all_single_with_output_shape((4,), ms.Tensor(np.arange(4, dtype=f32) + 4 * rank),
                                                   async_op=True)
    h.wait()
    res["a2a_single_even"] = _v(out)
    res["a2a_single_async_handle"] = type(h).__name__
    ins_split = [[1, 3], [2, 2]][rank]
    outs_split = [[1, 2], [3, 2]][rank]
    out, h = F.all_to_all_single_with_output_shape(
        (sum(outs_split), 2), ms.Tensor(np.arange(8, dtype=f32).reshape(4, 2) + 100 * rank), outs_split, ins_split)
    res["a2a_single_uneven"] = _v(out)
    res["a2a_single_handle_none"] = h is None
    # all_to_all_v_c: written into output
    m = [0, 3, 1, 1]
    inp = ms.Tensor(np.arange(3, dtype=f32)) if rank == 0 else ms.Tensor(np.array([100, 101], f32))
    outp = ms.Tensor(np.zeros(3 if rank == 0 else 4, f32))
    res["a2a_v_c_ret"] = repr(F.all_to_all_v_c(outp, inp, m))
    res["a2a_v_c"] = outp.asnumpy().tolist()
    # MindSpore's errors
    res["err_p2pop_op"] = _err(lambda: F.P2POp("send", x, other))
    res["err_p2pop_tag"] = _err(lambda: F.P2POp("isend", x, other, tag=1))
    res["err_p2pop_tensor"] = _err(lambda: F.P2POp("isend", [1, 2], other))
    res["err_p2pop_peer"] = _err(lambda: F.P2POp("isend", x, "1"))
    res["err_batch_empty"] = _err(lambda: F.batch_isend_irecv([]))
    res["err_batch_type"] = _err(lambda: F.batch_isend_irecv((1,)))
    res["err_batch_dtype"] = _err(lambda: F.batch_isend_irecv([F.P2POp("irecv", (2,), other)]))
    res["err_reduce_input"] = _err(lambda: F.reduce(np.ones(2), 0))
    res["err_reduce_op"] = _err(lambda: F.reduce(x, 0, op="avg"))
    res["err_scatter_src"] = _err(lambda: F.scatter_tensor(x, src="0"))
    res["err_gather_dst"] = _err(lambda: F.gather_into_tensor(x, dst=1.0))
    res["err_recv_src"] = _err(lambda: F.recv(x, src="0"))
    res["err_send_input"] = _err(lambda: F.send([1.0], dst=other))
    res["err_a2a_v_c_square"] = _err(lambda: F.all_to_all_v_c(outp, inp, [1, 1, 1]))
    res["err_a2a_v_c_list"] = _err(lambda: F.all_to_all_v_c(outp, inp, (0, 3, 1, 1)))
    res["err_a2a_list_input"] = _err(lambda: F.all_to_all_with_output_shape([(1,)], [np.ones(1)]))
    res["err_a2a_single_split"] = _err(lambda: F.all_to_all_single_with_output_shape((3,), x))
    F.barrier()
    _primitives(rank, res)
    _parallel_sync(rank, res)


def _primitives(rank, res):
    """The collective Primitives of mindspore.ops (ranks are group ranks; g01 = world here)."""
    import ms_compat as ms
    from ms_compat import ops
    f32 = np.float32
    other = 1 - rank
    x = ms.Tensor(np.array([rank + 1.0, 10.0 * (rank + 1)], f32))
    res["p_reduce"] = _v(ops.Reduce(1, group="g01")(x))
    res["p_gather"] = _v(ops.CollectiveGather(0)(x.reshape(1, 2)))
    res["p_scatter"] = _v(ops.CollectiveScatter(1)(ms.Tensor(np.arange(4, dtype=f32) * (rank + 1))))
    res["p_barrier"] = _v(ops.Barrier()())
    if rank == 0:
        res["p_send_ret"] = _v(ops.Send(3, 1)(x))
        res["p_recv"] = _v(ops.Receive(4, 1, [2, 2], ms.int32)(x))
    else:
        res["p_recv"] = _v(ops.Receive(3, 0, [2], ms.float32)())
        ops.Send(4, 0)(ms.Tensor(np.array([[1, 2], [3, 4]], np.int32)))
    res["p_batch"] = [_v(t) for t in ops.BatchISendIRecv(("isend", "irecv"), (other, other), ([3],), (ms.float32,))(
        (ms.Tensor(np.full(3, rank + 0.5, f32)),))]
    a = ms.Tensor(np.arange(8, dtype=f32).reshape(2, 4) + 100 * rank)
    res["p_alltoall"] = _v(ops.AlltoAll(2, 1, 0)(a))
    flat = ms.Tensor(np.arange(5, dtype=f32) + 10 * rank)
    send = [[1, 4], [2, 3]][rank]
    recv = [[1, 2], [4, 3]][rank]
    res["p_alltoallv"] = _v(ops.AlltoAllV()(flat, send, recv))
    res["p_alltoallv_block"] = _v(ops.AlltoAllV(block_size=2)(ms.Tensor(np.arange(4, dtype=f32) + 10 * rank),
                                                              [1, 1], [1, 1]))
    res["p_alltoallvc"] = _v(ops.AlltoAllVC()(flat, [1, 4, 2, 3]))
    res["p_alltoallvc_t"] = _v(ops.AlltoAllVC(transpose=True)(flat, [1, 2, 4, 3]))
    res["p_allgatherv"] = _v(ops.AllGatherV()(ms.Tensor(np.arange(rank + 1, dtype=f32) + 10 * rank), [1, 2]))
    res["p_reducescatterv"] = _v(ops.ReduceScatterV()(ms.Tensor(np.arange(5, dtype=f32) * (rank + 1)), [2, 3]))
    res["p_err_alltoall"] = _err(lambda: ops.AlltoAll(3, 1, 0)(a))
    res["p_err_recv_dtype"] = _err(lambda: ops.Receive(0, 0, [1], "float32"))
    res["p_err_batch_len"] = _err(lambda: ops.BatchISendIRecv(("isend",), (0, 1)))


def _parallel_sync(rank, res):
    """mindspore.parallel.parameter_broadcast and sync_pipeline_shared_parameters (same 2-process run)."""
    import ms_compat as ms
    from ms_compat import nn
    from ms_compat.parallel import parameter_broadcast, sync_pipeline_shared_parameters

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.pa = ms.Parameter(ms.Tensor(np.full((2,), 1.0 + rank, np.float32)), name="pa")
            self.pb = ms.Parameter(ms.Tensor(np.full((2,), 10.0 + rank, np.float32)), name="pb")
            self.pc = ms.Parameter(ms.Tensor(np.full((2,), 100.0 + rank, np.float32)), name="pc")

    net = Net()
    layout = {"pa": {"dev_matrix": [2], "tensor_map": [-1]}, "pb": [[2], [-1]],
              "pc": {"dev_matrix": [2], "tensor_map": [0]}}
    res["pbcast_err_rank"] = _err(lambda: parameter_broadcast(net, layout, cur_rank=1 - rank))
    parameter_broadcast(net, layout, cur_rank=rank)
    res["pbcast"] = {n: net.parameters_dict()[n].asnumpy().tolist() for n in ("pa", "pb", "pc")}

    class Emb(nn.Cell):
        def __init__(self):
            super().__init__()
            self.table = ms.Parameter(ms.Tensor(np.full((2, 2), 1.0 + rank, np.float32)), name="table")
            self.own0 = ms.Parameter(ms.Tensor(np.full((1,), 5.0 + rank, np.float32)), name="own0")

        def construct(self, x):
            return x @ self.table

    class Head(nn.Cell):
        def __init__(self, table):
            super().__init__()
            self.table = table
            self.own1 = ms.Parameter(ms.Tensor(np.full((1,), 7.0 + rank, np.float32)), name="own1")

        def construct(self, x):
            return x @ self.table.T

    class PNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.emb = Emb()
            self.head = Head(self.emb.table)
            self.emb.pipeline_stage = 0
            self.head.pipeline_stage = 1

        def construct(self, x):
            return self.head(self.emb(x))

    pnet = PNet()
    res["pipe_sync_type_err"] = _err(lambda: sync_pipeline_shared_parameters(1))
    sync_pipeline_shared_parameters(pnet)  # pipeline_stages is 1: nothing happens
    res["pipe_sync_stages1"] = pnet.emb.table.asnumpy().tolist()
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", pipeline_stages=2)
    try:
        sync_pipeline_shared_parameters(pnet)
    finally:
        ms.set_auto_parallel_context(parallel_mode="stand_alone", pipeline_stages=1)
    res["pipe_sync"] = {"table": pnet.emb.table.asnumpy().tolist(), "own0": pnet.emb.own0.asnumpy().tolist(),
                        "own1": pnet.head.own1.asnumpy().tolist()}


def main(rank, world, port, outdir):
    os.environ.update(RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE=str(world),
                      MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    torch.set_num_threads(1)
    res = {}
    try:
        scenarios(rank, res)
    except Exception:  # noqa: BLE001
        res["fatal"] = traceback.format_exc()
    with open(os.path.join(outdir, f"rank{rank}.json"), "w") as f:
        json.dump(res, f)
    from ms_compat.communication import release
    release()

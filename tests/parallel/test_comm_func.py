"""comm_func's rooted (reduce, gather_into_tensor, scatter_tensor), point-to-point (send, recv, isend, irecv,
P2POp, batch_isend_irecv) and all-to-all functions, the matching Primitives of mindspore.ops (Reduce,
CollectiveGather, CollectiveScatter, Barrier, Send, Receive, BatchISendIRecv, AlltoAll, AlltoAllV, AlltoAllVC,
AllGatherV, ReduceScatterV), and mindspore.parallel's parameter_broadcast and
sync_pipeline_shared_parameters: one run of 2 gloo processes (_comm_func_worker.py), every value checked against
numpy, errors against MindSpore 2.10's messages (its comm_func.py / parallel source)."""
from __future__ import annotations

import json
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from spawn_util import free_port as _free_port, spawn_bounded  # noqa: E402
import _comm_func_worker  # noqa: E402

pytestmark = pytest.mark.multiprocess
f32 = np.float32


@pytest.fixture(scope="module")
def ranks(tmp_path_factory):
    out = tmp_path_factory.mktemp("comm_func")
    spawn_bounded(_comm_func_worker.main, args=(2, _free_port(), str(out)), nprocs=2, deadline_s=240)
    results = [json.loads((out / f"rank{r}.json").read_text()) for r in range(2)]
    for r, res in enumerate(results):
        assert "fatal" not in res, f"rank {r} failed:\n{res['fatal']}"
    return results


def _eq(got, want):
    want = np.asarray(want)
    assert got["shape"] == list(want.shape), (got, want)
    np.testing.assert_array_equal(np.asarray(got["value"]), want)
    assert got["type"] == "Tensor"


def test_rooted_collectives(ranks):
    xs = [np.full((2, 3), r + 1.0, f32) for r in range(2)]
    _eq(ranks[1]["reduce_sum_dst1"], xs[0] + xs[1])
    _eq(ranks[0]["reduce_sum_dst1"], np.zeros(1, f32))          # MindSpore: a meaningless shape-[1] tensor
    _eq(ranks[0]["reduce_max_dst0"], np.maximum([0, 5], [1, 4]))
    _eq(ranks[1]["reduce_max_dst0"], np.zeros(1, f32))
    gs = [np.arange(4, dtype=f32).reshape(2, 2) + 10 * r for r in range(2)]
    _eq(ranks[0]["gather_dst0"], np.concatenate(gs))
    _eq(ranks[1]["gather_dst0"], np.zeros(1, f32))
    _eq(ranks[1]["gather_group_dst1"], np.concatenate(gs))
    src = np.arange(8, dtype=f32).reshape(4, 2) * 2             # world rank 1's tensor
    for r in range(2):
        _eq(ranks[r]["scatter_src1"], src[2 * r:2 * r + 2])


def test_point_to_point(ranks):
    sent = np.arange(3, dtype=f32) + 0.5
    _eq(ranks[1]["recv"], sent)
    _eq(ranks[0]["recv"], sent * 2)
    assert ranks[0]["isend_handle"] == "CommHandle" and ranks[1]["irecv_handle"] == "CommHandle"
    _eq(ranks[1]["irecv"], np.array([[7, 8]], np.int32))
    assert ranks[1]["irecv_arg_untouched"] == [[0, 0]]
    for r in range(2):
        o = 1 - r
        b = ranks[r]["batch"]
        _eq(b[0], np.array(0, f32))                             # isend position: a scalar 0
        _eq(b[1], np.full((2,), o + 1.0, f32))
        _eq(b[2], np.array(0, f32))
        _eq(b[3], np.full((1, 2), 10.0 * (o + 1), f32))


def test_all_to_all(ranks):
    for j in range(2):
        got = ranks[j]["a2a_list"]
        for i in range(2):
            _eq(got[i], np.full((i + 1, j + 1), 10.0 * i + j, f32))
        assert ranks[j]["a2a_list_handle_none"] and ranks[j]["a2a_single_handle_none"]
        assert ranks[j]["a2a_single_async_handle"] == "CommHandle"
    ins = [np.arange(4, dtype=f32) + 4 * r for r in range(2)]
    for r in range(2):
        _eq(ranks[r]["a2a_single_even"], np.concatenate([ins[0][2 * r:2 * r + 2], ins[1][2 * r:2 * r + 2]]))
    t = [np.arange(8, dtype=f32).reshape(4, 2) + 100 * r for r in range(2)]
    splits = [[1, 3], [2, 2]]
    parts = [np.split(t[r], np.cumsum(splits[r])[:-1]) for r in range(2)]
    for r in range(2):
        _eq(ranks[r]["a2a_single_uneven"], np.concatenate([parts[0][r], parts[1][r]]))
    assert ranks[0]["a2a_v_c_ret"] == "None"
    assert ranks[0]["a2a_v_c"] == [100, 0, 0] and ranks[1]["a2a_v_c"] == [0, 1, 2, 101]


def test_errors_match_mindspore(ranks):
    res = ranks[0]
    assert res["err_p2pop_op"] == ["ValueError", "Expected ``op`` to be of type ``isend`` or `irecv``, but got send"]
    assert res["err_p2pop_tag"] == ["NotImplementedError", "``tag`` not support yet."]
    assert res["err_p2pop_tensor"][0] == "TypeError" and "tuple or Tensor" in res["err_p2pop_tensor"][1]
    assert res["err_p2pop_peer"][0] == "TypeError" and "peer must be type of int" in res["err_p2pop_peer"][1]
    assert res["err_batch_empty"] == ["TypeError", "p2p_op_list can not be empty list."]
    assert res["err_batch_type"][0] == "TypeError" and "must be type of list" in res["err_batch_type"][1]
    assert res["err_batch_dtype"][0] == "ValueError" and "'recv_dtype' of 0th P2POp" in res["err_batch_dtype"][1]
    assert res["err_reduce_input"] == ["TypeError", "For reduce, the input tensor must be tensor"]
    assert res["err_reduce_op"][0] == "TypeError"
    assert res["err_scatter_src"] == ["TypeError", "For scatter_tensor, the src must be int"]
    assert res["err_gather_dst"] == ["TypeError", "For gather_into_tensor, the dst must be int"]
    assert res["err_recv_src"] == ["TypeError", "For recv, the src must be int"]
    assert res["err_send_input"] == ["TypeError", "For send, the input tensor must be tensor"]
    assert res["err_a2a_v_c_square"] == ["TypeError", "send_count_matrix must be square matrix, but got 3."]
    assert res["err_a2a_v_c_list"][0] == "TypeError" and "must be list" in res["err_a2a_v_c_list"][1]
    assert res["err_a2a_list_input"][0] == "TypeError" and "Expected tensor" in res["err_a2a_list_input"][1]
    assert res["err_a2a_single_split"] == ["ValueError", "input shape at dim 0 must be divided by world_size, "
                                           "but got 3 and 2."]


def test_parameter_broadcast(ranks):
    for r in range(2):
        got = ranks[r]["pbcast"]
        assert got["pa"] == [1.0, 1.0]      # 1st parameter of the redundancy group (0, 1): rank 0's value
        assert got["pb"] == [11.0, 11.0]    # 2nd parameter: dealt to rank 1
        assert got["pc"] == [100.0 + r] * 2  # sliced over both ranks: no redundancy, untouched
        assert ranks[r]["pbcast_err_rank"] == ["ValueError", f"For parameter broadcast, the cur_rank: {1 - r} is wrong."]


def test_sync_pipeline_shared_parameters(ranks):
    for r in range(2):
        assert ranks[r]["pipe_sync_type_err"][0] == "TypeError"
        assert ranks[r]["pipe_sync_stages1"] == [[1.0 + r] * 2] * 2
        got = ranks[r]["pipe_sync"]
        assert got["table"] == [[1.0, 1.0], [1.0, 1.0]]  # the shared table: stage 0's value on both stages
        assert got["own0"] == [5.0 + r] and got["own1"] == [7.0 + r]


def test_collective_primitives(ranks):
    xs = [np.array([r + 1.0, 10.0 * (r + 1)], f32) for r in range(2)]
    _eq(ranks[1]["p_reduce"], xs[0] + xs[1])
    _eq(ranks[0]["p_reduce"], np.zeros(1, f32))
    _eq(ranks[0]["p_gather"], np.stack(xs))
    _eq(ranks[1]["p_gather"], np.zeros(1, f32))
    for r in range(2):
        _eq(ranks[r]["p_scatter"], (np.arange(4, dtype=f32) * 2)[2 * r:2 * r + 2])
        _eq(ranks[r]["p_barrier"], np.zeros(1, f32))
    _eq(ranks[0]["p_send_ret"], xs[0])
    _eq(ranks[1]["p_recv"], xs[0])
    _eq(ranks[0]["p_recv"], np.array([[1, 2], [3, 4]], np.int32))
    for r in range(2):
        _eq(ranks[r]["p_batch"][0], np.array(0, f32))
        _eq(ranks[r]["p_batch"][1], np.full(3, 1 - r + 0.5, f32))
    a = [np.arange(8, dtype=f32).reshape(2, 4) + 100 * r for r in range(2)]
    for r in range(2):  # split dim 1 into 2 blocks, block r from every rank, concatenated along dim 0
        _eq(ranks[r]["p_alltoall"], np.concatenate([a[0][:, 2 * r:2 * r + 2], a[1][:, 2 * r:2 * r + 2]], 0))
    flat = [np.arange(5, dtype=f32) + 10 * r for r in range(2)]
    send = [[1, 4], [2, 3]]
    parts = [np.split(flat[r], np.cumsum(send[r])[:-1]) for r in range(2)]
    for r in range(2):
        want = np.concatenate([parts[0][r], parts[1][r]])
        _eq(ranks[r]["p_alltoallv"], want)
        _eq(ranks[r]["p_alltoallvc"], want)      # matrix [1, 4, 2, 3] = the same counts
        _eq(ranks[r]["p_alltoallvc_t"], want)    # transposed [1, 2, 4, 3]
        blocks = [np.arange(4, dtype=f32) + 10 * i for i in range(2)]
        _eq(ranks[r]["p_alltoallv_block"], np.concatenate([blocks[0][2 * r:2 * r + 2], blocks[1][2 * r:2 * r + 2]]))
        _eq(ranks[r]["p_allgatherv"], np.array([0, 10, 11], f32))
    total = np.arange(5, dtype=f32) * 3
    _eq(ranks[0]["p_reducescatterv"], total[:2])
    _eq(ranks[1]["p_reducescatterv"], total[2:])
    assert ranks[0]["p_err_alltoall"][0] == "ValueError" and "split_count" in ranks[0]["p_err_alltoall"][1]
    assert ranks[0]["p_err_recv_dtype"][0] == "TypeError"
    assert ranks[0]["p_err_batch_len"] == ["ValueError", "length of op_types and remote_ranks must be the same."]

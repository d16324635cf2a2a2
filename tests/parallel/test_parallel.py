"""communication / Cell.shard / data parallel: 2 gloo processes (one spawn for the module) and 1 process.

The two-process scenarios live in _worker.py; each process writes its results as JSON and the tests
below compare them with the single-process computation done in the same worker with the same weights.
"""
from __future__ import annotations

import json
import os
import sys

import numpy as np
import pytest
import torch

sys.path.insert(0, os.path.dirname(__file__))
from spawn_util import free_port as _free_port, spawn_bounded  # noqa: E402
import _worker  # noqa: E402

pytestmark = pytest.mark.multiprocess

RTOL, ATOL = 1e-4, 1e-5
GRTOL, GATOL = 1e-3, 1e-5


@pytest.fixture(scope="module")
def ranks(tmp_path_factory):
    out = tmp_path_factory.mktemp("parallel")
    spawn_bounded(_worker.main, args=(2, _free_port(), str(out), ["comm", "shard", "data_parallel", "example"]), nprocs=2)
    results = [json.loads((out / f"rank{r}.json").read_text()) for r in range(2)]
    for r, res in enumerate(results):
        assert "fatal" not in res, f"rank {r} failed:\n{res['fatal']}"
    return results


def _close(a, b, rtol=RTOL, atol=ATOL):
    np.testing.assert_allclose(np.asarray(a, np.float32), np.asarray(b, np.float32), rtol=rtol, atol=atol)


# ------------------------------------------------------------------------------------------------ communication
def test_comm_api_two_processes(ranks):
    for r, res in enumerate(ranks):
        assert res["before_init_rank"] == 0 and res["before_init_size"] == 1
        assert res["before_init_create"][0] == "RuntimeError" and "init()" in res["before_init_create"][1]
        assert res["backend"] == "mccl" and res["world_group"] == "mccl_world_group" and res["inited"]
        assert res["rank"] == r and res["size"] == 2
        assert res["local_rank"] == r and res["local_size"] == 2
        assert res["rank_hccl_name"] == r  # the MindSpore default argument names the world group
        assert res["g_rank"] == r and res["g_size"] == 2 and res["g_ranks"] == [0, 1]
        assert res["w2g"] == 1 and res["g2w"] == 1
    assert ranks[1]["solo_size"] == 1 and ranks[1]["solo_allreduce"] == [5.0]
    assert "solo_size" not in ranks[0]


def test_comm_errors_two_processes(ranks):
    res = ranks[0]
    assert res["err_create_dup"][0] == "ValueError" and "has been created" in res["err_create_dup"][1]
    assert res["err_create_dupdata"] == ["ValueError", "List rank_ids in Group gx has duplicate data!"]
    assert res["err_create_type"][0] == "TypeError"
    assert res["err_destroy_world"] == ["ValueError", "The world_group does not support destruction."]
    assert res["err_rank_type"][0] == "TypeError" and "'group' must be type of string" in res["err_rank_type"][1]
    assert res["err_unknown_group"][0] == "ValueError" and "'nope'" in res["err_unknown_group"][1]
    assert res["err_w2g_type"][0] == "TypeError"
    assert res["err_all_reduce_op"][0] == "TypeError"
    assert res["err_all_reduce_input"] == ["TypeError", "For all_reduce, the input tensor must be tensor"]


def test_collectives_values_and_primitives(ranks):
    for r, res in enumerate(ranks):
        assert res["all_reduce"] == [[3.0] * 3] * 2 and res["all_reduce_handle"]
        assert res["all_reduce_type"] == "Tensor"
        assert res["all_reduce_max"] == [[2.0] * 3] * 2
        assert res["all_gather"] == [[1.0] * 3] * 2 + [[2.0] * 3] * 2
        full = np.arange(8, dtype=np.float32).reshape(4, 2) * 3  # sum over ranks of arange*(rank+1)
        _close(res["reduce_scatter"], full[2 * r:2 * r + 2])
        assert res["broadcast"] == [[2.0] * 3] * 2
        assert res["prim_allreduce"] == res["all_reduce"]
        assert res["prim_allgather"] == res["all_gather"]
        assert res["prim_reducescatter"] == res["reduce_scatter"]
        assert res["prim_broadcast"] == [res["broadcast"]]
        assert res["prim_allgather_repr"].startswith("Prim[AllGather]<group=hccl_world_group, rank_size=2")


def test_collective_gradients_follow_mindspore_bprops(ranks):
    for r, res in enumerate(ranks):
        assert res["grad_all_reduce"] == [3.0, 3.0]                 # all_reduce of (rank+1)
        assert res["grad_all_gather"] == [2.0 * r * 2, 2.0 * (r * 2 + 1)]  # reduce_scatter of 2*arange(4)
        assert res["grad_broadcast"] == [5.0, 5.0]                  # identity


# ------------------------------------------------------------------------------------------------ Cell.shard
LOCAL_SHAPES = {
    "column": {"weight": [4, 6], "bias": [4]},
    "row": {"weight": [8, 3], "bias": [8]},
    "batch": {"weight": [8, 6], "bias": [8]},
    "mlp_plan": {"fc1.weight": [4, 6], "fc1.bias": [4], "fc2.weight": [4, 4], "fc2.bias": [4]},
}
LOCAL_SHAPES["recompute"] = LOCAL_SHAPES["mlp_plan"]
LOCAL_SHAPES["layout_mlp"] = LOCAL_SHAPES["mlp_plan"]
LOCAL_SHAPES["layout_batch"] = LOCAL_SHAPES["batch"]
LOCAL_SHAPES["nested"] = {"fc1.weight": [4, 6], "fc1.bias": [4], "fc2.weight": [4, 8], "fc2.bias": [4]}


@pytest.mark.parametrize("case", ["column", "row", "batch", "mlp_plan", "recompute", "nested", "layout_mlp",
                                  "layout_batch"])
def test_shard_matches_single_process(ranks, case):
    for res in ranks:
        got, ref = res[f"shard_{case}"], res[f"shard_{case}_ref"]
        assert set(got["kinds"].values()) == {"Parameter"}, got["kinds"]  # still MindSpore Parameters
        assert got["out_type"] == "Tensor"  # the user sees an ordinary (ms_compat) tensor
        _close(got["out"], ref["out"])
        _close(got["xgrad"], ref["xgrad"], GRTOL, GATOL)
        assert set(got["grads"]) == set(ref["grads"])
        for name in ref["grads"]:
            _close(got["grads"][name], ref["grads"][name], GRTOL, GATOL)
        assert set(ref["kinds"].values()) == {"Parameter"}
        assert got["local_shapes"] == LOCAL_SHAPES[case]  # each process holds its slice


def test_shard_out_strategy_gives_local_slice(ranks):
    for r, res in enumerate(ranks):
        assert res["shard_out_strategy_ret"] == "None"
        full = np.asarray(res["shard_out_strategy_full"])
        _close(res["shard_out_strategy_local"], full[:, 4 * r:4 * r + 4])


def test_set_data_parallel_matches_single_process(ranks):
    for res in ranks:
        got, ref = res["dp_cell"], res["dp_ref"]
        _close(got["out"], ref["out"])
        _close(got["xgrad"], ref["xgrad"], GRTOL, GATOL)
        for name in ref["grads"]:
            _close(got["grads"][name], ref["grads"][name], GRTOL, GATOL)


def test_sharded_training_steps_match(ranks):
    for res in ranks:
        assert res["train_max_diff"] < 1e-5
        assert res["train_local_shape"] == [4, 6]  # fc1.weight (8, 6) cut in 2 along dim 0


def test_shard_errors(ranks):
    res = ranks[0]
    assert res["err_uneven_param"][0] == "ValueError" and "cannot be divisible" in res["err_uneven_param"][1]
    assert res["err_too_many_devices"][0] == "ValueError" and "(4, 1)" in res["err_too_many_devices"][1]
    assert res["err_in_not_tuple"] == ["TypeError", "For 'Shard', the 'in_strategy' should be a tuple, but got list."]
    assert res["err_inner_not_tuple"][0] == "TypeError"
    assert res["err_inner_not_int"] == ["TypeError", "The tuple strategy for each dimension should be tuple(int)."]
    assert res["err_plan_type"][0] == "TypeError"
    assert res["err_plan_len"] == ["ValueError", "For weight, the length of param_strategy: 1, is not equal to "
                                                 "param_shape len: 2."]
    assert res["err_device_type"][0] == "TypeError"
    assert res["err_uneven_input"][0] == "ValueError" and "input 0" in res["err_uneven_input"][1]
    assert res["err_input_count"][0] == "ValueError"
    assert res["warn_missing_param"] == ["nope.weight is not exist, ignored its setting."]
    assert res["err_mixed_layout"] == ["TypeError", "For 'Shard', the strategy can only pass in consistent type for "
                                                    "all dimensions."]
    assert res["err_layout_devices"][0] == "ValueError" and "(2, 2)" in res["err_layout_devices"][1]


def test_function_shard_with_layout_and_reshard(ranks):
    for res in ranks:
        _close(res["fn_layout"], res["fn_layout_ref"])


def test_shard_ignored_outside_semi_auto_parallel(ranks):
    res = ranks[0]
    assert len(res["warn_standalone"]) == 1 and "stand_alone" in res["warn_standalone"][0]
    assert res["standalone_param_type"] == "Parameter"


# ------------------------------------------------------------------------------------------------ data parallel
def test_data_parallel_gradients_equal_full_batch(ranks):
    for res in ranks:
        assert res["reducer_type"] == "DistributedGradReducer" and res["reducer_degree"] == 2
        assert res["dp_reduced_types"] == ["Tensor"] * 4
        full, red, local, summed = (res["dp_full_grads"], res["dp_reduced_grads"], res["dp_local_grads"],
                                    res["dp_sum_grads"])
        for i in range(3):  # fc1.weight, fc1.bias, fc2.weight: mean over processes == full-batch gradient
            _close(red[i], full[i], GRTOL, GATOL)
            _close(summed[i], 2 * np.asarray(full[i]), GRTOL, GATOL)
            assert not np.allclose(local[i], full[i])
        # fc2.bias is layerwise_parallel: left out of the reduction
        _close(red[3], local[3])
        assert not np.allclose(red[3], full[3])
    assert ranks[0]["err_degree"][0] == "ValueError"


def test_mindspore_distributed_data_parallel(ranks):
    for res in ranks:
        for avg in ("False", "True"):
            for a, b in zip(res[f"msddp_grads_{avg}"], res["dp_full_grads"]):
                _close(a, b, GRTOL, GATOL)
            assert res[f"msddp_backwards_{avg}"] == 1  # value_and_grad ran through DDP's bucketed reducer
        for a, b, c in zip(res["msddp_backward_grads"], res["msddp_after_nosync"], res["dp_full_grads"]):
            _close(a, c, GRTOL, GATOL)
            _close(b, c, GRTOL, GATOL)
        for a, b in zip(res["msddp_nosync_grads"], res["dp_local_grads"]):
            _close(a, b, GRTOL, GATOL)
        assert res["msddp_names"] == ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]


def test_torch_ddp_wraps_a_cell(ranks):
    for res in ranks:
        for a, b in zip(res["ddp_grads"], res["dp_full_grads"]):
            _close(a, b, GRTOL, GATOL)


def test_train_one_step_cell_data_parallel(ranks):
    for res in ranks:
        assert "tosc_error" not in res, res.get("tosc_error")
        assert res["tosc_reducer"] == "DistributedGradReducer"
        for a, b in zip(res["tosc"]["dp"], res["tosc"]["full"]):
            _close(a, b, GRTOL, GATOL)


# ------------------------------------------------------------------------------------------------ one process
def test_single_process_api(monkeypatch):
    import ms_compat as ms
    from ms_compat import communication as C
    from ms_compat.communication import comm_func as F
    assert not C.GlobalComm.INITED
    assert C.GlobalComm.BACKEND == "hccl" and C.GlobalComm.WORLD_COMM_GROUP == "hccl_world_group"
    monkeypatch.setenv("RANK_ID", "3")
    assert C.get_rank() == 3  # MindSpore reads RANK_ID before init
    monkeypatch.delenv("RANK_ID")
    assert C.get_rank() == 0 and C.get_group_size() == 1 and C.get_local_rank() == 0
    assert C.get_local_rank_size() == 1
    C.release()  # no-op before init
    for fn in (lambda: C.create_group("g", [0]), lambda: C.destroy_group("g"),
               lambda: C.get_world_rank_from_group_rank("g", 0), lambda: C.get_group_rank_from_world_rank(0, "g"),
               lambda: F.all_reduce(ms.Tensor(np.ones(2, np.float32)))):
        with pytest.raises(RuntimeError, match="Please call `init\\(\\)` method first"):
            fn()
    with pytest.raises(TypeError, match="must be a string"):
        C.init(1)
    with pytest.raises(RuntimeError, match="should be 'mccl' to init 'CPU', but got 'hccl'"):
        C.init("hccl")
    with pytest.raises(RuntimeError, match="should be 'mccl' to init 'CPU', but got 'nccl'"):
        C.init("nccl")
    with pytest.raises(RuntimeError, match="must be one of 'hccl', 'nccl' and 'mccl'"):
        C.init("foo")
    for v in ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"):
        monkeypatch.delenv(v, raising=False)
    with pytest.raises(RuntimeError, match="torchrun"):
        C.init()
    if not torch.cuda.is_available():  # (set_context refuses 'GPU' here, so fake the stored target)
        from ms_compat import context
        monkeypatch.setitem(context._ctx, "device_target", "GPU")
        with pytest.raises(RuntimeError, match="no CUDA"):
            C.init("nccl")
        monkeypatch.setitem(context._ctx, "device_target", "CPU")
    assert not C.GlobalComm.INITED

    monkeypatch.setenv("RANK", "0")
    monkeypatch.setenv("WORLD_SIZE", "1")
    monkeypatch.setenv("MASTER_ADDR", "127.0.0.1")
    monkeypatch.setenv("MASTER_PORT", str(_free_port()))
    C.init("gloo")
    try:
        assert C.GlobalComm.INITED and C.GlobalComm.BACKEND == "mccl"
        assert C.get_rank() == 0 and C.get_group_size() == 1
        x = ms.Tensor(np.arange(4, dtype=np.float32))
        np.testing.assert_array_equal(F.all_reduce(x)[0].asnumpy(), x.asnumpy())
        np.testing.assert_array_equal(F.all_gather_into_tensor(x)[0].asnumpy(), x.asnumpy())
        # group size 1: Cell.shard returns None and changes nothing, without checking its arguments (MindSpore)
        Linear, _ = _worker._dense_cell()
        cell = Linear(np.ones((2, 2), np.float32), np.zeros(2, np.float32))
        assert cell.shard("not a strategy") is None
        assert type(cell.weight).__name__ == "Parameter"
        assert cell.set_data_parallel() is None
    finally:
        C.release()
    assert not C.GlobalComm.INITED and C.GlobalComm.WORLD_COMM_GROUP == "hccl_world_group"
    assert not torch.distributed.is_initialized()


def test_torch_process_group_is_adopted(monkeypatch):
    """A job that called torch.distributed.init_process_group itself: the MindSpore API sees it as init()."""
    import torch.distributed as dist
    from ms_compat import communication as C
    assert not C.GlobalComm.INITED
    dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1,
                            timeout=__import__("datetime").timedelta(seconds=60))
    try:
        assert C.get_group_size() == 1 and C.get_rank() == 0
        assert C.GlobalComm.INITED and C.GlobalComm.BACKEND == "mccl"
        C.release()  # not ours: the torch group stays
        assert dist.is_initialized() and not C.GlobalComm.INITED
    finally:
        dist.destroy_process_group()
        C.release()


def test_parallel_public_names():
    import ms_compat as ms
    from ms_compat import nn, parallel
    from ms_compat.parallel.data_parallel import DistributedGradReducer
    assert nn.DistributedGradReducer is DistributedGradReducer
    assert parallel.DistributedGradReducer is DistributedGradReducer
    from ms_compat.nn.wrap.grad_reducer import DistributedGradReducer as D2
    assert D2 is DistributedGradReducer
    assert callable(parallel.shard)
    assert ms.communication.GlobalComm.WORLD_COMM_GROUP == "hccl_world_group"


def test_example_shard_mlp(ranks):
    """examples/shard_mlp.py (run by the same 2 processes; by hand: torchrun --nproc_per_node 2 ...) trains the
    sharded block and asserts it matches the 1-process run."""
    out = ranks[0]["example_stdout"]
    assert ranks[0]["example_ok"] and ranks[1]["example_ok"], out
    assert "processes: 2" in out and "this process's slice (32, 16)" in out
    assert "max |sharded - single-process|" in out


# ------------------------------------------------------------------------------------------------ strategy mapping
def test_strategy_to_mesh_and_placements():
    """MindSpore strategy tuples → one DeviceMesh shape and DTensor placements (no processes needed)."""
    from torch.distributed.tensor import Replicate, Shard
    from ms_compat.parallel.shard import _mesh_shape, _placements
    assert _mesh_shape([(1, 1)], 2) == (2,)
    assert _mesh_shape([(2, 1), (1, 2)], 2) == (2,)
    assert _mesh_shape([(2, 2)], 4) == (2, 2)
    assert _mesh_shape([(2, 1)], 4) == (2, 2)          # 2 slices + 2 replicas (repeat dim first)
    assert _mesh_shape([(2, 4), (8, 1)], 8) == (2, 4)
    assert _placements((1, 1), (2,), Replicate, Shard, "x") == [Replicate()]
    assert _placements((1, 2), (2,), Replicate, Shard, "x") == [Shard(1)]
    assert _placements((2, 2), (2, 2), Replicate, Shard, "x") == [Shard(0), Shard(1)]
    assert _placements((2, 1), (2, 2), Replicate, Shard, "x") == [Replicate(), Shard(0)]
    assert _placements((8, 1), (2, 4), Replicate, Shard, "x") == [Shard(0), Shard(0)]  # two mesh dims, one tensor dim
    with pytest.raises(ValueError, match="cannot be expressed on the DeviceMesh"):
        # 12 devices: (2, 6) fixes the mesh (2, 6); (3, 4) needs mesh dims of 3 and 4 that it does not have
        _placements((3, 4), _mesh_shape([(2, 6), (3, 4)], 12), Replicate, Shard, "input 1")
    with pytest.raises(ValueError, match="does not divide"):
        _mesh_shape([(3, 1)], 4)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("MS_COMPAT_PARALLEL_4PROC") != "1",
                    reason="4 processes (2-D DeviceMesh): set MS_COMPAT_PARALLEL_4PROC=1 (about 30-60 s on 2 cores)")
def test_shard_on_2d_mesh_four_processes(tmp_path):
    spawn_bounded(_worker.main, args=(4, _free_port(), str(tmp_path), ["mesh2d"]), nprocs=4)
    for r in range(4):
        res = json.loads((tmp_path / f"rank{r}.json").read_text())
        assert "fatal" not in res, res["fatal"]
        assert res["mesh_shapes"] == [[2, 2]]
        for case in ("dp_mp", "replica", "four_way"):
            got, ref = res[f"shard_{case}"], res[f"shard_{case}_ref"]
            _close(got["out"], ref["out"])
            _close(got["xgrad"], ref["xgrad"], GRTOL, GATOL)
            for name in ref["grads"]:
                _close(got["grads"][name], ref["grads"][name], GRTOL, GATOL)

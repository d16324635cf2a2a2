"""Issue 19: a small LLaMA-style decoder written with the MindSpore API (examples/llama_parallel.py) trained
with data parallel, tensor parallel (``Cell.shard``), 2 pipeline stages and optimizer sharding, in pairs
and all four together; losses and the weights each process trains equal the one-process training
(rtol 1e-5). Layouts: the example's docstring and migration_guides/parallel.md.

Default (about 2 minutes on 2 cores): the 2-process pairs (DP x optimizer sharding, TP x optimizer
sharding) in one spawn, and the 4-process runs of all four combined and of data-parallel replicas of
pipeline stages under ``torchrun``. Opt-in (``MS_COMPAT_PARALLEL_4PROC=1``): the other 4-process pairs
(DP x TP, TP x PP, PP x optimizer sharding) in one spawn."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from spawn_util import free_port, spawn_bounded  # noqa: E402
import _llama_worker  # noqa: E402

pytestmark = pytest.mark.multiprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOUR = os.environ.get("MS_COMPAT_PARALLEL_4PROC") == "1"


def _load(out, world):
    results = [json.loads((out / f"rank{r}.json").read_text()) for r in range(world)]
    for r, res in enumerate(results):
        assert "fatal" not in res, f"rank {r} failed:\n{res['fatal']}"
    return results


def _same_training(got):
    np.testing.assert_allclose(got["losses"], got["ref_losses"], rtol=1e-5)
    assert len(set(got["losses"])) == len(got["losses"])  # trained: the loss moves
    assert got["weights"]
    for name, w in got["weights"].items():
        np.testing.assert_allclose(np.asarray(w), np.asarray(got["ref_weights"][name]), rtol=1e-5, atol=1e-6,
                                   err_msg=name)


@pytest.fixture(scope="module")
def two(tmp_path_factory):
    out = tmp_path_factory.mktemp("llama2")
    spawn_bounded(_llama_worker.main, args=(2, free_port(), str(out), ["dp_opt", "tp_opt"]), nprocs=2,
                  deadline_s=300)
    return _load(out, 2)


@pytest.fixture(scope="module")
def torchrun_four(tmp_path_factory):
    """``python -m torch.distributed.run --nproc_per_node 4`` on 127.0.0.1, bounded."""
    out = tmp_path_factory.mktemp("llama4")
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""), OMP_NUM_THREADS="1")
    cmd = [sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "4", "--master_addr", "127.0.0.1",
           "--master_port", str(free_port()), os.path.join(os.path.dirname(__file__), "_llama_worker.py"), str(out),
           "all", "dp_pp"]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=400)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return _load(out, 4)


def test_data_parallel_times_optimizer_sharding(two):
    for res in two:
        got = res["dp_opt"]
        _same_training(got)
        assert got["use_parallel"]
    # AdamWeightDecay's state dealt round robin: each parameter updated by exactly one process
    f0, f1 = two[0]["dp_opt"]["optim_filter"], two[1]["dp_opt"]["optim_filter"]
    assert f0 == [i % 2 == 0 for i in range(len(f0))] and [not f for f in f0] == f1


def test_tensor_parallel_times_optimizer_sharding(two):
    for res in two:
        got = res["tp_opt"]
        _same_training(got)
        assert got["local_shapes"]["blocks.0.mlp.w1.weight"] == [16, 16]  # (32, 16) cut by output features
        assert got["local_shapes"]["blocks.0.mlp.w2.weight"] == [16, 16]  # (16, 32) cut by input features
    # the cut weights are updated on both processes (each its slice), the whole ones by one of them
    f0, f1 = two[0]["tp_opt"]["optim_filter"], two[1]["tp_opt"]["optim_filter"]
    assert any(a and b for a, b in zip(f0, f1)) and all(a or b for a, b in zip(f0, f1))
    assert any(a != b for a, b in zip(f0, f1))


def test_four_way_dp_tp_pp_opt_shard_under_torchrun(torchrun_four):
    """2 stages x (attention cutting the batch, MLP cutting its weights, over the stage's 2 processes) x
    parallel optimizer over the stage; weights compared whole (slices gathered) per stage."""
    for r, res in enumerate(torchrun_four):
        got = res["all"]
        _same_training(got)
        assert got["use_parallel"]
        assert all(n.startswith(("tok", "blocks.0.", "blocks.1.")) for n in got["weights"]) == (r < 2)
        assert got["local_shapes"]["blocks.0.mlp.w1.weight"] == [16, 16]


def test_data_parallel_replicas_of_pipeline_stages(torchrun_four):
    """Each stage's 2 processes train different halves of the batch; the stage's gradients are averaged
    over them and the loss is the global batch's."""
    for res in torchrun_four:
        _same_training(res["dp_pp"])
        assert res["dp_pp"]["local_shapes"]["blocks.0.mlp.w1.weight"] == [32, 16]  # nothing cut


@pytest.mark.skipif(not FOUR, reason="4 processes: opt-in (MS_COMPAT_PARALLEL_4PROC=1)")
def test_four_process_pairs(tmp_path):
    """DP x TP (a 2 x 2 Layout), TP x PP, PP x optimizer sharding (spawned)."""
    spawn_bounded(_llama_worker.main, args=(4, free_port(), str(tmp_path), ["dp_tp", "tp_pp", "pp_opt"]),
                  nprocs=4, deadline_s=600)
    for res in _load(tmp_path, 4):
        for name in ("dp_tp", "tp_pp", "pp_opt"):
            _same_training(res[name])
        assert res["dp_tp"]["local_shapes"]["blocks.0.mlp.w1.weight"] == [16, 16]
        assert res["tp_pp"]["local_shapes"]["blocks.0.mlp.w1.weight"] == [16, 16]
        assert res["pp_opt"]["use_parallel"]

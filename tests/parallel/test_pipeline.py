"""Pipeline parallel (PipelineCell, pipeline_stage, 1F1B / GPipe on torch.distributed.pipelining).

Two gloo processes (one spawn for the module, scenarios in _pipeline_worker.py) train with 2 stages and
compare losses and the weights each stage owns with the same training run in one process; the rest
runs in one process (the micro-batch sum, argument checks, the stage cutting itself).
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import torch

sys.path.insert(0, os.path.dirname(__file__))
from spawn_util import free_port as _free_port, spawn_bounded  # noqa: E402
import _pipeline_worker  # noqa: E402

import ms_compat as ms  # noqa: E402
from ms_compat import nn  # noqa: E402


@pytest.fixture(scope="module")
def pipeline_out(tmp_path_factory):
    return tmp_path_factory.mktemp("pipeline")


@pytest.fixture(scope="module")
def ranks(pipeline_out):
    out = pipeline_out
    spawn_bounded(_pipeline_worker.main, args=(2, _free_port(), str(out), ["mlp", "decoder", "model", "example",
                                                                          "stage_local"]),
                  nprocs=2, deadline_s=300)
    results = [json.loads((out / f"rank{r}.json").read_text()) for r in range(2)]
    for r, res in enumerate(results):
        assert "fatal" not in res, f"rank {r} failed:\n{res['fatal']}"
    return results


def _same_training(res):
    np.testing.assert_allclose(res["losses"], res["ref_losses"], rtol=1e-5)
    assert res["weights"] and set(res["weights"]) == set(res["ref_weights"])
    for name, w in res["weights"].items():
        np.testing.assert_allclose(np.asarray(w), np.asarray(res["ref_weights"][name]), rtol=1e-5, atol=1e-6,
                                   err_msg=name)


@pytest.mark.multiprocess
@pytest.mark.parametrize("scheduler", ["1f1b", "gpipe"])
def test_pipeline_mlp_two_stages_matches_one_process(ranks, scheduler):
    for r, res in enumerate(ranks):
        got = res[f"mlp_{scheduler}"]
        _same_training(got)
        owned = {n.split(".")[0] for n in got["weights"]}
        assert owned == ({"l1", "l2"} if r == 0 else {"l3", "l4"})
        assert len(set(got["losses"])) == 3  # the loss changes: the weights were updated


@pytest.mark.multiprocess
def test_example_pipeline_mlp(ranks):
    """examples/pipeline_mlp.py (by hand: torchrun --nproc_per_node 2 ...) asserts it matches one process."""
    assert "processes: 2; stages: 2; losses:" in ranks[0]["example"]
    assert "rank 1: stage 1 weights layers.2.weight..layers.3.bias" in ranks[1]["example"]


@pytest.mark.multiprocess
def test_pipeline_with_model_train(ranks):
    for res in ranks:
        _same_training(res["model"])
        assert len(res["model"]["losses"]) == 4  # 2 epochs x 2 steps


@pytest.mark.multiprocess
def test_pipeline_decoder_functional_style_matches_one_process(ranks):
    """AutoParallel(train_one_step).pipeline(stages=2, scheduler='gpipe') + value_and_grad + PipelineGradReducer;
    the causal mask is computed outside the tagged cells (each stage computes it, the first cell of stage 1
    receives it with the hidden state)."""
    for r, res in enumerate(ranks):
        got = res["decoder"]
        _same_training(got)
        np.testing.assert_allclose(got["eval"], got["ref_eval"], rtol=1e-5)  # forward-only schedule
        assert any(n.startswith("emb") for n in got["weights"]) == (r == 0)
        assert any(n.startswith("head") for n in got["weights"]) == (r == 1)


def _stage_of_decoder(name):
    """Stage of a decoder parameter (``head.table``: the tied decoder's shared table, owned by stage 0)."""
    return 0 if name in ("emb.embedding_table", "head.table") or name.startswith(("blocks.0.", "blocks.1.")) else 1


@pytest.mark.multiprocess
def test_each_stage_holds_and_saves_only_its_weights(ranks, pipeline_out):
    """The tied decoder (embedding table = head, stages 0 and 1) with Momentum on 2 stages: every rank
    lists every Parameter (as MindSpore's Python network does) but holds the data of its stage's only (plus its
    copy of the shared table), and so do the optimizer's moments; each rank's save_checkpoint writes its stage's
    parameters and their state under MindSpore's names (the shared table only on its owner, stage 0), and the
    per-rank files merge (transform_checkpoints / load_distributed_checkpoint) into the one-process run's."""
    from ms_compat.parallel.checkpoint_transform import load_distributed_checkpoint, transform_checkpoints
    for r, res in enumerate(ranks):
        got, ref = res["stage_local"]["got"], res["stage_local"]["ref"]
        np.testing.assert_allclose(got["losses"], ref["losses"], rtol=1e-5)
        assert got["names"] == ref["names"]  # trainable_params(): the same Parameters, names and order
        assert "head.table" in got["names"]
        want = [n for n in ref["names"] if _stage_of_decoder(n) == r or n == "head.table"]
        assert got["held"] == want
        assert 0.45 < got["param_bytes"] / ref["param_bytes"] < 0.55  # each stage ~ half the weights
        assert 0.45 < got["state_bytes"] / ref["state_bytes"] < 0.55  # and half the moments
        saved = ms.load_checkpoint(str(pipeline_out / "ckpt" / f"rank_{r}" / "net.ckpt"))
        mine = [n for n in want if not (r == 1 and n == "head.table")]  # the later stage's copy is not saved
        assert sorted(saved) == sorted(mine + [f"moments.{n}" for n in mine] +
                                       ["global_step", "learning_rate", "momentum"])
    ref_ckpt = ms.load_checkpoint(str(pipeline_out / "ref0.ckpt"))
    transform_checkpoints(str(pipeline_out / "ckpt"), str(pipeline_out / "merged"), "net")
    merged = ms.load_checkpoint(str(pipeline_out / "merged" / "rank_0" / "net0.ckpt"))
    assert sorted(merged) == sorted(ref_ckpt)
    for name, p in ref_ckpt.items():
        np.testing.assert_allclose(merged[name].asnumpy(), p.asnumpy(), rtol=1e-5, atol=1e-6, err_msg=name)
    dec, _, _ = _pipeline_worker._decoder(tied=True)
    files = [str(pipeline_out / "ckpt" / f"rank_{r}" / "net.ckpt") for r in range(2)]
    load_distributed_checkpoint(dec, files)
    for p in dec.get_parameters():
        np.testing.assert_allclose(p.asnumpy(), ref_ckpt[p.name].asnumpy(), rtol=1e-5, atol=1e-6, err_msg=p.name)


@pytest.mark.multiprocess
@pytest.mark.skipif(os.environ.get("MS_COMPAT_PARALLEL_4PROC") != "1",
                    reason="4 processes: opt-in (MS_COMPAT_PARALLEL_4PROC=1), as the other 4-process tests")
def test_tensor_parallel_times_pipeline_four_processes(tmp_path):
    """2 stages x 2-way tensor parallel (each block's MLP sharded over its stage's 2 processes), and 2 stages
    x a 2-way batch-cutting (data-parallel) strategy."""
    spawn_bounded(_pipeline_worker.main, args=(4, _free_port(), str(tmp_path), ["tp_pp"]), nprocs=4,
                  deadline_s=400)
    for r in range(4):
        res = json.loads((tmp_path / f"rank{r}.json").read_text())
        assert "fatal" not in res, f"rank {r} failed:\n{res['fatal']}"
        got = res["tp_pp"]
        _same_training(got)
        assert got["local_fc1"] == [16, 16]  # fc1.weight (32, 16) cut in 2 over the stage's processes
        _same_training(res["dp_pp"])
        assert res["dp_pp"]["local_fc1"] == [32, 16]  # replicated


def _check_dp_tp_pp(out):
    from ms_compat.parallel.checkpoint_transform import transform_checkpoints
    results = [json.loads((out / f"rank{r}.json").read_text()) for r in range(8)]
    for r, res in enumerate(results):
        assert "fatal" not in res, f"rank {r} failed:\n{res['fatal']}"
    ref = results[0]["ref"]
    for r, res in enumerate(results):
        got = res["dp_tp_pp"]
        np.testing.assert_allclose(got["losses"], ref["losses"], rtol=1e-5)
        assert got["use_parallel"]  # the optimizer is sharded over the stage's 4 processes
        assert got["held"] == [n for n in ref["held"] if _stage_of_decoder(n) == r // 4]
        assert got["local_fc1"] == [[16, 16], [16, 16]]  # fc1.weight (32, 16) cut over "tp"
        st = got["reduce_stats"]  # the stage's gradient average: buckets started during the backward
        assert st["buckets"] > 1 and st["in_backward"] >= st["buckets"] - 1, st
    transform_checkpoints(str(out / "ckpt8"), str(out / "merged8"), "net")
    merged = ms.load_checkpoint(str(out / "merged8" / "rank_0" / "net0.ckpt"))
    want = ms.load_checkpoint(str(out / "ref8.ckpt"))
    assert sorted(merged) == sorted(want)
    for name, p in want.items():
        np.testing.assert_allclose(merged[name].asnumpy(), p.asnumpy(), rtol=1e-5, atol=1e-6, err_msg=name)
    return max(res["dp_tp_pp"]["seconds"] for res in results)


@pytest.mark.multiprocess
@pytest.mark.skipif(os.environ.get("MS_COMPAT_SLOW_PARALLEL") != "1",
                    reason="8 processes (~90 s on 2 cores): opt-in, MS_COMPAT_SLOW_PARALLEL=1")
def test_data_tensor_pipeline_2x2x2_eight_processes(tmp_path):
    """The full layout on 8 gloo processes: 2 pipeline stages, each stage's 4 processes a (dp 2, tp 2) device
    matrix (every block's MLP: batch cut over dp, Megatron-style weights over tp) with the optimizer sharded over
    them; losses, each rank's weights and the merged per-rank checkpoints equal the one-process run."""
    spawn_bounded(_pipeline_worker.main, args=(8, _free_port(), str(tmp_path), ["dp_tp_pp"]), nprocs=8,
                  deadline_s=600)
    _check_dp_tp_pp(tmp_path)


KILLED = textwrap.dedent("""
    import os, signal, sys, time
    import numpy as np
    import ms_compat as ms
    from ms_compat import nn
    from ms_compat.communication import init, get_rank
    init()
    ms.set_auto_parallel_context(parallel_mode="semi_auto_parallel", pipeline_stages=2)
    ms.set_seed(0)
    net = nn.SequentialCell([nn.Dense(4, 8), nn.Dense(8, 2)])
    net[0].pipeline_stage, net[1].pipeline_stage = 0, 1
    step = nn.TrainOneStepCell(nn.PipelineCell(nn.WithLossCell(net, nn.MSELoss()), 2),
                               nn.Momentum(net.trainable_params(), 0.1, 0.9))
    x, y = ms.Tensor(np.ones((4, 4), np.float32)), ms.Tensor(np.ones((4, 2), np.float32))
    step(x, y)
    print("one step", flush=True)
    if get_rank() == 1:
        os.kill(os.getpid(), signal.SIGKILL)
    start = time.monotonic()
    try:
        for _ in range(3):
            step(x, y)
    except Exception as e:
        print(f"failed after {time.monotonic() - start:.1f}s: {type(e).__name__}: {str(e)[:300]!r}", flush=True)
        sys.exit(3)
    print("no error", flush=True)
""")


@pytest.mark.multiprocess
@pytest.mark.skipif(sys.platform != "linux", reason="SIGKILL")
def test_killed_stage_fails_the_other_bounded(tmp_path):
    (tmp_path / "killed.py").write_text(KILLED)
    port = _free_port()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    procs = []
    for rank in range(2):
        env = dict(os.environ, RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE="2", LOCAL_WORLD_SIZE="2",
                   MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), MS_COMPAT_COMM_TIMEOUT="10",
                   PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
        procs.append(subprocess.Popen([sys.executable, "killed.py"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    try:
        out, err = procs[0].communicate(timeout=180)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
            p.wait()
    assert procs[1].returncode == -signal.SIGKILL
    assert procs[0].returncode == 3, (out, err[-2000:])
    line = out.splitlines()[-1]
    assert line.startswith("failed after") and "RuntimeError" in line, out
    assert float(line.split()[2].rstrip("s:")) < 60


# ------------------------------------------------------------------------------------------------ one process
class _MLP(nn.Cell):
    def __init__(self, residual=False):
        super().__init__()
        self.l1, self.l2, self.l3 = nn.Dense(4, 8), nn.Dense(8, 8), nn.Dense(8, 3)
        self.residual = residual

    def construct(self, x):
        a = self.l1(x)
        b = self.l2(a)
        return self.l3(b + a if self.residual else b)


def _x(n=8):
    return ms.Tensor(np.random.default_rng(0).standard_normal((n, 4)).astype(np.float32))


def test_pipeline_cell_sums_micro_batches_in_one_process():
    ms.set_seed(0)
    net = _MLP()
    x = _x()
    out = nn.PipelineCell(net, 4)(x)
    expected = sum(net(x[2 * i:2 * i + 2]) for i in range(4))
    np.testing.assert_allclose(out.asnumpy(), expected.asnumpy(), rtol=1e-6)
    inter = nn.MicroBatchInterleaved(net, 2)(x)
    np.testing.assert_allclose(inter.asnumpy(), (net(x[:4]) + net(x[4:])).asnumpy(), rtol=1e-6)
    assert type(out).__name__ == "Tensor"


def test_pipeline_cell_argument_errors():
    net = _MLP()
    with pytest.raises(TypeError, match="'network' must cell type"):
        nn.PipelineCell(lambda x: x, 2)
    with pytest.raises(TypeError, match="'micro_size' must be integer"):
        nn.PipelineCell(net, 2.0)
    with pytest.raises(ValueError, match="'micro_size' must be large than 0"):
        nn.PipelineCell(net, 0)
    with pytest.raises(ValueError, match=r"input\(6\) must be divided by micro size\(4\)"):
        nn.PipelineCell(net, 4)(_x(6))
    with pytest.raises(ValueError, match="no 'shard' on 'PipelineCell'"):
        nn.PipelineCell(net, 2).shard(((1, 1),))
    with pytest.raises(KeyError, match="stage_config"):
        nn.PipelineCell(net, 2, stage_config={"nope": 1})
    with pytest.raises(ValueError, match="'interleave_num' must be large than 0"):
        nn.MicroBatchInterleaved(net, 0)
    pc = nn.PipelineCell(net, 2, stage_config={"l1": 0, "l3": 1})
    assert net.l1.pipeline_stage == 0 and net.l3.pipeline_stage == 1
    assert [p.name for p in pc.trainable_params()] == ["l1.weight", "l1.bias", "l2.weight", "l2.bias", "l3.weight",
                                                       "l3.bias"]  # auto_prefix=False: names unchanged


def test_pipeline_context_keys_follow_mindspore_checks():
    try:
        with pytest.raises(ValueError, match="should be greater or equal 1"):
            ms.set_auto_parallel_context(pipeline_stages=0)
        with pytest.raises(TypeError, match="only '1f1b' is allowed"):
            ms.set_auto_parallel_context(pipeline_config={"pipeline_interleave": False,
                                                          "pipeline_scheduler": "gpipe"})
        with pytest.raises(ValueError, match="Unknown config"):
            ms.set_auto_parallel_context(pipeline_config={"pipeline_interleave": True, "x": 1,
                                                          "pipeline_scheduler": "gpipe"})
        ms.set_auto_parallel_context(pipeline_stages=2, pipeline_config={"pipeline_interleave": True,
                                                                         "pipeline_scheduler": "gpipe"})
        assert ms.get_auto_parallel_context("pipeline_stages") == 2
        assert ms.get_auto_parallel_context("pipeline_config")["pipeline_scheduler"] == "gpipe"
    finally:
        ms.reset_auto_parallel_context()
    assert ms.get_auto_parallel_context("pipeline_config") == {"pipeline_interleave": False,
                                                               "pipeline_scheduler": "1f1b"}


def test_pipeline_grad_reducer_scales_by_scale_sense():
    p = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
    red = nn.PipelineGradReducer([p], scale_sense=4.0)
    out = red((ms.Tensor(np.array([2.0, 8.0], np.float32)),))
    np.testing.assert_allclose(out[0].asnumpy(), [0.5, 2.0])
    assert [q.name for q in red.get_parameters()] == ["scale_sense"]


def test_auto_parallel_sets_the_context_only_while_running():
    from ms_compat.parallel.auto_parallel import AutoParallel
    seen = {}

    def step():
        seen.update(stages=ms.get_auto_parallel_context("pipeline_stages"),
                    mode=ms.get_auto_parallel_context("parallel_mode"),
                    sched=ms.get_auto_parallel_context("pipeline_config")["pipeline_scheduler"])
        return 1

    par = AutoParallel(step, parallel_mode="semi_auto")
    par.pipeline(stages=2, scheduler="gpipe")
    assert par() == 1 and par.get_pipeline_stages() == 2
    assert seen == {"stages": 2, "mode": "semi_auto_parallel", "sched": "gpipe"}
    assert ms.get_auto_parallel_context("pipeline_stages") == 1
    with pytest.raises(ValueError, match="'parallel_mode' must be one of"):
        AutoParallel(step, parallel_mode="auto")
    with pytest.raises(ValueError, match="'scheduler' must be"):
        par.pipeline(stages=2, scheduler="zb")
    with pytest.raises(ValueError, match="must be larger than zero"):
        par.pipeline(stages=0)


def test_auto_parallel_writes_the_strategy_file_after_the_first_call(tmp_path):
    from ms_compat.parallel.auto_parallel import AutoParallel
    par = AutoParallel(lambda: ms.get_auto_parallel_context("strategy_ckpt_config")["save_file"])
    par.save_param_strategy_file(str(tmp_path / "s.json"))
    assert par() == str(tmp_path / "s.json")
    assert ms.build_searched_strategy(str(tmp_path / "s.json")) == {}  # one process: nothing laid out
    with pytest.raises(TypeError, match="'file_path' must be str"):
        par.save_param_strategy_file(1)


def _stage_run(net, stage, x, recv=()):
    from ms_compat.parallel.pipeline import _StageModule, install_stage_wrappers
    install_stage_wrappers(net, 2)
    return _StageModule(net, stage, 1)(*recv, in0=x)


def test_stage_cutting_runs_only_this_stages_cells():
    """Stage 0 stops at the first cell of stage 1 and returns its inputs; stage 1 runs from them (the cells of
    stage 0 are only shape-inferred on the meta device)."""
    ms.set_seed(0)
    net = _MLP()
    net.l1.pipeline_stage, net.l2.pipeline_stage, net.l3.pipeline_stage = 0, 0, 1
    x = _x(2)
    calls = []
    net.l1.register_forward_hook(lambda c, i, o: calls.append((o.device.type, type(o).__name__)))
    sent = _stage_run(net, 0, x)
    assert isinstance(sent, tuple) and len(sent) == 1
    np.testing.assert_allclose(sent[0].detach().numpy(), net.l2(net.l1(x)).asnumpy(), rtol=1e-6)
    calls.clear()
    out = _stage_run(net, 1, x, sent)
    # stage 1 never computes l1 for real: a meta run gives the shape, the cell returns a marked placeholder
    assert calls == [("meta", "Tensor"), ("cpu", "_Skipped")]
    calls.clear()
    np.testing.assert_allclose(out[0].detach().numpy(), net(x).asnumpy(), rtol=1e-6)


def test_stage_cutting_refuses_values_crossing_stages_outside_the_first_cell():
    ms.set_seed(0)
    net = _MLP(residual=True)  # l3 (stage 1) uses a = l1(x) (stage 0) besides l2's output
    net.l1.pipeline_stage, net.l2.pipeline_stage, net.l3.pipeline_stage = 0, 0, 1
    x = _x(2)
    sent = _stage_run(net, 0, x)  # stage 0 is fine: it sends l3's input (b + a)
    assert len(sent) == 1
    net2 = _MLP(residual=True)
    net2.l1.pipeline_stage, net2.l2.pipeline_stage, net2.l3.pipeline_stage = 0, 1, 1
    with pytest.raises(ValueError, match="uses a value computed by an earlier stage"):
        _stage_run(net2, 1, x, sent)


def test_stage_cutting_errors():
    net = _MLP()
    from ms_compat.parallel.pipeline import install_stage_wrappers
    with pytest.raises(ValueError, match="no cell of the network has 'pipeline_stage'"):
        install_stage_wrappers(net, 2)
    net.l1.pipeline_stage = 0
    with pytest.raises(ValueError, match=r"no cell is in stage\(s\) \[1\]"):
        install_stage_wrappers(net, 2)
    net.l3.pipeline_stage = 2
    with pytest.raises(ValueError, match="must be smaller than pipeline_stages"):
        install_stage_wrappers(net, 2)
    net2 = _MLP()
    net2.l1.pipeline_stage, net2.l2.pipeline_stage, net2.l3.pipeline_stage = 0, 1, 0
    with pytest.raises(ValueError, match="stages must follow the order of execution"):
        _stage_run(net2, 1, _x(2), (torch.zeros(2, 8),))


def test_release_other_stages_in_one_process(tmp_path):
    """stage_local.py without processes: stage 0 of a 2-stage MLP keeps every Parameter object and name, the
    stage-1 weights become data-less (meta) in place, the optimizer built after holds no state for them and
    updates only stage 0's weights, save_checkpoint writes stage 0's names, load_param_into_net leaves the
    released weights alone."""
    from ms_compat.parallel.stage_local import held_parameter_bytes, release_other_stages
    ms.set_seed(0)
    net = _MLP()
    net.l1.pipeline_stage, net.l2.pipeline_stage, net.l3.pipeline_stage = 0, 0, 1
    before = net.trainable_params()
    whole = {p.name: p.asnumpy().copy() for p in before}
    assert release_other_stages(net, 0, 2) == []  # nothing shared between the stages
    after = net.trainable_params()
    assert [p.name for p in after] == [p.name for p in before] and all(a is b for a, b in zip(after, before))
    assert [p.name for p in after if p.is_meta] == ["l3.weight", "l3.bias"]
    assert held_parameter_bytes(net) == 4 * (8 * 4 + 8 + 8 * 8 + 8)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    assert [m.name for m in opt.moments if m.is_meta] == ["moments.l3.weight", "moments.l3.bias"]
    grads = tuple(ms.Tensor(torch.ones_like(p)) if not p.is_meta else torch.zeros_like(p) for p in after)
    opt(grads)
    np.testing.assert_allclose(net.l1.bias.asnumpy(), whole["l1.bias"] - 0.1, rtol=1e-6)
    assert net.l3.weight.is_meta
    ms.save_checkpoint(nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt), str(tmp_path / "s0.ckpt"))
    saved = ms.load_checkpoint(str(tmp_path / "s0.ckpt"))
    assert sorted(saved) == sorted(["l1.weight", "l1.bias", "l2.weight", "l2.bias", "moments.l1.weight",
                                    "moments.l1.bias", "moments.l2.weight", "moments.l2.bias", "learning_rate",
                                    "momentum", "global_step"])
    full = {n: ms.Parameter(ms.Tensor(v), name=n) for n, v in whole.items()}
    ms.load_param_into_net(net, full)
    np.testing.assert_allclose(net.l1.bias.asnumpy(), whole["l1.bias"])
    assert net.l3.weight.is_meta

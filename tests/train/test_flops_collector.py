"""mindspore.train.FlopsUtilizationCollector against MindSpore 2.10 (tools/reference/gen_flops_collector.py, run
by MindSpore in GRAPH_MODE, its only mode): the FLOPs of one training step (dense, MLP, conv nets), the printed
lines (the time and utilization figures vary; their format and the FLOPs line must match), error types. ms_compat
counts with torch's FlopCounterMode in PyNative mode too (run here, the fast path) and in GRAPH_MODE."""
import pathlib
import re
import runpy

import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_flops_collector.py"
REF = load_ref_json("train", "flops_collector")
STEP = re.compile(r"^Train per step time: +\d+\.\d{3} ms mfu:\d+\.\d{2}% hfu:\d+\.\d{2}%$")


@pytest.fixture(scope="module")
def got():
    ms_compat.install()
    try:
        mod = runpy.run_path(str(GEN), run_name="gen_flops_collector")
        return mod["run"](mod["context"].PYNATIVE_MODE)
    finally:
        ms_compat.uninstall()


@pytest.mark.parametrize("net", ["dense", "mlp", "conv"])
def test_step_flops_and_lines(got, net):
    g, r = got[net], REF[net]
    assert g["flops"] == r["flops"]
    assert g["full_mfu"] == pytest.approx(r["full_mfu"])
    assert g["lines"][0] == r["lines"][0]
    assert len(g["lines"]) == len(r["lines"]) == 3  # steps 1 and 3 of 4 (step % data_size != 0)
    assert all(STEP.match(line) for line in g["lines"][1:]), g["lines"]


def test_shard_only(got):
    assert got["shard_only"]["lines"][0] == REF["shard_only"]["lines"][0]
    assert got["shard_only"]["shard_mfu"] == pytest.approx(REF["shard_only"]["shard_mfu"])


def test_bad_arguments(got):
    assert got["errors"] == REF["errors"]


def test_ma_collector_files(tmp_path, monkeypatch, capsys):
    from ms_compat.train.callback import FlopsUtilizationCollector, RunContext
    from ms_compat.train.callback._callback import InternalCallbackParam
    from ms_compat import nn, Tensor, ops
    import numpy as np
    monkeypatch.setenv("MA_LOG_DIR", str(tmp_path))
    cb = FlopsUtilizationCollector(2, computility=1, enable_ma_collector=True)
    net = nn.Dense(4, 3)
    params = InternalCallbackParam(mode="train", cur_step_num=1, dataset_sink_mode=False, batch_num=2)
    rc = RunContext(params)
    cb.step_begin(rc)
    ops.grad(lambda x: net(x).sum(), None, net.trainable_params())(Tensor(np.ones((2, 4), np.float32)))
    cb.step_end(rc)
    assert capsys.readouterr().out == ""  # computility 1 with the MA collector: silent
    flops = (tmp_path / "flops_rank_0.txt").read_text().splitlines()
    assert flops[0].startswith('flops{type="model_flops", rank_id="0"} 96.0 ')  # forward 48 + weight grad 48
    assert (tmp_path / "time_step_rank_0.txt").read_text().startswith('time_monitor{type="per_step_time", rank_id="0"}')

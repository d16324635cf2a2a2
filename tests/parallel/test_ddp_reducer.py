"""Data parallel on DDP's reducer (ms_compat/parallel/ddp_reducer.py): 2 gloo processes, each on half
of the global batch, against the same training in one process on the whole batch (rtol 1e-5).

Scenarios in _dp_worker.py: TrainOneStepCell with Momentum, Adam, AdamWeightDecay and Lamb; the
loss-scale cell; value_and_grad with an explicit DistributedGradReducer (mean, sum, a
layerwise_parallel weight, gradients changed before the reducer); a weight left out of a later step."""
from __future__ import annotations

import json
import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
from spawn_util import free_port as _free_port, spawn_bounded  # noqa: E402
import _dp_worker  # noqa: E402

pytestmark = pytest.mark.multiprocess

RTOL, ATOL = 1e-5, 1e-6


@pytest.fixture(scope="module")
def ranks(tmp_path_factory):
    out = tmp_path_factory.mktemp("ddp_reducer")
    spawn_bounded(_dp_worker.main, args=(2, _free_port(), str(out), ["tosc", "functional", "fp16", "unused_later"]),
                  nprocs=2, deadline_s=300)
    results = [json.loads((out / f"rank{r}.json").read_text()) for r in range(2)]
    for r, res in enumerate(results):
        assert "fatal" not in res, f"rank {r} failed:\n{res['fatal']}"
    return results


def _close(a, b):
    np.testing.assert_allclose(np.asarray(a, np.float64), np.asarray(b, np.float64), rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("case", ["tosc_momentum", "tosc_adam", "tosc_adamw", "tosc_lamb", "loss_scale"])
def test_train_one_step_cell_equals_global_batch(ranks, case):
    for res in ranks:
        got = res[case]
        for name, ref in got["ref_w"].items():
            _close(got["w"][name], ref)
        # DDP's reducer did every reduction; the reducer only handed its results back
        assert got["ddp_backwards"] == _dp_worker.STEPS and got["own_allreduce"] == 0
    # each process returns the loss of its half; their mean is the global batch's loss
    _close(np.mean([r[case]["losses"] for r in ranks], axis=0), ranks[0][case]["ref_losses"])
    # the weights moved, and differently per optimizer (the comparison above is not vacuous)
    w0 = ranks[0]
    assert not np.allclose(w0["tosc_momentum"]["w"]["fc1.weight"], w0["tosc_adam"]["w"]["fc1.weight"])
    assert w0[case]["w"]["unused"] == [1.0, 1.0, 1.0] or case == "tosc_adamw"


@pytest.mark.parametrize("case", ["mean", "sum", "changed"])
def test_value_and_grad_with_explicit_reducer(ranks, case):
    for res in ranks:
        got = res[f"fn_{case}"]
        for step_ref, step_dp in zip(got["ref"]["grads"], got["dp"]["grads"]):
            for a, b in zip(step_dp, step_ref):
                _close(a, b)
        for name, ref in got["ref"]["w"].items():
            _close(got["dp"]["w"][name], ref)
        assert got["dp"]["ddp_backwards"] == _dp_worker.STEPS
        # gradients changed after value_and_grad are not those DDP reduced: the reducer all-reduces them
        assert got["dp"]["own_allreduce"] == (_dp_worker.STEPS if case == "changed" else 0)


def test_layerwise_parallel_weight_is_not_reduced(ranks):
    for res in ranks:
        got = res["fn_layerwise"]
        for a, b in zip(got["dp"]["grads"][0], got["ref"]["grads"][0]):
            _close(a, b)  # the other weights reduced, `scale` this process's own gradient
        assert got["dp"]["own_allreduce"] == 0
    s0 = np.asarray(ranks[0]["fn_layerwise"]["dp"]["w"]["scale"])
    s1 = np.asarray(ranks[1]["fn_layerwise"]["dp"]["w"]["scale"])
    assert not np.allclose(s0, s1)  # each process trained its own copy


def test_value_and_grad_returns_this_process_gradients(ranks):
    # MindSpore: GradOperation/value_and_grad give each process's own gradients; only the reducer reduces
    for res in ranks:
        for a, b in zip(res["local_grads"]["got"], res["local_grads"]["own"]):
            _close(a, b)
    assert not np.allclose(ranks[0]["local_grads"]["got"][0], ranks[1]["local_grads"]["got"][0])


# ------------------------------------------------------------------------------------------- optimizer parallel
@pytest.fixture(scope="module")
def opt_ranks(tmp_path_factory):
    out = tmp_path_factory.mktemp("opt_parallel")
    spawn_bounded(_dp_worker.main, args=(2, _free_port(), str(out), ["opt_parallel"]), nprocs=2, deadline_s=300)
    results = [json.loads((out / f"rank{r}.json").read_text()) for r in range(2)]
    for r, res in enumerate(results):
        assert "fatal" not in res, f"rank {r} failed:\n{res['fatal']}"
    return results


@pytest.mark.parametrize("name", ["adamw", "lamb", "adam", "momentum"])
def test_parallel_optimizer_equals_single_process(opt_ranks, name):
    filters = []
    for res in opt_ranks:
        got = res[f"opt_{name}"]
        for pname, ref in got["ref"]["w"].items():
            _close(got["dp"]["w"][pname], ref)
        assert got["dp"]["use_parallel"] and not got["ref"]["use_parallel"]
        # each process keeps the state of the parameters it owns (MindSpore's round robin), not all of it
        assert got["dp"]["bytes"] < got["dp"]["full_bytes"] == got["ref"]["bytes"]
        filters.append(got["dp"]["filter"])
    assert filters[0] == [i % 2 == 0 for i in range(len(filters[0]))]
    assert [not f for f in filters[0]] == filters[1]
    assert sum(r[f"opt_{name}"]["dp"]["bytes"] for r in opt_ranks) == opt_ranks[0][f"opt_{name}"]["ref"]["bytes"]


def test_parallel_optimizer_checks_of_mindspore(opt_ranks):
    errs = opt_ranks[0]["opt_errors"]
    # MindSpore 2.10: in data parallel only Lamb, AdamWeightDecay, AdaFactor; hybrid parallel refused
    assert errs["dp_adam"] == ("For 'Optimizer', parallel optimizer only support optimizer 'Lamb' and "
                               "'AdamWeightDecay' and 'AdaFactor', but got Adam.")
    assert "but got Momentum." in errs["dp_momentum"]
    assert errs["hybrid"].startswith("For 'Optimizer', parallel optimizer is not supported in hybrid_parallel")


def test_float16_gradients_reduced_in_float32(ranks):
    for res in ranks:
        got = res["fp16"]
        assert got["ddp_backwards"] == 1 and got["own_allreduce"] == 1  # one by DDP's hook, one by the reducer
        assert set(got["dtypes"]) == {"torch.float16"}
        for a, b in zip(got["ddp"], got["own"]):
            np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    # the reduced gradient is the mean of the two processes' own float16 gradients (summed in float32)
    for a, l0, l1 in zip(ranks[0]["fp16"]["ddp"], ranks[0]["fp16"]["local"], ranks[1]["fp16"]["local"]):
        expect = ((np.asarray(l0, np.float32) + np.asarray(l1, np.float32)) * 0.5).astype(np.float16)
        np.testing.assert_array_equal(np.asarray(a, np.float16), expect)


def test_weight_unused_in_a_later_step_gets_zero_gradient(ranks):
    """Step 2 leaves `extra` out (MindSpore: zero gradient, reduced with the others): the same weights as one
    process on the global batch; then a step where only rank 0 uses it keeps the processes equal."""
    for res in ranks:
        got = res["unused_later"]
        for name, ref in got["ref"]["w"].items():
            _close(got["dp"]["w"][name], ref)
        assert got["dp"]["ddp_backwards"] == _dp_worker.STEPS
    _close(np.mean([r["unused_later"]["dp"]["losses"] for r in ranks], axis=0),
           ranks[0]["unused_later"]["ref"]["losses"])
    a, b = ranks[0]["unused_later"]["dp"]["w_asym"], ranks[1]["unused_later"]["dp"]["w_asym"]
    for name in a:
        np.testing.assert_array_equal(np.asarray(a[name]), np.asarray(b[name]), err_msg=name)
    assert a["extra"] != ranks[0]["unused_later"]["dp"]["w"]["extra"]

"""mindspore.boost training algorithms against MindSpore 2.10 (tools/reference/gen_boost.py run through the
alias): gradient freezing (GradientFreeze / FreezeOpt / BoostTrainOneStepCell), BoostTrainOneStepCell without
freezing, ParameterProcess, OptimizerProcess and DimReduce — group layouts, losses and weights after a few steps,
error types. BoostTrainOneStepWithLossScaleCell does not run on MindSpore's CPU; it is checked against
nn.TrainOneStepWithLossScaleCell (MindSpore's GPU path is the same step)."""
import pathlib
import runpy

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_boost.py"
REF = load_ref_json("train", "boost")


@pytest.fixture(scope="module")
def mod():
    ms_compat.install()
    try:
        yield runpy.run_path(str(GEN), run_name="gen_boost")
    finally:
        ms_compat.uninstall()


def _close(a, b, tol=1e-5):
    for x, y in zip(a, b):
        np.testing.assert_allclose(np.asarray(x, np.float64), np.asarray(y, np.float64), rtol=tol, atol=tol)
    assert len(a) == len(b)


def test_gradient_freeze_training(mod):
    got, ref = mod["freeze"](), REF["freeze"]
    for k in ("groups", "seq0", "seq1", "strategy", "n_opts", "group_sizes", "step"):
        assert got[k] == ref[k], k
    _close(got["losses"], ref["losses"])
    _close(got["weights"], ref["weights"])


def test_boost_train_one_step_plain(mod):
    got = mod["plain"]()
    assert got["None"]["losses"] == [None, None, None]  # MindSpore 2.10 returns nothing without sens
    for k in ("None", "2.0"):
        if k != "None":
            _close(got[k]["losses"], REF["plain"][k]["losses"])
        _close(got[k]["weights"], REF["plain"][k]["weights"])


def test_parameter_process(mod):
    assert mod["parameter_process"]() == REF["parameter_process"]


def test_optimizer_process_grad_centralization(mod):
    got, ref = mod["optimizer_process"](), REF["optimizer_process"]
    assert got["groups"] == ref["groups"] and got["cls"] == ref["cls"] and got["flat_unchanged"] is True
    _close(got["losses"], ref["losses"])
    _close(got["weights"], ref["weights"])


def test_dim_reduce(mod):
    got, ref = mod["dim_reduce"](), REF["dim_reduce"]
    _close(got["losses"], ref["losses"], 1e-4)
    _close(got["weights"], ref["weights"], 1e-4)
    _close(got["bk"], ref["bk"], 1e-4)
    _close(got["sk"], ref["sk"], 1e-4)


def test_error_types(mod):
    assert mod["errors"]() == REF["errors"]


def _net():
    from ms_compat import nn, Tensor
    net = nn.Dense(4, 2, weight_init=Tensor(np.arange(8, dtype=np.float32).reshape(2, 4) / 10 - 0.3), bias_init="zeros")
    return net, nn.WithLossCell(net, nn.MSELoss())


@pytest.mark.parametrize("inf", [False, True])
def test_loss_scale_cell_steps_like_nn(inf):
    from ms_compat import nn, Tensor, boost
    x = Tensor(np.array([[1.0, 2.0, -1.0, 0.5], [0.2, -0.3, 0.4, 1.5]], np.float32))
    y = Tensor(np.array([[0.5, -0.5], [1.0, np.inf if inf else 0.0]], np.float32))
    outs, weights = [], []
    for cls in (boost.BoostTrainOneStepWithLossScaleCell, nn.TrainOneStepWithLossScaleCell):
        net, wl = _net()
        upd = nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0 ** 10, scale_factor=2, scale_window=2)
        cell = cls(wl, nn.Momentum(net.trainable_params(), 0.1, 0.9), upd)
        outs.append([[float(o.asnumpy()) for o in cell(x, y)] for _ in range(3)])
        weights.append(net.weight.asnumpy())
    assert outs[0] == outs[1]
    np.testing.assert_array_equal(weights[0], weights[1])
    assert all(o[1] == float(inf) for o in outs[0])


def test_unreachable_autoboost_paths_raise():
    from ms_compat import nn, boost
    net, wl = _net()
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    opt.dim_reduce = True
    with pytest.raises(ValueError, match="dim_reduce"):
        boost.BoostTrainOneStepCell(wl, opt)
    with pytest.raises(ValueError, match="rank_size"):
        boost.DimReduce(wl, opt, net.trainable_params(), np.zeros((2, 10), np.float32), 2, 0.5, 0.9, 0.1, 0.4, 0, 2)

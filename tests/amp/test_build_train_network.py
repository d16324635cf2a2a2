"""amp.build_train_network against MindSpore 2.10 (tests/reference_data/amp/api.json)."""
import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import Tensor, amp, nn
from ms_compat.common.dtype import dtype_str
from conftest import load_ref_json, load_ref_npz

from test_amp_levels import LAYERS, find_cell, make_net

API = load_ref_json("amp", "api")
ARR = load_ref_npz("amp", "levels")


def _err(key, fn):
    etype, msg = API["build_errors"][key]
    with pytest.raises(Exception) as e:
        fn()
    assert type(e.value).__name__ == etype
    assert str(e.value) == msg


def test_build_errors():
    net = make_net()
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    loss = nn.MSELoss()
    _err("unknown_kwarg", lambda: amp.build_train_network(net, opt, loss, level="O2", foo=1))
    _err("bad_level", lambda: amp.build_train_network(net, opt, loss, level="O5"))
    _err("level_not_str", lambda: amp.build_train_network(net, opt, loss, level=2))
    _err("bad_boost", lambda: amp.build_train_network(net, opt, loss, boost_level="O3"))
    _err("not_optimizer", lambda: amp.build_train_network(net, object(), loss))
    _err("bad_cast_type", lambda: amp.build_train_network(net, opt, loss, cast_model_type=ms.int32))
    _err("bad_keep_bn", lambda: amp.build_train_network(net, opt, loss, keep_batchnorm_fp32=1))
    _err("bad_manager", lambda: amp.build_train_network(net, opt, loss, loss_scale_manager=3))


@pytest.mark.parametrize("key", ["O0", "O2", "O3", "O2_fixed"])
def test_build_structure_matches_mindspore(key):
    ref = API["build"][key]
    level = key.split("_")[0]
    kw = {"loss_scale_manager": None} if key == "O2" else {}
    if key == "O2_fixed":
        kw = {"loss_scale_manager": amp.FixedLossScaleManager(64.0, False)}
    n = make_net()
    o = nn.Momentum(n.trainable_params(), 0.1, 0.9)
    tr = amp.build_train_network(n, o, nn.MSELoss(), level=level, **kw)
    got = {"class": type(tr).__name__, "children": [type(c).__name__ for c in tr.cells()],
           "training": bool(tr.training), "net_class": type(tr.network).__name__,
           "flags": {l: {k: bool(v) for k, v in find_cell(tr, l).get_flags().items() if k in ("fp16", "fp32", "bf16")}
                     for l in LAYERS},
           "bn_wrapper": type(n.bn).__name__}
    if key == "O2_fixed":
        got["sens"] = float(tr.sens)
    before = n.dense.weight.detach().clone()
    lv = tr(Tensor(ARR["x"]), Tensor(np.zeros((2, 8), np.float32)))
    got["loss_dtype"] = dtype_str(lv.dtype)
    assert got == ref
    assert not torch.equal(before, n.dense.weight.detach())  # the step updated the float32 master weight
    assert n.dense.weight.dtype == torch.float32


def test_o2_default_dynamic_loss_scale_refused_on_cpu():
    """MindSpore 2.10 refuses a loss-scale update cell on device_target CPU (ref o2_default_cpu): so does
    ms_compat, with MindSpore's error (a loss-scaled TrainOneStepWithLossScaleCell built directly still trains)."""
    n = make_net()
    with pytest.raises(ValueError) as e:
        amp.build_train_network(n, nn.Momentum(n.trainable_params(), 0.01, 0.9), nn.MSELoss(), level="O2")
    assert [type(e.value).__name__, str(e.value).strip().splitlines()[0]] == API["build_errors"]["o2_default_cpu"]


def test_build_o1_and_boost_warning():
    n = make_net()
    with pytest.warns(UserWarning, match="boost_level"):
        tr = amp.build_train_network(n, nn.SGD(n.trainable_params()), nn.MSELoss(), level="O1", boost_level="O1")
    assert type(tr).__name__ == "TrainOneStepCell"
    assert n.__dict__["_amp_level"] == "O1"
    lv = tr(Tensor(ARR["x"]), Tensor(np.zeros((2, 8), np.float32)))
    assert lv.dtype == torch.float32


def test_top_level_and_train_exports():
    assert ms.build_train_network is amp.build_train_network
    assert ms.train.build_train_network is amp.build_train_network
    assert ms.FixedLossScaleManager is amp.FixedLossScaleManager
    assert ms.train.LossScaleManager is amp.LossScaleManager


def test_o2_bfloat16_trains_like_float32():
    """O2 bf16 (float32 master weights) follows the float32 loss curve within bf16 accuracy."""
    rng = np.random.default_rng(1)
    x = Tensor(rng.normal(size=(16, 2, 4, 4)).astype(np.float32))
    y = Tensor(rng.uniform(0.05, 0.2, size=(16, 8)).astype(np.float32))
    curves = {}
    for kind in ("fp32", "bf16"):
        n = make_net()
        net = n if kind == "fp32" else amp.auto_mixed_precision(n, "O2", ms.bfloat16)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(n.trainable_params(), 0.5, 0.9))
        step.set_train()
        curves[kind] = [float(step(x, y)) for _ in range(15)]
    a, b = np.array(curves["fp32"]), np.array(curves["bf16"])
    assert a[-1] < 0.5 * a[0] and b[-1] < 0.5 * b[0]
    np.testing.assert_allclose(b, a, rtol=0.02, atol=1e-5)

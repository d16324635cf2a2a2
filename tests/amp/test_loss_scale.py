"""Loss scalers, managers and TrainOneStepWithLossScaleCell against MindSpore 2.10
(tests/reference_data/amp/{scalers,loss_scale_cell,api}.json, tools/reference/gen_amp.py)."""
import math

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import Parameter, Tensor, amp, nn
from ms_compat.common.dtype import dtype_str
from conftest import load_ref_json
from _amp_ref import amp_cases

SC = load_ref_json("amp", "scalers")
LS = load_ref_json("amp", "loss_scale_cell")
API = load_ref_json("amp", "api")


def _err(ref, fn):
    etype, msg = ref
    with pytest.raises(Exception) as e:
        fn()
    assert type(e.value).__name__ == etype
    assert str(e.value) == msg


def test_static_scaler():
    s = amp.StaticLossScaler(1024)
    ref = SC["static"]
    assert float(s.scale(Tensor(1.0))) == ref["scale"]
    un = s.unscale((Tensor(np.array([2048.0], np.float32)), Tensor(np.array([1024.0], np.float32))))
    assert [t.numpy().tolist() for t in un] == ref["unscale"]
    assert s.adjust(Tensor(True)) is ref["adjust"]
    assert [s.scale_value.name, dtype_str(s.scale_value.dtype), float(s.scale_value)] == ref["scale_value"]
    assert [dtype_str(t.dtype) for t in s.unscale((Tensor(np.array([1.0], np.float16)),))] == ref["fp16_unscale"]


def test_dynamic_scaler_sequence():
    d = amp.DynamicLossScaler(1024, 2, 2)
    seq = []
    for fin in [True, True, False, True, False, False, True, True, True]:
        r = d.adjust(Tensor(fin))
        seq.append([float(d.scale_value), int(d.counter), bool(r)])
    assert seq == SC["dynamic_seq"]
    assert [d.scale_value.name, dtype_str(d.scale_value.dtype), d.counter.name, dtype_str(d.counter.dtype)] == \
        SC["dynamic_params"]
    small = amp.DynamicLossScaler(1, 2, 1)
    small.adjust(Tensor(False))
    assert float(small.scale_value) == SC["dynamic_floor"]
    big = amp.DynamicLossScaler(2.0 ** 127, 2, 1)
    big.adjust(Tensor(True))
    assert float(big.scale_value) == SC["dynamic_inf_guard"]


def test_scaler_parameters_print_as_mindspore():
    """MindSpore's scale_value / counter Parameters require grad (the default): they print
    ``requires_grad=True``; scaling still records no graph through them."""
    s, d = amp.StaticLossScaler(1024), amp.DynamicLossScaler(1024, 2, 2)
    ref = SC["reprs"]
    assert [repr(s.scale_value), repr(d.scale_value), repr(d.counter)] == \
        [ref["static_scale_value"], ref["dynamic_scale_value"], ref["dynamic_counter"]]
    # (the int32 counter's .requires_grad reads False in ms_compat: torch has no grad for ints; its repr is MindSpore's)
    assert [s.scale_value.requires_grad, d.scale_value.requires_grad] == ref["requires_grad"][:2]
    x = Tensor(np.array([1.0, 2.0], np.float32))
    assert not d.scale(x).requires_grad and not d.unscale(x).requires_grad
    d.adjust(Tensor(True))
    assert int(d.counter) == 1 and d.scale_value.grad is None


@pytest.mark.parametrize("key,fn", [
    ("static_lt1", lambda: amp.StaticLossScaler(0.5)), ("static_str", lambda: amp.StaticLossScaler("2")),
    ("dyn_lt1", lambda: amp.DynamicLossScaler(0.5, 2, 2)), ("dyn_window0", lambda: amp.DynamicLossScaler(2, 2, 0)),
    ("dyn_factor_float", lambda: amp.DynamicLossScaler(2, 2.0, 2))])
def test_scaler_errors(key, fn):
    _err(SC["errors"][key], fn)


def test_all_finite():
    ref = SC["all_finite"]
    assert bool(amp.all_finite((Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0], np.float32))))) \
        is ref["finite"]
    assert bool(amp.all_finite((Tensor(np.array([1.0, np.inf], np.float32)),))) is ref["inf"]
    assert bool(amp.all_finite([Tensor(np.array([np.nan], np.float16)), Tensor(np.array([1.0], np.float32))])) \
        is ref["nan"]
    r = amp.all_finite((Tensor(np.array([1.0], np.float32)),))
    assert [type(r).__name__, dtype_str(r.dtype), list(r.shape)] == ref["type"]
    with pytest.warns(DeprecationWarning):
        st = amp.init_status()
    assert bool(amp.all_finite((Tensor(np.array([1.0])),), st))


def test_managers():
    ref = API["managers"]
    f = amp.FixedLossScaleManager()
    assert [f.get_loss_scale(), f.get_drop_overflow_update(), type(f.get_update_cell()).__name__] == ref["fixed"]
    assert amp.FixedLossScaleManager(128.0, False).get_update_cell() is None
    d = amp.DynamicLossScaleManager()
    assert [d.get_loss_scale(), d.get_drop_overflow_update(), type(d.get_update_cell()).__name__] == ref["dynamic"]
    _err(ref["fixed_err"], lambda: amp.FixedLossScaleManager(0.5))
    _err(ref["dyn_err_scale"], lambda: amp.DynamicLossScaleManager(0.5))
    _err(ref["dyn_err_window"], lambda: amp.DynamicLossScaleManager(scale_window=0))
    _err(ref["dyn_err_factor"], lambda: amp.DynamicLossScaleManager(scale_factor=0))
    same = [ms.DynamicLossScaleManager is amp.DynamicLossScaleManager,
            ms.train.DynamicLossScaleManager is amp.DynamicLossScaleManager, hasattr(ms.nn, "DynamicLossScaleManager")]
    assert same == ref["same_object"][:3]
    d = amp.DynamicLossScaleManager(1024, 2, 3)
    seq = []
    for ov in [False, True, False, False, False, False, True, True]:
        d.update_loss_scale(ov)
        seq.append(d.get_loss_scale())
    assert seq == API["manager_update_seq"]


def test_update_cell_sequence():
    u = nn.DynamicLossScaleUpdateCell(loss_scale_value=4.0, scale_factor=2, scale_window=2)
    scale = Parameter(Tensor(np.float32(4.0)), name="s", requires_grad=False)
    seq = []
    for ov in [False, False, True, True, True, True, False, False, False]:
        r = u(scale, Tensor(ov))
        seq.append([float(scale), bool(r)])
    assert seq == LS["update_cell_seq"]
    assert [p.name for p in u.get_parameters()] == LS["update_cell_params"]


LinNet = amp_cases.LinNet
XS = amp_cases.LOSS_SCALE_XS


@pytest.mark.parametrize("kind", ["dynamic", "fixed_cell", "tensor"])
def test_train_one_step_with_loss_scale_matches_mindspore(kind):
    """Forced overflows (inf input, 1e36 * scale > float32 max): update skipped, scale lowered, raised
    again after scale_window clean steps — the exact MindSpore sequence of (loss, overflow, scale, w)."""
    net = LinNet()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    sense = amp_cases.loss_scale_sense(kind)
    tr = nn.TrainOneStepWithLossScaleCell(net, opt, scale_sense=sense)
    tr.set_train()
    for x, ref in zip(XS, LS[kind]):
        loss, ov, sc = tr(Tensor(np.array(x, np.float32)))
        assert isinstance(ov, Tensor) and ov.dtype == torch.bool and ov.shape == ()
        assert bool(ov) is ref["overflow"]
        assert float(sc) == ref["scale"] and list(sc.shape) == ref["scale_shape"]
        lv = float(loss)
        assert (math.isinf(lv) and math.isinf(ref["loss"])) or lv == pytest.approx(ref["loss"], rel=1e-6)
        np.testing.assert_allclose(net.w.detach().numpy(), ref["w"], rtol=1e-6, atol=1e-7)
    if kind == "dynamic":
        assert [int(sense.cur_iter), int(sense.last_overflow_iter), sense.get_loss_scale()] == LS["dynamic_state"]
        assert [p.name for p in tr.get_parameters()] == LS["param_names"]


def test_loss_scale_cell_errors_and_set_sense():
    net = LinNet()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    _err(LS["errors"]["bad_shape"], lambda: nn.TrainOneStepWithLossScaleCell(net, opt, Tensor(np.ones(2, np.float32))))
    _err(LS["errors"]["bad_type"], lambda: nn.TrainOneStepWithLossScaleCell(net, opt, 3.0))
    tr = nn.TrainOneStepWithLossScaleCell(net, opt, Tensor(np.float32(8.0)))
    tr.set_sense_scale(Tensor(np.float32(16.0)))
    assert float(tr.scale_sense) == LS["set_sense_scale"]
    _err(LS["set_sense_err"], lambda: tr.set_sense_scale(2.0))


def test_loss_scale_with_float16_network_trains():
    """to_float(float16) network + dynamic loss scale: the scale backs off from 2**24 until fp16
    gradients are finite, then the loss goes down (no NaN reaches the float32 master weights)."""
    torch.manual_seed(0)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.full((4, 1), 0.5, np.float32)), name="w")

        def construct(self, x, y):
            return (((x @ self.w) - y) ** 2).mean()
    net = Net()
    net.to_float(ms.float16)
    opt = nn.SGD(net.trainable_params(), learning_rate=0.05)
    mgr = amp.DynamicLossScaleManager(2 ** 24, 2, 50)
    tr = nn.TrainOneStepWithLossScaleCell(net, opt, scale_sense=mgr.get_update_cell())
    x = Tensor(np.random.default_rng(0).normal(size=(16, 4)).astype(np.float32))
    y = Tensor(np.ones((16, 1), np.float32))
    losses, overflows = [], []
    for _ in range(30):
        loss, ov, sc = tr(x, y)
        losses.append(float(loss))
        overflows.append(bool(ov))
    assert overflows[0] and not overflows[-1]
    assert float(sc) < 2 ** 24
    assert torch.isfinite(net.w).all() and net.w.dtype == torch.float32
    finite = [l for l, o in zip(losses, overflows) if not o]
    assert finite[-1] < finite[0]


@pytest.mark.cuda
def test_train_one_step_with_loss_scale_on_cuda():
    net = LinNet().to("cuda")
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    sense = nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0 ** 10, scale_factor=2, scale_window=3)
    tr = nn.TrainOneStepWithLossScaleCell(net, opt, scale_sense=sense).to("cuda")
    tr.set_train()
    for x, ref in zip(XS, LS["dynamic"]):
        loss, ov, sc = tr(Tensor(np.array(x, np.float32)).to("cuda"))
        assert bool(ov) is ref["overflow"] and float(sc) == ref["scale"]
        np.testing.assert_allclose(net.w.detach().cpu().numpy(), ref["w"], rtol=1e-6, atol=1e-7)

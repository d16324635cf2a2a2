"""WithLossCell / TrainOneStepCell / WithGradCell / ForwardValueAndGrad / WithEvalCell against real
MindSpore 2.10: a two-layer net trained 5 steps with four optimizers (tools/reference/gen_optim.py)."""
import numpy as np
import pytest
import torch

from conftest import load_ref_json, load_ref_npz

import ms_compat.nn as nn
from ms_compat import Parameter, Tensor

META = load_ref_json("optim", "train")
ARR = load_ref_npz("optim", "train")


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w1 = Parameter(Tensor(ARR["w1"]), name="w1")
        self.b1 = Parameter(Tensor(ARR["b1"]), name="b1")
        self.w2 = Parameter(Tensor(ARR["w2"]), name="w2")
        self.b2 = Parameter(Tensor(ARR["b2"]), name="b2")

    def construct(self, x):
        h = torch.relu(torch.matmul(x, self.w1.T) + self.b1)
        return torch.matmul(h, self.w2.T) + self.b2


def loss_fn():
    return nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")


TRAIN = {
    "momentum": (lambda n: nn.Momentum(n.trainable_params(), 0.1, 0.9), None),
    "adam_sens": (lambda n: nn.Adam(n.trainable_params(), 0.01, weight_decay=0.01), 2.0),
    "adamwd": (lambda n: nn.AdamWeightDecay(n.trainable_params(), 0.01, weight_decay=0.1), None),
    "rmsprop_ls": (lambda n: nn.RMSProp(n.trainable_params(), 0.01, loss_scale=8.0), 8.0),
}
X, Y = Tensor(ARR["x"]), Tensor(ARR["y"])


@pytest.mark.parametrize("name", sorted(TRAIN))
def test_train_one_step_trajectory(name):
    mk, sens = TRAIN[name]
    net = Net()
    loss_net = nn.WithLossCell(net, loss_fn())
    step = nn.TrainOneStepCell(loss_net, mk(net), sens=sens)
    step.set_train()
    losses = [float(step(X, Y).asnumpy()) for _ in range(5)]
    np.testing.assert_allclose(losses, META[name]["losses"], rtol=1e-4, atol=1e-5)
    assert [p.name for p in step.get_parameters()] == META[name]["names"]
    assert [p.name for p in loss_net.get_parameters()] == META[name]["loss_net_names"]
    for p in net.get_parameters():
        np.testing.assert_allclose(p.asnumpy(), ARR[f"{name}/{p.name}"], rtol=1e-4, atol=1e-5)
        assert p.grad is None  # gradients are returned, never accumulated


def test_return_grad():
    net = Net()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn()), nn.SGD(net.trainable_params(), 0.1), return_grad=True)
    loss, grads = step(X, Y)
    np.testing.assert_allclose(float(loss), META["return_grad"]["loss"], rtol=1e-5)
    assert list(grads) == META["return_grad"]["keys"]
    for k, g in grads.items():
        np.testing.assert_allclose(g.asnumpy(), ARR[f"return_grad/{k}"], rtol=1e-3, atol=1e-5)


def test_with_grad_cell_and_forward_value_and_grad():
    net = Net()
    wg = nn.WithGradCell(net, loss_fn())
    for p, g in zip(net.trainable_params(), wg(X, Y)):
        np.testing.assert_allclose(g.asnumpy(), ARR[f"withgrad/{p.name}"], rtol=1e-3, atol=1e-5)
    fvg = nn.ForwardValueAndGrad(nn.WithLossCell(net, loss_fn()), weights=net.trainable_params(), get_by_list=True)
    loss, gs = fvg(X, Y)
    np.testing.assert_allclose(float(loss), META["fvg_loss"], rtol=1e-5)
    for p, g in zip(net.trainable_params(), gs):
        np.testing.assert_allclose(g.asnumpy(), ARR[f"fvg/{p.name}"], rtol=1e-3, atol=1e-5)
    loss, out, lab = nn.WithEvalCell(net, loss_fn())(X, Y)
    np.testing.assert_allclose(loss.asnumpy(), META["eval_loss"], rtol=1e-5)
    assert out.shape == (8, 3) and lab is Y


def test_sens_zero_error_and_names_unchanged():
    etype, msg = META["sens_zero"]
    net = Net()
    with pytest.raises(ValueError, match="can not be 0"):
        nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn()), nn.SGD(net.trainable_params()), sens=0)
    assert etype == "ValueError"
    wl = nn.WithLossCell(net, loss_fn())
    assert wl.backbone_network is net
    assert [p.name for p in wl.get_parameters()] == ["w1", "b1", "w2", "b2"]


def test_unused_and_frozen_weights_get_zero_grads():
    net = Net()
    extra = Parameter(Tensor(np.ones(2, np.float32)), name="unused")
    net.b2.requires_grad = False
    opt = nn.SGD([net.w1, net.b1, net.w2, net.b2, extra], 0.1)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn()), opt, return_grad=True)
    _, grads = step(X, Y)
    assert float(grads["unused"].abs().sum()) == 0.0 and float(grads["b2"].abs().sum()) == 0.0
    np.testing.assert_array_equal(net.b2.asnumpy(), ARR["b2"])


class _Clip(nn.TrainOneStepCell):
    """Subclassing point: change how gradients are applied."""

    def apply_gradients(self, grads):
        return super().apply_gradients(tuple(g.clamp(-1e-3, 1e-3) for g in grads))


def test_train_one_step_subclass_hook():
    net = Net()
    step = _Clip(nn.WithLossCell(net, loss_fn()), nn.SGD(net.trainable_params(), 1.0))
    step(X, Y)
    assert np.abs(net.w1.asnumpy() - ARR["w1"]).max() <= 1e-3 + 1e-7


def test_train_one_step_in_graph_mode_matches_pynative():
    """GRAPH_MODE compiles the training cell with torch.compile; the gradient computation and the
    in-place optimizer update run eagerly at graph breaks, giving the same trajectory."""
    import ms_compat as ms
    losses = []
    try:
        for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
            ms.set_context(mode=mode)
            net = nn.SequentialCell([nn.Dense(5, 6, weight_init=Tensor(ARR["w1"]), bias_init=Tensor(ARR["b1"])),
                                     nn.ReLU(),
                                     nn.Dense(6, 3, weight_init=Tensor(ARR["w2"]), bias_init=Tensor(ARR["b2"]))])
            step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn()), nn.Adam(net.trainable_params(), 0.01))
            step.set_train()
            losses.append([float(step(X, Y).asnumpy()) for _ in range(3)])
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(losses[1], losses[0], rtol=1e-5)
    np.testing.assert_allclose(losses[0][0], META["adam_sens"]["losses"][0], rtol=1e-5)  # same start as MindSpore


def test_train_one_step_with_tuple_output_differentiates_the_sum():
    class TwoOut(nn.Cell):
        def __init__(self, net):
            super().__init__(auto_prefix=False)
            self.net = net
            self.loss = loss_fn()

        def construct(self, x, y):
            out = self.net(x)
            return self.loss(out, y), out.sum() * 0.0 + 1.0  # second output constant w.r.t. weights

    net = Net()
    step = nn.TrainOneStepCell(TwoOut(net), nn.SGD(net.trainable_params(), 0.1), return_grad=True)
    (loss, aux), grads = step(X, Y)
    np.testing.assert_allclose(float(loss.asnumpy()), META["return_grad"]["loss"], rtol=1e-5)
    for k, g in grads.items():
        np.testing.assert_allclose(g.asnumpy(), ARR[f"return_grad/{k}"], rtol=1e-3, atol=1e-5)

"""Plain PyTorch modules inside Cells, and Cells inside PyTorch models (gradual porting)."""
import copy
import io
import os

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import nn
from interop.darts_twins import LayerNormNoBias, RINorm, RMSNorm


class Block(nn.Cell):
    """A MindSpore block holding the three darts-style torch modules."""

    def __init__(self, torch_norms=True):
        super().__init__()
        self.dense = nn.Dense(4, 4)
        self.rms = RMSNorm(4) if torch_norms else nn.LayerNorm((4,))
        self.lnnb = LayerNormNoBias(4)
        self.rin = RINorm(4)
        self.out = nn.Dense(4, 2)

    def construct(self, x):
        h = self.rin(x)
        h = self.lnnb(self.rms(self.dense(h)))
        return self.out(h)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.block = Block()

    def construct(self, x):
        return self.block(x)


def _x(seed=0):
    return ms.Tensor(np.random.default_rng(seed).standard_normal((2, 5, 4)).astype(np.float32))


def test_torch_children_parameters_have_mindspore_names():
    net = Net()
    names = [p.name for p in net.get_parameters()]
    assert names == ["block.dense.weight", "block.dense.bias", "block.rms.scale", "block.lnnb.weight",
                     "block.rin.affine_weight", "block.rin.affine_bias", "block.out.weight", "block.out.bias"]
    assert [p.name for p in net.trainable_params()] == names
    assert list(net.parameters_dict()) == names
    assert [k for k, _ in net.parameters_and_names()] == names
    assert all(isinstance(p, ms.Parameter) and isinstance(p, torch.nn.Parameter) for p in net.get_parameters())


def test_torch_child_keeps_pytorch_semantics_inside():
    seen = {}

    class Probe(torch.nn.Module):
        def forward(self, x):
            seen["type"] = type(x)
            seen["std"] = float(x.std())  # torch: unbiased
            seen["tile"] = tuple(x.repeat(2, 1).shape)  # torch: tiling
            return x

    class C(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Probe()

        def construct(self, x):
            return self.p(x)

    x = ms.Tensor(np.array([[1.0, 2.0, 3.0, 4.0]], np.float32))
    out = C()(x)
    assert seen["type"] is torch.Tensor
    assert seen["std"] == pytest.approx(float(np.std([1, 2, 3, 4], ddof=1)), rel=1e-6)
    assert seen["tile"] == (2, 4)
    assert isinstance(out, ms.Tensor) and out.size == 4  # back in MindSpore semantics


def test_set_train_switches_torch_children_and_back():
    net = Net()
    assert not net.block.rms.training
    net.set_train()
    assert net.block.rms.training and net.block.rin.training
    net.set_train(False)
    assert not net.block.lnnb.training


def test_mindspore_optimizer_and_trainonestepcell_train_torch_children():
    net = Net()
    x = _x()
    y = ms.Tensor(np.random.default_rng(1).standard_normal((2, 5, 2)).astype(np.float32))
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    step = nn.TrainOneStepCell(loss_net, nn.Momentum(net.trainable_params(), 0.1, 0.9))
    step.set_train()
    before = net.block.rms.scale.detach().clone()
    losses = [float(step(x, y).asnumpy()) for _ in range(5)]
    assert losses[-1] < losses[0]
    assert not torch.equal(before, net.block.rms.scale.detach())


def test_training_equals_all_torch_model_with_same_weights():
    """Mixed tree trained with a MindSpore optimizer == the same architecture in plain torch with SGD."""
    net = Net()

    class TorchTwin(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.dense = torch.nn.Linear(4, 4)
            self.rms, self.lnnb, self.rin = RMSNorm(4), LayerNormNoBias(4), RINorm(4)
            self.out = torch.nn.Linear(4, 2)

        def forward(self, x):
            return self.out(self.lnnb(self.rms(self.dense(self.rin(x)))))

    twin = TorchTwin()
    with torch.no_grad():
        for p, q in zip(net.get_parameters(), twin.parameters()):
            q.copy_(p.detach().as_subclass(torch.Tensor))
    x = _x()
    y = np.random.default_rng(1).standard_normal((2, 5, 2)).astype(np.float32)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1))
    step.set_train()
    opt = torch.optim.SGD(twin.parameters(), lr=0.1)
    xt, yt = torch.from_numpy(x.asnumpy()), torch.from_numpy(y)
    for _ in range(3):
        a = float(step(x, ms.Tensor(y)).asnumpy())
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(twin(xt), yt)
        loss.backward()
        opt.step()
        assert a == pytest.approx(float(loss), rel=1e-5)
    for p, q in zip(net.get_parameters(), twin.parameters()):
        np.testing.assert_allclose(p.asnumpy(), q.detach().numpy(), rtol=1e-5, atol=1e-6)


def test_checkpoint_round_trip_includes_torch_children(tmp_path):
    net = Net()
    f = str(tmp_path / "mixed.ckpt")
    ms.save_checkpoint(net, f)
    other = Net()
    pd = ms.load_checkpoint(f)
    assert "block.rms.scale" in pd and "block.rin.affine_bias" in pd
    not_loaded, _ = ms.load_param_into_net(other, pd)
    assert not_loaded == []
    for p, q in zip(net.get_parameters(), other.get_parameters()):
        np.testing.assert_array_equal(p.asnumpy(), q.asnumpy())


def test_hooks_to_float_and_recompute_cover_torch_children():
    net = Net()
    x = _x()
    calls = []
    h = net.block.register_forward_hook(lambda c, a, o: calls.append(o.dtype))
    ref = net(x).asnumpy()
    h.remove()
    assert calls == [torch.float32]
    # to_float: the MindSpore ops inside the cell run in float16; the torch child runs under PyTorch rules
    net.block.to_float(ms.float16)
    out = net(x)
    assert out.dtype == torch.float16
    np.testing.assert_allclose(out.asnumpy().astype(np.float32), ref, rtol=5e-2, atol=5e-2)
    # recompute on a block holding torch modules: same gradients
    net2, net3 = Net(), Net()
    net3.load_state_dict(net2.state_dict())
    net3.block.recompute()
    for n in (net2, net3):
        n.set_train()
    g2 = ms.grad(lambda x: net2(x).sum(), None, net2.trainable_params())(x)
    g3 = ms.grad(lambda x: net3(x).sum(), None, net3.trainable_params())(x)
    for a, b in zip(g2, g3):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-6, atol=1e-7)


def test_rinorm_inverse_through_cell():
    class Forecast(nn.Cell):
        def __init__(self):
            super().__init__()
            self.norm = RINorm(4, affine=True)
            self.proj = nn.Dense(4, 4)

        def construct(self, x):
            return self.norm.inverse(self.proj(self.norm(x)))

    f = Forecast()
    x = _x()
    out = f(x)
    assert tuple(out.shape) == (2, 5, 4)
    with torch.no_grad():
        f.proj.weight.copy_(torch.eye(4))
        f.proj.bias.zero_()
    np.testing.assert_allclose(f(x).asnumpy(), x.asnumpy(), rtol=1e-4, atol=1e-4)


# ---------------------------------------------------------------- Cells inside PyTorch models
def _torch_model():
    return torch.nn.Sequential(torch.nn.Linear(4, 4), Block(torch_norms=False), torch.nn.Tanh())


def test_cell_inside_torch_sequential_trains_with_torch_optim():
    model = _torch_model()
    model.train()
    assert model[1].training and model[1].dense.training  # model.train() reaches the Cell
    x = torch.randn(2, 5, 4)
    y = torch.randn(2, 5, 2)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    losses = []
    for _ in range(5):
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        losses.append(float(loss))
    assert losses[-1] < losses[0]
    model.eval()
    assert not model[1].dense.training


def test_cell_inside_torch_state_dict_save_load_and_to():
    model = _torch_model()
    buf = io.BytesIO()
    torch.save(model.state_dict(), buf)
    buf.seek(0)
    sd = torch.load(buf, weights_only=True)
    assert "1.dense.weight" in sd and all(type(v) is torch.Tensor for v in sd.values())
    other = _torch_model()
    other.load_state_dict(sd)
    x = torch.randn(2, 5, 4)
    np.testing.assert_allclose(other(x).detach().numpy(), model(x).detach().numpy(), rtol=1e-6)
    model.to(torch.float64)
    assert model[1].dense.weight.dtype == torch.float64
    assert model(x.double()).dtype == torch.float64


_DDP_SCRIPT = """
import datetime, torch, torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP
from interop.test_mixed_trees import _torch_model
# an in-memory store: no TCP rendezvous to wait on; every collective bounded by the timeout
dist.init_process_group("gloo", store=dist.HashStore(), rank=0, world_size=1,
                        timeout=datetime.timedelta(seconds=60))
try:
    model = DDP(_torch_model())
    model(torch.randn(2, 5, 4)).sum().backward()
    assert model.module[1].dense.weight.grad is not None
    print("DDP-OK")
finally:
    dist.destroy_process_group()
"""


def test_cell_in_ddp_single_process_gloo():
    """A Cell inside plain DistributedDataParallel (gloo, one process). Run in its own interpreter
    with a deadline, so a stuck collective fails this test instead of stalling the suite."""
    import subprocess
    import sys
    tests_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([tests_dir, os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.run([sys.executable, "-c", _DDP_SCRIPT], env=env, capture_output=True, text=True,
                          timeout=240)
    assert proc.returncode == 0 and "DDP-OK" in proc.stdout, proc.stderr[-3000:]

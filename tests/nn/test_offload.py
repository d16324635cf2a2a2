"""Cell.offload on torch.autograd.graph.save_on_cpu."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F

from conftest import load_ref_json
from ms_compat import nn, Parameter, Tensor

REF = load_ref_json("hooks", "hooks")["recompute"]
D = 32


class Block(nn.Cell):
    def __init__(self, seed):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.w1 = Parameter(Tensor((torch.randn(D, 4 * D, generator=g) / D ** 0.5).numpy()), name="w1")
        self.w2 = Parameter(Tensor((torch.randn(4 * D, D, generator=g) / (4 * D) ** 0.5).numpy()), name="w2")

    def construct(self, x):
        return x + F.gelu(x @ self.w1) @ self.w2


class Stack(nn.Cell):
    def __init__(self, n=8):
        super().__init__()
        self.blocks = torch.nn.ModuleList([Block(i) for i in range(n)])

    def construct(self, x):
        for b in self.blocks:
            x = b(x)
        return x


def test_argument_rules_match_mindspore():
    assert repr(Stack(1).offload()) == REF["offload_ret"]
    assert REF["offload_int"] is None and Stack(1).offload(3) is None
    for key, arg in [("offload_neg", -1), ("offload_str", "x")]:
        etype, msg = REF[key]
        with pytest.raises(ValueError) as ei:
            Stack(1).offload(arg)
        assert etype == "ValueError"
        assert str(ei.value) == msg.replace("'Net'", "'Stack'")


class _CountingSaveOnCpu(torch.autograd.graph.save_on_cpu):
    """save_on_cpu that records the device each saved tensor came from and went to."""

    log = []

    def __init__(self, pin_memory=False, device_type="cuda"):
        super().__init__(pin_memory, device_type)
        pack, unpack = self.pack_hook, self.unpack_hook

        def counting_pack(t):
            packed = pack(t)
            _CountingSaveOnCpu.log.append((t.device.type, packed[1].device.type, t.nbytes))
            return packed

        self.pack_hook = counting_pack


def _device_saved_bytes(net, x):
    """Bytes saved for backward that stay with autograd on the compute device (outer hooks see
    only what no inner offload hook took), parameters excluded."""
    params = {p.data_ptr() for p in net.get_parameters()}
    total = [0]

    def pack(t):
        if t.data_ptr() not in params:
            total[0] += t.nbytes
        return t

    x = x.clone().requires_grad_(True)
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = net(x)
    out.square().sum().backward()
    return total[0], x.grad, [p.grad for p in net.get_parameters()]


def test_saved_activations_leave_the_compute_device(monkeypatch):
    monkeypatch.setattr(torch.autograd.graph, "save_on_cpu", _CountingSaveOnCpu)
    _CountingSaveOnCpu.log.clear()
    x = torch.randn(16, D)
    plain_bytes, gx0, gp0 = _device_saved_bytes(Stack(), x)
    net = Stack()
    for b in net.blocks:
        assert b.offload() is None
    off_bytes, gx1, gp1 = _device_saved_bytes(net, x)
    assert plain_bytes > 0
    assert off_bytes <= 0.05 * plain_bytes, (plain_bytes, off_bytes)
    log = _CountingSaveOnCpu.log
    assert log and all(dst == "cpu" for _, dst, _ in log)
    assert sum(n for src, _, n in log if src == x.device.type) >= 0.95 * plain_bytes
    torch.testing.assert_close(gx0, gx1)
    torch.testing.assert_close(gp0, gp1)


def test_no_grad_and_with_recompute():
    x = torch.randn(4, D)
    net = Stack(2)
    net.offload()
    with torch.no_grad():
        torch.testing.assert_close(net(x), Stack(2)(x))
    net.blocks[0].recompute()
    _, gx1, gp1 = _device_saved_bytes(net, x)
    _, gx0, gp0 = _device_saved_bytes(Stack(2), x)
    torch.testing.assert_close(gx0, gx1)
    torch.testing.assert_close(gp0, gp1)


@pytest.mark.cuda
def test_cuda_saved_activations_move_to_host():
    dev = torch.device("cuda")
    x = torch.randn(256, D, device=dev)

    def run(offload):
        net = Stack().to(dev)
        if offload:
            for b in net.blocks:
                b.offload()
        torch.cuda.synchronize()
        base = torch.cuda.memory_allocated()
        xx = x.clone().requires_grad_(True)
        out = net(xx)
        held = torch.cuda.memory_allocated() - base
        out.square().sum().backward()
        return held, xx.grad.cpu()

    held0, g0 = run(False)
    held1, g1 = run(True)
    assert held1 < 0.5 * held0, (held0, held1)
    torch.testing.assert_close(g0, g1)

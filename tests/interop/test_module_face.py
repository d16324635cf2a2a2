"""A Cell is a full ``torch.nn.Module``: every ``torch.nn.Module`` method listed in seed 004 is called
on a Cell — and on a Cell holding a plain torch child — and checked against PyTorch's documented result.
Names with two meanings (train/set_train, state_dict keys, compile, apply, to_float vs half) are tested
in both directions."""
import io
import json
import pathlib

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import nn
from interop.darts_twins import RMSNorm

SEED = json.loads((pathlib.Path(__file__).resolve().parent.parent / "conformance" / "seed_methods.json").read_text())


class Leaf(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.full((3, 3), 0.5, np.float32)))
        self.register_buffer("count", ms.Tensor(np.zeros(1, np.float32)))

    def construct(self, x):
        return x @ self.w


class Net(nn.Cell):
    def __init__(self, torch_child=False):
        super().__init__()
        self.leaf = Leaf()
        self.norm = RMSNorm(3) if torch_child else Leaf()

    def construct(self, x):
        return self.norm(self.leaf(x))


def _x():
    return ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def check(name, net):
    """Call Module.<name> on net and check PyTorch's documented result."""
    x = _x()
    if name == "add_module" or name == "register_module":
        getattr(net, name)("extra", torch.nn.Identity())
        assert dict(net.named_children())["extra"] is net.extra
    elif name == "apply":
        seen = []
        assert net.apply(lambda m: seen.append(m)) is net
        assert seen[-1] is net and len(seen) == len(list(net.modules()))
    elif name in ("bfloat16", "half", "float", "double"):
        dt = {"bfloat16": torch.bfloat16, "half": torch.float16, "float": torch.float32, "double": torch.float64}
        assert getattr(net, name)() is net
        assert all(p.dtype == dt[name] for p in net.parameters())
        assert all(isinstance(p, ms.Parameter) for p in net.parameters())  # names survive casts
        net.float()
    elif name == "buffers":
        assert [tuple(b.shape) for b in net.buffers()][0] == (1,)
    elif name == "named_buffers":
        assert [k for k, _ in net.named_buffers()][0] == "leaf.count"
    elif name == "children":
        assert list(net.children()) == [net.leaf, net.norm]
    elif name == "named_children":
        assert [k for k, _ in net.named_children()] == ["leaf", "norm"]
    elif name == "modules":
        assert list(net.modules())[0] is net
    elif name == "named_modules":
        assert [k for k, _ in net.named_modules()][:2] == ["", "leaf"]
    elif name == "parameters":
        assert len(list(net.parameters())) == 2
    elif name == "named_parameters":
        keys = [k for k, _ in net.named_parameters()]
        assert keys[0] == "leaf.w" and keys[1].startswith("norm.")
    elif name == "compile":
        # torch form: Module.compile(**torch.compile kwargs) compiles in place, returns None
        c = Net()
        assert c.compile(backend="eager") is None
        np.testing.assert_allclose(c(x).asnumpy(), Net()(x).asnumpy(), rtol=1e-6)
    elif name == "cpu":
        assert net.cpu() is net
    elif name in ("cuda", "ipu", "xpu", "mtia"):
        assert callable(getattr(net, name))
        if name == "cuda" and torch.cuda.is_available():
            assert net.cuda() is net
            net.cpu()
    elif name == "eval":
        net.set_train(True)
        assert net.eval() is net and not net.training and not net.leaf.training and not net.norm.training
    elif name == "train":
        assert net.train() is net and net.training and net.leaf.training and net.norm.training
        assert net.get_flags()["training"] is True  # MindSpore face agrees
        net.set_train(False)
        assert not net.norm.training
    elif name == "extra_repr":
        assert net.extra_repr() == net.extend_repr() == ""
    elif name == "forward":
        np.testing.assert_allclose(net.forward(x).asnumpy(), net(x).asnumpy())
    elif name == "get_buffer":
        assert net.get_buffer("leaf.count") is net.leaf.count
    elif name == "get_extra_state" or name == "set_extra_state":
        with pytest.raises(RuntimeError):
            getattr(net, name)(*(() if name == "get_extra_state" else (1,)))
    elif name == "get_parameter":
        assert net.get_parameter("leaf.w") is net.leaf.w
    elif name == "get_submodule":
        assert net.get_submodule("leaf") is net.leaf
    elif name == "set_submodule":
        new = Leaf()
        net.set_submodule("leaf", new)
        assert net.leaf is new
    elif name == "load_state_dict":
        sd = {k: torch.zeros_like(v) for k, v in net.state_dict().items()}
        res = net.load_state_dict(sd)
        assert not res.missing_keys and float(net.leaf.w.sum()) == 0.0
        sd2 = {k: torch.ones_like(v) for k, v in net.state_dict().items()}
        net.load_state_dict(sd2, assign=True)
        assert float(net.leaf.w.sum()) == 9.0 and isinstance(net.leaf.w, torch.nn.Parameter)
    elif name == "state_dict":
        sd = net.state_dict()
        assert list(sd)[:2] == ["leaf.w", "leaf.count"]
        assert all(type(v) is torch.Tensor for v in sd.values())  # plain tensors: torch.load(weights_only)
        buf = io.BytesIO()
        torch.save(sd, buf)
        buf.seek(0)
        back = torch.load(buf, weights_only=True)
        assert torch.equal(back["leaf.w"], sd["leaf.w"])
    elif name in ("register_forward_hook", "register_forward_pre_hook"):
        calls = []
        fn = (lambda m, a, o: calls.append(1)) if name == "register_forward_hook" else (lambda m, a: calls.append(1))
        h = getattr(net, name)(fn)
        net(x)
        h.remove()
        net(x)
        assert calls == [1]
    elif name in ("register_full_backward_hook", "register_backward_hook", "register_full_backward_pre_hook"):
        calls = []
        fn = (lambda m, go: calls.append(1)) if name == "register_full_backward_pre_hook" \
            else (lambda m, gi, go: calls.append(1))
        h = getattr(net, name)(fn)
        xx = _x().requires_grad_()
        net(xx).sum().backward()
        h.remove()
        assert calls == [1]
    elif name in ("register_state_dict_pre_hook", "register_state_dict_post_hook",
                  "register_load_state_dict_pre_hook", "register_load_state_dict_post_hook"):
        calls = []
        h = getattr(net, name)(lambda *a, **k: calls.append(1))
        sd = net.state_dict()
        net.load_state_dict(sd)
        h.remove()
        assert calls
    elif name == "register_buffer":
        net.register_buffer("nb", torch.ones(2), persistent=False)
        assert "nb" not in net.state_dict() and net.nb.shape == (2,)
    elif name == "register_parameter":
        net.register_parameter("extra_p", torch.nn.Parameter(torch.ones(2)))
        assert "extra_p" in dict(net.named_parameters())
    elif name == "requires_grad_":
        assert net.requires_grad_(False) is net
        assert not any(p.requires_grad for p in net.parameters())
        net.requires_grad_(True)
    elif name == "share_memory":
        assert net.share_memory() is net
    elif name == "to":
        assert net.to(torch.float64) is net and net.leaf.w.dtype == torch.float64
        assert net.leaf.w.name == "leaf.w"
        net.to(torch.float32)
    elif name == "to_empty":
        assert net.to_empty(device="cpu") is net
    elif name == "type":
        assert net.type(torch.float64) is net and net.leaf.w.dtype == torch.float64
        net.float()
    elif name == "zero_grad":
        xx = _x()
        net(xx).sum().backward()
        net.zero_grad()
        assert all(p.grad is None for p in net.parameters())
    else:
        raise AssertionError(f"no check written for {name}")


@pytest.mark.parametrize("torch_child", [False, True], ids=["all-cells", "with-torch-child"])
@pytest.mark.parametrize("name", SEED["torch_module"])
def test_seed004_method_on_cell(name, torch_child):
    net = Net(torch_child)
    check(name, net)


def test_new_cell_is_inference_but_torch_train_reaches_it():
    seq = torch.nn.Sequential(Net(), torch.nn.ReLU())
    assert seq[0].training is False  # MindSpore default kept even inside torch containers
    seq.train()
    assert seq[0].training and seq[0].leaf.training and seq[0].get_flags()["training"]
    seq.eval()
    assert not seq[0].leaf.training


def test_to_float_vs_half_rule():
    """to_float casts computation (parameters stay float32); half() casts parameter storage."""
    net = Net()
    x = _x()
    net.to_float(ms.float16)
    assert net.leaf.w.dtype == torch.float32
    assert net(x).dtype == torch.float16
    net2 = Net().half()
    assert net2.leaf.w.dtype == torch.float16

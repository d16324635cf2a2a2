"""Custom Cell.bprop against real MindSpore 2.10 (tools/reference/gen_hooks.py) and gradcheck."""
import numpy as np
import pytest
import torch

from conftest import load_ref_json, load_ref_npz
from ms_compat import nn, Tensor, Parameter

REF = load_ref_json("hooks", "hooks")["bprop"]


def t(a, dtype=torch.float32):
    return torch.tensor(a, dtype=dtype, requires_grad=True)


def ref_t(entry):
    return np.asarray(entry["t"])


class MulBprop(nn.Cell):
    def construct(self, x, y):
        return x * y

    def bprop(self, x, y, out, dout):
        return dout * 100, dout * 200


class FancyBprop(nn.Cell):
    """bprop = the true derivative of sin(x)*y*k, with k a non-tensor input."""

    def construct(self, x, y, k):
        return torch.sin(x) * y * k

    def bprop(self, x, y, k, out, dout):
        return dout * torch.cos(x) * y * k, dout * torch.sin(x) * k, 0.0


def test_has_bprop():
    class Plain(nn.Cell):
        def construct(self, x):
            return x

    assert [MulBprop().has_bprop, Plain().has_bprop] == REF["has_bprop"]


def test_two_inputs_and_nested_dout():
    x, y = t([2.0]), t([3.0])
    MulBprop()(x, y).sum().backward()
    np.testing.assert_allclose([x.grad.item(), y.grad.item()],
                               [ref_t(REF["mul_grad"][0])[0], ref_t(REF["mul_grad"][1])[0]])
    log = []

    class Rec(MulBprop):
        def bprop(self, x, y, out, dout):
            log.append([x.tolist(), y.tolist(), out.tolist(), dout.tolist()])
            return dout * 100, dout * 200

    class Nest(nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = Rec()

        def construct(self, x, y):
            return self.m(x, y) * 2

    x, y = t([2.0]), t([3.0])
    Nest()(x, y).sum().backward()
    np.testing.assert_allclose([x.grad.item(), y.grad.item()], [r["t"][0] for r in REF["nest_grad"]])
    expect = [[e["t"] for e in REF["nest_log"][0][1:]]]
    assert log == expect


def test_grad_count_rules():
    class Many(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            return dout, dout * 2, dout * 3

    class Single(nn.Cell):
        def construct(self, x):
            return x * 2

        def bprop(self, x, out, dout):
            return dout * 5

    class Few(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            return (dout,)

    x, y = t([2.0]), t([3.0])
    Many()(x, y).sum().backward()
    assert [x.grad.item(), y.grad.item()] == [r["t"][0] for r in REF["many_grad"]]
    x = t([2.0])
    Single()(x).sum().backward()
    assert x.grad.item() == REF["single_grad"]["t"][0]
    x, y = t([2.0]), t([3.0])
    etype, msg = REF["few"]
    with pytest.raises(RuntimeError) as ei:
        Few()(x, y).sum().backward()
    assert etype == "RuntimeError" and str(ei.value).startswith(msg)


def test_non_tensor_input_values_match_mindspore():
    d = load_ref_npz("hooks", "bprop")
    x, y = t(d["x"]), t(d["y"])
    out = FancyBprop()(x, y, 1.5)
    np.testing.assert_allclose(out.detach().numpy(), d["out"], rtol=1e-4, atol=1e-5)
    out.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), d["gx"], rtol=1e-3, atol=1e-5)
    np.testing.assert_allclose(y.grad.numpy(), d["gy"], rtol=1e-3, atol=1e-5)


def test_gradcheck_float64():
    cell = FancyBprop()
    x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    y = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda a, b: cell(a, b, 0.7), (x, y))

    class TwoOut(nn.Cell):
        def construct(self, a, b):
            return a * b, a + b

        def bprop(self, a, b, out, dout):
            da, db = dout
            return da * b + db, da * a + db

    assert torch.autograd.gradcheck(TwoOut(), (x, y))


def test_parameter_gets_zero_gradient_like_mindspore():
    class ParamBprop(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.array([2.0, 3.0, 4.0], np.float32)), name="w")

        def construct(self, x):
            return x * self.w

        def bprop(self, x, out, dout):
            return (dout * 10,)

    net = ParamBprop()
    x = t([1.0, -2.0, 0.5])
    net(x).sum().backward()
    gx, (gw,) = REF["param_grads"]
    np.testing.assert_allclose(x.grad.numpy(), gx["t"])
    np.testing.assert_allclose(net.w.grad.numpy(), gw["t"])


def test_no_grad_runs_construct_and_subclass_inherits_bprop():
    class Sub(MulBprop):
        def construct(self, x, y):
            return x + y

    with torch.no_grad():
        assert MulBprop()(torch.tensor([2.0]), torch.tensor([3.0])).item() == 6.0
    x, y = t([2.0]), t([3.0])
    out = Sub()(x, y)
    assert out.item() == 5.0
    out.backward()
    assert (x.grad.item(), y.grad.item()) == (100.0, 200.0)


def test_backward_hook_on_bprop_cell():
    class Nest(nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = MulBprop()

        def construct(self, x, y):
            return self.m(x, y) * 2

    log = []
    net = Nest()
    net.m.register_backward_hook(lambda c, gi, go: log.append([[g.tolist() for g in gi], [g.tolist() for g in go]]))
    x, y = t([2.0]), t([3.0])
    net(x, y).sum().backward()
    assert [x.grad.item(), y.grad.item()] == [r["t"][0] for r in REF["hook_on_bprop_grad"]]
    expect = [[[e["t"] for e in REF["hook_on_bprop_log"][0][0]], [e["t"] for e in REF["hook_on_bprop_log"][0][1]]]]
    assert log == expect


def test_bprop_under_recompute():
    class Nest(nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = FancyBprop()

        def construct(self, x, y):
            return self.m(torch.exp(x), y, 1.5) * 2

    x0 = torch.randn(3, 4)
    y0 = torch.randn(3, 4)
    grads = []
    for rc in (False, True):
        net = Nest()
        if rc:
            net.recompute()
        x, y = x0.clone().requires_grad_(), y0.clone().requires_grad_()
        net(x, y).sum().backward()
        grads.append((x.grad, y.grad))
    torch.testing.assert_close(grads[0], grads[1])

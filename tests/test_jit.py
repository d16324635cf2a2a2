"""jit / JitConfig / Cell.compile on torch.compile (issue 9); zero graph breaks in the shim."""
import numpy as np
import pytest
import torch
import torch._dynamo

import ms_compat as ms
from ms_compat import nn, ops, Tensor, Parameter
from ms_compat.common.jit import compile_options, compile_safe, JitConfig

from compile_util import assert_single_graph


def _x(*shape, seed=0):
    return Tensor(np.random.RandomState(seed).standard_normal(shape).astype(np.float32))


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(6, 8)
        self.act = nn.ReLU()
        self.fc2 = nn.Dense(8, 3)
        self.scale = Parameter(Tensor(np.ones(3, np.float32) * 0.5), name="scale")

    def construct(self, x):
        h = self.act(self.fc1(x))
        h = h - h.mean(axis=1, keep_dims=True)
        return self.fc2(h) * self.scale


class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 4, 3, pad_mode="same")
        self.bn = nn.BatchNorm2d(4)
        self.pool = nn.MaxPool2d(2, 2)
        self.flat = nn.Flatten()
        self.fc = nn.Dense(4 * 2 * 2, 3)

    def construct(self, x):
        return self.fc(self.flat(self.pool(ops.relu(self.bn(self.conv(x))))))


class TensorMethods(nn.Cell):
    """MindSpore tensor-method forms inside construct."""

    def construct(self, x):
        a = x.transpose(1, 0, 2)
        b = a.mean(axis=(0, 2), keep_dims=False)
        c = x.astype(ms.float16).astype(ms.float32)
        n = x.size
        s = x.shape
        d = x.reshape(s[0], -1).sum(axis=1) / n
        e = x.expand_dims(0).squeeze(0).max(axis=2)
        return b + d + c.sum() + e.std(axis=1)


@pytest.mark.parametrize("make,shape", [(MLP, (4, 6)), (ConvNet, (2, 2, 4, 4)), (TensorMethods, (2, 3, 4))],
                         ids=["mlp", "convnet", "tensor_methods"])
def test_zero_graph_breaks_in_cell_call(make, shape):
    net = make()
    assert_single_graph(net, _x(*shape))


def test_zero_graph_breaks_hooks_and_parameter_access():
    net = MLP()
    seen = []
    net.fc1.register_forward_pre_hook(lambda cell, inp: None)
    net.fc2.register_forward_hook(lambda cell, inp, out: out * 1.0)
    net.register_forward_hook(lambda cell, inp, out: seen.append(1))

    def f(x):
        return net(x) + net.fc1.weight.sum() + net.scale[0]

    assert_single_graph(f, _x(4, 6))


def test_zero_graph_breaks_to_float():
    net = MLP()
    net.fc2.to_float(ms.float16)
    assert_single_graph(net, _x(4, 6))


@pytest.mark.parametrize("make,shape", [(MLP, (4, 6)), (ConvNet, (2, 2, 4, 4))], ids=["mlp", "convnet"])
def test_fullgraph_compiled_matches_eager_outputs_and_grads(make, shape):
    torch._dynamo.reset()
    net = make()
    net.set_train()
    x = _x(*shape)
    state = {k: v.clone() for k, v in net.state_dict().items()}
    out_e = net(x)
    grads_e = torch.autograd.grad(out_e.sum(), list(net.trainable_params()))
    net.load_state_dict(state)
    compiled = ms.jit(net, fullgraph=True, backend="aot_eager")
    out_c = compiled(x)
    assert type(out_c) is Tensor
    grads_c = torch.autograd.grad(out_c.sum(), list(net.trainable_params()))
    np.testing.assert_allclose(out_c.asnumpy(), out_e.asnumpy(), rtol=1e-4, atol=1e-5)
    for a, b in zip(grads_c, grads_e):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-3, atol=1e-5)


def test_inductor_with_ms_tensor_inputs():
    """The Inductor path with MindSpore Tensor graph inputs (pytorch/pytorch#193932 workaround)."""
    torch._dynamo.reset()

    @ms.jit(fullgraph=True, jit_level="O1")
    def f(a, w):
        return ops.matmul(a, w).relu().sum(axis=1, keep_dims=True)

    a, w = _x(4, 3), _x(3, 2, seed=1)
    out = f(a, w)
    assert type(out) is Tensor and out.shape == (4, 1)
    np.testing.assert_allclose(out.asnumpy(), np.maximum(a.asnumpy() @ w.asnumpy(), 0).sum(1, keepdims=True),
                               rtol=1e-5, atol=1e-5)
    g = compile_safe(lambda a, w: (a @ w).sum(), fullgraph=True)
    assert float(g(a, w)) == pytest.approx(float((a.asnumpy() @ w.asnumpy()).sum()), abs=1e-5)


@pytest.mark.parametrize("write", ["setitem", "fill_", "assign_value"])
def test_jit_write_after_relu_keeps_relus_mask(write):
    """``y = relu(x); z = y * w; <write into y>`` under ``ms.jit(fullgraph=True)`` gives eager ms_compat's
    gradient (MindSpore's mutation model, tests/semantics/test_mutation_forms.py): ReLU's backward keeps the old
    ``y`` (its zero stays masked), ``z``'s backward sees the new one. No graph break."""
    w = Tensor(np.array([[0.5, 0.25, 2.0]], np.float32))
    writes = {"setitem": lambda y: y.__setitem__((slice(None), 1), 5.0), "fill_": lambda y: y.fill_(5.0),
              "assign_value": lambda y: y.assign_value(ops.ones_like(y) * 5.0)}

    def f(x):
        y = ops.relu(x)
        z = y * w
        writes[write](y)
        return (z * y).sum() + y.sum()
    x = Tensor(np.array([[1.0, -2.0, 3.0]], np.float32))
    eager = ms.grad(f)(x).asnumpy()
    torch._dynamo.reset()
    compiled = ms.grad(ms.jit(f, fullgraph=True))(x).asnumpy()
    np.testing.assert_allclose(compiled, eager, rtol=1e-6)
    assert eager[0, 1] == 0.0  # ReLU's mask from the old y


def test_jit_tensor_from_ndarray_copies_the_array():
    """``Tensor(ndarray)`` inside a jitted function copies, as eager and MindSpore: a later write into the Tensor
    does not reach the array (TorchDynamo traces numpy as torch; ``torch.as_tensor`` alone aliased it)."""
    torch._dynamo.reset()
    arr = np.arange(6, dtype=np.float32).reshape(2, 3)

    @ms.jit(fullgraph=True)
    def f(x):
        y = Tensor(arr)
        y[0] = 5.0
        return x + y

    out = f(Tensor(np.ones((2, 3), np.float32)))
    np.testing.assert_array_equal(arr, np.arange(6, dtype=np.float32).reshape(2, 3))
    np.testing.assert_array_equal(out.asnumpy(), [[6, 6, 6], [4, 5, 6]])


def test_jit_resolves_lazy_tensor_methods():
    """Tensor methods built on ``ops`` are lazy class attributes until first use (ms_compat/_tensor_op_methods.py);
    TorchDynamo reads methods statically and cannot take one: making a jitted function resolves them all."""
    ms.jit(lambda a: a, backend="eager")
    assert [n for n, a in vars(Tensor).items() if hasattr(type(a), "_resolve")] == []


def test_jit_on_construct_and_function_forms():
    torch._dynamo.reset()

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(3, 2)

        @ms.jit(backend="eager")
        def construct(self, x):
            return self.fc(x).transpose(1, 0)

    net = Net()
    x = _x(4, 3)
    out = net(x)
    assert out.shape == (2, 4) and type(out) is Tensor
    np.testing.assert_allclose(out.asnumpy(), Net.construct.__wrapped__(net, x).asnumpy(), rtol=1e-6)
    called = ms.jit(function=lambda a, b: a * b + 1, backend="eager")
    assert float(called(Tensor(2.0), Tensor(3.0))) == 7.0
    kw = ms.jit(lambda a, scale=None: a * scale, backend="eager")
    assert float(kw(Tensor(2.0), scale=Tensor(4.0))) == 8.0


def test_jit_argument_validation():
    with pytest.raises(ValueError, match="the 'capture_mode' must be str and must be in"):
        ms.jit(capture_mode="x")
    with pytest.raises(ValueError, match="the 'jit_level' must be str"):
        ms.jit(jit_level="O5")
    with pytest.raises(ValueError, match="'backend'"):
        ms.jit(lambda x: x, backend="nope")


def test_option_mapping():
    assert compile_options() == {"fullgraph": False, "dynamic": None, "backend": "aot_eager"}
    assert compile_options("O1") == {"fullgraph": False, "dynamic": None, "backend": "inductor"}
    assert compile_options(backend="inductor") == {"fullgraph": False, "dynamic": None, "backend": "inductor"}
    assert compile_options("O2")["mode"] == "max-autotune"
    assert compile_options(backend="GE")["mode"] == "max-autotune"
    assert compile_options(backend="aot_eager", fullgraph=True, dynamic=1) == \
        {"fullgraph": True, "dynamic": True, "backend": "aot_eager"}


def test_jit_config_dict_matches_mindspore():
    assert JitConfig().jit_config_dict == {"jit_level": "", "exc_mode": "auto", "jit_syntax_level": "",
                                           "debug_level": "RELEASE", "infer_boost": "off"}
    assert JitConfig(jit_level="O0").jit_config_dict["backend"] == "ms_backend"
    assert JitConfig(jit_level="O2").jit_config_dict["backend"] == "GE"
    assert JitConfig(jit_level="O1", backend="GE").jit_config_dict["backend"] == "GE"
    assert list(JitConfig(jit_level="O1", foo=1).jit_config_dict)[0] == "foo"
    with pytest.raises(ValueError, match=r"For 'jit_level' must be one of \['O0', 'O1', 'O2'\]"):
        JitConfig(jit_level="O5")
    with pytest.raises(ValueError, match="exc_mode"):
        JitConfig(exc_mode="x")
    with pytest.raises(ValueError, match="jit_syntax_level"):
        JitConfig(jit_syntax_level="bad")
    net = nn.Cell()
    assert net.jit_config_dict == {}
    net.set_jit_config(JitConfig(jit_level="O0"))
    assert net.jit_config_dict["jit_level"] == "O0"


def test_cell_compile_forms():
    torch._dynamo.reset()
    net = ConvNet()
    net.set_jit_config(JitConfig(backend="eager"))
    net.set_train()
    x = _x(2, 2, 4, 4)
    before = net.bn.moving_mean.clone()
    assert net.compile(x) is None
    assert torch.equal(net.bn.moving_mean, before)  # compile() does not leave BatchNorm updates behind
    out = net.compile_and_run(x)
    assert type(out) is Tensor and out.shape == (2, 3)
    torch_form = MLP()
    assert torch_form.compile(backend="eager", fullgraph=True) is None  # torch.nn.Module.compile form
    y = torch_form(_x(4, 6))
    torch_form._set_forward_wrapper("jit", None)
    np.testing.assert_allclose(y.asnumpy(), torch_form(_x(4, 6)).asnumpy(), rtol=1e-6)

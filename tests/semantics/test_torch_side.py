"""What PyTorch code sees of the real-code semantics (issue 21 items 1, 2, 5): MindSpore rules apply to MindSpore
code only; PyTorch code handed the same tensors and Cells keeps PyTorch's meaning; compiled MindSpore code
is one graph."""
import numpy as np
import pytest
import torch

import ms_compat as ms
from compile_util import assert_single_graph, ms_tensors_only
from semantics import scenarios_real_semantics as S


def _t(v):
    return ms.Tensor(np.asarray(v, np.float32))


@pytest.mark.parametrize("op", sorted(S.AUG))
def test_augmented_assignment_compiles_to_one_graph(op):
    a_np = np.array([6, 7, 8], np.int32) if op in ("&=", "|=", "^=", "<<=", ">>=") else \
        np.array([[6.0, 7.0], [8.0, 9.0]], np.float32)
    b_np = np.array([1, 2, 3], np.int32) if a_np.dtype == np.int32 else np.array([[1.0, 2.0], [3.0, 4.0]],
                                                                                   np.float32)
    fn = S.AUG[op]
    assert_single_graph(fn, ms.Tensor(a_np), ms.Tensor(b_np))
    torch._dynamo.reset()
    out, alias = torch.compile(fn, fullgraph=True, backend="aot_eager")(ms.Tensor(a_np), ms.Tensor(b_np))
    assert alias.asnumpy().tolist() == a_np.tolist()  # the alias kept the old value
    assert ms_tensors_only((out, alias), ms.Tensor)
    eager, _ = fn(ms.Tensor(a_np), ms.Tensor(b_np))
    np.testing.assert_allclose(out.asnumpy(), eager.asnumpy())


def test_real_inplace_methods_stay_inplace_eager_and_compiled():
    def f(x):
        y = x
        x.add_(1)
        x.mul_(2)
        return y

    for fn in (f, torch.compile(f, fullgraph=True, backend="aot_eager")):
        x = _t([1.0, 2.0])
        assert fn(x).asnumpy().tolist() == [4.0, 6.0] and x.asnumpy().tolist() == [4.0, 6.0]


def test_torch_tensor_on_the_left_keeps_torch_inplace():
    for compiled in (False, True):
        def f(t, m):
            u = t
            t += m
            return u
        fn = torch.compile(f, fullgraph=True, backend="aot_eager") if compiled else f
        t = torch.zeros(2)
        u = fn(t, _t([1.0, 2.0]))
        assert t.tolist() == [1.0, 2.0] and u.tolist() == [1.0, 2.0]  # the alias saw the in-place write


class _TorchResidual(torch.nn.Module):
    """PyTorch code with an in-place residual (torchvision's BasicBlock does ``out += identity``)."""

    def forward(self, x):
        out = torch.relu(x)
        alias = out
        out += x
        return out, alias


@pytest.mark.parametrize("compiled", [False, True])
def test_torch_module_inside_cell_keeps_inplace_augmented_assignment(compiled):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.block = _TorchResidual()

        def construct(self, x):
            return self.block(x)

    net = Net()
    fn = torch.compile(net, backend="aot_eager") if compiled else net
    out, alias = fn(_t([1.0, -2.0]))
    assert out.asnumpy().tolist() == [2.0, -2.0]
    assert alias.asnumpy().tolist() == [2.0, -2.0]  # PyTorch semantics: the same tensor, changed in place


def test_parameter_augmented_assignment_leaves_parameter_and_optimizer_state():
    net = ms.nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    w = net.weight
    w += 1
    assert type(w) is ms.Tensor and net.weight.asnumpy().tolist() == [[1.0, 1.0], [1.0, 1.0]]
    opt = ms.nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    before = net.weight
    grads = tuple(ms.ops.ones_like(p) for p in net.trainable_params())
    opt(grads)  # the optimizer still updates the Parameter's data in place
    assert net.weight is before and np.allclose(net.weight.asnumpy(), 0.9)


def test_view_falls_back_to_torch_view_inside_torch_code():
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)).transpose(1, 0)
    with torch._C.DisableTorchFunctionSubclass():
        with pytest.raises(RuntimeError, match="view size is not compatible"):
            x.view(6)  # PyTorch code gets PyTorch's strict view
    assert x.view(6).asnumpy().tolist() == [0.0, 3.0, 1.0, 4.0, 2.0, 5.0]
    c = ms.Tensor(np.arange(6, dtype=np.float32))
    v = c.view(2, 3)
    v[0, 0] = 9.0  # a contiguous tensor's view still shares memory, as PyTorch's view
    assert c.asnumpy()[0] == 9.0


def test_shadowing_names_follow_reassignment_and_deletion():
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.half = ms.Parameter(_t([1.0]), name="half")

    net = Net()
    new = ms.Parameter(_t([2.0]), name="half")
    net.half = new
    assert net.half is new and net._params["half"] is new
    net.half = _t([3.0])  # a Tensor onto an existing Parameter: set_data, as MindSpore
    assert net.half is new and net.half.asnumpy().tolist() == [3.0]
    del net.half
    assert callable(net.half) and "half" not in net._params  # torch's method again
    assert torch.nn.Module.half(Net()) is not None  # the class method still reachable


def test_user_attribute_named_like_a_subclass_method_raises_as_mindspore():
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.helper = ms.Parameter(_t([1.0]))

        def helper(self):  # noqa: F811 - the collision is the subject
            return 1

    with pytest.raises(KeyError, match="already exists"):
        Net()


@pytest.mark.parametrize("name", sorted(S.VIEW_CASES))
def test_view_family_compiles_to_one_graph(name):
    x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4)).transpose(1, 0)
    assert_single_graph(S.VIEW_CASES[name], x)

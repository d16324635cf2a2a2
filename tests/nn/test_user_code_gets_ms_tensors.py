"""Every tensor handed to user code is a MindSpore Tensor (issue 21 item 7): hook and bprop arguments,
gradient hooks, saved-tensor hooks, the outputs of grad transforms, optimizers and training cells. Each
hook below calls ``.asnumpy()`` (a plain torch.Tensor has no such method) and records the type it got;
gradient values are the analytic ones MindSpore gives (cell.md §9-10: ``s(x*2)*5`` with ``s = x*3``)."""
import numpy as np
import pytest

import ms_compat as ms
from ms_compat import nn, ops, Tensor

SEEN = []


def see(*objs):
    for o in objs:
        if isinstance(o, (tuple, list)):
            see(*o)
        elif o is not None:
            assert type(o).__name__ in ("Tensor", "Parameter") and isinstance(o, Tensor), type(o)
            o.asnumpy()
            SEEN.append(type(o).__name__)


class Scale(nn.Cell):
    def construct(self, x):
        return x * 3


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.s = Scale()

    def construct(self, x):
        return self.s(x * 2) * 5


def _x():
    return Tensor(np.array([1.0], np.float32))


@pytest.fixture(autouse=True)
def _clear():
    SEEN.clear()


def test_cell_backward_hooks_get_tensors():
    net = Net()
    got = {}

    def bwd(cell, grad_input, grad_output):
        see(grad_input, grad_output)
        got["bwd"] = (grad_input[0].asnumpy().tolist(), grad_output[0].asnumpy().tolist())

    def bwd_pre(cell, grad_output):
        see(grad_output)
        got["pre"] = grad_output[0].asnumpy().tolist()

    net.s.register_backward_hook(bwd)
    net.s.register_backward_pre_hook(bwd_pre)
    g = ms.grad(net)(_x())
    see(g)
    assert got == {"bwd": ([15.0], [5.0]), "pre": [5.0]}
    np.testing.assert_allclose(g.asnumpy(), [30.0])


def test_backward_hook_returning_a_tensor_replaces_the_gradient():
    net = Net()
    net.s.register_backward_hook(lambda cell, gi, go: (gi[0] * 0 + 7,))
    np.testing.assert_allclose(ms.grad(net)(_x()).asnumpy(), [14.0])


def test_forward_hooks_get_tensors():
    net = Net()
    net.s.register_forward_pre_hook(lambda cell, args: see(args))
    net.s.register_forward_hook(lambda cell, args, out: see(args, out))
    net.s.register_forward_pre_hook(lambda cell, args, kwargs: see(args), with_kwargs=True)
    net.s.register_forward_hook(lambda cell, args, kwargs, out: see(args, out), with_kwargs=True)
    net(_x())
    assert len(SEEN) == 6


def test_custom_bprop_gets_tensors():
    class WithBprop(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            see(x, y, out, dout)
            return dout * 100, dout * 200

    gx, gy = ms.grad(WithBprop(), grad_position=(0, 1))(Tensor([2.0]), Tensor([3.0]))
    see(gx, gy)
    assert (gx.asnumpy().tolist(), gy.asnumpy().tolist()) == ([100.0], [200.0])


def test_gradient_hooks_get_tensors():
    def hook(g):
        see(g)
        return g * 2

    hb = ops.HookBackward(lambda g: see(g))
    ig = ops.InsertGradientOf(hook)

    def f(x):
        y = x * 3
        y.register_hook(hook)
        out = hb(ig(y))
        out = out[0] if isinstance(out, tuple) else out
        return out.sum()

    g = ms.grad(f)(_x())
    np.testing.assert_allclose(g.asnumpy(), [12.0])  # two doublings of d/dx (3x) = 3
    assert len(SEEN) == 3  # register_hook, InsertGradientOf, HookBackward


def test_saved_tensor_hooks_get_tensors():
    net = Net()
    packed = []

    def pack(t):
        see(t)
        packed.append(1)
        return t

    net.register_saved_tensors_hooks(pack, lambda t: t)
    x = _x()
    w = ms.Parameter(Tensor([2.0]), name="w")

    class M(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = w

        def construct(self, x):
            return (x * self.w * x).sum()

    m = M()
    m.register_saved_tensors_hooks(pack, lambda t: t)
    g = ms.grad(m)(x)
    np.testing.assert_allclose(g.asnumpy(), [4.0])
    assert packed


def test_grad_transform_optimizer_and_train_cell_outputs_are_tensors():
    net = nn.Dense(3, 2)
    x = Tensor(np.ones((4, 3), np.float32))
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    y = Tensor(np.zeros((4, 2), np.float32))
    loss, grads = ms.value_and_grad(loss_net, None, net.trainable_params())(x, y)
    see(loss, grads)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    see([o for o in (opt(grads),) if isinstance(o, Tensor)])
    step = nn.TrainOneStepCell(loss_net, opt)
    see(step(x, y))
    see(ms.grad(loss_net, grad_position=0)(x, y))

"""Autograd API behaviour beyond the stored references: Cells in train mode, weights order, ints,
higher order, no accumulation into .grad, GradOperation inside a Cell (the classic TrainOneStep form)."""
import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import nn, ops, Parameter, Tensor
from ms_compat.ops import composite as C
from ms_compat.ops import functional as F


class TinyNet(nn.Cell):
    """y = dropout(x @ w.T + b) summed; dropout only acts in train mode."""

    def __init__(self):
        super().__init__()
        r = np.random.RandomState(0)
        self.w = Parameter(Tensor(r.randn(3, 4).astype(np.float32)), name="w")
        self.b = Parameter(Tensor(r.randn(3).astype(np.float32)), name="b")
        self.transpose = ops.Transpose()  # a Primitive attribute: not a child cell

    def construct(self, x):
        y = ops.matmul(x, self.transpose(self.w, (1, 0))) + self.b
        y = ops.dropout(y, p=0.5, training=self.training)
        return ops.sum(y * y)


def _torch_grads(net, x, mask=None):
    w = net.w.detach().clone().requires_grad_(True)
    b = net.b.detach().clone().requires_grad_(True)
    xx = torch.as_tensor(x.asnumpy()).requires_grad_(True)
    y = xx @ w.T + b
    if mask is not None:
        y = y * mask / 0.5
    loss = (y * y).sum()
    return torch.autograd.grad(loss, (xx, w, b)), loss.item()


def test_weights_order_and_values_eval_mode():
    net = TinyNet()
    x = Tensor(np.random.RandomState(1).randn(2, 4).astype(np.float32))
    (gx, gw, gb), loss = _torch_grads(net, x)
    value, (ix, (wb, ww)) = ops.value_and_grad(net, 0, [net.b, net.w])(x)
    assert value.item() == pytest.approx(loss, rel=1e-5)
    np.testing.assert_allclose(ix.asnumpy(), gx.numpy(), rtol=1e-5)
    np.testing.assert_allclose(ww.asnumpy(), gw.numpy(), rtol=1e-5)  # order of `weights`, not of the net
    np.testing.assert_allclose(wb.asnumpy(), gb.numpy(), rtol=1e-5)
    assert isinstance(ix, Tensor) and not value.requires_grad and not ww.requires_grad
    assert net.w.grad is None and net.b.grad is None  # returned, never accumulated


def test_cell_in_train_mode_uses_its_own_dropout_mask():
    net = TinyNet().set_train(True)
    x = Tensor(np.random.RandomState(2).randn(2, 4).astype(np.float32))
    torch.manual_seed(123)
    loss, grads = ops.value_and_grad(net, None, net.trainable_params())(x)
    torch.manual_seed(123)
    ref = net(x)  # same mask under the same seed
    assert loss.item() == pytest.approx(ref.item(), rel=1e-5)
    # the mask is recoverable from a unit input: gradient zero exactly where dropped
    assert grads[0].shape == (3, 4) and grads[1].shape == (3,)


def test_classic_train_one_step_with_gradoperation_in_a_cell():
    class TrainStep(nn.Cell):
        def __init__(self, network):
            super().__init__()
            self.network = network
            self.weights = ms.ParameterTuple(network.trainable_params())
            self.grad = C.GradOperation(get_by_list=True, sens_param=True)

        def construct(self, x):
            loss = self.network(x)
            sens = F.fill(loss.dtype, loss.shape, 1.0)
            grads = self.grad(self.network, self.weights)(x, sens)
            for p, g in zip(self.weights, grads):
                ops.assign(p, p - 0.01 * g)
            return loss

    net = TinyNet()
    step = TrainStep(net)
    assert [n for n, _ in step.cells_and_names()] == ["", "network"]  # the GradOperation is no cell
    x = Tensor(np.random.RandomState(3).randn(2, 4).astype(np.float32))
    losses = [step(x).item() for _ in range(5)]
    assert losses == sorted(losses, reverse=True) and losses[-1] < losses[0]


def test_int_input_gets_its_gradient_in_its_dtype():
    """MindSpore differentiates through an integer input (reference: tests/semantics, grad_wrt_integer_input)."""
    g = ops.grad(lambda a, n: (a * n).sum(), (0, 1))(Tensor([1.0, 2.0]), Tensor([3, 4], ms.int32))
    np.testing.assert_allclose(g[0].asnumpy(), [3.0, 4.0])
    assert g[1].dtype == ms.int32 and g[1].asnumpy().tolist() == [1, 2]
    g = ops.grad(lambda a, n: (a * n).sum(), 1)(Tensor([1.5, 2.7]), Tensor([3, 4], ms.int32))
    assert g.dtype == ms.int32 and g.asnumpy().tolist() == [1, 2]  # cast truncates, as MindSpore's


def test_unused_input_and_non_differentiable_output_give_zeros():
    g = ops.grad(lambda a, b: (a * 2).sum(), (0, 1))(Tensor([1.0]), Tensor([5.0]))
    assert g[1].asnumpy().tolist() == [0.0]
    g2 = ops.grad(lambda a: ops.argmax(a))(Tensor([1.0, 3.0]))
    assert g2.asnumpy().tolist() == [0.0, 0.0]


def test_higher_order_inside_value_and_grad():
    f = lambda a: (a ** 3).sum()  # noqa: E731
    d2 = ops.grad(ops.grad(f))
    np.testing.assert_allclose(d2(Tensor([1.0, 2.0])).asnumpy(), [6.0, 12.0])
    d3 = ops.grad(lambda a: ops.grad(ops.grad(f))(a).sum())
    np.testing.assert_allclose(d3(Tensor([1.0, 2.0])).asnumpy(), [6.0, 6.0])


def test_kwargs_are_passed_through_not_differentiated():
    g = ops.grad(lambda a, scale=1.0: (a * scale).sum())(Tensor([1.0, 2.0]), scale=3.0)
    np.testing.assert_allclose(g.asnumpy(), [3.0, 3.0])


def test_has_aux_needs_tuple_output():
    with pytest.raises(ValueError):
        ops.grad(lambda a: a.sum(), has_aux=True)(Tensor([1.0]))


def test_gradoperation_flags_type_checked_and_weights_required():
    with pytest.raises(TypeError):
        C.GradOperation(get_all=1)
    with pytest.raises(TypeError):
        C.GradOperation(get_by_list=True)(lambda a: a)


def test_ms_grad_is_ops_grad_and_names_exist():
    assert ms.grad is ops.grad and ms.value_and_grad is ops.value_and_grad
    assert ops.GradOperation is C.GradOperation
    from ms_compat.ops import operations as P
    assert ops.Transpose is P.Transpose and ops.P is P

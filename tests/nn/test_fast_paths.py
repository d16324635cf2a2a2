"""The per-call fast paths of issue 20 keep MindSpore semantics.

* An op on a MindSpore Tensor returns a fresh result relabelled a MindSpore Tensor in place: no
  ``as_subclass`` view, so no ``aten::alias`` kernel and no ``AliasBackward0`` node per op. A result that
  is also held elsewhere (an input returned as is) keeps its own class.
* ms_compat's layers and hot Tensor methods call torch with subclass dispatch off (``run_plain``):
  results are still MindSpore Tensors, hooks still see MindSpore Tensors, values and gradients equal
  the torch functions', and inside PyTorch code (dispatch off) a Cell gives plain tensors as before.
* ``value_and_grad`` gradients are MindSpore Tensors equal to ``torch.autograd.grad``'s.
"""
import sys

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from torch.profiler import ProfilerActivity, profile

import ms_compat as ms
from ms_compat import Tensor, nn, ops

T = sys.modules["ms_compat.common.tensor"]


def _ms(shape, seed=0):
    return Tensor(np.random.default_rng(seed).standard_normal(shape).astype(np.float32))


def _aten_ops(fn):
    with profile(activities=[ProfilerActivity.CPU]) as p:
        fn()
    return [e.name for e in p.events() if e.name.startswith("aten::")]


def test_op_results_are_fresh_mindspore_tensors_not_views():
    x = _ms((3, 4))
    x.requires_grad_(True)
    y = x * 2
    assert type(y) is Tensor and not y._is_view()
    assert type(y.grad_fn).__name__ == "MulBackward0"
    assert type(y.sum(axis=1)) is Tensor and y.size == 12  # MindSpore semantics on the result
    vals = x.max(axis=1)
    assert type(vals) is Tensor and type(vals.grad_fn).__name__ == "MaxBackward0"
    parts = torch.split(x, 2, 1)
    assert [type(p) for p in parts] == [Tensor, Tensor]
    assert type(parts[0].grad_fn).__name__ == "SplitBackward0"
    assert "aten::alias" not in _aten_ops(lambda: (x + 1).mean(axis=0, keep_dims=True).transpose(1, 0))


def test_a_result_held_elsewhere_keeps_its_class():
    x = _ms((3, 4))
    plain = torch.randn(3, 4)
    r = plain.type_as(x)  # torch returns `plain` itself (same dtype): it must stay a torch.Tensor
    assert type(plain) is torch.Tensor and type(r) is Tensor
    out = torch.empty(3, 4)
    torch.add(x, 1, out=out)
    assert type(out) is torch.Tensor
    np.testing.assert_allclose(out.numpy(), x.asnumpy() + 1)
    cached = [torch.randn(2), torch.randn(2)]
    assert [type(t) for t in cached] == [torch.Tensor, torch.Tensor]


def test_without_exact_refcounts_results_are_views(monkeypatch):
    """CPython 3.14 / free-threaded builds: ``_refcount`` never matches, every result is an ``as_subclass``
    view (the previous behaviour) — still a MindSpore Tensor with the same values and gradients."""
    monkeypatch.setattr(T, "_refcount", lambda obj: -1)
    x = _ms((2, 3))
    x.requires_grad_(True)
    y = (x * 3).sum()
    assert type(y) is Tensor and type(y.grad_fn).__name__ == "AliasBackward0"
    g = ops.grad(lambda a: (a * 3).sum())(x)
    assert type(g) is Tensor
    np.testing.assert_allclose(g.asnumpy(), np.full((2, 3), 3.0, np.float32))


def test_tensor_methods_keep_mindspore_forms():
    a = _ms((4, 8, 16))
    t = torch.as_tensor(a.asnumpy())
    cases = [(a.mean(axis=1, keep_dims=True), torch.mean(t, 1, True)), (a.transpose(0, 2, 1), t.permute(0, 2, 1)),
             (a.transpose(), t.permute(2, 1, 0)), (a.expand_dims(0), t.unsqueeze(0)),
             (a.astype(ms.float16), t.half()), (a.reshape((8, -1)), t.reshape(8, -1)),
             (a.view(4, -1), t.reshape(4, -1)), (a.swapaxes(0, 1), t.transpose(0, 1)),
             (a.sum(axis=(0, 2)), t.sum((0, 2))), (a.amax(axis=2, keepdims=True), t.amax(2, True))]
    for got, want in cases:
        assert type(got) is Tensor
        np.testing.assert_allclose(got.asnumpy(), want.numpy(), rtol=1e-6)
    ints = Tensor(np.array([[1, 2], [4, 7]], np.int32))
    assert ints.mean(axis=1).asnumpy().tolist() == [1, 5] and ints.mean().dtype == ms.int32  # MindSpore: truncated
    with pytest.raises(RuntimeError, match="ReduceMean"):
        Tensor(np.array([True])).mean()
    with pytest.raises(ValueError):  # MindSpore's error type for a bad axis, as before the fast path
        a.transpose(0, 1, 5)


LAYERS = [
    (lambda: nn.Dense(8, 5), (3, 8), lambda c, x: F.linear(x, c.weight, c.bias)),
    (lambda: nn.Conv2d(3, 4, 3, pad_mode="pad", padding=1), (2, 3, 6, 6),
     lambda c, x: F.conv2d(x, c.weight, None, 1, 1)),
    (lambda: nn.Conv2d(3, 4, 1, stride=2), (2, 3, 6, 6), lambda c, x: F.conv2d(x, c.weight, None, 2)),
    (lambda: nn.BatchNorm2d(3), (2, 3, 4, 4),
     lambda c, x: F.batch_norm(x, None, None, c.gamma, c.beta, True, 0.1, 1e-5)),
    (lambda: nn.LayerNorm((8,)), (2, 3, 8), lambda c, x: F.layer_norm(x, (8,), c.gamma, c.beta, 1e-7)),
    (lambda: nn.ReLU(), (2, 5), lambda c, x: torch.relu(x)),
    (lambda: nn.MaxPool2d(3, 2, pad_mode="same"), (1, 2, 7, 7),
     lambda c, x: F.max_pool2d(F.pad(x, (1, 1, 1, 1), value=float("-inf")), 3, 2)),
    (lambda: nn.AvgPool2d(2, 2), (1, 2, 6, 6), lambda c, x: F.avg_pool2d(x, 2, 2)),
]


@pytest.mark.parametrize("make,shape,ref", LAYERS, ids=[f"layer{i}" for i in range(len(LAYERS))])
def test_layer_fast_path_values_gradients_and_hooks(make, shape, ref):
    cell = make()
    cell.set_train(True)
    seen = []
    cell.register_forward_hook(lambda c, args, out: seen.append((type(args[0]), type(out))))
    x = _ms(shape)
    x.requires_grad_(True)
    out = cell(x)
    assert type(out) is Tensor and seen == [(Tensor, Tensor)]
    xt = x.detach().as_subclass(torch.Tensor).requires_grad_(True)
    want = ref(cell, xt)
    np.testing.assert_allclose(out.detach().asnumpy(), want.detach().numpy(), rtol=1e-5, atol=1e-6)
    params = [p for p in cell.trainable_params()]
    got = torch.autograd.grad((out * out).sum(), [x] + params)
    exp = torch.autograd.grad((want * want).sum(), [xt] + params)
    for g, e in zip(got, exp):
        np.testing.assert_allclose(g.detach().numpy(), e.detach().numpy(), rtol=1e-4, atol=1e-5)


def test_layer_errors_are_still_mindspore_errors():
    with pytest.raises(ValueError, match="MatMul"):
        nn.Dense(8, 5)(_ms((2, 7)))
    with pytest.raises(ValueError):
        nn.Conv2d(3, 4, 3)(_ms((3, 6, 6)))  # rank 3: MindSpore refuses unbatched input


def test_cell_inside_torch_code_keeps_torch_results():
    """With subclass dispatch off (PyTorch code, torch children of Cells) run_plain is a plain call."""
    dense = nn.Dense(4, 2)
    x = torch.randn(3, 4)
    with torch._C.DisableTorchFunctionSubclass():
        out = nn.ReLU()(x)
    assert type(out) is torch.Tensor
    assert type(dense(x)) is Tensor  # MindSpore code: a MindSpore layer returns MindSpore Tensors


def test_dropout_fast_path_trains_and_is_identity_in_eval():
    d = nn.Dropout(p=0.5)
    x = Tensor(np.ones((200, 50), np.float32))
    d.set_train(True)
    y = d(x)
    assert type(y) is Tensor
    vals = set(np.unique(y.asnumpy()).tolist())
    assert vals == {0.0, 2.0}
    d.set_train(False)
    assert d(x) is x


def test_value_and_grad_gradients_are_mindspore_tensors_equal_to_torch():
    net = nn.SequentialCell([nn.Dense(4, 3), nn.ReLU(), nn.Dense(3, 2)])
    x = _ms((5, 4))
    params = net.trainable_params()
    vg = ops.value_and_grad(lambda a: net(a).sum(), None, params)
    loss, grads = vg(x)
    assert type(loss) is Tensor and all(type(g) is Tensor for g in grads)
    exp = torch.autograd.grad(net(x).sum(), params)
    for g, e in zip(grads, exp):
        np.testing.assert_allclose(g.asnumpy(), e.detach().numpy(), rtol=1e-6)
    # an input position and a weight that is also the output: the sensitivity passes through unchanged
    w = params[-1]
    gi, gw = ops.grad(lambda a: (a * 2).sum() + w.sum(), 0, [w])(x)
    assert type(gi) is Tensor and type(gw[0]) is Tensor
    np.testing.assert_allclose(gw[0].asnumpy(), np.ones(2, np.float32))


def test_relabel_fresh_views_shared_items():
    a = torch.randn(2)
    items = [a, torch.randn(3), a]
    T.relabel_fresh(items)
    assert type(a) is torch.Tensor  # held by the test too: viewed, not relabelled
    assert [type(t) for t in items] == [Tensor, Tensor, Tensor]
    assert items[0] is not a and items[0]._base is a


def test_direct_operators_keep_mindspore_semantics():
    x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    p = ms.Parameter(Tensor(np.ones(4, np.float32)), name="p")
    for r in (x + 1, 1 + x, x - p, x * p, 2 * x, x / 2, x @ x.T, -x, x[0], x[:, 1:3]):
        assert type(r) is Tensor
    assert type(p + 1) is Tensor  # MindSpore: Parameter + 1 is a Tensor
    assert not (x + 1)._is_view() and x[0]._is_view()  # indexing is a view, as in torch
    np.testing.assert_allclose((x * p + 1)[1].asnumpy(), np.arange(4, 8, dtype=np.float32) + 1)
    assert (x + 1).size == 12 and (x + 1).shape == (3, 4)  # MindSpore attributes on the result
    assert {x: 1}[x] == 1  # still hashable (no __eq__ override)
    with pytest.raises(ValueError):  # MindSpore's error for shapes that do not broadcast
        x + Tensor(np.ones(5, np.float32))
    plain = torch.ones(3, 4)
    assert type(plain + x) is Tensor and type(plain + plain) is torch.Tensor
    with torch._C.DisableTorchFunctionSubclass():  # PyTorch code: PyTorch's operator, plain result
        assert type(x + 1) is torch.Tensor
    x.requires_grad_(True)
    g = torch.autograd.grad(((x * 3)[1:] - 1).sum(), x)[0]
    np.testing.assert_allclose(g.numpy(), np.array([[0] * 4, [3] * 4, [3] * 4], np.float32))


def test_direct_in_place_methods_return_self_and_keep_autograd_rules():
    p = ms.Parameter(Tensor(np.ones(4, np.float32)), name="w")
    g = torch.full((4,), 2.0)
    with torch.no_grad():
        assert p.add_(g, alpha=-0.5) is p and type(p) is ms.Parameter
        p.mul_(3).addcmul_(g, g, value=0.25)
    np.testing.assert_allclose(p.asnumpy(), np.full(4, 1.0, np.float32))
    p.add_(g)  # grad mode on: MindSpore writes the Parameter (tests/semantics/test_mutation_forms.py, issue 28)
    np.testing.assert_allclose(p.asnumpy(), np.full(4, 3.0, np.float32))
    assert p.is_leaf and p.grad_fn is None  # the write carries no autograd history
    t = Tensor(np.zeros(3, np.float32))
    assert t.fill_(2.0) is t and t.zero_() is t and t.copy_(torch.ones(3)) is t
    np.testing.assert_allclose(t.asnumpy(), np.ones(3, np.float32))


REDUCTION_CALLS = [((), {"axis": 1, "keep_dims": True}), ((1,), {"keep_dims": True}), ((1, True), {}), ((1,), {}),
                   ((), {"axis": [0, 2]}), ((), {"axis": (0, -1), "keep_dims": False}), ((-1, False), {}),
                   ((), {}), ((), {"keep_dims": True}), ((), {"axis": 1, "keepdims": True}),
                   ((), {"dim": 1, "keepdim": True}), ((), {"axis": ()}), ((), {"axis": None, "keep_dims": True})]


@pytest.mark.parametrize("name", ["mean", "sum", "amax", "amin"])
def test_one_frame_reductions_equal_the_general_path(name):
    """``Tensor.mean/sum/amax/amin`` take their common MindSpore calls in one frame (``_fast_reduction``); every
    call form gives what the general method (``Tensor._reduce``) gives, as a fresh MindSpore Tensor with the
    autograd node of the reduction; errors and integer means are the general path's."""
    general = getattr(Tensor, name).__wrapped__
    a = _ms((3, 4, 5))
    a.requires_grad_(True)
    for i, (args, kwargs) in enumerate(REDUCTION_CALLS):
        got = getattr(a, name)(*args, **kwargs)
        want = general(a, *args, **dict(kwargs))
        assert type(got) is Tensor and (i >= 7 or not got._is_view()), (args, kwargs)  # the first 7: one frame
        assert got.shape == want.shape, (args, kwargs)
        np.testing.assert_allclose(got.detach().asnumpy(), want.detach().asnumpy(), rtol=1e-6)
    assert "AliasBackward0" not in type(getattr(a, name)(axis=1, keep_dims=True).grad_fn).__name__
    with pytest.raises(ValueError):  # MindSpore's error type for an axis out of range, from the general path
        getattr(a, name)(axis=7, keep_dims=True)
    ints = Tensor(np.array([[1, 2], [4, 7]], np.int32))
    np.testing.assert_array_equal(getattr(ints, name)(axis=1, keep_dims=True).asnumpy(),
                                  general(ints, axis=1, keep_dims=True).asnumpy())
    assert ints.mean(axis=1, keep_dims=True).asnumpy().tolist() == [[1], [5]]  # MindSpore: truncated, int32
    with torch._C.DisableTorchFunctionSubclass():  # PyTorch code: PyTorch's method and a plain result
        assert type(getattr(a, name)(1, True)) is torch.Tensor


def test_dense_reads_its_parameters_as_the_attributes_give_them():
    """Dense reads ``weight``/``bias`` from its parameter dict (issue 20): new data, ``has_bias=False`` and a
    subclass whose ``weight`` is a property still give what the attributes give."""
    x = _ms((2, 4))
    d = nn.Dense(4, 3)
    d.weight.set_data(Tensor(np.ones((3, 4), np.float32)))
    np.testing.assert_allclose(d(x).asnumpy(), x.asnumpy() @ np.ones((4, 3), np.float32) + d.bias.asnumpy(),
                               rtol=1e-5)
    nb = nn.Dense(4, 3, has_bias=False)
    np.testing.assert_allclose(nb(x).asnumpy(), x.asnumpy() @ nb.weight.asnumpy().T, rtol=1e-5)

    class Halved(nn.Dense):
        pass

    h = Halved(4, 3)
    Halved.weight = property(lambda self: self._parameters["weight"] * 0.5)  # a subclass reading it its own way
    raw = h._parameters["weight"].asnumpy()
    np.testing.assert_allclose(h(x).asnumpy(), x.asnumpy() @ (raw * 0.5).T + h.bias.asnumpy(), rtol=1e-5)

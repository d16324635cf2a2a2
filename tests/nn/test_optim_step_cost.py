"""The step-cost choices of the multi-tensor optimizer path (benchmarks/HISTORY.md, "Optimizer step cost") keep the
numbers: PyTorch's fused SGD kernel only for tensors of at least 32768 elements when several intra-op threads run
(the others take the foreach calls), scalars as 0-d tensors only where they give the same bits, and Lamb's
one-``addcmul_`` update. The per-parameter loop (``_use_foreach = False``) is the reference, as in
test_optim_multi_tensor.py; it is held to real MindSpore in test_optim.py."""
import numpy as np
import pytest
import torch

import ms_compat.nn as nn
from ms_compat import Parameter, Tensor
from ms_compat.nn.optim.optimizer import _fused_split, _scalar_operands

# one tensor at the parallel grain (128 x 256 = 32768 elements), the others small
SHAPES = {"big.weight": (128, 256), "fc.weight": (5, 7), "fc.bias": (5,), "bn.gamma": (7,)}


@pytest.fixture
def threads():
    before = torch.get_num_threads()
    yield torch.set_num_threads
    torch.set_num_threads(before)


def _params(dtype=np.float32):
    g = torch.Generator().manual_seed(0)
    return [Parameter(Tensor(torch.randn(s, generator=g).numpy().astype(dtype)), name=n) for n, s in SHAPES.items()]


def _grads(steps, dtype=np.float32):
    g = torch.Generator().manual_seed(1)
    return [tuple(Tensor((torch.randn(s, generator=g) * 0.5).numpy().astype(dtype)) for s in SHAPES.values())
            for _ in range(steps)]


MAKERS = {
    "sgd": lambda ps: nn.SGD(ps, 0.1),
    "sgd_momentum_nesterov": lambda ps: nn.SGD(ps, 0.1, momentum=0.9, nesterov=True, weight_decay=0.1),
    "sgd_group_lrs": lambda ps: nn.SGD([{"params": ps[:2], "lr": 0.05}, {"params": ps[2:]}], 0.1, momentum=0.5),
    "momentum": lambda ps: nn.Momentum(ps, 0.1, 0.9),
    "momentum_group_lrs": lambda ps: nn.Momentum([{"params": [ps[0], ps[2]], "lr": 0.3}, {"params": [ps[1], ps[3]]},
                                                  {"order_params": ps}], 0.1, 0.9, use_nesterov=True),
}


@pytest.fixture
def fused_sgd_numels(monkeypatch):
    """The element counts of every tensor handed to ``torch._fused_sgd_`` (which still runs)."""
    fused = []
    real = torch._fused_sgd_
    monkeypatch.setattr(torch, "_fused_sgd_", lambda ps, *a, **k: (fused.extend(p.numel() for p in ps),
                                                                    real(ps, *a, **k))[1])
    return fused


def _loop_and_fast(make, grads):
    """Parameters after ``grads`` steps of ``make(params)``, per-parameter loop first, then the fast path."""
    out = []
    for foreach in (False, True):
        opt = make(_params())
        opt._use_foreach = foreach
        for g in grads:
            opt(g)
        out.append({p.name: p.asnumpy().copy() for p in opt.get_parameters()})
    return out


@pytest.mark.parametrize("name", sorted(MAKERS))
@pytest.mark.parametrize("n_threads, fused_numels", [(1, [32768, 35, 5, 7]), (2, [32768])])
def test_fused_sgd_takes_the_large_tensors_with_several_threads(name, n_threads, fused_numels, threads,
                                                                  fused_sgd_numels):
    """One thread: every tensor goes to the fused kernel. Two: only the 32768-element one (the kernel would open a
    parallel region per tensor, measured 10x slower than foreach for 100 small tensors); the rest take foreach,
    and every parameter and state tensor equals the per-parameter loop after 3 steps."""
    threads(n_threads)
    loop, fast = _loop_and_fast(MAKERS[name], _grads(3))
    for k in loop:
        np.testing.assert_allclose(fast[k], loop[k], rtol=1e-5, atol=1e-6, err_msg=k)
    steps = 3 if name in ("sgd", "momentum", "momentum_group_lrs") else 2  # SGD with momentum: step 1 is the loop
    assert sorted(fused_sgd_numels) == sorted(fused_numels * steps)


def test_fused_split_positions(threads):
    big, small = torch.zeros(32768), torch.zeros(10)
    threads(2)
    assert _fused_split([small, big, small], [small, big, small]) == ([1], [0, 2])
    assert _fused_split([small, small], [small, small]) == ([], None)
    assert _fused_split([big, big], [big, big]) == (None, [])
    assert _fused_split([big.double(), big], [big.double(), big]) == ([], None)  # two dtypes: not fusable
    assert _fused_split([torch.zeros(32768, dtype=torch.int64)], [big]) == ([], None)
    threads(1)
    assert _fused_split([small, big, small], [small, big, small]) == (None, [])


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_zero_dim_scalar_operands_give_the_scalar_bits(dtype):
    g = torch.Generator().manual_seed(2)
    xs = [torch.randn(1000, generator=g, dtype=dtype) * 10 for _ in range(3)]
    for v in (0.9, 0.999, 1e-6, 1.0 - 0.999 ** 7, 3.3333333):
        (t,) = _scalar_operands((xs,), v)
        assert isinstance(t, torch.Tensor) and t.dtype == dtype and t.dim() == 0
        for op in (torch._foreach_mul, torch._foreach_div):
            for a, b in zip(op(xs, v), op(xs, t)):
                assert torch.equal(a, b), (op, v)
        for a, b in zip(torch._foreach_add(xs, v), torch._foreach_add(xs, t, alpha=1.0)):
            assert torch.equal(a, b)


def test_scalar_operands_stay_numbers_where_bits_would_differ():
    half = [torch.randn(8).half()]
    assert _scalar_operands((half,), 0.9) == (0.9,)  # float16: the scalar path computes in float32
    assert _scalar_operands(([torch.zeros(3)], [torch.zeros(3, dtype=torch.float64)]), 0.5, 2.0) == (0.5, 2.0)
    assert _scalar_operands(([torch.zeros(3, device="meta")],), 0.5) == (0.5,)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, "mixed"])
def test_lamb_multi_tensor_equals_the_loop(dtype):
    """Lamb's foreach update (0-d scalars, trust ratios in one vector, ``p += -1·r·(lr·ratio)``) against the
    per-parameter loop, for float32, float64 and a float64 parameter among float32 ones (Python scalars)."""
    out = []
    for foreach in (False, True):
        ps = _params(np.float64 if dtype == np.float64 else np.float32)
        gs = _grads(3, np.float64 if dtype == np.float64 else np.float32)
        if dtype == "mixed":
            ps[1] = Parameter(Tensor(ps[1].asnumpy().astype(np.float64)), name=ps[1].name)
            gs = [tuple(Tensor(x.asnumpy().astype(np.float64)) if i == 1 else x for i, x in enumerate(g)) for g in gs]
        opt = nn.Lamb(ps, 0.05, eps=1e-2, weight_decay=0.1)
        opt._use_foreach = foreach
        for g in gs:
            opt(g)
        out.append({p.name: p.asnumpy().copy() for p in opt.get_parameters()})
    loop, fast = out
    init = {p.name: p.asnumpy() for p in _params()}
    for k in loop:
        np.testing.assert_allclose(fast[k], loop[k], rtol=1e-5, atol=1e-6, err_msg=k)
    assert all(not np.allclose(fast[k], init[k]) for k in init)


def test_lamb_decay_positions_follow_the_flags():
    """The decayed positions are kept per ``decay_flags`` tuple: 'gamma'/'beta' names take no decay, and a new
    flags tuple (the parallel optimizer's local view) is read again."""
    ps = _params()
    opt = nn.Lamb(ps, 0.05, weight_decay=0.1)
    assert opt._decayed_positions() == [0, 1, 2]
    opt.decay_flags = (True,) * 4
    assert opt._decayed_positions() is None


@pytest.mark.parametrize("momentum", [0.0, 0.9])
@pytest.mark.parametrize("n_threads, fused_numels", [(1, [32768, 35, 5, 7]), (2, [32768])])
def test_experimental_sgd_splits_the_same_way(momentum, n_threads, fused_numels, threads, fused_sgd_numels):
    from ms_compat import experimental
    threads(n_threads)
    loop, fast = _loop_and_fast(lambda ps: experimental.optim.SGD(ps, lr=0.1, momentum=momentum, weight_decay=0.1),
                                _grads(3))
    for k in loop:
        np.testing.assert_allclose(fast[k], loop[k], rtol=1e-5, atol=1e-6, err_msg=k)
    assert sorted(fused_sgd_numels) == sorted(fused_numels * (3 if momentum == 0 else 2))


def test_kept_large_positions_only_choose_the_kernel(threads):
    """The large positions are kept per optimizer; a parameter resized later (``set_data``) keeps the foreach
    kernel, with the same numbers as the loop."""
    threads(2)
    out = []
    for foreach in (False, True):
        ps = _params()
        opt = nn.SGD(ps, 0.1)
        opt._use_foreach = foreach
        grads = _grads(2)
        opt(grads[0])
        ps[1].set_data(Tensor(np.ones((256, 128), np.float32)))
        opt(tuple(Tensor(np.full((256, 128), 0.5, np.float32)) if i == 1 else g for i, g in enumerate(grads[1])))
        out.append([p.asnumpy().copy() for p in ps])
        if foreach:
            assert opt.__dict__["_large_positions"] == (4, [0])
    for a, b in zip(*out):
        np.testing.assert_allclose(b, a, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(out[1][1], np.full((256, 128), 0.95, np.float32), rtol=1e-6)

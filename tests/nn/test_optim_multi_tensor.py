"""The multi-tensor (``torch._foreach_*``) update of the ``nn`` optimizers, which runs by default, gives the numbers of
the per-parameter loop (``_use_foreach = False``; that loop is held to real MindSpore's trajectories in
test_optim.py::test_trajectory_per_parameter_loop_path). Large learning rates, weight decays, loss scales and eps
make every term of each rule visible, so a changed rule fails here; what may differ is the last bits of rounding
(a fused multiply-add where the loop rounds twice)."""
import numpy as np
import pytest
import torch

import ms_compat.nn as nn
from ms_compat import Parameter, Tensor

SHAPES = {"conv.weight": (4, 16, 3, 3), "fc.weight": (5, 7), "fc.bias": (5,), "bn.gamma": (7,), "bn.beta": (7,),
          "head.weight": (3, 16)}
STEPS = 4


def _params(seed=0):
    g = torch.Generator().manual_seed(seed)
    return [Parameter(Tensor(torch.randn(s, generator=g)), name=n) for n, s in SHAPES.items()]


def _grads(steps, seed=1):
    g = torch.Generator().manual_seed(seed)
    return [tuple(Tensor(torch.randn(s, generator=g) * 0.5) for s in SHAPES.values()) for _ in range(steps)]


def _groups(ps, **extra):
    """Three groups: conv (lr 0.05, grad centralization), fc + head (weight decay 0.2), norm (default)."""
    return [{"params": [ps[0]], "lr": 0.05, "grad_centralization": True},
            {"params": [ps[1], ps[2], ps[5]], "weight_decay": 0.2, **extra},
            {"params": [ps[3], ps[4]]},
            {"order_params": ps}]


CASES = {
    "momentum": lambda ps: nn.Momentum(ps, 0.1, 0.9),
    "momentum_nesterov_wd_ls": lambda ps: nn.Momentum(ps, 0.1, 0.8, weight_decay=0.1, loss_scale=4.0,
                                                      use_nesterov=True),
    "momentum_groups": lambda ps: nn.Momentum(_groups(ps), 0.1, 0.9, weight_decay=0.05),
    "momentum_schedule": lambda ps: nn.Momentum(ps, nn.ExponentialDecayLR(0.2, 0.5, 1), 0.9, weight_decay=0.1),
    "momentum_list_lr": lambda ps: nn.Momentum(ps, [0.3, 0.2, 0.1, 0.05], 0.9),
    "sgd": lambda ps: nn.SGD(ps, 0.1),
    "sgd_momentum_damp_wd_ls": lambda ps: nn.SGD(ps, 0.1, momentum=0.9, dampening=0.3, weight_decay=0.1,
                                                 loss_scale=2.0),
    "sgd_nesterov_groups": lambda ps: nn.SGD(_groups(ps), 0.1, momentum=0.9, nesterov=True),
    "adam": lambda ps: nn.Adam(ps, 0.05, eps=1e-2),
    "adam_nesterov_wd_ls": lambda ps: nn.Adam(ps, 0.05, eps=1e-2, use_nesterov=True, weight_decay=0.1,
                                              loss_scale=8.0),
    "adam_amsgrad": lambda ps: nn.Adam(ps, 0.05, eps=1e-2, use_amsgrad=True),
    "adam_groups_schedule": lambda ps: nn.Adam(_groups(ps), nn.PolynomialDecayLR(0.1, 0.01, 3, 2.0), eps=1e-2),
    "lazyadam": lambda ps: nn.LazyAdam(ps, 0.05, eps=1e-2, weight_decay=0.1),
    "adam_offload": lambda ps: nn.Adam(ps, 0.05, eps=1e-2, use_offload=True),
    "adamwd": lambda ps: nn.AdamWeightDecay(ps, 0.05, eps=1e-2, weight_decay=0.3),
    "adamwd_groups_dynamic_wd": lambda ps: nn.AdamWeightDecay(
        [{"params": ps[:3], "weight_decay": 0.2}, {"params": ps[3:5], "weight_decay": nn.WarmUpLR(0.3, 2)},
         {"params": ps[5:], "lr": 0.2}], 0.05, eps=1e-2),
    "adamwd_all_dynamic_wd": lambda ps: nn.AdamWeightDecay(ps, 0.05, weight_decay=nn.ExponentialDecayLR(0.3, 0.5, 1)),
    "lamb": lambda ps: nn.Lamb(ps, 0.05, eps=1e-2, weight_decay=0.1),
    "lamb_groups": lambda ps: nn.Lamb(_groups(ps), nn.CosineDecayLR(0.01, 0.1, 3), eps=1e-2),
    "adagrad": lambda ps: nn.Adagrad(ps, accum=0.2, learning_rate=0.1, weight_decay=0.1, loss_scale=4.0),
    "adagrad_noslots_groups": lambda ps: nn.Adagrad(_groups(ps), accum=0.5, learning_rate=0.1, update_slots=False),
    "rmsprop": lambda ps: nn.RMSProp(ps, 0.05, momentum=0.5, epsilon=1e-2, weight_decay=0.1),
    "rmsprop_centered_groups": lambda ps: nn.RMSProp(_groups(ps), 0.05, decay=0.6, momentum=0.3, epsilon=1e-2,
                                                     centered=True, loss_scale=2.0),
}


def _run(make, foreach, grads):
    ps = _params()
    opt = make(ps)
    opt._use_foreach = foreach
    for g in grads:
        opt(g)
    return {p.name: p.asnumpy().copy() for p in opt.get_parameters()} | {p.name: p.asnumpy().copy() for p in ps}


@pytest.mark.parametrize("name", sorted(CASES))
def test_multi_tensor_update_equals_per_parameter_loop(name):
    grads = _grads(STEPS)
    loop, fast = _run(CASES[name], False, grads), _run(CASES[name], True, grads)
    assert loop.keys() == fast.keys()
    init = {p.name: p.asnumpy() for p in _params()}
    moved = 0
    for k in loop:
        np.testing.assert_allclose(fast[k], loop[k], rtol=1e-5, atol=1e-6, err_msg=f"{name}: {k}")
        moved += k in init and not np.allclose(loop[k], init[k], rtol=1e-3, atol=1e-3)
    assert moved >= 5, f"{name}: the parameters barely moved, the comparison would prove little"


def test_sgd_multi_tensor_takes_first_step_elementwise_where_stat_is_set():
    """``stat`` (1 until an element's first momentum step) may be set back per element (a checkpoint); the
    multi-tensor path then applies ``accum = g`` to exactly those elements, as the loop does."""
    grads = _grads(3)
    out = []
    for foreach in (False, True):
        ps = _params()
        opt = nn.SGD(ps, 0.1, momentum=0.9, dampening=0.2)
        opt._use_foreach = foreach
        opt(grads[0])
        opt(grads[1])
        with torch.no_grad():
            opt.stat[1].view(-1)[::2] = 1.0
        opt(grads[2])
        out.append([p.asnumpy().copy() for p in ps] + [a.asnumpy().copy() for a in opt.accum])
        assert float(opt.stat[1].asnumpy().sum()) == 0.0
    for a, b in zip(*out):
        np.testing.assert_allclose(b, a, rtol=1e-6, atol=1e-7)


def test_multi_tensor_path_keeps_user_gradients_and_accepts_arrays():
    ps = _params()
    opt = nn.Momentum(ps, 0.1, 0.9, weight_decay=0.1, loss_scale=2.0)
    grads = _grads(1)[0]
    before = [g.asnumpy().copy() for g in grads]
    opt(grads)
    for g, b in zip(grads, before):
        np.testing.assert_array_equal(g.asnumpy(), b)
    opt(tuple(g.asnumpy() for g in grads))  # numpy gradients are converted, as before
    assert int(opt.global_step.asnumpy()[0]) == 2


def _exp_groups(ps, **extra):
    return [{"params": ps[:3], **extra}, {"params": ps[3:], "lr": 0.02}]


EXPERIMENTAL = {
    "adam": lambda eo, ps: eo.Adam(ps, lr=0.05, eps=1e-2),
    "adam_wd_maximize_groups": lambda eo, ps: eo.Adam(_exp_groups(ps, weight_decay=0.3), lr=0.05, eps=1e-2,
                                                      maximize=True),
    "adamw": lambda eo, ps: eo.AdamW(ps, lr=0.05, eps=1e-2, weight_decay=0.2),
    "adamw_amsgrad_maximize_groups": lambda eo, ps: eo.AdamW(_exp_groups(ps, betas=(0.5, 0.7)), lr=0.05, eps=1e-2,
                                                             amsgrad=True, maximize=True),
    "sgd": lambda eo, ps: eo.SGD(ps, lr=0.1),
    "sgd_momentum_damp_wd": lambda eo, ps: eo.SGD(ps, lr=0.1, momentum=0.9, dampening=0.3, weight_decay=0.1),
    "sgd_nesterov_groups": lambda eo, ps: eo.SGD(_exp_groups(ps, momentum=0.5), lr=0.1, momentum=0.9, nesterov=True),
}


@pytest.mark.parametrize("name", sorted(EXPERIMENTAL))
def test_experimental_multi_tensor_update_equals_per_parameter_loop(name):
    from ms_compat import experimental
    grads = _grads(STEPS)
    out = []
    for foreach in (False, True):
        ps = _params()
        opt = EXPERIMENTAL[name](experimental.optim, ps)
        opt._use_foreach = foreach
        for g in grads:
            opt(g)
        out.append({p.name: p.asnumpy().copy() for p in opt.get_parameters()})
    loop, fast = out
    assert loop.keys() == fast.keys()
    init = {p.name: p.asnumpy() for p in _params()}
    for k in loop:
        np.testing.assert_allclose(fast[k], loop[k], rtol=1e-5, atol=1e-6, err_msg=f"{name}: {k}")
    assert sum(not np.allclose(loop[k], init[k], rtol=1e-3, atol=1e-3) for k in init) >= 5


@pytest.mark.parametrize("make, kernel, calls", [
    (lambda ps: nn.Momentum(ps, 0.1, 0.9), "_fused_sgd_", 1),
    (lambda ps: nn.Momentum(_groups(ps), 0.1, 0.9), "_fused_sgd_", 2),  # one call per distinct learning rate
    (lambda ps: nn.SGD(ps, 0.1), "_fused_sgd_", 1),
    (lambda ps: nn.SGD(ps, 0.1, momentum=0.9), "_fused_sgd_", 1),  # after the first step (stat cleared)
    (lambda ps: nn.Adam(ps, 0.05), "_fused_adam_", 1),
    (lambda ps: nn.Adam(ps, 0.05, use_amsgrad=True), "_fused_adam_", 1),
    (lambda ps: nn.Adagrad(ps, learning_rate=0.1), "_fused_adagrad_", 1),
    (lambda ps: nn.AdamWeightDecay(ps, 0.05), "_fused_adamw_", 1),
    (lambda ps: nn.AdamWeightDecay(ps, 0.05, weight_decay=0.1), "_fused_adamw_", 2),  # decayed, not decayed
])
def test_fused_kernel_runs_the_rule_where_it_is_the_same(make, kernel, calls, monkeypatch):
    """Where PyTorch's fused kernel computes MindSpore's rule (Momentum and SGD as fused SGD; Adam and
    AdamWeightDecay as fused Adam / AdamW at step 1 with a rescaled rate, eps and decay; Adagrad with eps 0), that
    kernel runs, one call per distinct rate (and decay); the gradients stay as given. One intra-op thread: with
    several, fused SGD takes only tensors of 32768 elements or more (test_optim_step_cost.py)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        _check_fused_calls(make, kernel, calls, monkeypatch)
    finally:
        torch.set_num_threads(threads)


def _check_fused_calls(make, kernel, calls, monkeypatch):
    ps = _params()
    opt = make(ps)
    grads = _grads(2)
    opt(grads[0])
    seen = []
    real = getattr(torch, kernel)
    monkeypatch.setattr(torch, kernel, lambda *a, **k: (seen.append(1), real(*a, **k))[1])
    before = [g.asnumpy().copy() for g in grads[1]]
    opt(grads[1])
    assert len(seen) == calls
    for g, b in zip(grads[1], before):
        np.testing.assert_array_equal(g.asnumpy(), b)


@pytest.mark.parametrize("make", [lambda ps: nn.Momentum(ps, 0.1, 0.9), lambda ps: nn.Adam(ps, 0.05, eps=1e-2),
                                  lambda ps: nn.Adagrad(ps, learning_rate=0.1)])
def test_mixed_dtypes_take_the_multi_tensor_calls_with_the_same_numbers(make, monkeypatch):
    """A float64 parameter among float32 ones: no fused kernel (one dtype per call), the foreach calls instead."""
    grads = _grads(STEPS)
    out = []
    for foreach in (False, True):
        ps = _params()
        ps[2] = Parameter(Tensor(ps[2].asnumpy().astype(np.float64)), name=ps[2].name)
        opt = make(ps)
        opt._use_foreach = foreach
        for g in grads:
            opt(tuple(Tensor(x.asnumpy().astype(np.float64)) if i == 2 else x for i, x in enumerate(g)))
        out.append([p.asnumpy().copy() for p in ps])
    assert out[1][2].dtype == np.float64
    for a, b in zip(*out):
        np.testing.assert_allclose(b, a, rtol=1e-5, atol=1e-6)


@pytest.mark.cuda
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
@pytest.mark.parametrize("name", sorted(CASES))
def test_multi_tensor_update_on_a_gpu_context_equals_the_loop(name):
    """On a GPU context the scalar state lives on the GPU; the multi-tensor / fused path still runs (reading it
    as numbers is one sync per step) and gives the per-parameter loop's numbers."""
    import ms_compat
    old = ms_compat.get_context("device_target")
    ms_compat.set_context(device_target="GPU")
    try:
        grads = [tuple(g.cuda() for g in gs) for gs in _grads(STEPS)]
        fast_calls = []

        def run(foreach):
            ps = [Parameter(Tensor(p.cuda()), name=p.name) for p in _params()]
            opt = CASES[name](ps)
            opt._use_foreach = foreach
            fast_calls.append(opt._multi_tensor())
            for g in grads:
                opt(g)
            return {p.name: p.asnumpy().copy() for p in ps}
        loop, fast = run(False), run(True)
        assert fast_calls == [False, True]
        for k in loop:
            np.testing.assert_allclose(fast[k], loop[k], rtol=1e-5, atol=1e-6, err_msg=f"{name}: {k}")
    finally:
        ms_compat.set_context(device_target=old)

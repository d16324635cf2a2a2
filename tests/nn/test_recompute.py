"""Cell.recompute on torch.utils.checkpoint: MindSpore 2.10's rules, equal gradients, memory cut."""
import warnings

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from conftest import load_ref_json
from ms_compat import nn, Parameter, Tensor
import ms_compat.nn.recompute as rc_mod

REF = load_ref_json("hooks", "hooks")["recompute"]
D = 32


class Block(nn.Cell):
    """Dense(D, 4D) → GELU → dropout → Dense(4D, D) + residual, from Parameters (no layer dependency)."""

    def __init__(self, seed, p_drop=0.0):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.w1 = Parameter(Tensor((torch.randn(D, 4 * D, generator=g) / D ** 0.5).numpy()), name="w1")
        self.b1 = Parameter(Tensor(np.zeros(4 * D, np.float32)), name="b1")
        self.w2 = Parameter(Tensor((torch.randn(4 * D, D, generator=g) / (4 * D) ** 0.5).numpy()), name="w2")
        self.p_drop = p_drop
        self.calls = 0

    def construct(self, x):
        self.calls += 1
        h = F.gelu(x @ self.w1 + self.b1)
        if self.p_drop:
            h = F.dropout(h, self.p_drop, self.training)
        return x + h @ self.w2


class Stack(nn.Cell):
    def __init__(self, n=16, p_drop=0.0):
        super().__init__()
        self.blocks = torch.nn.ModuleList([Block(i, p_drop) for i in range(n)])

    def construct(self, x):
        for b in self.blocks:
            x = b(x)
        return x


def grads_of(net, x):
    x = x.clone().requires_grad_(True)
    net(x).square().sum().backward()
    return [x.grad] + [p.grad for p in net.get_parameters()]


def test_gradients_equal_with_and_without_recompute():
    x = torch.randn(8, D)
    plain = Stack()
    g0 = grads_of(plain, x)
    net = Stack()
    for b in net.blocks:
        assert b.recompute() is None
    g1 = grads_of(net, x)
    for a, b in zip(g0, g1):
        torch.testing.assert_close(a, b, rtol=1e-6, atol=1e-6)
    # the block's construct really ran again in backward
    assert [b.calls for b in net.blocks] == [2] * 16
    assert [b.calls for b in plain.blocks] == [1] * 16


def _saved_bytes(net, x, recompute):
    """Bytes autograd keeps for backward: what outer saved-tensor hooks pack (parameters excluded),
    plus, with recompute, the inputs each checkpoint keeps to recompute from."""
    params = {p.untyped_storage().data_ptr() for p in net.get_parameters()}
    storages = {}

    def pack(t):
        ptr = t.untyped_storage().data_ptr()
        if ptr not in params:
            storages[ptr] = t.untyped_storage().nbytes()
        return t

    handles = []
    if recompute:
        for b in net.blocks:
            b.recompute()
            handles.append(b.register_forward_pre_hook(
                lambda c, a: storages.__setitem__(a[0].untyped_storage().data_ptr(), a[0].untyped_storage().nbytes())))
    x = x.clone().requires_grad_(True)
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = net(x)
    for h in handles:
        h.remove()
    out.sum().backward()
    return sum(storages.values())


def test_saved_for_backward_bytes_cut_by_at_least_60_percent():
    x = torch.randn(64, D)
    plain = _saved_bytes(Stack(), x, recompute=False)
    rec = _saved_bytes(Stack(), x, recompute=True)
    assert plain > 0 and rec > 0
    cut = 1 - rec / plain
    assert cut >= 0.60, (plain, rec, cut)


def test_dropout_inside_recompute_gives_same_gradients():
    x = torch.randn(8, D)
    grads = []
    for use in (False, True):
        net = Stack(n=4, p_drop=0.5).set_train()
        if use:
            net.recompute()
        torch.manual_seed(123)
        grads.append(grads_of(net, x))
    for a, b in zip(*grads):
        torch.testing.assert_close(a, b)


def test_mindspore_dropout_masks_replay_in_the_recomputation():
    """After ms.set_seed, nn.Dropout and ops.dropout draw MindSpore's masks from streams outside torch; the
    recomputation replays them (and leaves them where the forward did), so gradients equal the plain run."""
    import ms_compat as ms
    from ms_compat import ops

    class Drops(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(D, D)
            self.drop = nn.Dropout(p=0.4)

        def construct(self, x):
            return ops.dropout(self.drop(torch.tanh(self.fc(x))), p=0.3) * 2

    x = torch.randn(6, D)
    grads, after = [], []
    for use in (False, True):
        ms.set_seed(5)  # same layer seeds and op-seed counters for both nets
        net = Drops().set_train()
        if use:
            net.recompute()
        grads.append(grads_of(net, x))
        after.append(ops.dropout(Tensor(np.ones(8, np.float32)), p=0.5).asnumpy())  # the streams moved alike
    for a, b in zip(*grads):
        torch.testing.assert_close(a, b)
    np.testing.assert_array_equal(after[0], after[1])


def test_return_value_and_keyword_rules_match_mindspore():
    net = Stack(n=2)
    assert repr(net.recompute()) == REF["ret"]
    assert REF["again"] is None
    net.recompute()
    assert REF["kwargs_ok"] is None
    assert Stack(n=2).recompute(mp_comm_recompute=True, parallel_optimizer_comm_recompute=False,
                                recompute_slice_activation=True) is None
    for key, call in [("bad_kw", lambda n: n.recompute(foo=1)), ("bad_bool", lambda n: n.recompute(mp_comm_recompute=1)),
                      ("ctx_reentrant", lambda n: n.recompute(context_fn=lambda: (None, None)))]:
        etype, msg = REF[key]
        with pytest.raises((TypeError, ValueError)) as ei:
            call(Stack(n=1))
        assert type(ei.value).__name__ == etype and str(ei.value) == msg
    # MindSpore 2.10 rejects the seeds' mode keyword; ms_compat accepts it (documented)
    assert REF["mode_kw"][0] == "ValueError"
    assert Stack(n=1).recompute(mode=True) is None
    for args in ((True,), (True, False)):  # positional: TypeError as MindSpore 2.10 (tests/semantics too)
        with pytest.raises(TypeError, match="too many positional arguments"):
            Stack(n=1).recompute(*args)


def test_mode_false_and_parent_covers_children():
    net = Stack(n=3)
    net.recompute()
    assert "recompute" in net._forward_wrappers
    # configured once: a child of a recomputed parent is not wrapped again
    net.blocks[0].recompute()
    assert "recompute" not in net.blocks[0]._forward_wrappers
    x = torch.randn(4, D)
    g = grads_of(net, x)
    assert [b.calls for b in net.blocks] == [2, 2, 2]
    torch.testing.assert_close(g, grads_of(Stack(n=3), x))
    net.recompute(mode=False)
    assert "recompute" not in net._forward_wrappers
    # child first, then parent: the parent's checkpoint replaces the child's
    net = Stack(n=2)
    net.blocks[1].recompute()
    net.recompute()
    assert "recompute" not in net.blocks[1]._forward_wrappers
    grads_of(net, x)
    assert [b.calls for b in net.blocks] == [2, 2]


def test_no_grad_skips_checkpoint_and_keyword_mapping(monkeypatch):
    seen = []
    real = rc_mod.checkpoint

    def spy(fn, *args, **kwargs):
        seen.append({k: v for k, v in kwargs.items() if k in ("use_reentrant", "early_stop", "context_fn")})
        return real(fn, *args, **kwargs)

    monkeypatch.setattr(rc_mod, "checkpoint", spy)
    entered = []

    class Ctx:
        def __init__(self, tag):
            self.tag = tag

        def __enter__(self):
            entered.append(self.tag)

        def __exit__(self, *a):
            return False

    ctx_fn = lambda: (Ctx("fwd"), Ctx("recompute"))  # noqa: E731
    net = Block(0)
    net.recompute(use_reentrant=False, early_stop=False, context_fn=ctx_fn)
    with torch.no_grad():
        net(torch.randn(2, D))
    assert seen == []
    grads_of(net, torch.randn(2, D))
    # the user's context_fn runs inside ms_compat's (which replays MindSpore's random streams)
    assert [{k: v for k, v in s.items() if k != "context_fn"} for s in seen] == [
        {"use_reentrant": False, "early_stop": False}]
    assert callable(seen[0]["context_fn"])
    assert entered == ["fwd", "recompute"]
    # use_reentrant=True (MindSpore's default) also maps to the non-reentrant engine
    seen.clear()
    net = Block(0)
    net.recompute()
    grads_of(net, torch.randn(2, D))
    assert [{k: v for k, v in s.items() if k != "context_fn"} for s in seen] == [
        {"use_reentrant": False, "early_stop": True}]
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        rc_mod._warned.discard("output_recompute")
        Block(0).recompute(output_recompute=True)
    assert any("output_recompute" in str(x.message) for x in w)


def test_recompute_gradient_matches_mindspore_reference():
    class Scale(nn.Cell):
        def construct(self, x):
            return x * 3

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.s = Scale()

        def construct(self, x):
            return self.s(x * 2) * 5

    net = Net()
    net.recompute()
    x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
    net(x).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), REF["grad_recompute"]["t"])


def test_benchmark_quick_mode_runs():
    """benchmarks/bench_recompute.py --quick runs and computes its ratio (no timing assertion)."""
    import pathlib
    import re
    import subprocess
    import sys

    root = pathlib.Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, "-m", "benchmarks.bench_recompute", "--quick"], cwd=str(root),
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    m = re.search(r"plain step\s*: ([\d.]+) ms.*\n\s*recompute step\s*: ([\d.]+) ms.*\n\s*ratio\s*: ([\d.]+)", r.stdout)
    assert m, r.stdout
    plain, rec, ratio = map(float, m.groups())
    assert ratio == pytest.approx(rec / plain, rel=0.01, abs=0.002)
    cut = int(re.search(r"\((\d+)% cut\)", r.stdout).group(1))
    assert cut >= 60


def test_ms_layers_dropout_kwargs_and_parameter_hook_under_recompute():
    """nn.Dense / nn.Dropout cells, a construct keyword argument and a parameter forward hook
    inside a recomputed cell give the gradients of the plain run."""

    class Head(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(D, 4 * D)
            self.drop = nn.Dropout(p=0.3)
            self.fc2 = nn.Dense(4 * D, D)

        def construct(self, x, scale=1.0):
            return self.fc2(self.drop(torch.tanh(self.fc1(x)))) * scale

    torch.manual_seed(0)
    ref = Head()
    x = torch.randn(6, D)
    grads = []
    for use in (False, True):
        net = Head()
        net.load_state_dict(ref.state_dict())
        net.set_train()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the one-time "applied in every mode" note
            net.register_parameter_forward_hook([{"params": [net.fc1.weight], "hook": lambda p: p * 0.5}])
        if use:
            net.recompute()
        torch.manual_seed(7)
        xx = x.clone().requires_grad_(True)
        net(xx, scale=Tensor(np.float32(2.0))).square().sum().backward()
        grads.append([xx.grad] + [p.grad for p in net.get_parameters()])
        assert isinstance(net.fc1.weight, Parameter)
    for a, b in zip(*grads):
        torch.testing.assert_close(a, b)


def test_recomputed_and_offloaded_cells_copy_and_pickle():
    import copy
    import pickle

    net = Stack(n=2)
    net.recompute()
    net.blocks[0].offload()
    x = torch.randn(3, D)
    g0 = grads_of(net, x)
    for clone in (copy.deepcopy(net), pickle.loads(pickle.dumps(net))):
        assert "recompute" in clone._forward_wrappers and "offload" in clone.blocks[0]._forward_wrappers
        calls = [b.calls for b in clone.blocks]
        torch.testing.assert_close(grads_of(clone, x), g0)
        assert [b.calls - c for b, c in zip(clone.blocks, calls)] == [2, 2]


def test_mindspore_recompute_function_form():
    import ms_compat as ms

    block = Block(3, p_drop=0.5).set_train()
    x = torch.randn(4, D)
    grads = []
    for use in (False, True):
        block.w1.grad = None
        xx = x.clone().requires_grad_(True)
        torch.manual_seed(5)
        out = ms.recompute(block, xx) if use else block(xx)
        out.sum().backward()
        grads.append((xx.grad, block.w1.grad.clone()))
    torch.testing.assert_close(grads[0], grads[1])
    with pytest.raises(TypeError, match="only support block which inherited from Cell"):
        ms.recompute(lambda t: t * 2, x)
    assert ms.recompute(lambda t: t * 2, x, use_reentrant=False).shape == x.shape
    with pytest.raises(ValueError, match="context_fn is only supported"):
        ms.recompute(block, x, context_fn=lambda: (None, None))
    assert ms.saved_tensors_hooks is torch.autograd.graph.saved_tensors_hooks


@pytest.mark.cuda
def test_recompute_on_cuda_equal_gradients_and_less_memory():
    dev = torch.device("cuda")
    x = torch.randn(256, D, device=dev)

    def run(recompute):
        torch.manual_seed(0)
        net = Stack(p_drop=0.1).to(dev)
        net.set_train()
        if recompute:
            for b in net.blocks:
                b.recompute()
        torch.cuda.synchronize()
        base = torch.cuda.memory_allocated()
        torch.manual_seed(1)
        out = net(x.clone().requires_grad_(True)).square().sum()
        peak = torch.cuda.memory_allocated() - base
        out.backward()
        return peak, [p.grad for p in net.get_parameters()]

    peak_plain, g_plain = run(False)
    peak_rc, g_rc = run(True)
    assert peak_rc < 0.5 * peak_plain
    for a, b in zip(g_plain, g_rc):  # the dropout masks are replayed: identical gradients
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6)

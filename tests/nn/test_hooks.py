"""Cell hooks against real MindSpore 2.10 (tests/reference_data/hooks, tools/reference/gen_hooks.py)."""
import functools

import numpy as np
import pytest
import torch

from conftest import load_ref_json
from ms_compat import nn, Tensor, Parameter

REF = load_ref_json("hooks", "hooks")


def val(v):
    """Same conversion as the generator: tensors → {"t": nested list}."""
    if isinstance(v, torch.Tensor):
        return {"t": v.detach().double().tolist()}
    if isinstance(v, (tuple, list)):
        return [val(x) for x in v]
    if isinstance(v, dict):
        return {k: val(x) for k, x in v.items()}
    if v is None or isinstance(v, (int, float, str, bool)):
        return v
    return repr(type(v).__name__)


def close(a, b):
    """Recursive comparison of val() structures."""
    if isinstance(a, dict) and "t" in a:
        assert isinstance(b, dict) and "t" in b, (a, b)
        np.testing.assert_allclose(np.asarray(a["t"]), np.asarray(b["t"]), rtol=1e-5, atol=1e-6)
    elif isinstance(a, dict):
        assert sorted(a) == sorted(b), (a, b)
        for k in a:
            close(a[k], b[k])
    elif isinstance(a, (list, tuple)):
        assert isinstance(b, (list, tuple)) and len(a) == len(b), (a, b)
        for x, y in zip(a, b):
            close(x, y)
    else:
        assert a == b, (a, b)


def arr(a):
    return Tensor(np.asarray(a, dtype=np.float32))


X = [1.0, -2.0, 0.5]

from hook_nets import define as _define_nets  # noqa: E402

_NETS = _define_nets(nn, Parameter, arr, val)
(Scale, Net, KW, KWNet, Inner, Outer, Top, Reuse, all_hooks, Mul2, MulNet, TwoOut, TwoOutNet,
 ScaleBy, ScaleByNet, RegInside, SD) = (
    _NETS.Scale, _NETS.Net, _NETS.KW, _NETS.KWNet, _NETS.Inner, _NETS.Outer, _NETS.Top, _NETS.Reuse,
    _NETS.all_hooks, _NETS.Mul2, _NETS.MulNet, _NETS.TwoOut, _NETS.TwoOutNet, _NETS.ScaleBy,
    _NETS.ScaleByNet, _NETS.RegInside, _NETS.SD)


def grad_of(net, *xs, pos=0):
    """ms.grad(net, grad_position=pos)(*xs) with sens = ones."""
    xs = [x.detach().clone().requires_grad_(True) if isinstance(x, torch.Tensor) else x for x in xs]
    out = net(*xs)
    outs = out if isinstance(out, tuple) else (out,)
    torch.autograd.backward(outs, [torch.ones_like(o) for o in outs])
    if isinstance(pos, tuple):
        return val(tuple(xs[i].grad for i in pos))
    return val(xs[pos].grad)


def test_values_each_hook_receives():
    ref = REF["values"]
    log = []
    net = Net()
    net.s.register_forward_pre_hook(lambda c, a: log.append(["pre", type(c).__name__, val(a)]))
    net.s.register_forward_hook(lambda c, a, o: log.append(["fwd", val(a), val(o)]))
    net.s.register_backward_pre_hook(lambda c, go: log.append(["bwd_pre", type(c).__name__, val(go)]))
    net.s.register_backward_hook(lambda c, gi, go: log.append(["bwd", val(gi), val(go)]))
    g = grad_of(net, arr(X))
    out = val(net(arr(X)))
    close(g, ref["grad"])
    close(out, ref["out"])
    close(log, ref["log"])


@pytest.mark.parametrize("case", ["pre_single", "pre_tuple", "pre_none", "fwd", "bwd", "bwd_pre", "bwd_none"])
def test_return_values(case):
    regs = {
        "pre_single": lambda s: s.register_forward_pre_hook(lambda c, a: a[0] * 10),
        "pre_tuple": lambda s: s.register_forward_pre_hook(lambda c, a: (a[0] + 1,)),
        "pre_none": lambda s: s.register_forward_pre_hook(lambda c, a: None),
        "fwd": lambda s: s.register_forward_hook(lambda c, a, o: o + 100),
        "bwd": lambda s: s.register_backward_hook(lambda c, gi, go: (gi[0] * 7,)),
        "bwd_pre": lambda s: s.register_backward_pre_hook(lambda c, go: (go[0] * 7,)),
        "bwd_none": lambda s: s.register_backward_hook(lambda c, gi, go: None),
    }
    net = Net()
    regs[case](net.s)
    close({"out": val(net(arr(X))), "grad": grad_of(net, arr(X))}, REF["returns"][case])


def test_single_tensor_return_from_backward_hooks():
    # MindSpore wraps a non-tuple return into a 1-tuple (same result as returning (t,))
    net = Net()
    net.s.register_backward_hook(lambda c, gi, go: gi[0] * 7)
    close(grad_of(net, arr(X)), REF["returns"]["bwd"]["grad"])
    net = Net()
    net.s.register_backward_pre_hook(lambda c, go: go[0] * 7)
    close(grad_of(net, arr(X)), REF["returns"]["bwd_pre"]["grad"])


def test_order_prepend_chain_remove_and_errors():
    ref = REF["order"]
    log = []
    net = Net()
    mk = lambda tag: (lambda *a: log.append(tag))  # noqa: E731
    net.s.register_forward_pre_hook(mk("preA"))
    net.s.register_forward_pre_hook(mk("preB"))
    net.s.register_forward_pre_hook(mk("preC"), prepend=True)
    net.s.register_forward_hook(mk("fwdA"))
    net.s.register_forward_hook(mk("fwdB"), prepend=True)
    net.s.register_backward_pre_hook(mk("bpreA"))
    net.s.register_backward_pre_hook(mk("bpreB"))
    net.s.register_backward_hook(mk("bwdA"))
    net.s.register_backward_hook(mk("bwdB"))
    grad_of(net, arr(X))
    assert log == ref["order"]

    net = Net()
    seen = []
    net.s.register_forward_hook(lambda c, a, o: o + 1)
    net.s.register_forward_hook(lambda c, a, o: seen.append(val(o)) or o * 2)
    close(val(net(arr(X))), ref["chain_out"])
    close(seen, ref["chain_seen"])

    net = Net()
    bseen = []
    net.s.register_backward_hook(lambda c, gi, go: (gi[0] + 1,))
    net.s.register_backward_hook(lambda c, gi, go: bseen.append(val(gi)) or None)
    close(grad_of(net, arr(X)), ref["bchain_grad"])
    close(bseen, ref["bchain_seen"])

    log.clear()
    net = Net()
    hs = [net.s.register_forward_hook(mk("f1")), net.s.register_forward_pre_hook(mk("p1")),
          net.s.register_backward_hook(mk("b1")), net.s.register_backward_pre_hook(mk("bp1"))]
    net.s.register_forward_hook(mk("f2"))
    for h in hs:
        h.remove()
    grad_of(net, arr(X))
    assert log == ref["after_remove"]

    for name, (etype, msg) in ref["noncallable"].items():
        with pytest.raises(TypeError) as ei:
            getattr(Net().s, name)(1)
        assert etype == "TypeError" and str(ei.value) == msg
    with pytest.raises(TypeError) as ei:
        Net().s.register_forward_hook("abc")
    assert str(ei.value) == ref["noncallable_str"][1]
    assert ref["partial_ok"] is None
    Net().s.register_forward_hook(functools.partial(lambda t, c, a, o: None, 1))


def test_with_kwargs_forms():
    ref = REF["kwargs"]
    log = []
    net = KWNet()
    net.k.register_forward_pre_hook(lambda c, a, kw: log.append(["pre", val(a), sorted(kw), val(kw)]),
                                    with_kwargs=True)
    net.k.register_forward_hook(lambda c, a, kw, o: log.append(["fwd", val(a), sorted(kw), val(o)]), with_kwargs=True)
    net.k.register_forward_hook(lambda c, a, o: log.append(["fwd_nokw", val(a), val(o)]))
    close(val(net(arr(X))), ref["out"])
    close(log, ref["log"])
    net = KWNet()
    net.k.register_forward_pre_hook(lambda c, a, kw: ((a[0] + 1,), {"y": kw["y"] * 10}), with_kwargs=True)
    close(val(net(arr(X))), ref["replace_out"])
    close(grad_of(net, arr(X)), ref["replace_grad"])
    net = KWNet()
    net.k.register_forward_hook(lambda c, a, kw, o: o - kw["y"], with_kwargs=True)
    close(val(net(arr(X))), ref["fwd_replace_out"])
    net = KWNet()
    net.k.register_forward_pre_hook(lambda c, a, kw: 5, with_kwargs=True)
    with pytest.raises(RuntimeError) as ei:
        net(arr(X))
    assert ref["bad_kw_return"][0] == "RuntimeError"
    assert str(ei.value).startswith(ref["bad_kw_return"][1])


def test_nested_cells_and_cell_reused_twice():
    ref = REF["nested"]
    log = []
    net = Top()
    all_hooks(net.outer, "outer", log)
    all_hooks(net.outer.inner, "inner", log)
    close(grad_of(net, arr(X)), ref["grad"])
    close(log, ref["log"])
    log2 = []
    net = Reuse()
    all_hooks(net.inner, "inner", log2)
    close(grad_of(net, arr(X)), ref["reuse_grad"])
    close(log2, ref["reuse_log"])


def test_multiple_inputs_outputs_and_non_tensor_arguments():
    ref = REF["multi"]
    a, b = [2.0, 1.0, -1.0], [5.0, 3.0, 0.5]
    log = []
    net = MulNet()
    all_hooks(net.m, "m", log)
    close(grad_of(net, arr(a), arr(b), pos=(0, 1)), ref["mul_grad"])
    close(log, ref["mul_log"])
    net = MulNet()
    net.m.register_backward_hook(lambda c, gi, go: (gi[0] * 0 + 1, gi[1] * 2))
    close(grad_of(net, arr(a), arr(b), pos=(0, 1)), ref["mul_replace_grad"])
    log = []
    net = TwoOutNet()
    all_hooks(net.t, "t", log)
    close(grad_of(net, arr(a), arr(b), pos=(0, 1)), ref["two_grad"])
    close(log, ref["two_log"])
    net = TwoOutNet()
    net.t.register_backward_pre_hook(lambda c, go: (go[0] * 10, go[1]))
    close(grad_of(net, arr(a), arr(b), pos=(0, 1)), ref["two_pre_replace_grad"])
    # non-tensor argument: MindSpore's grad_input holds only the tensor inputs' gradients
    log = []
    net = ScaleByNet()
    all_hooks(net.s, "s", log)
    close(grad_of(net, arr(X)), ref["nontensor_grad"])
    close(log, ref["nontensor_log"])
    net = ScaleByNet()
    net.s.register_backward_hook(lambda c, gi, go: (gi[0] * 2,))
    np.testing.assert_allclose(grad_of(net, arr(X))["t"], [8.0, 8.0, 8.0])


def test_hook_registered_inside_construct_adds_one_each_call():
    log = []
    net = RegInside(log)
    counts = []
    for _ in range(3):
        net(arr(X))
        counts.append(len(log))
    assert counts == REF["inside"]["counts"]


def test_state_dict_hooks_signatures():
    ref = REF["state_dict"]
    log = []
    net = SD()
    net.sub.register_state_dict_pre_hook(lambda c, prefix, keep_vars: log.append(
        ["pre", type(c).__name__, prefix, keep_vars]))
    net.sub.register_state_dict_post_hook(lambda c, sd, prefix, meta: log.append(
        ["post", type(c).__name__, sorted(sd), prefix, type(meta).__name__]))
    net.register_state_dict_post_hook(lambda c, sd, prefix, meta: log.append(["post_top", sorted(sd), prefix]))
    sd = net.state_dict()
    assert list(sd) == ref["keys"]
    # local_metadata: MindSpore passes {} , PyTorch {'version': 1} (documented difference) → compare without it
    assert log == [r[:5] if r[0] == "post" else r for r in ref["sd_log"]]
    log.clear()
    net.sub.register_load_state_dict_pre_hook(lambda *a: log.append(
        ["lpre", len(a), type(a[0]).__name__, sorted(a[1]), a[2], type(a[3]).__name__, a[4], a[5], a[6], a[7]]))
    net.register_load_state_dict_post_hook(lambda c, ik: log.append(
        ["lpost", type(c).__name__, type(ik).__name__, list(ik.missing_keys), list(ik.unexpected_keys)]))
    r = net.load_state_dict({"p": arr([5.0, 6.0]), "sub.w": arr([7.0]), "zz": arr([0.0])}, strict=False)
    assert log == ref["load_log"]
    assert [list(r.missing_keys), list(r.unexpected_keys)] == ref["load_ret"]
    np.testing.assert_allclose(net.sub.w.detach().numpy(), [7.0])
    net2 = SD()
    net2.register_state_dict_post_hook(lambda c, sd, p, m: {"x": 1})
    with pytest.raises(RuntimeError, match=ref["post_return"][1]):
        net2.state_dict()


def test_saved_tensors_hooks():
    ref = REF["saved_tensors"]
    m = Mul2()
    shapes = []
    assert m.register_saved_tensors_hooks(lambda t: shapes.append(list(t.shape)) or t * 1, lambda t: t) is None
    close(grad_of(m, arr([2.0, 1.0]), arr([3.0, 4.0]), pos=(0, 1)), ref["mul_grad"])
    assert shapes == ref["mul_packed"]
    # a later call replaces the pair
    shapes2 = []
    m.register_saved_tensors_hooks(lambda t: shapes2.append(1) or t, lambda t: t)
    grad_of(m, arr([2.0, 1.0]), arr([3.0, 4.0]), pos=(0, 1))
    assert len(shapes) == 2 and shapes2 == [1, 1]
    # inside a parent too (MindSpore 2.10 PyNative skips a hook-less sub-cell here: documented difference)
    net = MulNet()
    n = []
    net.m.register_saved_tensors_hooks(lambda t: n.append(1) or t, lambda t: t)
    grad_of(net, arr([2.0]), arr([3.0]), pos=(0, 1))
    assert n == [1, 1]
    with pytest.raises(TypeError):
        m.register_saved_tensors_hooks(1, lambda t: t)
    m.register_saved_tensors_hooks(None, None)
    grad_of(m, arr([2.0, 1.0]), arr([3.0, 4.0]), pos=(0, 1))
    assert shapes2 == [1, 1]


class SC(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(Tensor(2.0), name="weight")
        self.b = Parameter(Tensor(1.0), name="b")

    def construct(self, x):
        return x * self.weight + self.b


def _run_sc(net):
    x = Tensor(3.0).requires_grad_(True)
    out = net(x)
    out.backward()
    return {"out": val(out), "grads": [val(x.grad), [val(net.weight.grad), val(net.b.grad)]]}


@pytest.mark.filterwarnings("ignore:register_parameter_forward_hook")
def test_parameter_forward_hook_matches_mindspore_jit():
    ref = REF["param_hook"]
    times10 = lambda p: p * 10  # noqa: E731
    net = SC()
    assert net.register_parameter_forward_hook(times10) is None
    close(_run_sc(net), ref["jit_global"])
    net = SC()
    net.register_parameter_forward_hook([{"params": [net.weight], "hook": times10}])
    close(_run_sc(net), ref["jit_per_param"])
    net = SC()
    net.register_parameter_forward_hook(lambda p: p + 1)
    net.register_parameter_forward_hook([{"params": [net.weight], "hook": times10}])
    close(_run_sc(net), ref["jit_both"])
    # the parameters are restored after the call
    assert isinstance(net.weight, Parameter) and float(net.weight.detach()) == 2.0
    for key, bad in [("bad_item", [1]), ("bad_dict", [{"params": []}]), ("bad_hook", [{"params": [], "hook": 1}]),
                     ("bad_param", [{"params": [1], "hook": abs}]), ("bad_type", 3)]:
        etype, msg = ref[key]
        with pytest.raises((TypeError, ValueError)) as ei:
            SC().register_parameter_forward_hook(bad)
        assert type(ei.value).__name__ == etype and str(ei.value) == msg


def test_hooks_fire_under_recompute():
    """Hooks on a recomputed cell and on its children see the same values as without recompute."""
    def run(recompute):
        log = []
        net = Top()
        all_hooks(net.outer, "outer", log)
        all_hooks(net.outer.inner, "inner", log)
        if recompute:
            net.outer.recompute()
        g = grad_of(net, arr(X))
        return g, log
    g0, log0 = run(False)
    g1, log1 = run(True)
    close(g1, g0)
    # the recomputation re-runs inner's forward (its forward hooks fire again, as MindSpore re-runs
    # the block); backward hooks fire once each
    assert [e for e in log1 if "bwd" in e[1]] == [e for e in log0 if "bwd" in e[1]]
    fwd1 = [e for e in log1 if "bwd" not in e[1]]
    assert fwd1[:len([e for e in log0 if "bwd" not in e[1]])] == [e for e in log0 if "bwd" not in e[1]]


def test_hooks_bprop_and_recompute_under_torch_compile():
    """torch.compile (aot_eager backend: dynamo + AOT autograd, no codegen, to stay quick) keeps the
    MindSpore hook conventions, custom bprop and recompute; graph breaks are allowed."""
    torch._dynamo.reset()

    class MulB(nn.Cell):
        def construct(self, x, y):
            return x * y

        def bprop(self, x, y, out, dout):
            return dout * 100, dout * 200

    def run(compiled):
        log = []
        net = ScaleByNet()
        net.s.register_forward_hook(lambda c, a, o: log.append(("f", a[1])))
        net.s.register_backward_hook(lambda c, gi, go: log.append(("b", len(gi))) or (gi[0] * 0.5,))
        top = Top()
        top.outer.recompute()
        fs = [net, top, MulB()]
        if compiled:
            fs = [torch.compile(f, backend="aot_eager") for f in fs]
        x = torch.tensor(X, requires_grad=True)  # plain tensors: the ms Tensor subclass under
        # compile is the graph-mode area's concern
        fs[0](x).sum().backward()
        y = torch.tensor(X, requires_grad=True)
        fs[1](y).sum().backward()
        a, b = torch.tensor([2.0], requires_grad=True), torch.tensor([3.0], requires_grad=True)
        fs[2](a, b).sum().backward()
        return [x.grad, y.grad, a.grad, b.grad], log

    g0, log0 = run(False)
    g1, log1 = run(True)
    assert log0 == log1 == [("f", 4.0), ("b", 1)]
    for u, v in zip(g0, g1):
        torch.testing.assert_close(u, v)
    assert g1[2].item() == 100.0 and g1[3].item() == 200.0


def test_always_call_forward_hook_runs_when_construct_raises():
    class Boom(nn.Cell):
        def construct(self, x):
            raise ValueError("boom")

    log = []
    b = Boom()
    b.register_forward_hook(lambda c, a, o: log.append("always"), always_call=True)
    b.register_forward_hook(lambda c, a, o: log.append("normal"))
    with pytest.raises(ValueError, match="boom"):
        b(arr(X))
    assert log == ["always"]

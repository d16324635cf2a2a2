"""Reference data for Cell hooks, custom bprop, recompute/offload argument checks (real MindSpore 2.10).

Writes tests/reference_data/hooks/{hooks.json, bprop.npz, bprop.json}. Run:
    python3 tools/make_references.py gen_hooks
"""
from __future__ import annotations

import functools

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter

import refutil

ms.set_context(mode=ms.PYNATIVE_MODE)
AREA = "hooks"
OUT = {}


def val(v):
    """Hook argument → JSON-able value (tensors as nested lists)."""
    if isinstance(v, Tensor):
        return {"t": v.asnumpy().astype(np.float64).tolist()}
    if isinstance(v, (tuple, list)):
        return [val(x) for x in v]
    if isinstance(v, dict):
        return {k: val(x) for k, x in v.items()}
    if v is None or isinstance(v, (int, float, str, bool)):
        return v
    return repr(type(v).__name__)


def arr(a):
    return Tensor(np.asarray(a, dtype=np.float32))


X = [1.0, -2.0, 0.5]

import sys  # noqa: E402

sys.path.insert(0, str(refutil.ROOT / "tests" / "nn"))
from hook_nets import define as _define_nets  # noqa: E402

_NETS = _define_nets(nn, Parameter, arr, val)
(Scale, Net, KW, KWNet, Inner, Outer, Top, Reuse, all_hooks, Mul2, MulNet, TwoOut, TwoOutNet,
 ScaleBy, ScaleByNet, RegInside, SD) = (
    _NETS.Scale, _NETS.Net, _NETS.KW, _NETS.KWNet, _NETS.Inner, _NETS.Outer, _NETS.Top, _NETS.Reuse,
    _NETS.all_hooks, _NETS.Mul2, _NETS.MulNet, _NETS.TwoOut, _NETS.TwoOutNet, _NETS.ScaleBy,
    _NETS.ScaleByNet, _NETS.RegInside, _NETS.SD)


def grad_of(net, *xs, pos=0):
    g = ms.grad(net, grad_position=pos)(*xs)
    return val(g)


# ---------------------------------------------------------------- 1. values each hook receives
def case_values():
    log = []
    net = Net()
    net.s.register_forward_pre_hook(lambda c, a: log.append(["pre", type(c).__name__, val(a)]))
    net.s.register_forward_hook(lambda c, a, o: log.append(["fwd", val(a), val(o)]))
    net.s.register_backward_pre_hook(lambda c, go: log.append(["bwd_pre", type(c).__name__, val(go)]))
    net.s.register_backward_hook(lambda c, gi, go: log.append(["bwd", val(gi), val(go)]))
    g = grad_of(net, arr(X))
    out = val(net(arr(X)))
    return {"log": log, "grad": g, "out": out}


# ---------------------------------------------------------------- 2. return values
def case_returns():
    res = {}
    def run(reg):
        net = Net()
        reg(net.s)
        return {"out": val(net(arr(X))), "grad": grad_of(net, arr(X))}
    res["pre_single"] = run(lambda s: s.register_forward_pre_hook(lambda c, a: a[0] * 10))
    res["pre_tuple"] = run(lambda s: s.register_forward_pre_hook(lambda c, a: (a[0] + 1,)))
    res["pre_none"] = run(lambda s: s.register_forward_pre_hook(lambda c, a: None))
    res["fwd"] = run(lambda s: s.register_forward_hook(lambda c, a, o: o + 100))
    res["bwd"] = run(lambda s: s.register_backward_hook(lambda c, gi, go: (gi[0] * 7,)))
    res["bwd_pre"] = run(lambda s: s.register_backward_pre_hook(lambda c, go: (go[0] * 7,)))
    res["bwd_none"] = run(lambda s: s.register_backward_hook(lambda c, gi, go: None))
    return res


# ---------------------------------------------------------------- 3. order, prepend, remove
def case_order():
    res = {}
    log = []
    net = Net()
    mk = lambda tag: (lambda *a: log.append(tag))
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
    res["order"] = list(log)
    # chaining: second hook sees first hook's result
    net = Net()
    seen = []
    net.s.register_forward_hook(lambda c, a, o: o + 1)
    net.s.register_forward_hook(lambda c, a, o: seen.append(val(o)) or o * 2)
    res["chain_out"] = val(net(arr(X)))
    res["chain_seen"] = seen
    net = Net()
    bseen = []
    net.s.register_backward_hook(lambda c, gi, go: (gi[0] + 1,))
    net.s.register_backward_hook(lambda c, gi, go: bseen.append(val(gi)) or None)
    res["bchain_grad"] = grad_of(net, arr(X))
    res["bchain_seen"] = bseen
    # remove
    log.clear()
    net = Net()
    h1 = net.s.register_forward_hook(mk("f1"))
    h2 = net.s.register_forward_pre_hook(mk("p1"))
    h3 = net.s.register_backward_hook(mk("b1"))
    h4 = net.s.register_backward_pre_hook(mk("bp1"))
    net.s.register_forward_hook(mk("f2"))
    for h in (h1, h2, h3, h4):
        h.remove()
    grad_of(net, arr(X))
    res["after_remove"] = list(log)
    res["handle_type"] = type(h1).__name__
    # non-callable
    res["noncallable"] = {k: refutil.error_of(lambda k=k: getattr(Net().s, k)(1)) for k in
                          ["register_forward_pre_hook", "register_forward_hook", "register_backward_pre_hook",
                           "register_backward_hook"]}
    res["noncallable_str"] = refutil.error_of(lambda: Net().s.register_forward_hook("abc"))
    res["partial_ok"] = refutil.error_of(lambda: Net().s.register_forward_hook(functools.partial(lambda t, c, a, o: None, 1)))
    return res


# ---------------------------------------------------------------- 4. with_kwargs


def case_kwargs():
    res = {}
    log = []
    net = KWNet()
    net.k.register_forward_pre_hook(lambda c, a, kw: log.append(["pre", val(a), sorted(kw), val(kw)]),
                                    with_kwargs=True)
    net.k.register_forward_hook(lambda c, a, kw, o: log.append(["fwd", val(a), sorted(kw), val(o)]), with_kwargs=True)
    net.k.register_forward_hook(lambda c, a, o: log.append(["fwd_nokw", val(a), val(o)]))
    res["out"] = val(net(arr(X)))
    res["log"] = log
    net = KWNet()
    net.k.register_forward_pre_hook(lambda c, a, kw: ((a[0] + 1,), {"y": kw["y"] * 10}), with_kwargs=True)
    res["replace_out"] = val(net(arr(X)))
    res["replace_grad"] = grad_of(net, arr(X))
    net = KWNet()
    net.k.register_forward_hook(lambda c, a, kw, o: o - kw["y"], with_kwargs=True)
    res["fwd_replace_out"] = val(net(arr(X)))
    net = KWNet()
    net.k.register_forward_pre_hook(lambda c, a, kw: 5, with_kwargs=True)
    res["bad_kw_return"] = refutil.error_of(lambda: net(arr(X)))
    return res


# ---------------------------------------------------------------- 5. nested and reused cells


def case_nested():
    res = {}
    log = []
    net = Top()
    all_hooks(net.outer, "outer", log)
    all_hooks(net.outer.inner, "inner", log)
    res["grad"] = grad_of(net, arr(X))
    res["log"] = list(log)
    log2 = []
    net = Reuse()
    all_hooks(net.inner, "inner", log2)
    res["reuse_grad"] = grad_of(net, arr(X))
    res["reuse_log"] = log2
    return res


# ---------------------------------------------------------------- 6. multi-input / multi-output / non-tensor


def case_multi():
    res = {}
    a, b = [2.0, 1.0, -1.0], [5.0, 3.0, 0.5]
    log = []
    net = MulNet()
    all_hooks(net.m, "m", log)
    res["mul_grad"] = grad_of(net, arr(a), arr(b), pos=(0, 1))
    res["mul_log"] = list(log)
    log = []
    net = MulNet()
    net.m.register_backward_hook(lambda c, gi, go: (gi[0] * 0 + 1, gi[1] * 2))
    res["mul_replace_grad"] = grad_of(net, arr(a), arr(b), pos=(0, 1))
    log = []
    net = TwoOutNet()
    all_hooks(net.t, "t", log)
    res["two_grad"] = grad_of(net, arr(a), arr(b), pos=(0, 1))
    res["two_log"] = list(log)
    net = TwoOutNet()
    net.t.register_backward_pre_hook(lambda c, go: (go[0] * 10, go[1]))
    res["two_pre_replace_grad"] = grad_of(net, arr(a), arr(b), pos=(0, 1))
    log = []
    net = ScaleByNet()
    all_hooks(net.s, "s", log)
    res["nontensor_grad"] = grad_of(net, arr(X))
    res["nontensor_log"] = list(log)
    return res


# ---------------------------------------------------------------- 7. hooks registered inside construct


def case_inside():
    log = []
    net = RegInside(log)
    counts = []
    for _ in range(3):
        net(arr(X))
        counts.append(len(log))
    return {"counts": counts}


# ---------------------------------------------------------------- 8. state-dict hooks


def case_state_dict():
    res = {}
    log = []
    net = SD()
    net.sub.register_state_dict_pre_hook(lambda c, prefix, keep_vars: log.append(
        ["pre", type(c).__name__, prefix, keep_vars]))
    net.sub.register_state_dict_post_hook(lambda c, sd, prefix, meta: log.append(
        ["post", type(c).__name__, sorted(sd), prefix, type(meta).__name__, sorted(meta)]))
    net.register_state_dict_post_hook(lambda c, sd, prefix, meta: log.append(
        ["post_top", sorted(sd), prefix]))
    sd = net.state_dict()
    res["keys"] = list(sd)
    res["sd_log"] = list(log)
    log.clear()
    net.sub.register_load_state_dict_pre_hook(lambda *a: log.append(
        ["lpre", len(a), type(a[0]).__name__, sorted(a[1]), a[2], type(a[3]).__name__, a[4], a[5], a[6], a[7]]))
    net.register_load_state_dict_post_hook(lambda c, ik: log.append(
        ["lpost", type(c).__name__, type(ik).__name__, list(ik.missing_keys), list(ik.unexpected_keys)]))
    sd2 = {"p": arr([5.0, 6.0]), "sub.w": arr([7.0]), "zz": arr([0.0])}
    r = net.load_state_dict(sd2, strict=False)
    res["load_log"] = list(log)
    res["load_ret"] = [list(r.missing_keys), list(r.unexpected_keys)]
    net2 = SD()
    net2.register_state_dict_post_hook(lambda c, sd, p, m: {"x": 1})
    res["post_return"] = refutil.error_of(lambda: net2.state_dict())
    return res


# ---------------------------------------------------------------- 9. bprop
class MulBprop(nn.Cell):
    def construct(self, x, y):
        return x * y

    def bprop(self, x, y, out, dout):
        return dout * 100, dout * 200


class NestBprop(nn.Cell):
    def __init__(self):
        super().__init__()
        self.m = MulBprop()

    def construct(self, x, y):
        return self.m(x, y) * 2


class FancyBprop(nn.Cell):
    """Numeric bprop: true derivative of sin(x)*y scaled by a non-tensor k."""

    def construct(self, x, y, k):
        return ms.ops.sin(x) * y * k

    def bprop(self, x, y, k, out, dout):
        return dout * ms.ops.cos(x) * y * k, dout * ms.ops.sin(x) * k, 0.0


class ParamBprop(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(arr([2.0, 3.0, 4.0]), name="w")

    def construct(self, x):
        return x * self.w

    def bprop(self, x, out, dout):
        return (dout * 10,)


class ManyBprop(nn.Cell):
    def construct(self, x, y):
        return x * y

    def bprop(self, x, y, out, dout):
        return dout, dout * 2, dout * 3


class SingleBprop(nn.Cell):
    def construct(self, x):
        return x * 2

    def bprop(self, x, out, dout):
        return dout * 5


class FewBprop(nn.Cell):
    def construct(self, x, y):
        return x * y

    def bprop(self, x, y, out, dout):
        return (dout,)


def case_bprop():
    res = {}
    log = []

    class Rec(MulBprop):
        def bprop(self, x, y, out, dout):
            log.append(["bprop", val(x), val(y), val(out), val(dout)])
            return dout * 100, dout * 200

    res["has_bprop"] = [MulBprop().has_bprop, Scale().has_bprop]
    res["mul_grad"] = grad_of(MulBprop(), arr([2.0]), arr([3.0]), pos=(0, 1))

    class RecNest(nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = Rec()

        def construct(self, x, y):
            return self.m(x, y) * 2

    res["nest_grad"] = grad_of(RecNest(), arr([2.0]), arr([3.0]), pos=(0, 1))
    res["nest_log"] = list(log)
    res["many_grad"] = grad_of(ManyBprop(), arr([2.0]), arr([3.0]), pos=(0, 1))
    res["single_grad"] = grad_of(SingleBprop(), arr([2.0]))
    res["few"] = refutil.error_of(lambda: ms.grad(FewBprop(), grad_position=(0, 1))(arr([2.0]), arr([3.0])))
    pn = ParamBprop()
    g = ms.grad(pn, grad_position=0, weights=pn.trainable_params())(arr(X))
    res["param_grads"] = val(g)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((3, 4)).astype(np.float32)
    y = rng.standard_normal((3, 4)).astype(np.float32)
    gx, gy = ms.grad(FancyBprop(), grad_position=(0, 1))(Tensor(x), Tensor(y), 1.5)
    refutil.save_npz(AREA, "bprop", x=x, y=y, gx=gx.asnumpy(), gy=gy.asnumpy(),
                     out=FancyBprop()(Tensor(x), Tensor(y), 1.5).asnumpy())
    # hook on a bprop cell
    blog = []
    net = NestBprop()
    net.m.register_backward_hook(lambda c, gi, go: blog.append([val(gi), val(go)]))
    res["hook_on_bprop_grad"] = grad_of(net, arr([2.0]), arr([3.0]), pos=(0, 1))
    res["hook_on_bprop_log"] = blog
    return res


# ---------------------------------------------------------------- 10. recompute / offload argument rules
def case_recompute():
    res = {}
    net = Net()
    res["ret"] = repr(net.recompute())
    res["again"] = refutil.error_of(lambda: net.recompute())
    n2 = Net()
    res["kwargs_ok"] = refutil.error_of(lambda: n2.recompute(mp_comm_recompute=True,
                                                             parallel_optimizer_comm_recompute=False,
                                                             recompute_slice_activation=True))
    res["bad_kw"] = refutil.error_of(lambda: Net().recompute(foo=1))
    res["mode_kw"] = refutil.error_of(lambda: Net().recompute(mode=True))
    res["positional"] = refutil.error_of(lambda: Net().recompute(True))
    res["bad_bool"] = refutil.error_of(lambda: Net().recompute(mp_comm_recompute=1))
    res["ctx_reentrant"] = refutil.error_of(lambda: Net().recompute(context_fn=lambda: (None, None)))
    n3 = Net()
    n3.recompute()
    res["grad_recompute"] = grad_of(n3, arr(X))
    res["offload_ret"] = repr(Net().offload())
    res["offload_neg"] = refutil.error_of(lambda: Net().offload(-1))
    res["offload_str"] = refutil.error_of(lambda: Net().offload("x"))
    res["offload_int"] = refutil.error_of(lambda: Net().offload(3))
    return res


def case_saved_tensors():
    res = {}
    net = Net()
    packed = []
    r = net.register_saved_tensors_hooks(lambda t: packed.append(1) or t, lambda t: t)
    res["ret"] = repr(r)
    res["grad"] = grad_of(net, arr(X))
    res["packed_any"] = len(packed) > 0
    m = Mul2()
    shapes = []
    m.register_saved_tensors_hooks(lambda t: shapes.append(list(t.shape)) or t * 1, lambda t: t)
    res["mul_grad"] = grad_of(m, arr([2.0, 1.0]), arr([3.0, 4.0]), pos=(0, 1))
    res["mul_packed"] = shapes
    return res


def case_param_hook():
    res = {}

    class SC(nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = Parameter(Tensor(2.0, ms.float32), name="weight")
            self.b = Parameter(Tensor(1.0, ms.float32), name="b")

        def construct(self, x):
            return x * self.weight + self.b

    net = SC()
    net.register_parameter_forward_hook([{"params": [net.weight], "hook": lambda p: p * 10}])
    res["pynative_out"] = val(net(Tensor(3.0, ms.float32)))
    res["bad_item"] = refutil.error_of(lambda: SC().register_parameter_forward_hook([1]))
    res["bad_dict"] = refutil.error_of(lambda: SC().register_parameter_forward_hook([{"params": []}]))
    res["bad_hook"] = refutil.error_of(lambda: SC().register_parameter_forward_hook([{"params": [], "hook": 1}]))
    res["bad_param"] = refutil.error_of(lambda: SC().register_parameter_forward_hook([{"params": [1], "hook": abs}]))
    res["bad_type"] = refutil.error_of(lambda: SC().register_parameter_forward_hook(3))
    res["ret"] = repr(SC().register_parameter_forward_hook(lambda p: p))

    def times10(p):
        return p * 10

    def plus1(p):
        return p + 1

    def jit_run(net):
        out, g = ms.jit(ms.value_and_grad(net, grad_position=0, weights=net.trainable_params()),
                        backend="ms_backend")(Tensor(3.0, ms.float32))
        return {"out": val(out), "grads": val(g)}

    net = SC()
    net.register_parameter_forward_hook(times10)
    res["jit_global"] = jit_run(net)
    net = SC()
    net.register_parameter_forward_hook([{"params": [net.weight], "hook": times10}])
    res["jit_per_param"] = jit_run(net)
    net = SC()
    net.register_parameter_forward_hook(plus1)
    net.register_parameter_forward_hook([{"params": [net.weight], "hook": times10}])
    res["jit_both"] = jit_run(net)
    return res


for name, fn in [("values", case_values), ("returns", case_returns), ("order", case_order),
                 ("kwargs", case_kwargs), ("nested", case_nested), ("multi", case_multi),
                 ("inside", case_inside), ("state_dict", case_state_dict), ("bprop", case_bprop),
                 ("recompute", case_recompute), ("saved_tensors", case_saved_tensors),
                 ("param_hook", case_param_hook)]:
    try:
        OUT[name] = fn()
    except Exception as e:  # noqa: BLE001
        import traceback
        traceback.print_exc()
        OUT[name] = {"generator_error": repr(e)}
    print(name, "done", flush=True)

refutil.save_json(AREA, "hooks", OUT)

"""Reference data for mixed precision (Cell.to_float, mindspore.amp, loss scaling) from real MindSpore 2.10.

Run: python tools/make_references.py gen_amp   (writes tests/reference_data/amp/)

Records, on a mixed network (Conv2d, BatchNorm2d, ReLU, Flatten, Dense, LayerNorm, Softmax):
per-layer input/output/parameter dtypes (forward hooks), the forward output for every amp level and
low-precision dtype, to_float dtype rules and errors, the amp API errors, the functional loss scalers
and the loss-scale training cell's sequence (loss, overflow, scale, weights) with a forced overflow.
TrainOneStepWithLossScaleCell's overflow check uses NPU/GPU status ops that MindSpore has no CPU
kernel for; the generator overrides only ``get_overflow_status`` with an isfinite check (what the
GPU path computes) and keeps MindSpore's own scaling, unscaling, update cell and skip logic.
"""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops, amp
import mindspore.common.dtype as mstype

import amp_cases
from refutil import error_of, save_json, save_npz


ms.set_context(mode=ms.PYNATIVE_MODE)
AREA = "amp"
DT = {"float16": mstype.float16, "bfloat16": mstype.bfloat16}


def dname(t):
    return str(t.dtype) if isinstance(t, Tensor) else type(t).__name__


def to_np(t):
    return t.astype(mstype.float32).asnumpy() if t.dtype == mstype.bfloat16 else t.asnumpy()


from amp_cases import LinNet, MixedNet, Parent  # noqa: E402  (module-level: MindSpore's O1 rewrites them)
LAYERS = amp_cases.LAYERS
find_cell = amp_cases.find_cell
rng = np.random.default_rng(5)
WEIGHTS = {
    "conv.weight": rng.normal(0, 0.3, (4, 2, 3, 3)).astype(np.float32),
    "conv.bias": rng.normal(0, 0.1, (4,)).astype(np.float32),
    "bn.gamma": rng.uniform(0.5, 1.5, (4,)).astype(np.float32),
    "bn.beta": rng.normal(0, 0.1, (4,)).astype(np.float32),
    "bn.moving_mean": rng.normal(0, 0.1, (4,)).astype(np.float32),
    "bn.moving_variance": rng.uniform(0.5, 1.5, (4,)).astype(np.float32),
    "dense.weight": rng.normal(0, 0.2, (8, 64)).astype(np.float32),
    "dense.bias": rng.normal(0, 0.1, (8,)).astype(np.float32),
    "ln.gamma": rng.uniform(0.5, 1.5, (8,)).astype(np.float32),
    "ln.beta": rng.normal(0, 0.1, (8,)).astype(np.float32),
}
X = rng.normal(0, 1, (2, 2, 4, 4)).astype(np.float32)


def make_net():
    net = MixedNet()
    for name, p in net.parameters_and_names():
        p.set_data(Tensor(WEIGHTS[name]))
    return net


def record_level(level, dtype_name, train=False):
    net = make_net()
    out_net = amp.auto_mixed_precision(net, level, DT[dtype_name])
    rec = {"returned_class": type(out_net).__name__, "same_object": out_net is net, "layers": {}}
    rec["wrapped"] = {l: type(getattr(net, l)).__name__ for l in LAYERS}
    seen = {}
    for layer in LAYERS:
        cell = find_cell(out_net, layer)

        def hook(c, inputs, output, layer=layer):
            seen[layer] = {"in": [dname(i) for i in inputs], "out": dname(output)}
        cell.register_forward_hook(hook)
        rec["layers"][layer] = {"flags": {k: bool(v) for k, v in cell.get_flags().items() if k in ("fp16", "fp32", "bf16")}}
    out_net.set_train(train)
    out = out_net(Tensor(X))
    for layer in LAYERS:
        rec["layers"][layer].update(seen.get(layer, {}))
    rec["out_dtype"] = dname(out)
    rec["param_dtypes"] = {p.name: str(p.dtype) for p in out_net.get_parameters()}
    rec["param_names"] = [p.name for p in out_net.get_parameters()]
    arrays = {"out": to_np(out)}
    if train:
        arrays["moving_mean"] = net.bn.moving_mean.asnumpy() if hasattr(net.bn, "moving_mean") else \
            find_cell(out_net, "bn").moving_mean.asnumpy()
        arrays["moving_variance"] = find_cell(out_net, "bn").moving_variance.asnumpy()
    # gradient dtypes (master weights stay float32)
    if level in ("O2", "O3") and not train:
        def loss_fn(x):
            return out_net(x).sum() * 0 + (out_net(x) ** 2).sum()
        grads = ms.grad(loss_fn, grad_position=None, weights=out_net.trainable_params())(Tensor(X))
        rec["grad_dtypes"] = [str(g.dtype) for g in grads]
    return rec, arrays


def gen_levels():
    recs, arrays = {}, {"x": X, **{"w_" + k: v for k, v in WEIGHTS.items()}}
    net = make_net()
    net.set_train(False)
    arrays["out_fp32"] = net(Tensor(X)).asnumpy()
    for level in ("O2", "O3"):
        rec, arr = record_level(level, "float16", train=True)
        recs[f"{level}_float16_train"] = rec
        for k, v in arr.items():
            arrays[f"{level}_float16_train_{k}"] = v
    # A MindSpore cell call that raises leaves its PyNative mixed-precision type set, so the bfloat16
    # runs (which raise on CPU where kernels are missing) go last.
    for level, dn in [(l, "float16") for l in ("O0", "O1", "O2", "O3", "auto")] + \
            [(l, "bfloat16") for l in ("O0", "auto", "O1", "O2", "O3")]:
        try:
            rec, arr = record_level(level, dn)
        except (TypeError, RuntimeError) as e:  # MindSpore 2.10 CPU lacks bf16 conv/matmul kernels
            recs[f"{level}_{dn}"] = {"error": [type(e).__name__, str(e).splitlines()[0]]}
            continue
        recs[f"{level}_{dn}"] = rec
        for k, v in arr.items():
            arrays[f"{level}_{dn}_{k}"] = v
    recs["white_list"] = [c.__name__ for c in amp.get_white_list()]
    recs["black_list"] = [c.__name__ for c in amp.get_black_list()]
    save_json(AREA, "levels", recs)
    save_npz(AREA, "levels", **arrays)


# ---------------------------------------------------------------- to_float
class IntOps(nn.Cell):
    def construct(self, x, i):
        self.log = {"i_plus_1": str((i + 1).dtype), "x_times_i": str((x * i).dtype),
                    "i_times_float": str((i * 1.5).dtype), "cast32": str(ops.cast(x, mstype.float32).dtype),
                    "astype64": str(x.astype(mstype.float64).dtype), "concat": str(ops.concat((x, x.astype(mstype.float64))).dtype),
                    "zeros32": str(ops.zeros((2,), mstype.float32).dtype),
                    "matmul_int": str(ops.matmul(i.reshape(1, 3), i.reshape(3, 1)).dtype)}
        return x


def gen_to_float():
    rec = {}
    x32 = Tensor(np.ones(3, np.float32))
    for name, (pdn, cdn) in amp_cases.TO_FLOAT_CASES.items():
        pd = getattr(mstype, pdn) if pdn else None
        cd = getattr(mstype, cdn) if cdn else None
        for xin in ("float32", "float16", "float64"):
            p = Parent()
            if pd is not None:
                r = p.to_float(pd)
                assert r is p
            if cd is not None:
                p.c.to_float(cd)
            out = p(Tensor(np.ones(3, np.float32)).astype(getattr(mstype, xin)))
            rec[f"{name}_{xin}"] = dict(p.log, out=str(out.dtype), w_after=str(p.w.dtype),
                                        flags=p.get_flags(), child_flags=p.c.get_flags())
    c = IntOps()
    c.to_float(mstype.float16)
    c(x32, Tensor(np.array([1, 2, 3], np.int32)))
    rec["int_ops_fp16"] = c.log
    p = Parent().to_float(mstype.float16)
    p.to_float(mstype.float32)
    rec["overwrite_flags"] = p.get_flags()
    rec["errors"] = {
        "int32": error_of(lambda: Parent().to_float(mstype.int32)),
        "float64": error_of(lambda: Parent().to_float(mstype.float64)),
        "str": error_of(lambda: Parent().to_float("float16")),
        "none": error_of(lambda: Parent().to_float(None)),
    }
    save_json(AREA, "to_float", rec)


def gen_to_float_dense():
    """to_float on Dense: numerics in fp16 / bf16 (params stay fp32). bf16 raises on CPU: run last."""
    rec = {}
    d = nn.Dense(3, 2)
    d.weight.set_data(Tensor(np.array([[0.1, 0.2, 0.3], [-0.4, 0.5, 0.25]], np.float32)))
    d.bias.set_data(Tensor(np.array([0.01, -0.02], np.float32)))
    xin = np.array([[1.1, 2.3, -0.7]], np.float32)
    outs = {}
    for dn in ("float16", "bfloat16"):
        d.to_float(DT[dn])
        try:
            o = d(Tensor(xin))
        except TypeError as e:  # MindSpore 2.10 CPU: no bfloat16 MatMul kernel
            rec[f"dense_{dn}"] = {"error": str(e).splitlines()[0]}
            continue
        outs[dn] = to_np(o)
        rec[f"dense_{dn}"] = {"out": str(o.dtype), "weight": str(d.weight.dtype)}
    save_json(AREA, "to_float_dense", rec)
    save_npz(AREA, "to_float_dense", x=xin, **{"dense_" + k: v for k, v in outs.items()})


# ---------------------------------------------------------------- api errors / managers
def gen_api():
    rec = {}
    net = make_net()
    rec["amp_errors"] = {
        "level_O4": error_of(lambda: amp.auto_mixed_precision(make_net(), "O4")),
        "dtype_fp32": error_of(lambda: amp.auto_mixed_precision(make_net(), "O2", mstype.float32)),
        "not_cell_O2": error_of(lambda: amp.auto_mixed_precision(lambda x: x, "O2")),
        "custom_both": error_of(lambda: amp.custom_mixed_precision(make_net(), white_list=[nn.Dense],
                                                                   black_list=[nn.Dense])),
        "custom_none": error_of(lambda: amp.custom_mixed_precision(make_net())),
        "custom_not_list": error_of(lambda: amp.custom_mixed_precision(make_net(), white_list=(nn.Dense,))),
        "custom_not_class": error_of(lambda: amp.custom_mixed_precision(make_net(), white_list=[nn.Dense(2, 2)])),
        "custom_black_not_cell": error_of(lambda: amp.custom_mixed_precision(make_net(), black_list=[int])),
        "custom_not_cell": error_of(lambda: amp.custom_mixed_precision(lambda x: x, white_list=[nn.Dense])),
        "custom_dtype": error_of(lambda: amp.custom_mixed_precision(make_net(), white_list=[nn.Dense],
                                                                    dtype=mstype.float32)),
    }
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    loss = nn.MSELoss()
    rec["build_errors"] = {
        "unknown_kwarg": error_of(lambda: amp.build_train_network(net, opt, loss, level="O2", foo=1)),
        "bad_level": error_of(lambda: amp.build_train_network(net, opt, loss, level="O5")),
        "level_not_str": error_of(lambda: amp.build_train_network(net, opt, loss, level=2)),
        "bad_boost": error_of(lambda: amp.build_train_network(net, opt, loss, boost_level="O3")),
        "o2_default_cpu": error_of(lambda: amp.build_train_network(make_net(), nn.Momentum(make_net().trainable_params(), 0.1, 0.9), loss, level="O2")),
        "not_optimizer": error_of(lambda: amp.build_train_network(net, object(), loss)),
        "bad_cast_type": error_of(lambda: amp.build_train_network(net, opt, loss, cast_model_type=mstype.int32)),
        "bad_keep_bn": error_of(lambda: amp.build_train_network(net, opt, loss, keep_batchnorm_fp32=1)),
        "bad_manager": error_of(lambda: amp.build_train_network(net, opt, loss, loss_scale_manager=3)),
    }
    built = {}
    for level, kw in (("O0", {}), ("O2", {"loss_scale_manager": None}), ("O3", {}),
                      ("O2", {"loss_scale_manager": amp.FixedLossScaleManager(64.0, False)})):
        n = make_net()
        o = nn.Momentum(n.trainable_params(), 0.1, 0.9)
        tr = amp.build_train_network(n, o, nn.MSELoss(), level=level, **kw)
        key = level + ("_fixed" if kw.get("loss_scale_manager") else "")
        built[key] = {"class": type(tr).__name__, "children": [type(c).__name__ for c in tr.cells()],
                      "training": bool(tr.training),
                      "net_class": type(tr.network).__name__,
                      "flags": {l: {k: bool(v) for k, v in find_cell(tr, l).get_flags().items()
                                    if k in ("fp16", "fp32", "bf16")} for l in LAYERS},
                      "bn_wrapper": type(getattr(n, "bn")).__name__}
        if key == "O2_fixed":
            built[key]["sens"] = float(tr.sens) if hasattr(tr, "sens") else None
        y = Tensor(np.zeros((2, 8), np.float32))
        lv = tr(Tensor(X), y)
        built[key]["loss_dtype"] = str(lv.dtype)
    rec["build"] = built
    # managers
    f = amp.FixedLossScaleManager()
    fn = amp.FixedLossScaleManager(128.0, False)
    d = amp.DynamicLossScaleManager()
    rec["managers"] = {
        "fixed": [f.get_loss_scale(), f.get_drop_overflow_update(), type(f.get_update_cell()).__name__],
        "fixed_nodrop_cell": repr(fn.get_update_cell()),
        "dynamic": [d.get_loss_scale(), d.get_drop_overflow_update(), type(d.get_update_cell()).__name__],
        "fixed_err": error_of(lambda: amp.FixedLossScaleManager(0.5)),
        "dyn_err_scale": error_of(lambda: amp.DynamicLossScaleManager(0.5)),
        "dyn_err_window": error_of(lambda: amp.DynamicLossScaleManager(scale_window=0)),
        "dyn_err_factor": error_of(lambda: amp.DynamicLossScaleManager(scale_factor=0)),
        "same_object": [ms.DynamicLossScaleManager is amp.DynamicLossScaleManager,
                        ms.train.DynamicLossScaleManager is amp.DynamicLossScaleManager,
                        hasattr(ms.nn, "DynamicLossScaleManager"), hasattr(amp, "init_status"),
                        hasattr(ms, "FixedLossScaleManager"), hasattr(ms, "DynamicLossScaler")],
    }
    # host-side manager update sequence
    d = amp.DynamicLossScaleManager(1024, 2, 3)
    seq = []
    for ov in [False, True, False, False, False, False, True, True]:
        d.update_loss_scale(ov)
        seq.append(d.get_loss_scale())
    rec["manager_update_seq"] = seq
    save_json(AREA, "api", rec)


# ---------------------------------------------------------------- loss scalers
def gen_scalers():
    rec = {}
    s = amp.StaticLossScaler(1024)
    rec["static"] = {"scale": s.scale(Tensor(1.0)).asnumpy().tolist(),
                     "unscale": [t.asnumpy().tolist() for t in s.unscale((Tensor(np.array([2048.0], np.float32)),
                                                                         Tensor(np.array([1024.0], np.float32))))],
                     "adjust": s.adjust(Tensor(True)), "scale_value": [s.scale_value.name, str(s.scale_value.dtype),
                                                                      float(s.scale_value.asnumpy())],
                     "fp16_unscale": [str(t.dtype) for t in s.unscale((Tensor(np.array([1.0], np.float16)),))]}
    d = amp.DynamicLossScaler(1024, 2, 2)
    seq = []
    for fin in [True, True, False, True, False, False, True, True, True]:
        r = d.adjust(Tensor(fin))
        seq.append([float(d.scale_value.asnumpy()), int(d.counter.asnumpy()), bool(r)])
    rec["dynamic_seq"] = seq
    rec["dynamic_params"] = [d.scale_value.name, str(d.scale_value.dtype), d.counter.name, str(d.counter.dtype)]
    fresh = amp.DynamicLossScaler(1024, 2, 2)
    rec["reprs"] = {"static_scale_value": repr(s.scale_value), "dynamic_scale_value": repr(fresh.scale_value),
                    "dynamic_counter": repr(fresh.counter), "requires_grad": [s.scale_value.requires_grad,
                                                                             fresh.scale_value.requires_grad,
                                                                             fresh.counter.requires_grad]}
    small = amp.DynamicLossScaler(1, 2, 1)
    small.adjust(Tensor(False))
    rec["dynamic_floor"] = float(small.scale_value.asnumpy())
    big = amp.DynamicLossScaler(2.0 ** 127, 2, 1)
    big.adjust(Tensor(True))
    rec["dynamic_inf_guard"] = float(big.scale_value.asnumpy())
    rec["errors"] = {
        "static_lt1": error_of(lambda: amp.StaticLossScaler(0.5)),
        "static_str": error_of(lambda: amp.StaticLossScaler("2")),
        "dyn_lt1": error_of(lambda: amp.DynamicLossScaler(0.5, 2, 2)),
        "dyn_window0": error_of(lambda: amp.DynamicLossScaler(2, 2, 0)),
        "dyn_factor_float": error_of(lambda: amp.DynamicLossScaler(2, 2.0, 2)),
    }
    af = {}
    af["finite"] = bool(amp.all_finite((Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0], np.float32)))).asnumpy())
    af["inf"] = bool(amp.all_finite((Tensor(np.array([1.0, np.inf], np.float32)),)).asnumpy())
    af["nan"] = bool(amp.all_finite([Tensor(np.array([np.nan], np.float16)), Tensor(np.array([1.0], np.float32))]).asnumpy())
    r = amp.all_finite((Tensor(np.array([1.0], np.float32)),))
    af["type"] = [type(r).__name__, str(r.dtype), list(r.shape)]
    rec["all_finite"] = af
    save_json(AREA, "scalers", rec)


# ---------------------------------------------------------------- TrainOneStepWithLossScaleCell
class CpuLossScaleCell(nn.TrainOneStepWithLossScaleCell):
    """MindSpore's cell with only the overflow probe replaced (FloatStatus has no CPU kernel)."""

    def get_overflow_status(self, status, compute_output):
        flags = [ops.logical_not(ops.isfinite(g).all()) for g in compute_output]
        return ops.stack(flags).any()


def gen_loss_scale_cell():
    rec = {}
    for kind in ("dynamic", "fixed_cell", "tensor"):
        net = LinNet()
        opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        sense = amp_cases.loss_scale_sense(kind)
        tr = CpuLossScaleCell(net, opt, scale_sense=sense)
        tr.set_train()
        steps = []
        for x in amp_cases.LOSS_SCALE_XS:
            loss, ov, sc = tr(Tensor(np.array(x, np.float32)))
            steps.append({"loss": float(loss.asnumpy()), "overflow": bool(ov.asnumpy() if isinstance(ov, Tensor) else ov),
                          "overflow_type": type(ov).__name__, "scale": float(sc.asnumpy()),
                          "scale_shape": list(sc.shape), "w": net.w.asnumpy().tolist()})
        rec[kind] = steps
        if kind == "dynamic":
            rec["dynamic_state"] = [int(sense.cur_iter.asnumpy()), int(sense.last_overflow_iter.asnumpy()),
                                    sense.get_loss_scale()]
            rec["param_names"] = [p.name for p in tr.get_parameters()]
    net = LinNet()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    rec["errors"] = {
        "bad_shape": error_of(lambda: nn.TrainOneStepWithLossScaleCell(net, opt, Tensor(np.ones(2, np.float32)))),
        "bad_type": error_of(lambda: nn.TrainOneStepWithLossScaleCell(net, opt, 3.0)),
    }
    tr = CpuLossScaleCell(net, opt, Tensor(np.float32(8.0)))
    tr.set_sense_scale(Tensor(np.float32(16.0)))
    rec["set_sense_scale"] = float(tr.scale_sense.asnumpy())
    rec["set_sense_err"] = error_of(lambda: tr.set_sense_scale(2.0))
    # update cell alone
    u = nn.DynamicLossScaleUpdateCell(loss_scale_value=4.0, scale_factor=2, scale_window=2)
    scale = ms.Parameter(Tensor(np.float32(4.0)), name="s")
    useq = []
    for ov in [False, False, True, True, True, True, False, False, False]:
        r = u(scale, Tensor(ov))
        useq.append([float(scale.asnumpy()), bool(r.asnumpy() if isinstance(r, Tensor) else r)])
    rec["update_cell_seq"] = useq
    rec["update_cell_params"] = [p.name for p in u.get_parameters()]
    save_json(AREA, "loss_scale_cell", rec)


class PrimNet(nn.Cell):
    """A white-list primitive held as an attribute (what O1's rewrite casts) next to a plain op."""

    def __init__(self):
        super().__init__()
        self.matmul = ops.MatMul()
        self.w = ms.Parameter(Tensor(np.array([[0.3, -0.2], [0.7, 0.11], [-0.5, 0.9]], np.float32)), name="w")

    def construct(self, x):
        y = self.matmul(x, self.w)
        z = ops.exp(y)
        self.log = {"y": str(y.dtype), "z": str(z.dtype)}
        return z


def gen_o1_primitive():
    x = np.array([[1.1, 2.3, -0.7], [0.25, -1.5, 3.3]], np.float32)
    net = amp.auto_mixed_precision(PrimNet(), "O1")
    out = net(Tensor(x))
    save_json(AREA, "o1_primitive", dict(net.log, out=str(out.dtype)))
    save_npz(AREA, "o1_primitive", x=x, out=out.asnumpy(), out32=PrimNet()(Tensor(x)).asnumpy())


if __name__ == "__main__":
    gen_scalers()
    gen_loss_scale_cell()
    gen_api()
    gen_to_float()
    gen_o1_primitive()
    gen_levels()
    gen_to_float_dense()
    print("amp references written")

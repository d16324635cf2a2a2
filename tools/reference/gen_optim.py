"""Reference trajectories for optimizers, learning rates and training wrappers (real MindSpore 2.10).

Writes tests/reference_data/optim/{optim.npz, optim.json, lr.json, train.npz, train.json}."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter

import optim_cases
import refutil

ms.set_context(mode=ms.PYNATIVE_MODE)
AREA = "optim"
STEPS = 4
rng = np.random.default_rng(0)
INIT = {"fc.weight": rng.standard_normal((3, 4)).astype(np.float32),
        "bn.gamma": (1 + 0.1 * rng.standard_normal(4)).astype(np.float32),
        "fc.bias": (0.1 * rng.standard_normal(3)).astype(np.float32)}
GRADS = [{k: rng.standard_normal(v.shape).astype(np.float32) for k, v in INIT.items()} for _ in range(STEPS + 1)]


def make_params():
    return [Parameter(Tensor(v.copy()), name=k) for k, v in INIT.items()]


CASES = optim_cases.cases(nn, Tensor)
groups = optim_cases.groups


def run_case(name, make):
    ps = make_params()
    opt = make(ps)
    traj, lrs = [], []
    steps = 5 if name in ("adam_listlr_short", "adam_groups_dynlr") else STEPS
    err = None
    for s in range(steps):
        err = refutil.error_of(lambda: opt.get_lr().asnumpy() if not isinstance(opt.get_lr(), tuple) else None)
        if err:
            break
        lr = opt.get_lr()
        lrs.append([float(x.asnumpy()) for x in lr] if isinstance(lr, tuple) else float(lr.asnumpy()))
        grads = tuple(Tensor(GRADS[s][p.name]) for p in opt.parameters)
        opt(grads)
        traj.append({p.name: p.asnumpy().copy() for p in ps})
    arrays = {}
    for s, d in enumerate(traj):
        for k, v in d.items():
            arrays[f"{name}/step{s}/{k}"] = v
    state = {}
    for n, p in opt.parameters_and_names():
        arrays[f"{name}/state/{p.name}"] = p.asnumpy()
        state[p.name] = [list(p.shape), str(p.dtype), bool(p.requires_grad)]
    meta = {"param_order": [p.name for p in opt.parameters], "names": [p.name for p in opt.get_parameters()],
            "state": state, "lrs": lrs, "steps": len(traj), "error": err}
    return arrays, meta


arrays, meta = {}, {}
for k, v in INIT.items():
    arrays[f"init/{k}"] = v
for s, g in enumerate(GRADS):
    for k, v in g.items():
        arrays[f"grad{s}/{k}"] = v
for name, make in CASES.items():
    try:
        a, m = run_case(name, make)
    except RuntimeError as e:  # e.g. Lamb has no CPU kernel in MindSpore 2.10
        meta[name] = {"unsupported": str(e).strip().splitlines()[0]}
        continue
    arrays.update(a)
    meta[name] = m


def _errs():
    p = make_params
    out = {
        "empty": refutil.error_of(lambda: nn.SGD([])),
        "none": refutil.error_of(lambda: nn.SGD(None)),
        "dup_names": refutil.error_of(lambda: nn.SGD([Parameter(Tensor(np.ones(2, np.float32)), name="a"),
                                                     Parameter(Tensor(np.ones(2, np.float32)), name="a")])),
        "momentum_int": refutil.error_of(lambda: nn.Momentum(p(), 0.1, 1)),
        "momentum_negative": refutil.error_of(lambda: nn.Momentum(p(), 0.1, -0.5)),
        "sgd_nesterov_nomom": refutil.error_of(lambda: nn.SGD(p(), 0.1, nesterov=True)),
        "sgd_momentum_str": refutil.error_of(lambda: nn.SGD(p(), 0.1, momentum="a")),
        "lr_negative": refutil.error_of(lambda: nn.SGD(p(), -0.1)),
        "lr_str": refutil.error_of(lambda: nn.SGD(p(), "x")),
        "lr_2d": refutil.error_of(lambda: nn.SGD(p(), Tensor(np.ones((2, 2), np.float32)))),
        "wd_negative": refutil.error_of(lambda: nn.SGD(p(), 0.1, weight_decay=-1.0)),
        "wd_str": refutil.error_of(lambda: nn.SGD(p(), 0.1, weight_decay="a")),
        "loss_scale_zero": refutil.error_of(lambda: nn.SGD(p(), 0.1, loss_scale=0.0)),
        "adam_beta1": refutil.error_of(lambda: nn.Adam(p(), beta1=1.0)),
        "adam_beta_int": refutil.error_of(lambda: nn.Adam(p(), beta1=1)),
        "adam_eps": refutil.error_of(lambda: nn.Adam(p(), eps=0.0)),
        "adam_kwargs": refutil.error_of(lambda: nn.Adam(p(), foo=True)),
        "group_bad_key": refutil.error_of(lambda: nn.SGD([{"params": p(), "foo": 1}])),
        "group_dup": refutil.error_of(lambda: (lambda q: nn.SGD([{"params": q}, {"params": q[:1]}]))(p())),
        "group_not_param": refutil.error_of(lambda: nn.SGD([{"params": [1.0]}])),
        "mixed_list": refutil.error_of(lambda: nn.SGD([p()[0], {"params": p()[1:]}])),
        "rmsprop_eps": refutil.error_of(lambda: nn.RMSProp(p(), epsilon=0.0)),
        "adagrad_accum_int": refutil.error_of(lambda: nn.Adagrad(p(), accum=1)),
        "lamb_no_lr": refutil.error_of(lambda: nn.Lamb(p())),
    }
    return out


meta["_errors"] = _errs()
ps = make_params()
opt = nn.Momentum(groups(ps), 0.05, 0.8)
meta["_get_lr_parameter"] = [x.name for x in opt.get_lr_parameter(ps)]
meta["_get_lr_parameter_single"] = opt.get_lr_parameter(ps[0]).name
refutil.save_npz(AREA, "optim", **arrays)
refutil.save_json(AREA, "optim", meta)

# ---- learning-rate schedules and dynamic_lr lists ----
lr = {}
sched = {
    "ExponentialDecayLR": nn.ExponentialDecayLR(0.1, 0.9, 4),
    "ExponentialDecayLR_stair": nn.ExponentialDecayLR(0.1, 0.9, 4, is_stair=True),
    "NaturalExpDecayLR": nn.NaturalExpDecayLR(0.1, 0.9, 4),
    "NaturalExpDecayLR_stair": nn.NaturalExpDecayLR(0.1, 0.9, 4, is_stair=True),
    "InverseDecayLR": nn.InverseDecayLR(0.1, 0.5, 3),
    "InverseDecayLR_stair": nn.InverseDecayLR(0.1, 0.5, 3, is_stair=True),
    "CosineDecayLR": nn.CosineDecayLR(0.01, 0.1, 7),
    "PolynomialDecayLR": nn.PolynomialDecayLR(0.1, 0.01, 6, 0.5),
    "PolynomialDecayLR_update": nn.PolynomialDecayLR(0.1, 0.01, 4, 2.0, update_decay_steps=True),
    "WarmUpLR": nn.WarmUpLR(0.1, 5),
}
for k, c in sched.items():
    lr[k] = [float(c(Tensor(np.array(s, np.int32))).asnumpy()) for s in range(12)]
    lr[k + "/shape1"] = list(c(Tensor(np.array([3], np.int32))).shape)
lr["piecewise_constant_lr"] = nn.piecewise_constant_lr([2, 5, 10], [0.1, 0.05, 0.01])
lr["exponential_decay_lr"] = nn.exponential_decay_lr(0.1, 0.9, 10, 2, 3)
lr["exponential_decay_lr_stair"] = nn.exponential_decay_lr(0.1, 0.9, 10, 2, 3, True)
lr["natural_exp_decay_lr"] = nn.natural_exp_decay_lr(0.1, 0.5, 10, 2, 3)
lr["natural_exp_decay_lr_stair"] = nn.natural_exp_decay_lr(0.1, 0.5, 10, 2, 3, True)
lr["inverse_decay_lr"] = nn.inverse_decay_lr(0.1, 0.5, 10, 2, 3)
lr["inverse_decay_lr_stair"] = nn.inverse_decay_lr(0.1, 0.5, 10, 2, 3, True)
lr["cosine_decay_lr"] = nn.cosine_decay_lr(0.01, 0.1, 10, 2, 3)
lr["polynomial_decay_lr"] = nn.polynomial_decay_lr(0.1, 0.01, 10, 2, 3, 2.0)
lr["polynomial_decay_lr_update"] = nn.polynomial_decay_lr(0.1, 0.01, 10, 2, 3, 2.0, True)
lr["warmup_lr"] = nn.warmup_lr(0.1, 10, 2, 3)
lr["_errors"] = {
    "exp_int_lr": refutil.error_of(lambda: nn.ExponentialDecayLR(1, 0.9, 4)),
    "exp_zero_steps": refutil.error_of(lambda: nn.ExponentialDecayLR(0.1, 0.9, 0)),
    "exp_stair_int": refutil.error_of(lambda: nn.ExponentialDecayLR(0.1, 0.9, 4, is_stair=1)),
    "cos_min_ge_max": refutil.error_of(lambda: nn.CosineDecayLR(0.2, 0.1, 4)),
    "cos_min_int": refutil.error_of(lambda: nn.CosineDecayLR(0, 0.1, 4)),
    "poly_end_int": refutil.error_of(lambda: nn.PolynomialDecayLR(0.1, 0, 4, 1.0)),
    "warmup_int": refutil.error_of(lambda: nn.WarmUpLR(1, 4)),
    "piecewise_len": refutil.error_of(lambda: nn.piecewise_constant_lr([1, 2], [0.1])),
    "piecewise_order": refutil.error_of(lambda: nn.piecewise_constant_lr([3, 2], [0.1, 0.2])),
    "piecewise_int_lr": refutil.error_of(lambda: nn.piecewise_constant_lr([3], [1])),
    "exp_lr_total0": refutil.error_of(lambda: nn.exponential_decay_lr(0.1, 0.9, 0, 2, 3)),
    "cosine_lr_order": refutil.error_of(lambda: nn.cosine_decay_lr(0.2, 0.1, 10, 2, 3)),
    "warmup_lr_int": refutil.error_of(lambda: nn.warmup_lr(1, 10, 2, 3)),
}
refutil.save_json(AREA, "lr", lr)

# ---- a small two-layer net trained with TrainOneStepCell ----
X = rng.standard_normal((8, 5)).astype(np.float32)
Y = rng.integers(0, 3, 8).astype(np.int32)
W1 = (0.5 * rng.standard_normal((6, 5))).astype(np.float32)
B1 = (0.1 * rng.standard_normal(6)).astype(np.float32)
W2 = (0.5 * rng.standard_normal((3, 6))).astype(np.float32)
B2 = (0.1 * rng.standard_normal(3)).astype(np.float32)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w1 = Parameter(Tensor(W1), name="w1")
        self.b1 = Parameter(Tensor(B1), name="b1")
        self.w2 = Parameter(Tensor(W2), name="w2")
        self.b2 = Parameter(Tensor(B2), name="b2")

    def construct(self, x):
        h = ops.relu(ops.matmul(x, self.w1.T) + self.b1)
        return ops.matmul(h, self.w2.T) + self.b2


train_arrays = {"x": X, "y": Y, "w1": W1, "b1": B1, "w2": W2, "b2": B2}
train_meta = {}
TRAIN = {
    "momentum": (lambda n: nn.Momentum(n.trainable_params(), 0.1, 0.9), None),
    "adam_sens": (lambda n: nn.Adam(n.trainable_params(), 0.01, weight_decay=0.01), 2.0),
    "adamwd": (lambda n: nn.AdamWeightDecay(n.trainable_params(), 0.01, weight_decay=0.1), None),
    "rmsprop_ls": (lambda n: nn.RMSProp(n.trainable_params(), 0.01, loss_scale=8.0), 8.0),
}
for name, (mk, sens) in TRAIN.items():
    net = Net()
    loss_net = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    opt = mk(net)
    step = nn.TrainOneStepCell(loss_net, opt, sens=sens)
    step.set_train()
    losses = [float(step(Tensor(X), Tensor(Y)).asnumpy()) for _ in range(5)]
    train_meta[name] = {"losses": losses, "names": [p.name for p in step.get_parameters()],
                        "loss_net_names": [p.name for p in loss_net.get_parameters()]}
    for p in net.get_parameters():
        train_arrays[f"{name}/{p.name}"] = p.asnumpy()
# return_grad and WithGradCell / ForwardValueAndGrad
net = Net()
loss_net = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
step = nn.TrainOneStepCell(loss_net, nn.SGD(net.trainable_params(), 0.1), return_grad=True)
loss, gd = step(Tensor(X), Tensor(Y))
train_meta["return_grad"] = {"loss": float(loss.asnumpy()), "keys": list(gd.keys())}
for k, v in gd.items():
    train_arrays[f"return_grad/{k}"] = v.asnumpy()
net = Net()
wg = nn.WithGradCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
for p, g in zip(net.trainable_params(), wg(Tensor(X), Tensor(Y))):
    train_arrays[f"withgrad/{p.name}"] = g.asnumpy()
fvg = nn.ForwardValueAndGrad(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
                             weights=net.trainable_params(), get_by_list=True)
loss, gs = fvg(Tensor(X), Tensor(Y))
train_meta["fvg_loss"] = float(loss.asnumpy())
for p, g in zip(net.trainable_params(), gs):
    train_arrays[f"fvg/{p.name}"] = g.asnumpy()
ev = nn.WithEvalCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
l, o, lab = ev(Tensor(X), Tensor(Y))
train_meta["eval_loss"] = float(l.asnumpy())
train_meta["sens_zero"] = refutil.error_of(lambda: nn.TrainOneStepCell(loss_net, nn.SGD(net.trainable_params()), sens=0))
refutil.save_npz(AREA, "train", **train_arrays)
refutil.save_json(AREA, "train", train_meta)
print("ok")

# ---- Model.train / eval / predict with LossMonitor (2 epochs x 2 batches of 4) ----
import contextlib  # noqa: E402
import io  # noqa: E402
import mindspore.dataset as ds  # noqa: E402
from mindspore.train import Model, LossMonitor  # noqa: E402

data = ds.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False).batch(4)
net = Net()
model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
              nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc", "loss"})
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    model.train(2, data, callbacks=[LossMonitor(1)], dataset_sink_mode=False)
res = model.eval(data, dataset_sink_mode=False)
pred = model.predict(Tensor(X))
model_arrays = {f"model/{p.name}": p.asnumpy() for p in net.get_parameters()}
model_arrays["model/pred"] = pred.asnumpy()
refutil.save_npz(AREA, "model", **model_arrays)
refutil.save_json(AREA, "model", {"stdout": [l for l in buf.getvalue().splitlines() if l.startswith("epoch")],
                                  "eval": res, "train_flag_after": bool(net.training)})
print("model ok")

# ---- mindspore.experimental.optim.AdamW (torch-style param groups) ----
from mindspore.experimental.optim import AdamW  # noqa: E402

EXP = {
    "default": lambda p: AdamW(p),
    "nondefault": lambda p: AdamW(p, lr=0.01, betas=(0.8, 0.95), eps=1e-3, weight_decay=0.1, amsgrad=True),
    "groups_maximize": lambda p: AdamW([{"params": p[:1], "lr": 0.05}, {"params": p[1:], "weight_decay": 0.0}],
                                       lr=0.01, maximize=True),
}
exp_arrays, exp_meta = {}, {}
for name, mk in EXP.items():
    ps = make_params()
    opt = mk(ps)
    for s in range(STEPS):
        opt(tuple(Tensor(GRADS[s][p.name]) for p in opt.parameters))
        for p in ps:
            exp_arrays[f"{name}/step{s}/{p.name}"] = p.asnumpy().copy()
    exp_meta[name] = {"names": [p.name for p in opt.get_parameters()], "repr": repr(opt)}
    for p in opt.get_parameters():
        exp_arrays[f"{name}/state/{p.name}"] = p.asnumpy()
exp_meta["_errors"] = {"lr": refutil.error_of(lambda: AdamW(make_params(), lr=-1.0)),
                       "beta": refutil.error_of(lambda: AdamW(make_params(), betas=(1.0, 0.9))),
                       "set": refutil.error_of(lambda: AdamW([{"params": set(make_params())}])),
                       "overlap": refutil.error_of(lambda: (lambda q: AdamW([{"params": q}, {"params": q[:1]}]))(make_params()))}
refutil.save_npz(AREA, "exp_adamw", **exp_arrays)
refutil.save_json(AREA, "exp_adamw", exp_meta)
print("exp ok")

# ---- grad centralization (dim 1 a multiple of 16) and dynamic weight decay in groups ----
W16 = rng.standard_normal((3, 16)).astype(np.float32)
V16 = rng.standard_normal((2, 5)).astype(np.float32)
G16 = [rng.standard_normal((3, 16)).astype(np.float32) for _ in range(3)]
GV = [rng.standard_normal((2, 5)).astype(np.float32) for _ in range(3)]
gc_arrays = {"w16": W16, "v16": V16}
for s in range(3):
    gc_arrays[f"g16_{s}"] = G16[s]
    gc_arrays[f"gv_{s}"] = GV[s]
gc_meta = {}
for name, mk in {
    "dynwd_groups_momentum": lambda a, b: nn.Momentum([{"params": [a], "weight_decay": 0.01},
                                             {"params": [b], "weight_decay": nn.ExponentialDecayLR(0.1, 0.5, 1)}],
                                            0.1, 0.9),
    "gc_adam": lambda a, b: nn.Adam([{"params": [a], "grad_centralization": True}, {"params": [b]}], 0.01),
    "dynwd_groups_adamwd": lambda a, b: nn.AdamWeightDecay([{"params": [a], "weight_decay": 0.05},
                                                           {"params": [b], "weight_decay": nn.WarmUpLR(0.2, 2)}],
                                                          0.01),
}.items():
    a = Parameter(Tensor(W16.copy()), name="conv.weight")
    b = Parameter(Tensor(V16.copy()), name="fc.weight")
    try:
        opt = mk(a, b)
        for s in range(3):
            opt((Tensor(G16[s]), Tensor(GV[s])))
        gc_arrays[f"{name}/a"] = a.asnumpy().copy()
        gc_arrays[f"{name}/b"] = b.asnumpy().copy()
    except (RuntimeError, TypeError, ValueError) as e:
        gc_meta[name] = {"error": [type(e).__name__, str(e).strip().splitlines()[0]]}
refutil.save_npz(AREA, "gc", **gc_arrays)
refutil.save_json(AREA, "gc", gc_meta)
print("gc ok")

"""Per-process scenarios for tests/parallel/test_ddp_reducer.py: data-parallel training whose gradients
DDP's reducer reduces, run in 2 gloo processes. Each process also trains the same network in one
process on the global batch (the reference); results are written as JSON."""
from __future__ import annotations

import json
import os
import traceback

import numpy as np
import torch

STEPS = 3


def _net(seed=0, extra=False):
    import ms_compat as ms
    from ms_compat import nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(6, 16)
            self.fc2 = nn.Dense(16, 4)
            self.relu = nn.ReLU()
            self.scale = ms.Parameter(ms.Tensor(np.ones(4, np.float32)), name="scale")
            if extra:  # a weight outside the loss: MindSpore's gradient is zeros
                self.unused = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), name="unused")

        def construct(self, x):
            return self.fc2(self.relu(self.fc1(x))) * self.scale

    ms.set_seed(seed)
    return Net()


class _WithLoss:
    pass


def _with_loss(net):
    from ms_compat import nn
    return nn.WithLossCell(net, nn.MSELoss())


def _data(step):
    rng = np.random.default_rng(100 + step)
    return rng.standard_normal((8, 6)).astype(np.float32), rng.standard_normal((8, 4)).astype(np.float32)


def _weights(net):
    return {p.name: p.asnumpy().tolist() for p in net.trainable_params()}


def _train_tosc(rank, world, make_opt, dp, cell="tosc", mean=True):
    """STEPS steps of TrainOneStepCell (or the loss-scale cell); returns (losses, weights, engine, reducer)."""
    import ms_compat as ms
    from ms_compat import nn, ParallelMode
    ms.reset_auto_parallel_context()
    if dp:
        ms.set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL, gradients_mean=mean)
    net = _net(extra=True)
    opt = make_opt(net.trainable_params())
    if cell == "tosc":
        step = nn.TrainOneStepCell(_with_loss(net), opt)
    else:
        step = nn.TrainOneStepWithLossScaleCell(_with_loss(net), opt,
                                                 scale_sense=nn.FixedLossScaleUpdateCell(1024.0))
    step.set_train()
    losses = []
    for s in range(STEPS):
        x, t = _data(s)
        if dp:
            part = slice(rank * 8 // world, (rank + 1) * 8 // world)
            x, t = x[part], t[part]
        out = step(ms.Tensor(x), ms.Tensor(t))
        losses.append(float((out[0] if isinstance(out, tuple) else out).asnumpy()))
    ms.reset_auto_parallel_context()
    return losses, _weights(net), step.grad_reducer


def scenario_tosc(rank, world, res):
    from ms_compat import nn
    cases = {
        "momentum": lambda ps: nn.Momentum(ps, learning_rate=0.1, momentum=0.9),
        "adam": lambda ps: nn.Adam(ps, learning_rate=0.01),
        "adamw": lambda ps: nn.AdamWeightDecay(ps, learning_rate=0.01, weight_decay=0.01),
        "lamb": lambda ps: nn.Lamb(ps, learning_rate=0.01),
    }
    for name, make in cases.items():
        ref_losses, ref_w, _ = _train_tosc(rank, world, make, dp=False)
        losses, w, red = _train_tosc(rank, world, make, dp=True)
        eng = red.__dict__["_engine"]
        res[f"tosc_{name}"] = {"ref_losses": ref_losses, "ref_w": ref_w, "losses": losses, "w": w,
                               "ddp_backwards": eng.backward_count if eng else 0,
                               "own_allreduce": red.own_allreduce_count,
                               "reducer": type(red).__name__}
    ref_losses, ref_w, _ = _train_tosc(rank, world, cases["momentum"], dp=False, cell="scale")
    losses, w, red = _train_tosc(rank, world, cases["momentum"], dp=True, cell="scale")
    res["loss_scale"] = {"ref_losses": ref_losses, "ref_w": ref_w, "losses": losses, "w": w,
                         "ddp_backwards": red.__dict__["_engine"].backward_count,
                         "own_allreduce": red.own_allreduce_count}


def scenario_functional(rank, world, res):
    """value_and_grad + an explicit DistributedGradReducer (MindSpore 2.x functional data parallel), the
    sum (gradients_mean=False), a layerwise_parallel weight, and gradients changed before the reducer."""
    import ms_compat as ms
    from ms_compat import nn, ops, ParallelMode
    part = slice(rank * 8 // world, (rank + 1) * 8 // world)

    def run(dp, mean=True, layerwise=False, change=False):
        ms.reset_auto_parallel_context()
        net = _net()
        if layerwise:
            net.scale.layerwise_parallel = True
        loss_fn = nn.MSELoss()
        opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        grad_fn = ms.value_and_grad(lambda x, t: loss_fn(net(x), t), None, opt.parameters)
        reducer = None
        if dp:
            ms.set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL, gradients_mean=mean)
            reducer = nn.DistributedGradReducer(opt.parameters, mean, world)
        grads_seen = []
        for s in range(STEPS):
            x, t = _data(s)
            if dp:
                loss, grads = grad_fn(ms.Tensor(x[part]), ms.Tensor(t[part]))
                if change:
                    grads = tuple(g * 0.5 for g in grads)
                grads = reducer(grads)
            else:
                halves = [grad_fn(ms.Tensor(x[k * 4:(k + 1) * 4]), ms.Tensor(t[k * 4:(k + 1) * 4]))[1]
                          for k in range(2)]
                loss, grads = grad_fn(ms.Tensor(x), ms.Tensor(t))
                if not mean:  # the sum of the processes' gradients
                    grads = tuple(a + b for a, b in zip(*halves))
                if change:
                    grads = tuple(g * 0.5 for g in grads)
                if layerwise:  # left out of the reduction: this process's own gradient
                    k = [p.name for p in opt.parameters].index("scale")
                    grads = grads[:k] + (halves[rank][k] * (0.5 if change else 1.0),) + grads[k + 1:]
            grads_seen.append([g.asnumpy().tolist() for g in grads])
            opt(grads)
        ms.reset_auto_parallel_context()
        eng = reducer.__dict__["_engine"] if reducer is not None else None
        return {"grads": grads_seen, "w": _weights(net), "ddp_backwards": eng.backward_count if eng else 0,
                "own_allreduce": reducer.own_allreduce_count if reducer is not None else 0}

    for tag, kw in (("mean", {}), ("sum", {"mean": False}), ("layerwise", {"layerwise": True}),
                    ("changed", {"change": True})):
        res[f"fn_{tag}"] = {"ref": run(False, **kw), "dp": run(True, **kw)}
    # the gradients value_and_grad returns are this process's own (MindSpore), not yet reduced
    ms.set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL, gradients_mean=True)
    net = _net()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    reducer = nn.DistributedGradReducer(opt.parameters, True, world)
    loss_fn = nn.MSELoss()
    x, t = _data(0)
    _, local = ms.value_and_grad(lambda a, b: loss_fn(net(a), b), None, opt.parameters)(ms.Tensor(x[part]),
                                                                                      ms.Tensor(t[part]))
    ms.reset_auto_parallel_context()
    ref_net = _net()
    _, own = ms.value_and_grad(lambda a, b: loss_fn(ref_net(a), b), None,
                               ref_net.trainable_params())(ms.Tensor(x[part]), ms.Tensor(t[part]))
    res["local_grads"] = {"got": [g.asnumpy().tolist() for g in local], "own": [g.asnumpy().tolist() for g in own]}
    del reducer


def scenario_opt_parallel(rank, world, res):
    """enable_parallel_optimizer: DATA_PARALLEL + TrainOneStepCell with AdamWeightDecay and Lamb (the
    optimizers MindSpore accepts there), SEMI_AUTO_PARALLEL with Adam and Momentum (value_and_grad + an
    explicit reducer); weights equal the single-process run, optimizer-state bytes fall."""
    import ms_compat as ms
    from ms_compat import nn, ParallelMode
    from ms_compat.parallel.optimizer_shard import optimizer_state_bytes
    part = slice(rank * 8 // world, (rank + 1) * 8 // world)
    makers = {
        "adamw": lambda ps: nn.AdamWeightDecay(ps, learning_rate=0.01, weight_decay=0.01),
        "lamb": lambda ps: nn.Lamb(ps, learning_rate=0.01),
        "adam": lambda ps: nn.Adam(ps, learning_rate=0.01),
        "momentum": lambda ps: nn.Momentum(ps, learning_rate=0.1, momentum=0.9),
    }

    def run(name, dp, shard):
        ms.reset_auto_parallel_context()
        net = _net()
        mode = ParallelMode.DATA_PARALLEL if name in ("adamw", "lamb") else ParallelMode.SEMI_AUTO_PARALLEL
        if dp:
            ms.set_auto_parallel_context(parallel_mode=mode, gradients_mean=True, enable_parallel_optimizer=shard)
        opt = makers[name](net.trainable_params())
        full_bytes = optimizer_state_bytes(opt)
        if mode == ParallelMode.DATA_PARALLEL or not dp:
            step = nn.TrainOneStepCell(_with_loss(net), opt)
            step.set_train()
            fwd = None
        else:
            loss_fn = nn.MSELoss()
            grad_fn = ms.value_and_grad(lambda a, b: loss_fn(net(a), b), None, opt.parameters)
            reducer = nn.DistributedGradReducer(opt.parameters, True, world)
            fwd = (grad_fn, reducer)
        for s in range(STEPS):
            x, t = _data(s)
            if dp:
                x, t = x[part], t[part]
            if fwd is None:
                step(ms.Tensor(x), ms.Tensor(t))
            else:
                _, grads = fwd[0](ms.Tensor(x), ms.Tensor(t))
                opt(fwd[1](grads))
        out = {"w": _weights(net), "bytes": optimizer_state_bytes(opt), "full_bytes": full_bytes,
               "use_parallel": bool(getattr(opt, "use_parallel", False)),
               "filter": list(opt.optim_filter)}
        ms.reset_auto_parallel_context()
        return out

    for name in makers:
        res[f"opt_{name}"] = {"ref": run(name, False, False), "dp": run(name, True, True)}
    # MindSpore's checks
    from ms_compat.parallel.optimizer_shard import plan_parallel_optimizer  # noqa: F401
    errs = {}
    for tag, mode, make in (("dp_adam", ParallelMode.DATA_PARALLEL, makers["adam"]),
                            ("dp_momentum", ParallelMode.DATA_PARALLEL, makers["momentum"]),
                            ("hybrid", ParallelMode.HYBRID_PARALLEL, makers["lamb"])):
        ms.set_auto_parallel_context(parallel_mode=mode, enable_parallel_optimizer=True)
        try:
            make(_net().trainable_params())
            errs[tag] = None
        except RuntimeError as e:
            errs[tag] = str(e)
        ms.reset_auto_parallel_context()
    res["opt_errors"] = errs


def scenario_unused_later(rank, world, res):
    """A weight used in step 1, left out of step 2 and used again in step 3 (TrainOneStepCell, Momentum):
    MindSpore gives it a zero gradient in step 2 (reduced like the others); also a weight only rank 0 uses
    in a fourth step (rank 1 contributes zeros, so both processes make the same update)."""
    import ms_compat as ms
    from ms_compat import nn, ParallelMode

    class Branchy(nn.Cell):
        def __init__(self):
            super().__init__()
            self.body = _net()
            self.extra = ms.Parameter(ms.Tensor(np.full(4, 0.5, np.float32)), name="extra")
            self.uses = [True]

        def construct(self, x):
            y = self.body(x)
            if self.uses[0]:
                y = y * self.extra
            return y

    def run(dp):
        ms.reset_auto_parallel_context()
        if dp:
            ms.set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL, gradients_mean=True)
        net = Branchy()
        step = nn.TrainOneStepCell(_with_loss(net), nn.Momentum(net.trainable_params(), 0.1, 0.9))
        step.set_train()
        losses = []
        for s in range(STEPS):
            net.uses[0] = s != 1
            x, t = _data(s)
            if dp:
                part = slice(rank * 8 // world, (rank + 1) * 8 // world)
                losses.append(float(step(ms.Tensor(x[part]), ms.Tensor(t[part])).asnumpy()))
            else:
                losses.append(float(step(ms.Tensor(x), ms.Tensor(t)).asnumpy()))
        out = {"losses": losses, "w": _weights(net)}
        if dp:  # a step where only rank 0 uses `extra`: rank 1 contributes zeros, the processes stay equal
            out["ddp_backwards"] = step.grad_reducer.__dict__["_engine"].backward_count
            net.uses[0] = rank == 0
            x, t = _data(STEPS)
            part = slice(rank * 8 // world, (rank + 1) * 8 // world)
            step(ms.Tensor(x[part]), ms.Tensor(t[part]))
            out["w_asym"] = _weights(net)
        ms.reset_auto_parallel_context()
        return out

    res["unused_later"] = {"ref": run(False), "dp": run(True)}


def scenario_fp16(rank, world, res):
    """float16 weights: DDP's buckets are summed in float32 and cast back (MindSpore's gradient_fp32_sync),
    the same values as the reducer's own float32 all-reduce of the same gradients."""
    import ms_compat as ms
    from ms_compat import nn, ParallelMode
    ms.set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL, gradients_mean=True)
    net = _net()
    for p in net.trainable_params():
        p.data = p.data.to(torch.float16)
    loss_fn = nn.MSELoss()
    reducer = nn.DistributedGradReducer(net.trainable_params(), True, world)
    x, t = _data(rank)  # different data per process
    _, local = ms.value_and_grad(lambda a, b: loss_fn(net(a), b), None, net.trainable_params())(
        ms.Tensor(x).astype(ms.float16), ms.Tensor(t).astype(ms.float16))
    by_ddp = reducer(local)
    own = reducer(tuple(g * 1 for g in local))  # new tensors: the reducer's own float32 all-reduce
    ms.reset_auto_parallel_context()
    res["fp16"] = {"dtypes": [str(g.dtype) for g in by_ddp], "ddp": [g.astype(ms.float32).asnumpy().tolist()
                                                                   for g in by_ddp],
                   "own": [g.astype(ms.float32).asnumpy().tolist() for g in own],
                   "local": [g.astype(ms.float32).asnumpy().tolist() for g in local],
                   "own_allreduce": reducer.own_allreduce_count,
                   "ddp_backwards": reducer.__dict__["_engine"].backward_count}


def main(rank, world, port, outdir, scenarios):
    os.environ.update(RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE=str(world),
                      MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    torch.set_num_threads(1)
    from ms_compat import communication
    res = {}
    try:
        communication.init()
        for name in scenarios:
            globals()["scenario_" + name](rank, world, res)
    except Exception:  # noqa: BLE001
        res["fatal"] = traceback.format_exc()
    with open(os.path.join(outdir, f"rank{rank}.json"), "w") as f:
        json.dump(res, f)
    communication.release()

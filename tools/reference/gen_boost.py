"""mindspore.boost training algorithms under MindSpore 2.10 (PyNative, CPU): gradient freezing (GradientFreeze +
FreezeOpt + BoostTrainOneStepCell), BoostTrainOneStepCell without freezing (with and without sens),
ParameterProcess, OptimizerProcess (gradient centralization groups, then training with the new optimizer) and
DimReduce — losses, weights after a few steps, group layouts, and the errors of bad input.
tests/train/test_boost.py runs this same file through the ms_compat alias and compares."""
import os
import sys

import numpy as np

import mindspore as ms
from mindspore import nn, ops, boost, Tensor

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
X = Tensor(np.array([[1.0, 2.0, -1.0, 0.5], [0.2, -0.3, 0.4, 1.5], [0.7, 0.1, -0.6, 0.3]], np.float32))
Y = Tensor(np.array([[0.5, -0.5], [1.0, 0.0], [0.2, 0.3]], np.float32))


def _dense(i, o, seed):
    rs = np.random.RandomState(seed)
    return nn.Dense(i, o, weight_init=Tensor((rs.rand(o, i) - 0.5).astype(np.float32)),
                    bias_init=Tensor((rs.rand(o) - 0.5).astype(np.float32)))


class Deep(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2, self.fc3, self.fc4 = _dense(4, 5, 1), _dense(5, 4, 2), _dense(4, 3, 3), _dense(3, 2, 4)

    def construct(self, x):
        return self.fc4(ops.tanh(self.fc3(ops.tanh(self.fc2(ops.tanh(self.fc1(x)))))))


def _weights(net):
    return [p.asnumpy().tolist() for p in net.trainable_params()]


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - recording MindSpore's error type
        return type(e).__name__
    return None


def freeze():
    net = Deep()
    gf = boost.GradientFreeze(2, 0, 0.5, 6)
    groups = [[p.name for p in g] for g in gf.split_parameters_groups(net, 2)]
    seq0 = gf.generate_freeze_index_sequence(3, 0, 0.5, 6)
    np.random.seed(3)
    seq1 = gf.generate_freeze_index_sequence(4, 1, 0.4, 12)
    wl = nn.WithLossCell(net, nn.MSELoss())
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    wl, fopt = gf.freeze_generate(wl, opt)
    cell = boost.BoostTrainOneStepCell(wl, fopt)
    losses = [float(cell(X, Y).asnumpy()) for _ in range(5)]
    return {"groups": groups, "seq0": seq0, "seq1": seq1, "strategy": fopt.train_strategy.asnumpy().tolist(),
            "n_opts": len(fopt.opts), "group_sizes": [len(o.parameters) for o in fopt.opts],
            "losses": losses, "step": int(cell.step.asnumpy()), "weights": _weights(net)}


def plain():
    out = {}
    for sens in (None, 2.0):
        net = Deep()
        cell = boost.BoostTrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                                           nn.Momentum(net.trainable_params(), 0.05, 0.9), sens=sens)
        res = [cell(X, Y) for _ in range(3)]
        out[str(sens)] = {"losses": [None if r is None else float(r.asnumpy()) for r in res],
                          "weights": _weights(net)}
    return out


def parameter_process():
    net = Deep()
    ps = net.trainable_params()
    pp = boost.ParameterProcess()
    pp.assign_parameter_group(ps)
    first = [p.comm_fusion for p in ps]
    pp.assign_parameter_group(ps, [2, 5])
    second = [p.comm_fusion for p in ps]
    groups = boost.ParameterProcess.generate_group_params(
        ps[2:6], [{"params": ps[:3], "lr": 0.1}, {"params": ps[3:5], "weight_decay": 0.01, "lr": 0.2},
                  {"order_params": ps}])
    flat = boost.ParameterProcess.generate_group_params(ps[:2], ps)
    desc = [{k: ([p.name for p in v] if k in ("params", "order_params") else v) for k, v in g.items()} for g in groups]
    return {"first": first, "second": second, "groups": desc, "flat": [[p.name for p in g["params"]] for g in flat],
            "err_empty": _err(lambda: boost.ParameterProcess.generate_group_params(ps, [])),
            "err_type": _err(lambda: boost.ParameterProcess.generate_group_params(ps, [1, 2]))}


def optimizer_process():
    net = Deep()
    ps = net.trainable_params()
    opt = nn.Momentum([{"params": ps[:4], "weight_decay": 0.01}, {"params": ps[4:]}], 0.1, 0.9)
    op = boost.OptimizerProcess(opt)
    op.add_grad_centralization(net)
    desc = [{k: ([p.name for p in v] if k == "params" else v) for k, v in g.items()} for g in op.origin_params]
    new = op.generate_new_optimizer()
    cell = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), new)
    losses = [float(cell(X, Y).asnumpy()) for _ in range(3)]
    flat = boost.OptimizerProcess(nn.SGD(ps, 0.1))
    flat.add_grad_centralization(net)
    return {"groups": desc, "cls": type(new).__name__, "losses": losses, "weights": _weights(net),
            "flat_unchanged": isinstance(flat.origin_params[0], ms.Parameter)}


def dim_reduce():
    net = Deep()
    wl = nn.WithLossCell(net, nn.MSELoss())
    weights = ms.ParameterTuple(net.trainable_params())
    n = sum(int(np.prod(p.shape)) for p in weights)
    pca = np.random.RandomState(7).randn(3, n).astype(np.float32) / np.sqrt(n)
    opt = nn.Momentum(weights, 0.2, 0.5)
    clone = weights.clone(prefix="weights_clone", init="same")
    dr = boost.DimReduce(wl, opt, weights, pca, 3, 0.55, 0.9, 0.01, 0.4, 0, 1)
    vg = ms.value_and_grad(wl, None, weights)
    losses = []
    for _ in range(4):
        loss, grads = vg(X, Y)
        dr(loss, grads, Tensor(1.0, ms.float32), weights, clone, X, Y)
        losses.append(float(loss.asnumpy()))
    return {"losses": losses, "weights": _weights(net), "bk": dr.bk.asnumpy().tolist(),
            "sk": dr.sk.asnumpy().tolist()}


def errors():
    net = Deep()
    wl = nn.WithLossCell(net, nn.MSELoss())
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    gf = boost.GradientFreeze(2, 0, 0.5, 6)
    return {"ls_int": _err(lambda: boost.BoostTrainOneStepWithLossScaleCell(wl, opt, 3)),
            "ls_shape": _err(lambda: boost.BoostTrainOneStepWithLossScaleCell(wl, opt, Tensor([1.0, 2.0]))),
            "freeze_not_opt": _err(lambda: boost.FreezeOpt(net)),
            "freeze_strategy_only": _err(lambda: boost.FreezeOpt(opt, None, [0, 1])),
            "freeze_groups_type": _err(lambda: boost.FreezeOpt(opt, 3, None)),
            "freeze_strategy_type": _err(lambda: boost.FreezeOpt(opt, [net.trainable_params()], "a")),
            "bad_strategy": _err(lambda: gf.generate_freeze_index_sequence(3, 5, 0.5, 6))}


def run():
    return {"freeze": freeze(), "plain": plain(), "parameter_process": parameter_process(),
            "optimizer_process": optimizer_process(), "dim_reduce": dim_reduce(), "errors": errors()}


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    refutil.save_json("train", "boost", run())
    print("ok")  # noqa: T201

"""mindspore.train.FlopsUtilizationCollector under MindSpore 2.10 (GRAPH_MODE, CPU: it needs the graph compiler's
FLOPs count): the FLOPs of one training step of a few small networks, the lines it prints, and the errors of bad
arguments and of PyNative mode. tests/train/test_flops_collector.py runs run() through the ms_compat alias."""
import contextlib
import io
import os
import sys

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, context
from mindspore.train import Model, FlopsUtilizationCollector


class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, pad_mode="valid", has_bias=True)
        self.flat = nn.Flatten()
        self.fc = nn.Dense(18, 5)

    def construct(self, x):
        return self.fc(self.flat(self.conv(x)))


def _nets():
    return {"dense": (lambda: nn.Dense(10, 5), (10,)),
            "mlp": (lambda: nn.SequentialCell(nn.Dense(10, 8), nn.ReLU(), nn.Dense(8, 5)), (10,)),
            "conv": (ConvNet, (1, 5, 5))}


def _train(make, shape, mode, computility=10e6, full_flops=True):
    context.set_context(mode=mode, device_target="CPU")
    rs = np.random.RandomState(0)
    x = rs.rand(64, *shape).astype(np.float32)
    y = rs.randint(0, 5, (64,)).astype(np.int32)
    data = ds.GeneratorDataset(lambda: ((x[i:i + 32], y[i:i + 32]) for i in (0, 32)), ["x", "y"], shuffle=False)
    net = make()
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.Momentum(net.trainable_params(), 0.01, 0.9))
    cb = FlopsUtilizationCollector(2, computility=computility, full_flops=full_flops)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        model.train(2, data, callbacks=[cb], dataset_sink_mode=False)
    return cb, out.getvalue().splitlines()


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - recording MindSpore's error
        return [type(e).__name__, str(e).splitlines()[0]]
    return None


def run(mode=None):
    mode = context.GRAPH_MODE if mode is None else mode
    res = {}
    for name, (make, shape) in _nets().items():
        cb, lines = _train(make, shape, mode)
        res[name] = {"flops": [cb.full_model_flops, cb.full_hardware_flops, cb.shard_model_flops,
                               cb.shard_hardware_flops], "full_mfu": cb.full_mfu, "lines": lines}
    cb, lines = _train(*_nets()["dense"], mode, computility=1e3, full_flops=False)
    res["shard_only"] = {"lines": lines, "shard_mfu": cb.shard_mfu}
    res["errors"] = {"zero": _err(lambda: FlopsUtilizationCollector(0)),
                     "float": _err(lambda: FlopsUtilizationCollector(1.5)),
                     "full_flops": _err(lambda: FlopsUtilizationCollector(2, full_flops=1)),
                     "ma": _err(lambda: FlopsUtilizationCollector(2, enable_ma_collector="yes"))}
    return res


def pynative_error():
    return _err(lambda: _train(*_nets()["dense"], context.PYNATIVE_MODE))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    out = run()
    out["pynative"] = pynative_error()
    refutil.save_json("train", "flops_collector", out)
    print("ok")  # noqa: T201

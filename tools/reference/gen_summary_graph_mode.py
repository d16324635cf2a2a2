"""The summary primitives under GRAPH_MODE in real MindSpore 2.10: what
``mindspore.train.summary.summary_record._get_summary_tensor_data()`` returns after a compiled network ran
(its keys in order, each value's shape and numbers; MindArmour's coverage metrics read it after
``Model.predict``), that it is empty after a PyNative run and after being read, and which tags a
``SummaryRecord.record`` writes at which step. For tests/train/test_summary.py:
tests/reference_data/training/summary_graph_mode.json."""
import glob
import os
import struct
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops
from mindspore.train import summary_pb2
from mindspore.train.summary.summary_record import _get_summary_tensor_data

import refutil


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)
        self.tensor, self.scalar = ops.TensorSummary(), ops.ScalarSummary()
        self.hist, self.image = ops.HistogramSummary(), ops.ImageSummary()

    def construct(self, x):
        y = self.dense(x)
        self.tensor("y", y)
        self.scalar("m", y.sum())
        self.hist("x", x * 2)
        self.image("img", ops.reshape(x, (x.shape[0], 1, 1, 3)))
        return y


def net():
    n = Net()
    for i, p in enumerate(n.get_parameters()):
        p.set_data(Tensor(np.linspace(-1, 1, int(np.prod(p.shape))).reshape(p.shape).astype(np.float32) * (i + 1)))
    return n


def inputs(rows):
    return Tensor(np.arange(rows * 3, dtype=np.float32).reshape(rows, 3) / 7)


def data():
    return [[k, list(v.shape), v.asnumpy().ravel().tolist()] for k, v in _get_summary_tensor_data().items()]


def tags_written(d):
    out = []
    for path in sorted(glob.glob(os.path.join(d, "*summary*"))):
        raw, i = open(path, "rb").read(), 0
        while i < len(raw):
            (ln,) = struct.unpack("<Q", raw[i:i + 8])
            i += 12
            ev = summary_pb2.Event()
            try:
                ev.ParseFromString(raw[i:i + ln])
            except Exception:  # noqa: BLE001 - the graph event uses fields this proto copy does not parse
                ev = None
            i += ln + 4
            if ev is not None and ev.HasField("summary"):
                out.append([int(ev.step), sorted(v.tag for v in ev.summary.value)])
    return out


ms.set_context(mode=ms.PYNATIVE_MODE)
n = net()
n(inputs(2))
out = {"pynative": data()}
ms.set_context(mode=ms.GRAPH_MODE)
n = net()
n(inputs(2))
n(inputs(4))  # the last run's values
out["graph"] = data()
out["graph_read_again"] = data()
ms.Model(n).predict(inputs(3))
out["graph_predict"] = data()
with tempfile.TemporaryDirectory() as d:
    with ms.train.SummaryRecord(d) as rec:
        n(inputs(2))
        rec.record(1)
        n(inputs(3))
        rec.record(2)
    out["record"] = tags_written(d)
refutil.save_json("training", "summary_graph_mode", out)
print("summary_graph_mode ok")

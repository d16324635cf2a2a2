"""Entry script of the drop-in project: unchanged MindSpore code."""
import sys

import numpy as np
import mindspore
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter, context
from mindspore.common import dtype as mstype

from mypkg import VERSION_OK
from mypkg.model import Net, mode_name
from mypkg.data import make_arrays, make_dataset, stats, ramp
from mypkg.train import fixed_weights, train, value_and_grad_step, checkpoint_roundtrip


def r(v):
    return np.round(np.asarray(v, dtype=np.float64), 4).tolist()


def main():
    ms.set_seed(0)
    context.set_context(mode=context.PYNATIVE_MODE)
    print("argv", sys.argv[1:])
    print("version attr", VERSION_OK)
    net = Net()
    print("not loaded", fixed_weights(net))
    print("names", [p.name for p in net.get_parameters()])
    print("is cell", isinstance(net, nn.Cell), isinstance(net, mindspore.nn.Cell))
    x, y = make_arrays()
    out = net(Tensor(x[:3]))
    print("out", out.shape, mstype.float32 == out.dtype, r(out.asnumpy()))
    print("stats", r(stats(out)))
    print("ramp", r(ramp(4).asnumpy()))
    print("ops", r(ops.softmax(out, axis=-1).asnumpy().sum(-1)))
    ds = make_dataset(4)
    print("dataset", ds.get_dataset_size(), ds.get_col_names())
    loss, grads = value_and_grad_step(net, Tensor(x), Tensor(y))
    print("vg", r(loss), r(grads))
    losses = train(net, ds, ds.get_dataset_size())
    print("losses", r(losses))
    print("decreasing", losses[-1] < losses[0])
    names, diff = checkpoint_roundtrip(net, Net)
    print("ckpt", names, diff == 0.0)
    print("mode", mode_name())


if __name__ == "__main__":
    main()

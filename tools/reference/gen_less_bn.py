"""mindspore.boost.LessBN under MindSpore 2.10 (PyNative): a small net wrapped with fn_flag=False and True —
parameter names, forward outputs and gradients. tests/train/test_less_bn.py runs this same file through the
ms_compat alias and compares."""
import os
import sys

import numpy as np

import mindspore as ms
from mindspore import nn, ops
from mindspore.boost import LessBN


class Body(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 3, weight_init=ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4) / 10 - 0.5),
                            bias_init=ms.Tensor(np.array([0.1, -0.2, 0.3], np.float32)))
        self.act = nn.ReLU()
        self.fc2 = nn.Dense(3, 2, weight_init=ms.Tensor(np.array([[0.3, -0.1, 0.2], [-0.4, 0.5, 0.6]], np.float32)),
                            bias_init=ms.Tensor(np.array([0.05, -0.15], np.float32)))  # MindSpore's default: random

    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.body = Body()
        self.head = nn.Dense(2, 2, weight_init=ms.Tensor(np.array([[1.0, -2.0], [0.5, 0.25]], np.float32)),
                             bias_init=ms.Tensor(np.array([0.2, 0.4], np.float32)))

    def construct(self, x):
        return self.head(self.body(x))


def run():
    x = ms.Tensor(np.array([[1.0, 2.0, -1.0, 0.5], [0.2, -0.3, 0.4, 1.5]], np.float32))
    out = {}
    for flag in (False, True):
        net = LessBN(Net(), fn_flag=flag)
        params = net.trainable_params()
        y = net(x)
        grads = ms.grad(lambda inp: net(inp).sum(), grad_position=None, weights=params)(x)
        out[str(flag)] = {"names": [p.name for p in params], "shapes": [list(p.shape) for p in params],
                          "out": y.asnumpy().tolist(), "grads": [g.asnumpy().tolist() for g in grads]}
    return out


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    refutil.save_json("train", "less_bn", run())
    print("ok")  # noqa: T201

"""What MindSpore 2.10 (PyNative, CPU) records outside and inside grad functions: a Cell's output computed outside
any grad function is a constant to a later grad function (no gradient reaches the weights that made it), while
grad functions, jacrev, ForwardValueAndGrad over a plain function, recomputed cells and TrainOneStepCell still
differentiate every Cell their function calls. tests/nn/test_grad_scope.py runs this same file through the
ms_compat alias (a module importing MindSpore and not PyTorch: MindSpore code) and compares."""
import os
import sys

import numpy as np

import mindspore as ms
from mindspore import nn, ops, Tensor

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
X = Tensor(np.array([[1.0, 2.0, -1.0], [0.5, -0.3, 0.4]], np.float32))
Y = Tensor(np.array([[0.5, -0.5], [1.0, 0.0]], np.float32))


def _dense(i, o, seed):
    rs = np.random.RandomState(seed)
    return nn.Dense(i, o, weight_init=Tensor((rs.rand(o, i) - 0.5).astype(np.float32)),
                    bias_init=Tensor((rs.rand(o) - 0.5).astype(np.float32)))


class Block(nn.Cell):
    def __init__(self, seed):
        super().__init__()
        self.fc1, self.fc2 = _dense(3, 4, seed), _dense(4, 2, seed + 1)

    def construct(self, x):
        return self.fc2(ops.tanh(self.fc1(x)))


def _np(ts):
    return [t.asnumpy().tolist() for t in ts]


def features_outside():
    """Features from one net computed outside the grad function feed another net inside it."""
    net1, net2 = Block(1), nn.SequentialCell(_dense(2, 3, 5), nn.Tanh(), _dense(3, 2, 6))
    h = net1(X)

    def fn(y):
        return (net2(h) * y).sum()

    weights = net1.trainable_params() + net2.trainable_params()
    value, grads = ms.value_and_grad(fn, None, weights)(Y)
    return {"h": h.asnumpy().tolist(), "value": float(value.asnumpy()), "grads": _np(grads)}


def jacrev_of_cell():
    net = Block(2)

    def fn(x):
        return net(x).sum(axis=0)

    return {"jac": ms.ops.jacrev(fn)(X).asnumpy().tolist()}


def forward_value_and_grad_function():
    net = Block(3)

    def fn(x, y):
        return ((net(x) - y) ** 2).mean()

    weights = ms.ParameterTuple(net.trainable_params())
    loss, grads = nn.ForwardValueAndGrad(fn, weights=weights, get_by_list=True)(X, Y)
    return {"loss": float(loss.asnumpy()), "grads": _np(grads)}


def recompute_grads():
    net = Block(4)
    net.fc1.recompute()

    def fn(x):
        return (net(x) * Y).sum()

    grads = ms.grad(fn, 0, net.trainable_params())(X)
    return {"input": grads[0].asnumpy().tolist(), "weights": _np(grads[1])}


def train_between_inference():
    """TrainOneStepCell steps with inference calls of the same net in between."""
    net = Block(5)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1))
    outs, losses = [], []
    for _ in range(3):
        outs.append(net(X).asnumpy().tolist())
        losses.append(float(step(X, Y).asnumpy()))
    return {"outs": outs, "losses": losses, "weights": _np(net.trainable_params())}


def run():
    return {"features_outside": features_outside(), "jacrev_of_cell": jacrev_of_cell(),
            "forward_value_and_grad_function": forward_value_and_grad_function(),
            "recompute_grads": recompute_grads(), "train_between_inference": train_between_inference()}


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    refutil.save_json("nn", "grad_scope", run())
    print("ok")  # noqa: T201

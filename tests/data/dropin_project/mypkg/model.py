from mindspore import nn, ops, Tensor, Parameter, context
from mindspore.common import dtype as mstype

from .layers import ScaledDense


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = ScaledDense(4, 8)
        self.act = nn.ReLU()
        self.fc2 = nn.Dense(8, 3)
        self.reduce = ops.ReduceMean(keep_dims=True)

    def construct(self, x):
        h = self.act(self.fc1(x))
        h = h - self.reduce(h, 1) * 0.1
        return self.fc2(h)


def mode_name():
    return "graph" if context.get_context("mode") == context.GRAPH_MODE else "pynative"

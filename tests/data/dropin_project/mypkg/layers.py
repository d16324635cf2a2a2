import mindspore.nn as nn
from mindspore import Parameter, Tensor
from mindspore.common.initializer import Normal, initializer
from mindspore.ops import operations as P
from mindspore.ops import functional as F
from mindspore.common import dtype as mstype


class ScaledDense(nn.Cell):
    """Dense layer written with Primitives (P) and functional ops (F)."""

    def __init__(self, cin, cout):
        super().__init__()
        self.weight = Parameter(initializer(Normal(0.02), [cout, cin], mstype.float32), name="weight")
        self.bias = Parameter(initializer("zeros", [cout], mstype.float32), name="bias")
        self.matmul = P.MatMul(transpose_b=True)
        self.add = P.Add()
        self.scale = Tensor(0.5, mstype.float32)

    def construct(self, x):
        y = self.add(self.matmul(x, self.weight), self.bias)
        return F.tanh(y) * self.scale + y

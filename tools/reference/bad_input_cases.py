"""Bad-input cases shared by tools/reference/gen_bad_input.py (run under real MindSpore) and
tests/test_bad_input.py (run under ms_compat).

Each case is an expression evaluated with ``nn``, ``ops``, ``Tensor``, ``np``, ``ms`` bound to the
framework, plus the helpers ``f(*shape)`` (a float32 tensor of ones), ``i(*values)`` (an int32
tensor), ``train(net)`` (``net.set_train(True)``, returning the net) and ``cell()`` (an empty Cell).
The generator records what MindSpore does: the exception type and the head of its message, or the
output shape when it accepts the input.
"""


def namespace(ms, nn, ops, Tensor):
    """The names a case expression sees, bound to the framework given (MindSpore or ms_compat)."""
    import numpy as np

    def f(*shape):
        return Tensor(np.ones(shape, np.float32))

    def i(*values):
        return Tensor(np.array(values, np.int32))

    def train(net):
        net.set_train(True)
        return net

    def cell():
        return nn.Cell()

    return dict(nn=nn, ops=ops, Tensor=Tensor, np=np, ms=ms, f=f, i=i, train=train, cell=cell)


def first(out):
    """The first tensor of a (nested) tuple/list output."""
    while isinstance(out, (tuple, list)):
        out = out[0]
    return out


CASES = [
    # ---- recurrent layers (issue 22 item 1: torch's raw kernels must not see these)
    "nn.LSTM(4, 8, batch_first=True)(f(2, 3, 5))",
    "nn.LSTM(4, 8, batch_first=True)(f(2, 3, 3))",
    "nn.LSTM(4, 8, batch_first=True)(f(2, 3, 1000))",
    "nn.LSTM(4, 8)(f(3, 2, 4), (f(1, 2, 4096), f(1, 2, 8)))",
    "nn.LSTM(4, 8)(f(3, 2, 4), (f(1, 2, 8), f(1, 2, 16)))",
    "nn.LSTM(4, 8)(f(3, 2, 4), (f(1, 3, 8), f(1, 3, 8)))",
    "nn.LSTM(4, 8)(f(3, 2, 4), (f(2, 2, 8), f(2, 2, 8)))",
    "nn.LSTM(4, 8)(f(3, 2, 4), (f(2, 8), f(2, 8)))",
    "nn.LSTM(4, 8)(f(3, 4))",
    "nn.LSTM(4, 8)(f(1, 3, 2, 4))",
    "nn.LSTM(4, 8, num_layers=2, bidirectional=True)(f(3, 2, 4), (f(2, 2, 8), f(2, 2, 8)))",
    "nn.LSTM(4, 8, batch_first=True)(f(2, 3, 4), None, i(3, 1, 2))",
    "nn.LSTM(4, 8, batch_first=True)(f(2, 3, 5), None, i(3, 1))",
    "nn.GRU(4, 8)(f(3, 2, 5))",
    "nn.GRU(4, 8)(f(3, 2, 4), f(1, 2, 9))",
    "nn.GRU(4, 8)(f(3, 2, 4), f(1, 5, 8))",
    "nn.RNN(4, 8)(f(3, 2, 6))",
    "nn.RNN(4, 8, nonlinearity='relu')(f(3, 2, 4), f(1, 2, 7))",
    "nn.LSTMCell(4, 8)(f(2, 5), (f(2, 8), f(2, 8)))",
    "nn.LSTMCell(4, 8)(f(2, 4), (f(2, 9), f(2, 8)))",
    "nn.LSTMCell(4, 8)(f(2, 4), (f(3, 8), f(3, 8)))",
    "nn.GRUCell(4, 8)(f(2, 5), f(2, 8))",
    "nn.GRUCell(4, 8)(f(2, 4), f(3, 8))",
    "nn.RNNCell(4, 8)(f(2, 3), f(2, 8))",
    "nn.RNNCell(4, 8)(f(2, 4), f(2, 7))",
    # ---- convolution / pooling ranks and sizes
    "nn.Conv2d(3, 2, 3)(f(3, 5, 5))",
    "nn.Conv2d(3, 2, 3)(f(1, 1, 3, 5, 5))",
    "nn.Conv2d(3, 2, 3)(f(1, 4, 5, 5))",
    "nn.Conv2d(3, 2, 5, pad_mode='valid')(f(1, 3, 3, 3))",
    "nn.Conv1d(3, 2, 3)(f(3, 5))",
    "nn.Conv3d(3, 2, 3)(f(3, 5, 5, 5))",
    "nn.Conv2dTranspose(3, 2, 3)(f(3, 5, 5))",
    "nn.MaxPool2d(3)(f(2, 2))",
    "nn.AvgPool2d(3)(f(5, 5))",
    "nn.MaxPool2d(4)(f(1, 1, 2, 2))",
    # ---- normalization
    "nn.BatchNorm2d(3)(f(2, 3))",
    "nn.BatchNorm2d(3)(f(2, 4, 3, 3))",
    "train(nn.BatchNorm2d(3))(f(2, 4, 3, 3))",
    "train(nn.BatchNorm2d(3))(f(1, 3, 1, 1))",
    "train(nn.BatchNorm2d(3))(f(1, 3, 2, 2))",
    "nn.BatchNorm1d(3)(f(2, 4))",
    "train(nn.BatchNorm1d(3))(f(1, 3))",
    "nn.BatchNorm1d(3)(f(2, 3, 4, 5))",
    "nn.LayerNorm((4,))(f(2, 3))",
    "nn.GroupNorm(2, 4)(f(2, 6, 3, 3))",
    "nn.InstanceNorm2d(3)(f(2, 3))",
    # ---- embedding / dense
    "nn.Embedding(10, 3)(i(-1, 2))",
    "nn.Embedding(10, 3)(i(10, 2))",
    "nn.Embedding(10, 3, padding_idx=0)(i(-1))",
    "nn.Dense(3, 2)(f(4))",
    "nn.Dense(3, 2)(f())",
    "nn.Embedding(10, 3)(f(2))",
    "Tensor([[1, 2], [3]])",
    "Tensor(2 ** 70)",
    "Tensor([2 ** 70])",
    # ---- Tensor(shape=, dtype=, init=): placeholders, dynamic shape and rank (issue 30 item 8)
    "Tensor(shape=(-2,))",
    "Tensor(shape=(2, 2))",
    "Tensor(shape=(2, 2), init='ones')",
    "Tensor(shape=(None, 2), dtype=ms.float32, init='ones')",
    "Tensor([1.0], shape=(1,))",
    "Tensor(shape=(-2,), dtype=ms.float32).asnumpy()",
    "float(Tensor(shape=(-1,), dtype=ms.float32))",
    "str(Tensor(shape=(-2,), dtype=ms.float32).shape)",
    "str(Tensor(shape=(None, 3), dtype=ms.float32).shape)",
    "str(Tensor(shape=[-2, 3], dtype=ms.int32).shape)",
    "Tensor(shape=(2, 3), dtype=ms.float32)",
    "nn.Dense(3, 2)(f(2, 4))",
    "nn.PReLU(3)(f(2, 4, 2, 2))",
    "nn.Softmax(axis=5)(f(2, 3))",
    # ---- broadcasting and shape ops
    "f(2, 3) + f(4, 3)",
    "f(2, 3) * f(2, 4)",
    "ops.add(f(2, 3), f(4, 3))",
    "ops.mul(f(2, 3), f(3, 2))",
    "ops.matmul(f(2, 3), f(4, 5))",
    "ops.reshape(f(2, 3), (4, 2))",
    "ops.concat((f(2, 3), f(2, 4)))",
    "ops.stack((f(2, 3), f(2, 4)))",
    "ops.transpose(f(2, 3), (0, 2))",
    "ops.broadcast_to(f(2, 3), (4, 4))",
    "ops.squeeze(f(2, 3), 0)",
    "ops.expand_dims(f(2, 3), 5)",
    "f(2, 3).reshape(7)",
    "f(2, 3).view(5)",
    "nn.Flatten(start_dim=3)(f(2, 3))",
    # ---- Cell API
    "cell().insert_child_to_cell('construct', nn.Dense(2, 2))",
    "cell().insert_child_to_cell('', nn.Dense(2, 2))",
    "cell().insert_child_to_cell('a.b', nn.Dense(2, 2))",
    "cell().insert_child_to_cell('x', 3)",
    "cell().insert_child_to_cell(3, nn.Dense(2, 2))",
]

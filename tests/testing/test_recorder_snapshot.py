"""``ms-compat compare`` records snapshots (issue 21 item 11): a tensor mutated in place after a cell
returned it — by a torch module with ``inplace=True`` or an in-place op later in the graph — keeps the value
the cell produced in the recording, so the first divergence is reported at the right cell."""
import numpy as np
import torch

import ms_compat as ms
from ms_compat import nn
from ms_compat.testing import recorder


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 6)
        self.act = torch.nn.ReLU(inplace=True)  # a torch module doing in-place work inside a Cell
        self.tail = nn.Dense(6, 2)

    def construct(self, x):
        y = self.dense(x)
        y = self.act(y)
        return self.tail(y)


class InplaceLater(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 6)

    def construct(self, x):
        y = self.dense(x)
        y.mul_(0.0)  # in-place op later in the graph
        return y


def _x():
    return [np.random.default_rng(0).standard_normal((3, 4)).astype(np.float32)]


def test_recorded_outputs_are_snapshots_under_torch_inplace_module():
    net = Net()
    x = _x()
    expected = net.dense(ms.Tensor(x[0])).asnumpy()
    assert (expected < 0).any()  # the in-place ReLU would change these
    arrays, index = recorder.record(ms, net, x)
    np.testing.assert_array_equal(arrays["out|dense|0"], expected)
    np.testing.assert_array_equal(arrays["in|act|0"], expected)  # the torch child's input, before its in-place work
    np.testing.assert_array_equal(arrays["out|act|0"], np.maximum(expected, 0))


def test_recorded_outputs_are_snapshots_under_later_inplace_op():
    net = InplaceLater()
    x = _x()
    expected = net.dense(ms.Tensor(x[0])).asnumpy()
    arrays, _ = recorder.record(ms, net, x)
    np.testing.assert_array_equal(arrays["out|dense|0"], expected)
    assert not (arrays["out|<root>|0"] if "out|<root>|0" in arrays else arrays["out||0"]).any()

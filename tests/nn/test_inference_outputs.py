"""A Cell's output outside any grad function (issue 32 item 5): MindSpore records no graph there, and turning the
output into a Python number prints nothing. This module imports MindSpore's API and not PyTorch, so its Cell calls
record no graph (common/grad_scope.py; tests/nn/test_grad_scope.py has the PyTorch-code side); inside
``recording()`` they record and ``loss.backward()`` works."""
import warnings

import numpy as np

from ms_compat import Tensor, nn
from ms_compat.common.grad_scope import recording


def _net():
    return nn.SequentialCell(nn.Dense(4, 3), nn.Tanh(), nn.Dense(3, 1))


def test_float_of_a_cell_output_warns_nothing():
    net = _net()
    out = net(Tensor(np.arange(8, dtype=np.float32).reshape(2, 4)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value = float(out.sum())
        loss_line = f"loss {float(out.mean()):.4f}"
    assert value == float(out.sum().asnumpy())
    assert loss_line.startswith("loss ")


def test_backward_on_a_cell_output_recorded_in_a_grad_scope():
    net = _net()
    assert net(Tensor(np.ones((2, 4), np.float32))).grad_fn is None
    with recording():
        loss = net(Tensor(np.ones((2, 4), np.float32))).sum()
    float(loss)  # converting first leaves the graph alone
    loss.backward()
    assert all(p.grad is not None for p in net.trainable_params())

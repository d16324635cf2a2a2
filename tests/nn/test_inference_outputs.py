"""A Cell's output outside any grad function (issue 32 item 5): MindSpore records no graph there, and turning the
output into a Python number prints nothing. ms_compat keeps PyTorch's graph (``loss.backward()`` on a Cell's output
is PyTorch-style training) but ``float()`` of it must not print PyTorch's requires_grad warning from ms_compat."""
import warnings

import numpy as np

from ms_compat import Tensor, nn


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


def test_backward_on_a_cell_output_still_works():
    net = _net()
    loss = net(Tensor(np.ones((2, 4), np.float32))).sum()
    float(loss)  # converting first leaves the graph alone
    loss.backward()
    assert all(p.grad is not None for p in net.trainable_params())

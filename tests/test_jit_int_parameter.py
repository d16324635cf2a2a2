"""An integer Parameter read inside ``ms.jit`` (mindcv's AdamW: ``self.learning_rate(self.global_step)`` and
``self.assignadd(self.global_step, ...)`` in a ``@jit`` construct): it compiles, and the compiled call computes what
the eager one does, while the Parameter keeps reporting MindSpore's ``requires_grad`` (True) outside."""
import numpy as np

from ms_compat import Parameter, Tensor, jit, nn, ops
from ms_compat.common import dtype as mstype


class Stepper(nn.Cell):
    def __init__(self):
        super().__init__()
        self.global_step = Parameter(Tensor(np.zeros([1], np.int32)), name="global_step")
        self.table = Tensor(np.array([0.5, 0.25, 0.125], np.float32))
        self.one = Tensor(np.ones([1], np.int32))

    def step(self, x):
        lr = ops.gather(self.table, self.global_step, 0).reshape(())
        ops.assign_add(self.global_step, self.one)
        return x * lr

    construct = jit(step)


def test_integer_parameter_in_a_compiled_construct():
    net, eager = Stepper(), Stepper()
    x = Tensor(np.ones(2, np.float32))
    for _ in range(3):
        np.testing.assert_array_equal(net(x).asnumpy(), eager.step(x).asnumpy())
    assert net.global_step.asnumpy().tolist() == [3] and net.global_step.dtype == mstype.int32
    assert net.global_step.requires_grad is True

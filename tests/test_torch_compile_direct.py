"""Plain ``torch.compile`` (no ms_compat jit wrapper) on Cells called with MindSpore Tensors: fullgraph,
same outputs and gradients as eager, MindSpore tensor methods inside, Parameter ``.T``."""
import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.d = nn.Dense(4, 3)
        self.w = ms.Parameter(ms.Tensor(np.linspace(-1, 1, 9, dtype=np.float32).reshape(3, 3)))

    def construct(self, x):
        y = self.d(x)
        z = (y @ self.w.T).mean(axis=1, keep_dims=True) * y.shape[-1] + y.size
        if self.w.requires_grad and self.d.weight.requires_grad:  # parameter attribute access traces
            z = z * 1.0
        return z + ops.transpose(y, (1, 0)).std() + y.max(axis=1).sum() + (y @ self.w.mT).sum()


@pytest.mark.parametrize("backend", ["aot_eager", "inductor"])
def test_torch_compile_fullgraph_on_cell_with_ms_tensor_inputs(backend):
    torch._dynamo.reset()
    net = Net()
    x = ms.Tensor(np.random.default_rng(0).standard_normal((2, 4)).astype(np.float32))
    compiled = torch.compile(net, fullgraph=True, backend=backend)
    out, ref = compiled(x), net(x)
    assert isinstance(out, ms.Tensor)
    np.testing.assert_allclose(out.asnumpy(), ref.asnumpy(), rtol=1e-5, atol=1e-5)
    xa, xb = x.clone().requires_grad_(), x.clone().requires_grad_()
    compiled(xa).sum().backward()
    net(xb).sum().backward()
    np.testing.assert_allclose(xa.grad.numpy(), xb.grad.numpy(), rtol=1e-5, atol=1e-6)
    assert torch._dynamo.explain(net)(x).graph_break_count == 0

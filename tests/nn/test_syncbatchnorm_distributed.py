"""SyncBatchNorm across two CPU processes (gloo) equals BatchNorm over the concatenated batch:
outputs, input and gamma/beta gradients, and moving statistics."""
import os

import numpy as np
import pytest
import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from spawn_util import free_port as _free_port  # noqa: E402

pytestmark = pytest.mark.multiprocess


def _worker(rank, port, x_all, cot_all, out_q):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    dist.init_process_group("gloo", rank=rank, world_size=2)
    try:
        from ms_compat import Tensor, nn
        bn = nn.SyncBatchNorm(3, momentum=0.8).set_train()
        x = Tensor(x_all[rank * 2:(rank + 1) * 2]).requires_grad_(True)
        y = bn(x)
        (y * torch.from_numpy(cot_all[rank * 2:(rank + 1) * 2])).sum().backward()
        out_q.put((rank, y.detach().numpy(), x.grad.numpy(), bn.gamma.grad.numpy(), bn.beta.grad.numpy(),
                   bn.moving_mean.asnumpy(), bn.moving_variance.asnumpy()))
    finally:
        dist.destroy_process_group()


def test_syncbatchnorm_two_processes_match_full_batch_batchnorm():
    from ms_compat import Tensor, nn
    rng = np.random.default_rng(0)
    x_all = rng.standard_normal((4, 3, 2, 2)).astype(np.float32)
    cot_all = rng.standard_normal((4, 3, 2, 2)).astype(np.float32)
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    port = _free_port()
    procs = [ctx.Process(target=_worker, args=(r, port, x_all, cot_all, q)) for r in range(2)]
    for p in procs:
        p.start()
    res = dict((r[0], r[1:]) for r in (q.get(timeout=120) for _ in procs))
    for p in procs:
        p.join(timeout=60)
    ref = nn.BatchNorm2d(3, momentum=0.8).set_train()
    x = Tensor(x_all).requires_grad_(True)
    y = ref(x)
    (y * torch.from_numpy(cot_all)).sum().backward()
    y_sync = np.concatenate([res[0][0], res[1][0]])
    gx_sync = np.concatenate([res[0][1], res[1][1]])
    np.testing.assert_allclose(y_sync, y.detach().numpy(), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(gx_sync, x.grad.numpy(), rtol=1e-3, atol=1e-5)
    np.testing.assert_allclose(res[0][2] + res[1][2], ref.gamma.grad.numpy(), rtol=1e-3, atol=1e-5)
    np.testing.assert_allclose(res[0][3] + res[1][3], ref.beta.grad.numpy(), rtol=1e-3, atol=1e-5)
    for r in (0, 1):
        np.testing.assert_allclose(res[r][4], ref.moving_mean.asnumpy(), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(res[r][5], ref.moving_variance.asnumpy(), rtol=1e-5, atol=1e-6)

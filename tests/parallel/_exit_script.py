"""A 2-process training script as a user writes it, run as `python _exit_script.py ddp|dp` with the
torchrun variables set (tests/parallel/test_exit_status.py): it must end with exit status 0 on every rank.

ddp: the user calls torch.distributed.init_process_group and wraps a Cell in
torch.nn.parallel.DistributedDataParallel (loss.backward, a torch optimizer), and destroys the group it made, as
PyTorch asks (issue 31: ms_compat's exit guard no longer touches a group the user made; a gloo group left to C++
static destruction can still end a plain PyTorch program with SIGABRT, ms_compat or not). dp: ms_compat's
communication.init(), DATA_PARALLEL, TrainOneStepCell: a group ms_compat made, never destroyed by the script."""
import sys

import numpy as np
import torch
import torch.distributed as dist

mode = sys.argv[1]
torch.set_num_threads(1)
import ms_compat as ms  # noqa: E402
from ms_compat import nn  # noqa: E402

ms.set_seed(0)
net = nn.SequentialCell(nn.Dense(16, 32), nn.ReLU(), nn.Dense(32, 4))
x = ms.Tensor(np.random.default_rng(0).standard_normal((8, 16)).astype(np.float32))
y = ms.Tensor(np.random.default_rng(1).standard_normal((8, 4)).astype(np.float32))
if mode == "ddp":
    dist.init_process_group("gloo")
    model = torch.nn.parallel.DistributedDataParallel(net)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(3):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
else:
    from ms_compat.communication import init
    init()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    step.set_train()
    for _ in range(3):
        loss = step(x, y)
rank = dist.get_rank()
if mode == "ddp":
    dist.destroy_process_group()
print("rank", rank, "loss", float(loss))

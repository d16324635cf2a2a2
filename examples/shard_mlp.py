"""Train a tensor-parallel (Megatron-style) MLP block written with the MindSpore API, on 2 processes.

    torchrun --nproc_per_node 2 examples/shard_mlp.py            # CPU, gloo
    torchrun --nproc_per_node 1 examples/shard_mlp.py            # 1 process: shard is a no-op

The script is ordinary MindSpore parallel code (``import ms_compat as ms`` instead of
``import mindspore as ms``): ``init()``, ``set_auto_parallel_context(SEMI_AUTO_PARALLEL)``,
``Cell.shard`` with a ``parameter_plan`` that cuts ``fc1`` by output features (column parallel) and
``fc2`` by input features (row parallel), then ``TrainOneStepCell`` with ``Momentum``. Underneath,
the parameters are DTensors on a DeviceMesh and PyTorch inserts the all-reduce after ``fc2``.
At the end rank 0 compares the trained weights with the same training run on one process.
"""
import numpy as np

import ms_compat as ms
from ms_compat import nn
from ms_compat.communication import get_group_size, get_rank, init
from ms_compat.parallel.shard import full_value, sharded_layout


class MLPBlock(nn.Cell):
    """LayerNorm → Dense(d, 4d) → GELU → Dense(4d, d) with a residual connection."""

    def __init__(self, d_model=16, hidden=64):
        super().__init__()
        self.norm = nn.LayerNorm((d_model,))
        self.fc1 = nn.Dense(d_model, hidden)
        self.act = nn.GELU()
        self.fc2 = nn.Dense(hidden, d_model)

    def construct(self, x):
        return x + self.fc2(self.act(self.fc1(self.norm(x))))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.block = MLPBlock()
        self.head = nn.Dense(16, 4)

    def construct(self, x):
        return self.head(self.block(x))


def train(parallel, steps=5):
    ms.set_seed(0)
    net = Net()
    if parallel:
        # fc1 weight (64, 16): 2 slices of the output features; fc1 bias follows it;
        # fc2 weight (16, 64): 2 slices of the input features (partial sums, all-reduced by DTensor)
        net.block.shard(in_strategy=((1, 1),), parameter_plan={
            "block.fc1.weight": (2, 1), "block.fc1.bias": (2,), "block.fc2.weight": (1, 2)})
    loss_fn = nn.MSELoss()
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    step.set_train()
    rng = np.random.default_rng(1)
    x = ms.Tensor(rng.standard_normal((8, 16)).astype(np.float32))
    y = ms.Tensor(rng.standard_normal((8, 4)).astype(np.float32))
    losses = [float(step(x, y).asnumpy()) for _ in range(steps)]
    return net, losses


def full_weights(net):
    """Whole values of every parameter (sharded ones are all-gathered from their slices)."""
    return {name: full_value(p).asnumpy() for name, p in net.parameters_and_names()}


def main():
    init()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL)
    rank, size = get_rank(), get_group_size()
    net, losses = train(parallel=True)
    if rank == 0:
        print(f"processes: {size}; losses: {' '.join(f'{v:.5f}' for v in losses)}")
        w = net.block.fc1.weight
        layout = sharded_layout(w)
        if layout is not None:
            print(f"{w.name}: global {layout[2]}, this process's slice {w.shape}, placements {layout[1]}")
    ms.reset_auto_parallel_context()
    ref_net, ref_losses = train(parallel=False)
    got, ref = full_weights(net), full_weights(ref_net)
    diff = max(float(np.abs(got[k] - ref[k]).max()) for k in ref)
    if rank == 0:
        print(f"max |sharded - single-process| over trained weights: {diff:.2e}")
    assert diff < 1e-4, diff
    assert np.allclose(losses, ref_losses, rtol=1e-4, atol=1e-6)


if __name__ == "__main__":
    main()

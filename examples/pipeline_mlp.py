"""Train an MLP split into 2 pipeline stages, written with the MindSpore API, on 2 processes.

    torchrun --nproc_per_node 2 examples/pipeline_mlp.py
    ms-compat msrun --worker_num=2 --local_worker_num=2 --join=True examples/pipeline_mlp.py

Ordinary MindSpore pipeline code (``import ms_compat as ms`` instead of ``import mindspore as ms``):
``set_auto_parallel_context(SEMI_AUTO_PARALLEL, pipeline_stages=2)``, ``cell.pipeline_stage`` on the
layers, ``nn.PipelineCell`` cutting each batch into 4 micro-batches, ``Model.train``. Underneath, each
process runs one stage as a ``torch.distributed.pipelining.PipelineStage`` under the 1F1B schedule.
At the end every process compares the weights of its stage with the same training in one process.
"""
import numpy as np

import ms_compat as ms
import ms_compat.dataset as ds
from ms_compat import nn
from ms_compat.communication import get_group_size, get_rank, init


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.layers = nn.CellList([nn.Dense(16, 64), nn.Dense(64, 64), nn.Dense(64, 64), nn.Dense(64, 4)])
        self.act = nn.ReLU()

    def construct(self, x):
        for layer in self.layers[:-1]:
            x = self.act(layer(x))
        return self.layers[-1](x)


def train(pipelined):
    ms.reset_auto_parallel_context()
    if pipelined:
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, pipeline_stages=2)
    ms.set_seed(0)
    net = MLP()
    for i, layer in enumerate(net.layers):
        layer.pipeline_stage = 0 if i < 2 else 1
    rng = np.random.default_rng(1)
    data = ds.NumpySlicesDataset({"x": rng.standard_normal((64, 16)).astype(np.float32),
                                  "y": rng.standard_normal((64, 4)).astype(np.float32)}, shuffle=False).batch(16)
    losses = []

    class Record(ms.Callback):
        def on_train_step_end(self, run_context):
            losses.append(float(run_context.original_args().net_outputs.asnumpy()))

    model = ms.Model(nn.PipelineCell(nn.WithLossCell(net, nn.MSELoss()), 4),
                     optimizer=nn.Momentum(net.trainable_params(), learning_rate=0.02, momentum=0.9))
    model.train(2, data, callbacks=[Record()], dataset_sink_mode=False)
    ms.reset_auto_parallel_context()
    return net, losses


def main():
    init()
    rank, size = get_rank(), get_group_size()
    net, losses = train(pipelined=True)
    ref, ref_losses = train(pipelined=False)
    mine = [n for n, _ in net.parameters_and_names() if int(n.split(".")[1]) // 2 == rank]  # this stage's layers
    got, want = dict(net.parameters_and_names()), dict(ref.parameters_and_names())
    diff = max(float(np.abs(got[n].asnumpy() - want[n].asnumpy()).max()) for n in mine)
    if rank == 0:
        print(f"processes: {size}; stages: 2; losses: {' '.join(f'{v:.4f}' for v in losses)}")
    print(f"rank {rank}: stage {rank} weights {mine[0]}..{mine[-1]}, max |pipeline - single-process| {diff:.2e}",
          flush=True)
    assert np.allclose(losses, ref_losses, rtol=1e-5) and diff < 1e-5, (losses, ref_losses, diff)


if __name__ == "__main__":
    main()

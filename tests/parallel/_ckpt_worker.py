"""Per-process scenario for tests/parallel/test_distributed_checkpoint.py (2 gloo processes): a sharded MLP
saves per-rank slices, a strategy file, an integrated checkpoint and a torch.distributed.checkpoint
directory; the checkpoints are then loaded into another 2-process layout."""
from __future__ import annotations

import json
import os
import traceback

import numpy as np
import torch

PLAN_SRC = {"fc1.weight": (2, 1), "fc1.bias": (2,), "fc2.weight": (1, 2)}  # column then row parallel
PLAN_DST = {"fc1.weight": (1, 2), "fc2.weight": (2, 1), "fc2.bias": (2,)}  # another layout


def make_net(seed):
    import ms_compat as ms
    from ms_compat import nn

    class MLP(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1, self.fc2 = nn.Dense(6, 8), nn.Dense(8, 4)
            self.act = nn.ReLU()

        def construct(self, x):
            return self.fc2(self.act(self.fc1(x)))

    ms.set_seed(seed)
    return MLP()


def _full_values(net):
    from ms_compat.parallel.shard import full_value
    return {p.name: full_value(p).asnumpy().tolist() for p in net.get_parameters()}


def scenario_ckpt(rank, out, res):
    import torch.distributed as dist
    import ms_compat as ms
    from ms_compat import nn
    from ms_compat.parallel.sharded_checkpoint import load_sharded, save_sharded
    src_strategy, dst_strategy = os.path.join(out, "strategy_src.json"), os.path.join(out, "strategy_dst.json")
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL,
                                 strategy_ckpt_config={"save_file": src_strategy})
    net = make_net(0)
    net.shard(in_strategy=((1, 1),), parameter_plan=PLAN_SRC)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    rng = np.random.default_rng(0)
    step(ms.Tensor(rng.standard_normal((4, 6)).astype(np.float32)),
         ms.Tensor(rng.standard_normal((4, 4)).astype(np.float32)))
    res["full"] = _full_values(net)
    res["local_shapes"] = {p.name: list(p.shape) for p in net.get_parameters()}
    os.makedirs(os.path.join(out, "src", f"rank_{rank}"), exist_ok=True)
    ms.save_checkpoint(net, os.path.join(out, "src", f"rank_{rank}", "net.ckpt"), integrated_save=False)
    ms.save_checkpoint(net, os.path.join(out, f"integrated_{rank}.ckpt"))  # integrated_save=True: whole values
    save_sharded(net, os.path.join(out, "dcp"))
    dist.barrier()
    files = [os.path.join(out, "src", f"rank_{r}", "net.ckpt") for r in range(2)]

    # the same checkpoint into another 2-process layout: per-rank files + strategy file
    ms.set_auto_parallel_context(strategy_ckpt_config={"save_file": dst_strategy})
    net2 = make_net(1)
    net2.shard(in_strategy=((1, 1),), parameter_plan=PLAN_DST)
    res["dst_local_shapes"] = {p.name: list(p.shape) for p in net2.get_parameters()}
    res["load_distributed_ret"] = ms.load_distributed_checkpoint(net2, files, train_strategy_filename=src_strategy)
    try:
        ms.load_distributed_checkpoint(net2, files[:1], train_strategy_filename=src_strategy)
    except ValueError as e:
        res["err_file_count"] = str(e)
    res["via_load_distributed"] = _full_values(net2)
    # ... and from the torch.distributed.checkpoint directory (PyTorch re-shards)
    net3 = make_net(2)
    net3.shard(in_strategy=((1, 1),), parameter_plan=PLAN_DST)
    load_sharded(net3, os.path.join(out, "dcp"))
    res["via_dcp"] = _full_values(net3)
    # transform_checkpoints: merged (one rank, whole tensors) and re-cut for the destination strategy
    if rank == 0:
        ms.transform_checkpoints(os.path.join(out, "src"), os.path.join(out, "merged"), "full_", src_strategy, None)
        ms.transform_checkpoints(os.path.join(out, "src"), os.path.join(out, "dst"), "dst_", src_strategy,
                                 dst_strategy)
        res["rank_list_for_dst1"] = ms.parallel.rank_list_for_transform(1, src_strategy, dst_strategy)
    dist.barrier()
    net4 = make_net(3)
    net4.shard(in_strategy=((1, 1),), parameter_plan=PLAN_DST)
    ms.load_checkpoint(os.path.join(out, "dst", f"rank_{rank}", f"dst_{rank}.ckpt"), net4)
    res["via_transform"] = _full_values(net4)
    ms.transform_checkpoint_by_rank(rank, dict(enumerate(files)), os.path.join(out, f"by_rank_{rank}.ckpt"),
                                    src_strategy, dst_strategy)
    net5 = make_net(4)
    net5.shard(in_strategy=((1, 1),), parameter_plan=PLAN_DST)
    ms.load_checkpoint(os.path.join(out, f"by_rank_{rank}.ckpt"), net5)
    res["via_by_rank"] = _full_values(net5)
    ms.reset_auto_parallel_context()


def main(rank, world, port, outdir):
    os.environ.update(RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE=str(world),
                      MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), MS_COMPAT_COMM_TIMEOUT="60")
    torch.set_num_threads(1)
    res = {}
    try:
        from ms_compat.communication import init
        init()
        scenario_ckpt(rank, outdir, res)
    except Exception:  # noqa: BLE001
        res["fatal"] = traceback.format_exc()
    with open(os.path.join(outdir, f"rank{rank}.json"), "w") as f:
        json.dump(res, f)
    from ms_compat.communication import release
    release()

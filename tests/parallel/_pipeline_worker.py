"""Per-process scenarios for tests/parallel/test_pipeline.py (2 gloo processes, results as JSON): pipeline
parallel training and the same training in one process (stand-alone context) with the same weights."""
from __future__ import annotations

import json
import os
import traceback

import numpy as np
import torch


def _mlp():
    import ms_compat as ms
    from ms_compat import nn

    class MLP(nn.Cell):
        def __init__(self):
            super().__init__()
            self.l1, self.l2 = nn.Dense(8, 16), nn.Dense(16, 16)
            self.l3, self.l4 = nn.Dense(16, 16), nn.Dense(16, 4)
            self.act = nn.ReLU()

        def construct(self, x):
            h = self.act(self.l2(self.act(self.l1(x))))
            return self.l4(self.act(self.l3(h)))

    ms.set_seed(0)
    net = MLP()
    for name, stage in (("l1", 0), ("l2", 0), ("l3", 1), ("l4", 1)):
        getattr(net, name).pipeline_stage = stage
    return net


def _decoder(tensor_parallel=False, batch_parallel=False, tied=False, dp_tp=False):
    """A small decoder: embedding, 4 pre-norm blocks (causal attention + MLP), norm, head; the causal mask is
    computed outside the tagged cells and passed to every block. ``tensor_parallel``: each block's MLP is
    sharded Megatron-style over the 2 devices of its stage (fc1 by output features, fc2 by input features)."""
    import ms_compat as ms
    from ms_compat import nn, ops

    V, D, H = 11, 16, 2

    class MLP(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1, self.fc2 = nn.Dense(D, 2 * D), nn.Dense(2 * D, D)
            self.act = nn.GELU()

        def construct(self, x):
            return self.fc2(self.act(self.fc1(x)))

    class Block(nn.Cell):
        def __init__(self):
            super().__init__()
            self.ln1, self.ln2 = nn.LayerNorm((D,)), nn.LayerNorm((D,))
            self.qkv, self.proj = nn.Dense(D, 3 * D), nn.Dense(D, D)
            self.mlp = MLP()

        def construct(self, x, mask):
            b, s, _ = x.shape
            q, k, v = ops.split(self.qkv(self.ln1(x)), D, axis=-1)
            q = q.reshape(b, s, H, D // H).transpose(0, 2, 1, 3)
            k = k.reshape(b, s, H, D // H).transpose(0, 2, 1, 3)
            v = v.reshape(b, s, H, D // H).transpose(0, 2, 1, 3)
            att = ops.matmul(q, k.transpose(0, 1, 3, 2)) / (D // H) ** 0.5 + mask
            y = ops.matmul(ops.softmax(att, -1), v).transpose(0, 2, 1, 3).reshape(b, s, D)
            x = x + self.proj(y)
            return x + self.mlp(self.ln2(x))

    class TiedHead(nn.Cell):  # the output projection is the embedding table (stage 0's and stage 1's)
        def __init__(self, table):
            super().__init__()
            self.table = table

        def construct(self, h):
            return ops.matmul(h, self.table.T)

    class Decoder(nn.Cell):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(V, D)
            self.blocks = nn.CellList([Block() for _ in range(4)])
            self.norm = nn.LayerNorm((D,))
            self.head = TiedHead(self.emb.embedding_table) if tied else nn.Dense(D, V)

        def construct(self, ids):
            s = ids.shape[1]
            mask = ops.triu(ops.ones((s, s), ms.float32), 1) * -1e9
            h = self.emb(ids)
            for blk in self.blocks:
                h = blk(h, mask)
            return self.head(self.norm(h))

    class LossNet(nn.Cell):
        def __init__(self, net):
            super().__init__(auto_prefix=False)
            self.net = net
            self.loss = nn.CrossEntropyLoss()

        def construct(self, ids, labels):
            logits = self.net(ids)
            return self.loss(logits.reshape(-1, V), labels.reshape(-1))

    ms.set_seed(1)
    dec = Decoder()
    for cell, stage in ((dec.emb, 0), (dec.blocks[0], 0), (dec.blocks[1], 0), (dec.blocks[2], 1),
                        (dec.blocks[3], 1), (dec.norm, 1), (dec.head, 1)):
        cell.pipeline_stage = stage
    if batch_parallel:  # the data-parallel strategy inside each stage: batch cut in 2, weights replicated
        for blk in dec.blocks:
            blk.mlp.shard(in_strategy=((2, 1, 1),))
    if dp_tp:  # the 4 processes of a stage as a (2, 2) device matrix: batch cut over "dp", MLP over "tp"
        lay = ms.Layout((2, 2), ("dp", "tp"))
        for i, blk in enumerate(dec.blocks):
            blk.mlp.shard(in_strategy=(lay("dp", "None", "None"),), parameter_plan={
                f"blocks.{i}.mlp.fc1.weight": lay("tp", "None"), f"blocks.{i}.mlp.fc1.bias": lay("tp"),
                f"blocks.{i}.mlp.fc2.weight": lay("None", "tp")})
    if tensor_parallel:
        for i, blk in enumerate(dec.blocks):
            blk.mlp.shard(in_strategy=((1, 1, 1),), parameter_plan={
                f"blocks.{i}.mlp.fc1.weight": (2, 1), f"blocks.{i}.mlp.fc1.bias": (2,),
                f"blocks.{i}.mlp.fc2.weight": (1, 2)})
    return dec, LossNet(dec), V


def _owned(net, rank, stage_of):
    return {n: p.asnumpy().tolist() for n, p in net.parameters_and_names() if stage_of(n) == rank}


def _train_mlp(pipelined, scheduler):
    import ms_compat as ms
    from ms_compat import nn
    ms.reset_auto_parallel_context()
    if pipelined:
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, pipeline_stages=2,
                                     pipeline_config={"pipeline_interleave": scheduler == "gpipe",
                                                      "pipeline_scheduler": scheduler})
    net = _mlp()
    step = nn.TrainOneStepCell(nn.PipelineCell(nn.WithLossCell(net, nn.MSELoss()), 4),
                               nn.Momentum(net.trainable_params(), 0.1, 0.9))
    step.set_train()
    rng = np.random.default_rng(1)
    losses = []
    for _ in range(3):
        x = ms.Tensor(rng.standard_normal((8, 8)).astype(np.float32))
        y = ms.Tensor(rng.standard_normal((8, 4)).astype(np.float32))
        losses.append(float(step(x, y).asnumpy()))
    ms.reset_auto_parallel_context()
    return net, losses


def scenario_mlp(rank, res):
    for scheduler in ("1f1b", "gpipe"):
        net, losses = _train_mlp(True, scheduler)
        ref, ref_losses = _train_mlp(False, scheduler)
        stage_of = lambda n: 0 if n[:2] in ("l1", "l2") else 1  # noqa: E731
        res[f"mlp_{scheduler}"] = {"losses": losses, "ref_losses": ref_losses,
                                   "weights": _owned(net, rank, stage_of), "ref_weights": _owned(ref, rank, stage_of)}


def scenario_model(rank, res):
    """Model(PipelineCell(WithLossCell(net)), optimizer).train: MindSpore's pipeline tutorial form."""
    import ms_compat as ms
    import ms_compat.dataset as ds
    from ms_compat import nn
    out = {}
    for pipelined in (True, False):
        ms.reset_auto_parallel_context()
        if pipelined:
            ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, pipeline_stages=2)
        net = _mlp()
        rng = np.random.default_rng(0)
        data = ds.NumpySlicesDataset({"x": rng.standard_normal((16, 8)).astype(np.float32),
                                      "y": rng.standard_normal((16, 4)).astype(np.float32)}, shuffle=False).batch(8)
        model = ms.Model(nn.PipelineCell(nn.WithLossCell(net, nn.MSELoss()), 2),
                         optimizer=nn.Momentum(net.trainable_params(), 0.1, 0.9))
        losses = []

        class Record(ms.Callback):
            def on_train_step_end(self, run_context):
                losses.append(float(run_context.original_args().net_outputs.asnumpy()))

        model.train(2, data, callbacks=[Record()], dataset_sink_mode=False)
        out["losses" if pipelined else "ref_losses"] = losses
        stage_of = lambda n: 0 if n[:2] in ("l1", "l2") else 1  # noqa: E731
        out["weights" if pipelined else "ref_weights"] = _owned(net, rank, stage_of)
    ms.reset_auto_parallel_context()
    res["model"] = out


def _train_decoder(pipelined):
    """MindSpore 2.10's functional style: value_and_grad + PipelineGradReducer, run through AutoParallel."""
    import ms_compat as ms
    from ms_compat import nn, ops
    from ms_compat.parallel.auto_parallel import AutoParallel
    ms.reset_auto_parallel_context()
    dec, loss_net, V = _decoder()
    net_with_loss = nn.PipelineCell(loss_net, 2)
    opt = nn.AdamWeightDecay(dec.trainable_params(), 1e-2)
    grad_fn = ops.value_and_grad(lambda ids, lab: net_with_loss(ids, lab), None, opt.parameters)
    reducer = nn.PipelineGradReducer(opt.parameters)

    def train_one_step(ids, labels):
        loss, grads = grad_fn(ids, labels)
        opt(reducer(grads))
        return loss

    if pipelined:
        step = AutoParallel(train_one_step, parallel_mode="semi_auto")
        step.pipeline(stages=2, scheduler="gpipe", interleave=True)
    else:
        step = train_one_step
    rng = np.random.default_rng(2)
    losses = []
    for _ in range(3):
        ids = ms.Tensor(rng.integers(0, V, (4, 6)).astype(np.int32))
        labels = ms.Tensor(rng.integers(0, V, (4, 6)).astype(np.int32))
        losses.append(float(step(ids, labels).asnumpy()))
    with torch.no_grad():  # forward only (the eval schedule)
        if pipelined:
            with step._context():
                evaluated = float(net_with_loss(ids, labels).asnumpy())
        else:
            evaluated = float(net_with_loss(ids, labels).asnumpy())
    return dec, losses, evaluated


def scenario_decoder(rank, res):
    dec, losses, ev = _train_decoder(True)
    ref, ref_losses, ref_ev = _train_decoder(False)

    def stage_of(n):
        return 0 if n.startswith(("emb", "blocks.0.", "blocks.1.")) else 1
    res["decoder"] = {"losses": losses, "ref_losses": ref_losses, "eval": ev, "ref_eval": ref_ev,
                      "weights": _owned(dec, rank, stage_of), "ref_weights": _owned(ref, rank, stage_of)}


def _train_tp_pp(pipelined, batch_parallel=False):
    """Tensor parallel (Cell.shard) x pipeline (2 stages) on 4 processes: stage k = ranks 2k, 2k+1;
    ``batch_parallel``: a batch-cutting (data-parallel) strategy instead of the tensor-parallel one."""
    import ms_compat as ms
    from ms_compat import nn
    from ms_compat.parallel.shard import full_value
    ms.reset_auto_parallel_context()
    if pipelined:
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, pipeline_stages=2)
    dec, loss_net, V = _decoder(tensor_parallel=pipelined and not batch_parallel,
                                batch_parallel=pipelined and batch_parallel)
    step = nn.TrainOneStepCell(nn.PipelineCell(loss_net, 2), nn.Momentum(dec.trainable_params(), 0.05, 0.9))
    step.set_train()
    rng = np.random.default_rng(3)
    losses = []
    for _ in range(3):
        ids = ms.Tensor(rng.integers(0, V, (4, 6)).astype(np.int32))
        labels = ms.Tensor(rng.integers(0, V, (4, 6)).astype(np.int32))
        losses.append(float(step(ids, labels).asnumpy()))
    ms.reset_auto_parallel_context()
    return dec, losses, full_value


def scenario_tp_pp(rank, res):
    _two_way_pp(rank, res, "tp_pp", False)
    _two_way_pp(rank, res, "dp_pp", True)


def _two_way_pp(rank, res, key, batch_parallel):
    dec, losses, full_value = _train_tp_pp(True, batch_parallel)
    ref, ref_losses, _ = _train_tp_pp(False)
    stage = rank // 2

    def owned(net, whole):
        return {p.name: (full_value(p) if whole else p).asnumpy().tolist() for p in net.get_parameters()
                if (0 if p.name.startswith(("emb", "blocks.0.", "blocks.1.")) else 1) == stage}
    res[key] = {"losses": losses, "ref_losses": ref_losses, "weights": owned(dec, True),
                    "ref_weights": owned(ref, False),
                    "local_fc1": list(dec.blocks[2 * stage].mlp.fc1.weight.shape)}


def scenario_example(rank, res):
    """Run examples/pipeline_mlp.py's main() in this process (its init() adopts the running process group)."""
    import contextlib
    import importlib.util
    import io
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    spec = importlib.util.spec_from_file_location("pipeline_mlp_example",
                                                  os.path.join(root, "examples", "pipeline_mlp.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        mod.main()
    res["example"] = buf.getvalue()


def main(rank, world, port, outdir, scenarios):
    os.environ.update(RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE=str(world),
                      MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), MS_COMPAT_COMM_TIMEOUT="60",
                      MS_COMPAT_TEST_OUT=outdir)
    torch.set_num_threads(1)
    res = {}
    try:
        from ms_compat.communication import init
        init()
        for name in scenarios:
            globals()["scenario_" + name](rank, res)
    except Exception:  # noqa: BLE001
        res["fatal"] = traceback.format_exc()
    with open(os.path.join(outdir, f"rank{rank}.json"), "w") as f:
        json.dump(res, f)
    from ms_compat.communication import release
    release()


def _train_stage_local(pipelined, ckpt_file):
    """The tied decoder (embedding table = output projection, shared by stages 0 and 1) trained 3 steps with
    TrainOneStepCell + Momentum (weight decay); the train network saved with save_checkpoint."""
    import ms_compat as ms
    from ms_compat import nn
    from ms_compat.parallel.optimizer_shard import optimizer_state_bytes
    from ms_compat.parallel.stage_local import held_parameter_bytes
    ms.reset_auto_parallel_context()
    if pipelined:
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, pipeline_stages=2)
    dec, loss_net, V = _decoder(tied=True)
    pipe = nn.PipelineCell(loss_net, 2)  # built first: the optimizer below allocates no state for other stages
    opt = nn.Momentum(dec.trainable_params(), 0.05, 0.9, weight_decay=0.01)
    step = nn.TrainOneStepCell(pipe, opt)
    step.set_train()
    rng = np.random.default_rng(4)
    losses = []
    for _ in range(3):
        ids = ms.Tensor(rng.integers(0, V, (4, 6)).astype(np.int32))
        labels = ms.Tensor(rng.integers(0, V, (4, 6)).astype(np.int32))
        losses.append(float(step(ids, labels).asnumpy()))
    os.makedirs(os.path.dirname(ckpt_file), exist_ok=True)
    ms.save_checkpoint(step, ckpt_file)
    held = [p for p in dec.trainable_params() if not p.is_meta]
    out = {"losses": losses, "names": [p.name for p in dec.trainable_params()],
           "held": [p.name for p in held], "param_bytes": held_parameter_bytes(dec),
           "state_bytes": optimizer_state_bytes(opt),
           "grad_bytes": sum(p.numel() * p.element_size() for p in held)}
    ms.reset_auto_parallel_context()
    return out


def scenario_stage_local(rank, res):
    import torch.distributed as dist
    outdir = os.environ["MS_COMPAT_TEST_OUT"]
    got = _train_stage_local(True, os.path.join(outdir, "ckpt", f"rank_{rank}", "net.ckpt"))
    ref = _train_stage_local(False, os.path.join(outdir, f"ref{rank}.ckpt"))
    dist.barrier()
    res["stage_local"] = {"got": got, "ref": ref}


def _train_dp_tp_pp(pipelined, ckpt_file):
    """2 pipeline stages x (2-way data parallel x 2-way tensor parallel) inside each stage, with optimizer
    sharding over each stage's 4 processes, on 8 processes; the one-process run for ``pipelined=False``."""
    import ms_compat as ms
    from ms_compat import nn
    ms.reset_auto_parallel_context()
    if pipelined:
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, pipeline_stages=2,
                                     enable_parallel_optimizer=True)
    from ms_compat.parallel import stage_grad_reduce
    stage_grad_reduce.BUCKET_BYTES = 8192  # several buckets for this small model: the overlap is observable
    dec, loss_net, V = _decoder(dp_tp=pipelined)
    pipe = nn.PipelineCell(loss_net, 2)
    opt = nn.Momentum(dec.trainable_params(), 0.05, 0.9)
    step = nn.TrainOneStepCell(pipe, opt)
    step.set_train()
    rng = np.random.default_rng(5)
    losses = []
    for _ in range(3):
        ids = ms.Tensor(rng.integers(0, V, (8, 6)).astype(np.int32))
        labels = ms.Tensor(rng.integers(0, V, (8, 6)).astype(np.int32))
        losses.append(float(step(ids, labels).asnumpy()))
    os.makedirs(os.path.dirname(ckpt_file), exist_ok=True)
    ms.save_checkpoint(dec, ckpt_file)  # whole weights (integrated_save): the stage's, all-gathered over its mesh
    out = {"losses": losses, "held": [p.name for p in dec.trainable_params() if not p.is_meta],
           "local_fc1": [list(b.mlp.fc1.weight.shape) for b in dec.blocks if not b.mlp.fc1.weight.is_meta],
           "use_parallel": bool(opt.use_parallel)}
    if pipelined:  # the stage's gradient buckets started during the backward (stage_grad_reduce.py)
        out["reduce_stats"] = next(iter(pipe.__dict__["_ms_pipeline_runtimes"].values())).reducer.stats
    ms.reset_auto_parallel_context()
    return out


def scenario_dp_tp_pp(rank, res):
    import time
    import torch.distributed as dist
    outdir = os.environ["MS_COMPAT_TEST_OUT"]
    start = time.monotonic()
    got = _train_dp_tp_pp(True, os.path.join(outdir, "ckpt8", f"rank_{rank}", "net.ckpt"))
    got["seconds"] = time.monotonic() - start
    if rank == 0:
        res["ref"] = _train_dp_tp_pp(False, os.path.join(outdir, "ref8.ckpt"))
    dist.barrier()
    res["dp_tp_pp"] = got

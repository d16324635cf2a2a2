"""A small LLaMA-style decoder written with the MindSpore API, trained with data parallel, tensor parallel
(``Cell.shard``), pipeline parallel (2 stages) and optimizer sharding, alone or combined; every run is
compared with the same training in one process (losses and the weights each process holds, rtol 1e-5).

    torchrun --nproc_per_node 4 examples/llama_parallel.py all        # pp x tp x dp strategies x opt shard
    torchrun --nproc_per_node 4 examples/llama_parallel.py dp_pp      # data-parallel replicas of each stage
    torchrun --nproc_per_node 2 examples/llama_parallel.py tp_opt

The model: token embedding, 4 pre-norm blocks (RMSNorm; causal attention with rotary position embeddings;
SwiGLU MLP), RMSNorm, LM head. The causal mask and the rotary tables are computed outside the tagged
cells (every stage computes them; the first block of stage 1 receives them with the hidden state).

Layouts (``CONFIGS``; "full input" = every process of a stage passes the whole batch, the semi-auto view):

* ``dp_opt`` (2 processes): ``DATA_PARALLEL``, each process its half of the batch, ``AdamWeightDecay``
  with ``enable_parallel_optimizer`` (state dealt round robin, weights broadcast after the update). The
  other layouts are ``SEMI_AUTO_PARALLEL`` and train with ``Momentum``.
* ``tp_opt`` (2): ``SEMI_AUTO_PARALLEL``, each MLP column/row parallel (``w1``/``w3`` cut by output
  features, ``w2`` by input features), full input, parallel optimizer.
* ``dp_tp`` (4): ``SEMI_AUTO_PARALLEL`` on a ``Layout((2, 2), ("dp", "mp"))``: each MLP's input cut by
  batch over ``dp`` and its weights over ``mp`` (a 2 x 2 device matrix), full input.
* ``dp_pp`` (4): 2 stages, each stage 2 data-parallel replicas, each replica its half of the batch; the
  stage's gradients are averaged over its replicas, the loss is the global batch's.
* ``tp_pp`` (4): 2 stages, each MLP tensor parallel over its stage's 2 processes, full input.
* ``pp_opt`` (4): 2 stages, full input, the optimizer state of each stage sharded over its 2 processes.
* ``all`` (4): 2 stages; inside each stage's 2 processes the attention cells cut the batch (strategy
  ``((2, 1, 1), ...)``: data parallel) and the MLPs cut their weights (tensor parallel); parallel
  optimizer over the stage.
"""
import sys

import numpy as np

import ms_compat as ms
from ms_compat import Layout, nn, ops
from ms_compat.communication import get_group_size, get_rank, init

V, D, H, F, LAYERS = 32, 16, 2, 32, 4
BATCH, SEQ, MICRO, STEPS = 8, 6, 2, 3

CONFIGS = {  # name: (processes, data parallel, tensor parallel, pipeline, optimizer sharding)
    "dp_opt": (2, "replicas", None, False, True),
    "tp_opt": (2, None, "mlp", False, True),
    "dp_tp": (4, "layout", "layout", False, False),
    "dp_pp": (4, "replicas", None, True, False),
    "tp_pp": (4, None, "mlp", True, False),
    "pp_opt": (4, None, None, True, True),
    "all": (4, "attention", "mlp", True, True),
}


class RMSNorm(nn.Cell):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = ms.Parameter(ms.Tensor(np.ones(dim, np.float32)), name="weight")
        self.eps = eps

    def construct(self, x):
        return x * ops.rsqrt(ops.mean(x * x, -1, True) + self.eps) * self.weight


def rotary_tables(seq):
    inv = 1.0 / (10000 ** (np.arange(0, D // H, 2, dtype=np.float32) / (D // H)))
    ang = np.outer(np.arange(seq, dtype=np.float32), inv)
    ang = np.concatenate([ang, ang], -1)
    return ms.Tensor(np.cos(ang)), ms.Tensor(np.sin(ang))


def _rotate(x, cos, sin):
    half = x.shape[-1] // 2
    rotated = ops.cat((-x[..., half:], x[..., :half]), -1)
    return x * cos + rotated * sin


class Attention(nn.Cell):
    def __init__(self):
        super().__init__()
        self.wq, self.wk = nn.Dense(D, D, has_bias=False), nn.Dense(D, D, has_bias=False)
        self.wv, self.wo = nn.Dense(D, D, has_bias=False), nn.Dense(D, D, has_bias=False)

    def construct(self, x, mask, cos, sin):
        # ops.reshape / ops.transpose: inside a sharded cell the tensors are DTensors (MindSpore-only
        # Tensor methods such as transpose(*perm) are not available there)
        b, s, _ = x.shape

        def heads(t):
            return ops.transpose(ops.reshape(t, (b, s, H, D // H)), (0, 2, 1, 3))
        q, k, v = heads(self.wq(x)), heads(self.wk(x)), heads(self.wv(x))
        q, k = _rotate(q, cos, sin), _rotate(k, cos, sin)
        att = ops.matmul(q, ops.transpose(k, (0, 1, 3, 2))) / (D // H) ** 0.5 + mask
        y = ops.reshape(ops.transpose(ops.matmul(ops.softmax(att, -1), v), (0, 2, 1, 3)), (b, s, D))
        return self.wo(y)


class SwiGLU(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w1, self.w3 = nn.Dense(D, F, has_bias=False), nn.Dense(D, F, has_bias=False)
        self.w2 = nn.Dense(F, D, has_bias=False)

    def construct(self, x):
        return self.w2(ops.silu(self.w1(x)) * self.w3(x))


class Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.attn_norm, self.mlp_norm = RMSNorm(D), RMSNorm(D)
        self.attn, self.mlp = Attention(), SwiGLU()

    def construct(self, x, mask, cos, sin):
        x = x + self.attn(self.attn_norm(x), mask, cos, sin)
        return x + self.mlp(self.mlp_norm(x))


class Llama(nn.Cell):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(V, D)
        self.blocks = nn.CellList([Block() for _ in range(LAYERS)])
        self.norm, self.head = RMSNorm(D), nn.Dense(D, V, has_bias=False)

    def construct(self, ids):
        s = ids.shape[1]
        mask = ops.triu(ops.ones((s, s), ms.float32), 1) * -1e9
        cos, sin = rotary_tables(s)
        h = self.tok(ids)
        for blk in self.blocks:
            h = blk(h, mask, cos, sin)
        return self.head(self.norm(h))


class LossNet(nn.Cell):
    def __init__(self, net):
        super().__init__(auto_prefix=False)
        self.net = net
        self.loss = nn.CrossEntropyLoss()

    def construct(self, ids, labels):
        return self.loss(self.net(ids).reshape(-1, V), labels.reshape(-1))


def stage_of(name):
    """The pipeline stage of a parameter: embedding and blocks 0-1 in stage 0, the rest in stage 1."""
    return 0 if name.startswith(("tok", "blocks.0.", "blocks.1.")) else 1


def build(config=None):
    """The decoder with ``config``'s layout applied (``None``: one process); returns (net, loss cell)."""
    ms.set_seed(7)
    net = Llama()
    if config is None:
        return net, LossNet(net)
    _, dp, tp, pp, _ = CONFIGS[config]
    if pp:
        for cell in (net.tok, net.blocks[0], net.blocks[1]):
            cell.pipeline_stage = 0
        for cell in (net.blocks[2], net.blocks[3], net.norm, net.head):
            cell.pipeline_stage = 1
    for i, blk in enumerate(net.blocks):
        mlp = f"blocks.{i}.mlp."
        if tp == "mlp":  # Megatron MLP over the stage's (or the job's) 2 processes
            blk.mlp.shard(in_strategy=((1, 1, 1),), parameter_plan={
                mlp + "w1.weight": (2, 1), mlp + "w3.weight": (2, 1), mlp + "w2.weight": (1, 2)})
        elif tp == "layout":  # 2 x 2 devices: batch over dp, weights over mp
            lay = Layout((2, 2), ("dp", "mp"))
            blk.mlp.shard(in_strategy=(lay("dp", "None", "None"),), parameter_plan={
                mlp + "w1.weight": lay("mp", "None"), mlp + "w3.weight": lay("mp", "None"),
                mlp + "w2.weight": lay("None", "mp")})
        if dp == "attention":  # the batch cut over the stage's 2 processes, weights whole
            blk.attn.shard(in_strategy=((2, 1, 1), (1, 1), (1, 1), (1, 1)))
    return net, LossNet(net)


def data(step):
    rng = np.random.default_rng(50 + step)
    return (rng.integers(0, V, (BATCH, SEQ)).astype(np.int32), rng.integers(0, V, (BATCH, SEQ)).astype(np.int32))


def _replica_rows(replica, replicas, pp):
    """Rows of the global batch a data-parallel replica trains on. With a pipeline the global micro-batch
    ``j`` is the replicas' micro-batches ``j`` side by side (MindSpore cuts the global batch into
    ``micro_size`` micro-batches), so the replica's rows are taken from every global micro-batch."""
    if not pp:
        per = BATCH // replicas
        return np.arange(replica * per, (replica + 1) * per)
    micro = BATCH // MICRO
    per = micro // replicas
    return np.concatenate([np.arange(j * micro + replica * per, j * micro + (replica + 1) * per)
                           for j in range(MICRO)])


def semi_auto(config):
    _, dp, tp, pp, _ = CONFIGS[config]
    return bool(pp or tp or dp in ("attention", "layout"))


def make_optimizer(params, adam):
    """``AdamWeightDecay`` (one of the optimizers MindSpore shards in ``DATA_PARALLEL``) or ``Momentum``
    (the semi-auto layouts: a rule linear in the gradient, so the processes' different summation orders
    stay at float32 rounding). Adam's ``m / (sqrt(v) + eps)`` magnifies the rounding of a gradient close
    to zero by up to ``1 / eps`` (with ``eps`` 1e-6 or 1e-3 single elements differed from one process by
    2e-6 after 3 steps, rtol 2e-5): ``eps=0.1`` keeps that magnification at 10."""
    if adam:
        return nn.AdamWeightDecay(params, learning_rate=1e-2, eps=0.1, weight_decay=0.01)
    return nn.Momentum(params, learning_rate=0.05, momentum=0.9)


def train(config=None, micro_batches=False, adam=False):
    """``STEPS`` steps of ``TrainOneStepCell``; returns (net, losses, optimizer). The loss is the global
    batch's (data-parallel processes average theirs). ``config=None``: one process, with ``PipelineCell``'s
    micro-batches run one after the other when ``micro_batches``."""
    from ms_compat.communication import comm_func
    ms.reset_auto_parallel_context()
    procs, dp, tp, pp, opt_shard = CONFIGS[config] if config else (1, None, None, micro_batches, False)
    replicas = 1
    if config:
        adam = not semi_auto(config)
        if semi_auto(config):
            ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL,
                                         pipeline_stages=2 if pp else 1, enable_parallel_optimizer=opt_shard)
        else:
            ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True,
                                         enable_parallel_optimizer=opt_shard)
        if dp == "replicas":
            replicas = procs // (2 if pp else 1)
    net, loss_net = build(config)
    opt = make_optimizer(net.trainable_params(), adam)
    step = nn.TrainOneStepCell(nn.PipelineCell(loss_net, MICRO) if pp else loss_net, opt)
    step.set_train()
    rows = _replica_rows(get_rank() % replicas if config else 0, replicas, pp)
    losses = []
    for s in range(STEPS):
        ids, labels = data(s)
        loss = step(ms.Tensor(ids[rows]), ms.Tensor(labels[rows]))
        if replicas > 1 and not pp:  # DATA_PARALLEL: each process has its half's loss
            loss = comm_func.all_reduce(loss)[0] / replicas
        losses.append(float(loss.asnumpy()))
    ms.reset_auto_parallel_context()
    return net, losses, opt


def held_weights(net, config):
    """{name: whole value} of the weights this process trains (its stage's, whole: slices gathered)."""
    from ms_compat.parallel.shard import full_value
    pp = CONFIGS[config][3] if config else False
    stage = get_rank() // (get_group_size() // 2) if pp else None
    return {p.name: full_value(p).asnumpy() for p in net.get_parameters()
            if stage is None or stage_of(p.name) == stage}


def compare(config):
    """Train ``config`` and the one-process reference; returns a dict of the results of this process."""
    net, losses, opt = train(config)
    got = held_weights(net, config)
    ref, ref_losses, _ = train(None, micro_batches=CONFIGS[config][3], adam=not semi_auto(config))
    want = {p.name: p.asnumpy() for p in ref.get_parameters()}
    diff = max(float(np.abs(got[n] - want[n]).max() / (np.abs(want[n]).max() + 1e-12)) for n in got)
    return {"losses": losses, "ref_losses": ref_losses, "weights": {n: w.tolist() for n, w in got.items()},
            "ref_weights": {n: want[n].tolist() for n in got}, "max_rel_diff": diff,
            "local_shapes": {p.name: list(p.shape) for p in net.get_parameters()},
            "use_parallel": bool(getattr(opt, "use_parallel", False)),
            "optim_filter": [bool(f) for f in getattr(opt, "optim_filter", ())]}


def main(argv=None):
    config = (argv or sys.argv[1:] or ["all"])[0]
    init()
    rank, size = get_rank(), get_group_size()
    if size != CONFIGS[config][0]:
        raise SystemExit(f"{config} needs {CONFIGS[config][0]} processes, got {size}")
    res = compare(config)
    if rank == 0:
        print(f"{config}: processes {size}; losses {' '.join(f'{v:.5f}' for v in res['losses'])}")
    print(f"rank {rank}: {len(res['weights'])} weights, max relative |parallel - single-process| "
          f"{res['max_rel_diff']:.2e}", flush=True)
    assert np.allclose(res["losses"], res["ref_losses"], rtol=1e-5), (res["losses"], res["ref_losses"])
    assert res["max_rel_diff"] < 1e-5
    return res


if __name__ == "__main__":
    main()

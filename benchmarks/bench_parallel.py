"""``python -m benchmarks.bench_parallel [--quick]``: data parallel in 2 gloo processes (CPU, 127.0.0.1).

For a ResNet-style convnet and a transformer encoder, each process times, interleaved in the same run
(both processes step together: every step has collectives):

* ``ms_compat DP``: ``TrainOneStepCell`` in ``DATA_PARALLEL`` — gradients reduced by DDP's reducer
  during the backward (``ms_compat/parallel/ddp_reducer.py``), ``nn.Momentum``;
* ``plain DDP``: the same Cell in ``torch.nn.parallel.DistributedDataParallel``, ``loss.backward()``,
  ``torch.optim.SGD(momentum=0.9)``;
* ``flat all-reduce``: ``TrainOneStepCell`` with the reduction ms_compat did before (one flattened
  all-reduce after the backward, no overlap) — the ``DistributedGradReducer`` without its DDP engine.

and the optimizer-state bytes per process of ``AdamWeightDecay`` without and with
``enable_parallel_optimizer``. Prints a markdown report (and the machine's load average).

Same conditions for the three forms: each repetition runs them in a rotated order, and glibc's ``malloc``
is given fixed thresholds in both processes (:func:`pin_allocator`; ``--default-malloc`` leaves it as is).
With glibc's default, dynamic thresholds, the heap given back to the kernel at the end of one form's steps
depends on what the *other* forms allocated before, so whichever form ran after another paid thousands of
page faults per step for memory the other had handed back (measured on the convnet, interleaved step by
step: ms_compat DP ~5,000 minor faults per step, plain DDP ~0; each alone: ~1,500 and ~2,750) — a cost of
the interleaving, not of either form. The report gives each form's minor page faults and main-thread CPU
time per step beside the wall time, and the ratio's verdict by ``benchmarks.common.target_cell``.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import statistics
import sys
import tempfile
import time

import numpy as np
import torch

from benchmarks.common import pin_allocator

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _models(quick):
    import ms_compat as ms
    from ms_compat import nn, ops

    class Block(nn.Cell):
        def __init__(self, c):
            super().__init__()
            self.c1 = nn.Conv2d(c, c, 3, pad_mode="same", has_bias=False)
            self.b1 = nn.BatchNorm2d(c)
            self.c2 = nn.Conv2d(c, c, 3, pad_mode="same", has_bias=False)
            self.b2 = nn.BatchNorm2d(c)
            self.relu = nn.ReLU()

        def construct(self, x):
            return self.relu(x + self.b2(self.c2(self.relu(self.b1(self.c1(x))))))

    class ResNet(nn.Cell):
        def __init__(self, c, blocks):
            super().__init__()
            self.stem = nn.Conv2d(3, c, 3, pad_mode="same")
            self.blocks = nn.SequentialCell([Block(c) for _ in range(blocks)])
            self.head = nn.Dense(c, 10)

        def construct(self, x):
            y = self.blocks(self.stem(x))
            return self.head(y.mean(axis=(2, 3)))

    class Layer(nn.Cell):
        def __init__(self, d, heads):
            super().__init__()
            self.h = heads
            self.qkv = nn.Dense(d, 3 * d)
            self.o = nn.Dense(d, d)
            self.n1 = nn.LayerNorm((d,))
            self.n2 = nn.LayerNorm((d,))
            self.f1 = nn.Dense(d, 4 * d)
            self.f2 = nn.Dense(4 * d, d)
            self.act = nn.GELU()

        def construct(self, x):
            b, s, d = x.shape
            q, k, v = ops.split(self.qkv(self.n1(x)), d, axis=-1)
            q, k, v = (t.reshape(b, s, self.h, d // self.h).transpose(0, 2, 1, 3) for t in (q, k, v))
            a = ops.softmax(ops.matmul(q, k.transpose(0, 1, 3, 2)) / float(np.sqrt(d // self.h)), axis=-1)
            x = x + self.o(ops.matmul(a, v).transpose(0, 2, 1, 3).reshape(b, s, d))
            return x + self.f2(self.act(self.f1(self.n2(x))))

    class Transformer(nn.Cell):
        def __init__(self, vocab, d, heads, layers):
            super().__init__()
            self.emb = nn.Embedding(vocab, d)
            self.layers = nn.SequentialCell([Layer(d, heads) for _ in range(layers)])
            self.head = nn.Dense(d, 10)

        def construct(self, ids):
            return self.head(self.layers(self.emb(ids)).mean(axis=1))

    rng = np.random.default_rng(0)
    if quick:
        res = (lambda: ResNet(8, 1), (4, 3, 16, 16))
        tr = (lambda: Transformer(100, 32, 2, 1), (4, 16))
    else:
        res = (lambda: ResNet(32, 4), (16, 3, 32, 32))
        tr = (lambda: Transformer(4000, 256, 4, 4), (16, 64))
    x_res = ms.Tensor(rng.standard_normal(res[1]).astype(np.float32))
    x_tr = ms.Tensor(rng.integers(0, 100 if quick else 4000, tr[1]).astype(np.int32))
    y = ms.Tensor(rng.integers(0, 10, (res[1][0],)).astype(np.int32))
    y2 = ms.Tensor(rng.integers(0, 10, (tr[1][0],)).astype(np.int32))
    return {"ResNet-style convnet": (res[0], x_res, y), "transformer encoder": (tr[0], x_tr, y2)}


def _faults():
    return resource.getrusage(getattr(resource, "RUSAGE_THREAD", resource.RUSAGE_SELF)).ru_minflt


def _worker(rank, world, port, out, quick, pin=True):
    os.environ.update(RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE=str(world),
                      MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    torch.set_num_threads(1)
    pinned = pin_allocator() if pin else False
    import ms_compat as ms
    from ms_compat import communication, nn
    from ms_compat.parallel import ddp_reducer
    from ms_compat.parallel.optimizer_shard import optimizer_state_bytes
    communication.init()
    res = {}
    number, repeat = (2, 3) if quick else (5, 12)
    for name, (make, x, y) in _models(quick).items():
        loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        ms.set_seed(0)
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
        n1 = make()
        step = nn.TrainOneStepCell(nn.WithLossCell(n1, loss_fn), nn.Momentum(n1.trainable_params(), 0.01, 0.9))
        step.set_train()
        n3 = make()
        flat = nn.TrainOneStepCell(nn.WithLossCell(n3, loss_fn), nn.Momentum(n3.trainable_params(), 0.01, 0.9))
        flat.set_train()
        flat.grad_reducer.__dict__["_engine"] = None  # the reduction ms_compat did before: after the backward
        for p in n3.trainable_params():
            ddp_reducer._ENGINES.pop(id(p), None)
        ms.reset_auto_parallel_context()
        n2 = make()
        n2.set_train()
        ddp = torch.nn.parallel.DistributedDataParallel(n2)
        opt = torch.optim.SGD(n2.parameters(), lr=0.01, momentum=0.9)

        def plain():
            opt.zero_grad(set_to_none=True)
            loss = loss_fn(ddp(x), y)
            loss.backward()
            opt.step()

        fns = {"ms_compat DP": lambda: step(x, y), "plain DDP": plain, "flat all-reduce": lambda: flat(x, y)}
        for fn in fns.values():  # warm-up (DDP rebuilds its buckets after the first step)
            for _ in range(2):
                fn()
        runs, cpu, faults = ({k: [] for k in fns} for _ in range(3))
        order = list(fns)
        for r in range(repeat):
            for k in order[r % len(order):] + order[:r % len(order)]:  # rotated: no form always follows another
                fn = fns[k]
                f0, c0, t0 = _faults(), time.thread_time(), time.perf_counter()
                for _ in range(number):
                    fn()
                runs[k].append((time.perf_counter() - t0) / number)
                cpu[k].append((time.thread_time() - c0) / number)
                faults[k].append((_faults() - f0) / number)
        res[name] = {"time": {k: statistics.median(v) for k, v in runs.items()},
                     "spread": {k: (min(v), max(v)) for k, v in runs.items()},
                     "cpu": {k: statistics.median(v) for k, v in cpu.items()},
                     "faults": {k: statistics.median(v) for k, v in faults.items()},
                     "params": sum(p.numel() for p in n1.trainable_params())}
        # optimizer-state bytes per process, AdamWeightDecay, without / with enable_parallel_optimizer
        mem = {}
        for shard in (False, True):
            ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True,
                                         enable_parallel_optimizer=shard)
            n4 = make()
            s4 = nn.TrainOneStepCell(nn.WithLossCell(n4, loss_fn), nn.AdamWeightDecay(n4.trainable_params(), 1e-3))
            s4.set_train()
            s4(x, y)
            mem[str(shard)] = optimizer_state_bytes(s4.optimizer)
            ms.reset_auto_parallel_context()
        res[name]["state_bytes"] = mem
    res["load"] = os.getloadavg()
    res["malloc_pinned"] = pinned
    with open(os.path.join(out, f"rank{rank}.json"), "w") as f:
        json.dump(res, f)
    communication.release()


def run(quick=False, pin=True):
    import torch.multiprocessing as mp
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    out = tempfile.mkdtemp()
    load_before = os.getloadavg()
    mp.spawn(_worker, args=(2, port, out, quick, pin), nprocs=2, join=True)
    ranks = [json.load(open(os.path.join(out, f"rank{r}.json"))) for r in range(2)]
    return {"ranks": ranks, "load_before": load_before, "load_after": os.getloadavg()}


# ------------------------------------------------------------------------------------------ pipeline memory
def _llama(quick):
    """A LLaMA-shaped decoder (RMSNorm, causal multi-head attention, SwiGLU MLP, untied output head), its
    layers split evenly over the stages by ``pipeline_stage`` when ``stages`` > 1."""
    import ms_compat as ms
    from ms_compat import nn, ops

    vocab, d, heads, ffn, layers = (64, 16, 2, 32, 4) if quick else (512, 128, 4, 352, 8)

    class RMSNorm(nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = ms.Parameter(ms.Tensor(np.ones(d, np.float32)), name="weight")

        def construct(self, x):
            return x * ops.rsqrt((x * x).mean(-1, keep_dims=True) + 1e-6) * self.weight

    class Layer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.attention_norm, self.ffn_norm = RMSNorm(), RMSNorm()
            self.wq, self.wk = nn.Dense(d, d, has_bias=False), nn.Dense(d, d, has_bias=False)
            self.wv, self.wo = nn.Dense(d, d, has_bias=False), nn.Dense(d, d, has_bias=False)
            self.w1, self.w3 = nn.Dense(d, ffn, has_bias=False), nn.Dense(d, ffn, has_bias=False)
            self.w2 = nn.Dense(ffn, d, has_bias=False)

        def construct(self, x, mask):
            b, s, _ = x.shape
            h = self.attention_norm(x)
            q, k, v = (t.reshape(b, s, heads, d // heads).transpose(0, 2, 1, 3)
                       for t in (self.wq(h), self.wk(h), self.wv(h)))
            a = ops.softmax(ops.matmul(q, k.transpose(0, 1, 3, 2)) / float(np.sqrt(d // heads)) + mask, axis=-1)
            x = x + self.wo(ops.matmul(a, v).transpose(0, 2, 1, 3).reshape(b, s, d))
            h = self.ffn_norm(x)
            return x + self.w2(ops.silu(self.w1(h)) * self.w3(h))

    class Llama(nn.Cell):
        def __init__(self):
            super().__init__()
            self.tok_embeddings = nn.Embedding(vocab, d)
            self.layers = nn.CellList([Layer() for _ in range(layers)])
            self.norm = RMSNorm()
            self.output = nn.Dense(d, vocab, has_bias=False)

        def construct(self, ids, labels):
            s = ids.shape[1]
            mask = ops.triu(ops.ones((s, s), ms.float32), 1) * -1e9
            h = self.tok_embeddings(ids)
            for layer in self.layers:
                h = layer(h, mask)
            logits = self.output(self.norm(h))
            return ops.cross_entropy(logits.reshape(-1, vocab), labels.reshape(-1))

    return Llama, vocab, layers


def _pipeline_memory_worker(rank, world, port, out, quick):
    """One rank of a ``world``-stage pipeline (``world`` 1: the one-process run): the bytes of the parameters,
    gradients and ``AdamWeightDecay`` state it holds after training steps, and the time per step."""
    if world > 1:
        os.environ.update(RANK=str(rank), WORLD_SIZE=str(world), LOCAL_RANK=str(rank),
                          LOCAL_WORLD_SIZE=str(world), MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    torch.set_num_threads(1)
    import ms_compat as ms
    from ms_compat import communication, nn, ops
    from ms_compat.parallel.optimizer_shard import optimizer_state_bytes
    from ms_compat.parallel.stage_local import held_parameter_bytes
    if world > 1:
        communication.init()
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, pipeline_stages=world)
    Llama, vocab, layers = _llama(quick)
    ms.set_seed(0)
    net = Llama()
    per = layers // world
    net.tok_embeddings.pipeline_stage = 0
    for i, layer in enumerate(net.layers):
        layer.pipeline_stage = i // per
    net.norm.pipeline_stage = net.output.pipeline_stage = world - 1
    pipe = nn.PipelineCell(net, 4)
    opt = nn.AdamWeightDecay(net.trainable_params(), 1e-3)
    grad_fn = ops.value_and_grad(pipe, None, opt.parameters)
    rng = np.random.default_rng(0)
    b, s = (8, 8) if quick else (8, 64)
    ids = ms.Tensor(rng.integers(0, vocab, (b, s)).astype(np.int32))
    labels = ms.Tensor(rng.integers(0, vocab, (b, s)).astype(np.int32))
    grad_bytes, times = 0, []
    for _ in range(2 if quick else 5):
        t0 = time.perf_counter()
        loss, grads = grad_fn(ids, labels)
        grad_bytes = max(grad_bytes, sum(g.numel() * g.element_size() for g in grads if not g.is_meta))
        opt(grads)
        times.append(time.perf_counter() - t0)
    res = {"param_bytes": held_parameter_bytes(net), "grad_bytes": grad_bytes,
           "state_bytes": optimizer_state_bytes(opt), "loss": float(loss.asnumpy()),
           "step_s": statistics.median(times), "params": sum(p.numel() for p in net.trainable_params()),
           "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}
    with open(os.path.join(out, f"pp{world}_rank{rank}.json"), "w") as f:
        json.dump(res, f)
    if world > 1:
        communication.release()


def run_pipeline_memory(stages=(2, 4), quick=False):
    """``{stages: [per-rank result]}`` for the one-process run (key 1) and each number of stages."""
    import torch.multiprocessing as mp
    out = tempfile.mkdtemp()
    result = {}
    for world in (1,) + tuple(stages):
        if world == 1:  # the one-process run: in this process
            _pipeline_memory_worker(0, 1, None, out, quick)
        else:
            s = socket.socket()
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
            s.close()
            mp.spawn(_pipeline_memory_worker, args=(world, port, out, quick), nprocs=world, join=True)
        result[world] = [json.load(open(os.path.join(out, f"pp{world}_rank{r}.json"))) for r in range(world)]
    return result


def pipeline_markdown(r):
    one = r[1][0]
    total = one["param_bytes"] + one["grad_bytes"] + one["state_bytes"]
    lines = [f"LLaMA-shaped decoder ({one['params']:,} parameters, AdamWeightDecay, 4 micro-batches), one gloo "
             "process per stage, 1 thread each: bytes each rank holds after the steps (parameters, the "
             "gradients of the step, optimizer state) against the one-process run.", "",
             "| stages | rank | parameters | gradients | optimizer state | total | total / one process | "
             "1 / stages | ms per step |", "|---|---|---|---|---|---|---|---|---|"]
    for world, ranks in r.items():
        for rank, x in enumerate(ranks):
            t = x["param_bytes"] + x["grad_bytes"] + x["state_bytes"]
            lines.append(f"| {world} | {rank} | {x['param_bytes']:,} | {x['grad_bytes']:,} | {x['state_bytes']:,} | "
                         f"{t:,} | {t / total:.3f} | {1 / world:.3f} | {x['step_s'] * 1e3:.1f} |")
    return "\n".join(lines)


def to_markdown(r):
    ranks = r["ranks"]
    from benchmarks.common import target_cell
    pinned = ranks[0].get("malloc_pinned")
    lines = ["2 processes (gloo, 127.0.0.1), 1 thread each; ms per step, median over repetitions of "
             "interleaved runs in rotated order (rank 0; min–max in parentheses); ratio = ms_compat DP / plain "
             "DDP, judged by `benchmarks.common.target_cell`. glibc malloc thresholds: "
             + ("pinned (`pin_allocator`)." if pinned else "glibc's defaults (dynamic)."), "",
             "| model | parameters | ms_compat DP ms | plain DDP ms | flat all-reduce ms | DP / DDP | goal |",
             "|---|---|---|---|---|---|---|"]
    models = [k for k in ranks[0] if k not in ("load", "malloc_pinned")]
    for name in models:
        t, sp = ranks[0][name]["time"], ranks[0][name]["spread"]
        ratio = t["ms_compat DP"] / t["plain DDP"]

        def f(k):
            return f"{t[k] * 1e3:.1f} ({sp[k][0] * 1e3:.1f}–{sp[k][1] * 1e3:.1f})"

        def spread(k):
            return (t[k], sp[k][0], sp[k][1])
        lines.append(f"| {name} | {ranks[0][name]['params']:,} | {f('ms_compat DP')} | {f('plain DDP')} | "
                     f"{f('flat all-reduce')} | {ratio:.3f} | "
                     f"{target_cell(spread('ms_compat DP'), spread('plain DDP'), 1.05)} |")
    lines += ["", "Per step on rank 0 (medians): main-thread CPU ms / minor page faults.", "",
              "| model | ms_compat DP | plain DDP | flat all-reduce | CPU DP / DDP |", "|---|---|---|---|---|"]
    for name in models:
        c, fl = ranks[0][name].get("cpu", {}), ranks[0][name].get("faults", {})
        if not c:
            continue
        lines.append(f"| {name} | " + " | ".join(f"{c[k] * 1e3:.1f} / {fl[k]:,.0f}" for k in
                                                   ("ms_compat DP", "plain DDP", "flat all-reduce"))
                     + f" | {c['ms_compat DP'] / c['plain DDP']:.3f} |")
    lines += ["", "Optimizer state per process (`AdamWeightDecay`, bytes):", "",
              "| model | without sharding | enable_parallel_optimizer rank 0 | rank 1 | rank 0 / without |",
              "|---|---|---|---|---|"]
    for name in models:
        m0, m1 = ranks[0][name]["state_bytes"], ranks[1][name]["state_bytes"]
        lines.append(f"| {name} | {m0['False']:,} | {m0['True']:,} | {m1['True']:,} | "
                     f"{m0['True'] / m0['False']:.2f} |")
    lines += ["", f"Load average (1, 5, 15 min) before: {', '.join(f'{x:.2f}' for x in r['load_before'])}; "
              f"after: {', '.join(f'{x:.2f}' for x in r['load_after'])}; cpus: {os.cpu_count()}."]
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--default-malloc", action="store_true", help="leave glibc's malloc thresholds dynamic")
    ap.add_argument("--pipeline-only", action="store_true", help="only the pipeline-stage memory table")
    a = ap.parse_args(argv)
    sys.path.insert(0, ROOT)
    if not a.pipeline_only:
        print(to_markdown(run(a.quick, pin=not a.default_malloc)))
        print()
    print(pipeline_markdown(run_pipeline_memory(quick=a.quick)))


if __name__ == "__main__":
    main()

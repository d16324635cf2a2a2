"""Time cost of ``Cell.recompute`` (torch.utils.checkpoint) on a 16-block residual MLP.

One step = forward + backward (+ gradient reset) of the same network, plain vs ``recompute()`` on
each of the 16 blocks, timed interleaved (so machine drift affects both alike); median (min–max)
over the repetitions after warm-up. Also reports the bytes kept for backward (saved-tensor hooks
plus the block inputs each checkpoint keeps). Target: recompute step ≤ 1.4× the plain step.

Usage: python -m benchmarks.bench_recompute [--quick] [--threads N]
"""
from __future__ import annotations

import argparse
import statistics
import time

import torch
import torch.nn.functional as F

from ms_compat import nn, Parameter, Tensor
from benchmarks.common import machine_info

TARGET = 1.4


class Block(nn.Cell):
    """x + W2·gelu(W1·x + b1): the MLP half of a transformer block, from Parameters."""

    def __init__(self, dim, hidden, seed):
        super().__init__()
        g = torch.Generator().manual_seed(seed)
        self.w1 = Parameter(Tensor((torch.randn(dim, hidden, generator=g) / dim ** 0.5).numpy()), name="w1")
        self.b1 = Parameter(Tensor(torch.zeros(hidden).numpy()), name="b1")
        self.w2 = Parameter(Tensor((torch.randn(hidden, dim, generator=g) / hidden ** 0.5).numpy()), name="w2")

    def construct(self, x):
        return x + F.gelu(x @ self.w1 + self.b1) @ self.w2


class Net(nn.Cell):
    def __init__(self, dim, hidden, n_blocks=16):
        super().__init__()
        self.blocks = torch.nn.ModuleList([Block(dim, hidden, i) for i in range(n_blocks)])

    def construct(self, x):
        for b in self.blocks:
            x = b(x)
        return x


def _step(net, x):
    for p in net.get_parameters():
        p.grad = None
    net(x).square().mean().backward()


def saved_bytes(net, x):
    params = {p.untyped_storage().data_ptr() for p in net.get_parameters()}
    storages = {}

    def pack(t):
        ptr = t.untyped_storage().data_ptr()
        if ptr not in params:
            storages[ptr] = t.untyped_storage().nbytes()
        return t

    handles = [b.register_forward_pre_hook(lambda c, a: storages.__setitem__(
        a[0].untyped_storage().data_ptr(), a[0].untyped_storage().nbytes()))
        for b in net.blocks if "recompute" in b._forward_wrappers]
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = net(x)
    for h in handles:
        h.remove()
    out.sum().backward()
    return sum(storages.values())


def run(quick=False, device="cpu"):
    batch, dim, hidden, reps, warmup = (16, 32, 128, 3, 1) if quick else (128, 256, 1024, 7, 2)
    dev = torch.device(device)
    plain = Net(dim, hidden).to(dev)
    rec = Net(dim, hidden).to(dev)
    for b in rec.blocks:
        b.recompute()
    x = torch.randn(batch, dim, device=dev, requires_grad=True)
    sync = torch.cuda.synchronize if dev.type == "cuda" else (lambda: None)
    fns = {"plain": lambda: _step(plain, x), "recompute": lambda: _step(rec, x)}
    for fn in fns.values():
        for _ in range(warmup):
            fn()
    times = {k: [] for k in fns}
    cpu = {k: [] for k in fns}
    for _ in range(reps):
        for k, fn in fns.items():
            sync()
            t0, c0 = time.perf_counter(), time.process_time()
            fn()
            sync()
            times[k].append(time.perf_counter() - t0)
            cpu[k].append(time.process_time() - c0)
    res = {k: (statistics.median(v), min(v), max(v)) for k, v in times.items()}
    ratio = res["recompute"][0] / res["plain"][0]
    cpu_ratio = statistics.median(cpu["recompute"]) / statistics.median(cpu["plain"])
    b_plain, b_rec = saved_bytes(plain, x), saved_bytes(rec, x)
    return {"device": device, "shape": (batch, dim, hidden), "times": res, "ratio": ratio, "cpu_ratio": cpu_ratio,
            "threads": torch.get_num_threads(), "target": TARGET,
            "saved_bytes": (b_plain, b_rec), "saved_cut": 1 - b_rec / b_plain}


def report(r):
    ms_ = lambda t: f"{t[0] * 1e3:.2f} ms ({t[1] * 1e3:.2f}–{t[2] * 1e3:.2f})"  # noqa: E731
    b, d, h = r["shape"]
    lines = [f"device {r['device']}, {r['threads']} threads, 16 blocks, batch {b}, dim {d}, hidden {h}",
             f"  plain step     : {ms_(r['times']['plain'])}",
             f"  recompute step : {ms_(r['times']['recompute'])}",
             f"  ratio          : {r['ratio']:.3f}  (target <= {r['target']}: {'met' if r['ratio'] <= r['target'] else 'NOT met'})",
             f"  CPU-time ratio : {r['cpu_ratio']:.3f}  (process CPU time; steadier than wall time on a busy machine)",
             f"  saved for backward: {r['saved_bytes'][0] / 2**20:.2f} MiB -> {r['saved_bytes'][1] / 2**20:.2f} MiB "
             f"({r['saved_cut'] * 100:.0f}% cut)"]
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small shapes, 3 repetitions (CI smoke run)")
    ap.add_argument("--threads", type=int, default=0, help="torch.set_num_threads (0: leave as is)")
    a = ap.parse_args(argv)
    if a.threads:
        torch.set_num_threads(a.threads)
    print(machine_info())
    print(report(run(a.quick)))
    if torch.cuda.is_available():
        print(report(run(a.quick, "cuda")))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

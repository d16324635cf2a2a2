"""Training-step time of a mixed convnet (Conv2d, BatchNorm2d, ReLU, Dense, LayerNorm) in float32 vs
``amp.auto_mixed_precision(net, 'O2', bfloat16)`` (and float16), on CPU and on CUDA when present.

One step = forward + backward + Momentum update through ``nn.TrainOneStepCell``. Median (min–max) of
the repetitions after warm-up, interleaved so that machine drift affects every row alike; the CPU
column is process CPU time per step (all threads), which a loaded machine disturbs less than wall time.

Usage: python -m benchmarks.bench_amp [--quick] [--fp16]
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import torch

import ms_compat as ms
from ms_compat import Tensor, amp, nn
from benchmarks.common import machine_info


class ConvNet(nn.Cell):
    def __init__(self, width=16, classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 3, pad_mode="pad", padding=1)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, 2 * width, 3, pad_mode="pad", padding=1, stride=2)
        self.bn2 = nn.BatchNorm2d(2 * width)
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        self.dense1 = nn.Dense(2 * width * 16 * 16, 128)
        self.ln = nn.LayerNorm((128,))
        self.dense2 = nn.Dense(128, classes)

    def construct(self, x):
        x = self.relu(self.bn1(self.conv1(x)))
        x = self.relu(self.bn2(self.conv2(x)))
        x = self.ln(self.dense1(self.flatten(x)))
        return self.dense2(self.relu(x))


def make_step(kind, device, batch):
    ms.set_seed(0)
    net = ConvNet()
    if kind != "float32":
        net = amp.auto_mixed_precision(net, "O2", ms.bfloat16 if kind == "O2 bfloat16" else ms.float16)
    net = net.to(device)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    step.set_train()
    rng = np.random.default_rng(0)
    x = Tensor(rng.normal(size=(batch, 3, 32, 32)).astype(np.float32)).to(device)
    y = Tensor(rng.integers(0, 10, size=(batch,)).astype(np.int32)).to(device)

    def run():
        out = step(x, y)
        if device == "cuda":
            torch.cuda.synchronize()
        return out
    return run


def bench(device, kinds, batch, reps, warmup, inner):
    steps = {k: make_step(k, device, batch) for k in kinds}
    losses = {}
    for k, fn in steps.items():
        for _ in range(warmup):
            losses[k] = float(fn())
    times = {k: [] for k in kinds}
    cpu = {k: [] for k in kinds}
    for _ in range(reps):
        for k, fn in steps.items():
            t0, c0 = time.perf_counter(), time.process_time()
            for _ in range(inner):
                fn()
            times[k].append((time.perf_counter() - t0) / inner)
            cpu[k].append((time.process_time() - c0) / inner)
    return {k: (statistics.median(v), min(v), max(v), statistics.median(cpu[k]), losses[k])
            for k, v in times.items()}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small batch, 5 repetitions")
    ap.add_argument("--fp16", action="store_true", help="also time O2 float16")
    a = ap.parse_args(argv)
    batch, reps, warmup, inner = (8, 5, 2, 2) if a.quick else (32, 7, 3, 3)
    kinds = ["float32", "O2 bfloat16"] + (["O2 float16"] if a.fp16 else [])
    info = machine_info()
    print(f"# bench_amp  {info['date']}  torch {info['torch']}  threads {info['torch_threads']}  cuda {info['cuda']}")
    devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    for device in devices:
        res = bench(device, kinds, batch, reps, warmup, inner)
        base = res["float32"][0]
        print(f"\n{device}, batch {batch}, median of {reps} reps x {inner} steps (after {warmup} warm-up steps)")
        cbase = res["float32"][3]
        print(f"{'network':<14} {'ms/step':>9} {'min–max':>17} {'vs fp32':>8} {'cpu ms/step':>12} {'vs fp32':>8} "
              f"{'loss':>8}")
        for k, (med, lo, hi, c, loss) in res.items():
            print(f"{k:<14} {med * 1e3:9.2f} {lo * 1e3:8.2f}–{hi * 1e3:<8.2f} {base / med:7.2f}x {c * 1e3:12.2f} "
                  f"{cbase / c:7.2f}x {loss:8.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

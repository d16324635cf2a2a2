"""What drawing MindSpore's random numbers costs (issue 33, principle 6), against a native twin in one run.

Five parts, each a ratio of process CPU time (min over repeats: the machine is shared and busy):

* ``small``: per-call cost of seeded random ops at 10, 100 and 1000 elements (global seed set: MindSpore's
  numbers) against torch's generator;
* ``large``: throughput at 10**6 and 10**7 elements: the seeded ops (``std::mt19937`` and ``minstd_rand0``
  streams) and the initializers' Philox streams (``common.init_random``) against torch's ``uniform_``/``normal_``;
* ``init``: building layers with MindSpore's default initializers against the same shapes in ``torch.nn``:
  ``nn.Dense(4096, 4096)``, a ResNet-50's convolutions and classifier (25.5M parameters) and a 350M-parameter
  transformer stack (``nn.Embedding(50000, 1024)`` and 24 layers of four ``Dense(1024, 1024)``,
  ``Dense(1024, 4096)`` and ``Dense(4096, 1024)``), built layer by layer and dropped;
* ``dropout``: a training step's ``nn.Dropout`` (MindSpore's mask) against ``torch.nn.Dropout``;
* ``dataset``: RandomCrop, RandomHorizontalFlip and RandomResizedCrop drawing MindSpore's numbers (a seeded
  ``map``'s per-operation ``std::mt19937``) against the same transform drawing from numpy, and a seeded ``map``
  of the three per row against the same pipeline of their fixed counterparts (CenterCrop, HorizontalFlip,
  Resize).

Usage: python -m benchmarks.bench_random_cost [--parts small,large,init,dropout,dataset] [--quick]
"""
from __future__ import annotations

import argparse
import gc
import time

import numpy as np
import torch

PARTS = ("small", "large", "init", "dropout", "dataset")


def cpu_min(fn, number=1, repeat=5):
    """Least process CPU seconds per call of ``fn`` over ``repeat`` runs of ``number`` calls (after one call)."""
    fn()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        for _ in range(number):
            fn()
        best = min(best, (time.process_time() - t0) / number)
    return best


def row(name, ours, native, number=1, repeat=5):
    """Times ``ours`` and ``native`` alternately; prints and returns (name, ours s, native s, ratio)."""
    a, b = [], []
    for _ in range(repeat):
        a.append(cpu_min(ours, number, 1))
        b.append(cpu_min(native, number, 1))
    t, n = min(a), min(b)
    print(f"| {name} | {_fmt(t)} | {_fmt(n)} | {t / n:.2f} |", flush=True)
    return name, t, n, t / n


def _fmt(seconds):
    return f"{seconds * 1e6:.1f} µs" if seconds < 1e-2 else f"{seconds * 1e3:.1f} ms"


def small(ms, nn, ops, quick):
    lo, hi = ms.Tensor(0.0, ms.float32), ms.Tensor(1.0, ms.float32)
    number = 50 if quick else 200
    for n in (10, 100, 1000):
        x, tx = ms.Tensor(np.ones(n, np.float32)), torch.ones(n)
        row(f"ops.uniform({n})", lambda n=n: ops.uniform((n,), lo, hi), lambda n=n: torch.rand(n), number)
        row(f"ops.standard_normal({n})", lambda n=n: ops.standard_normal((n,)), lambda n=n: torch.randn(n), number)
        row(f"ops.randint({n})", lambda n=n: ops.randint(0, 100, (n,)), lambda n=n: torch.randint(0, 100, (n,)),
            number)
        row(f"ops.dropout({n})", lambda x=x: ops.dropout(x, p=0.5),
            lambda tx=tx: torch.nn.functional.dropout(tx, 0.5, True), number)
        row(f"ops.randperm({n})", lambda n=n: ops.randperm(n), lambda n=n: torch.randperm(n), max(5, number // 10))


def large(ms, nn, ops, quick):
    from ms_compat.common import init_random
    lo, hi = ms.Tensor(0.0, ms.float32), ms.Tensor(1.0, ms.float32)
    for n in (10 ** 6,) if quick else (10 ** 6, 10 ** 7):
        rep = 3
        row(f"ops.uniform({n:.0e})", lambda: ops.uniform((n,), lo, hi), lambda: torch.rand(n), 1, rep)
        row(f"ops.standard_normal({n:.0e})", lambda: ops.standard_normal((n,)), lambda: torch.randn(n), 1, rep)
        row(f"ops.randint({n:.0e})", lambda: ops.randint(0, 100, (n,)), lambda: torch.randint(0, 100, (n,)), 1, rep)
        row(f"Philox uniform, initializers ({n:.0e})", lambda: init_random.random_uniform(7, (n,), -1, 1),
            lambda: torch.empty(n).uniform_(-1, 1), 1, rep)
        row(f"Philox normal, initializers ({n:.0e})", lambda: init_random.random_normal(7, (n,), 0, 1),
            lambda: torch.empty(n).normal_(0, 1), 1, rep)


def _resnet50_shapes():
    """(in, out, kernel) of ResNet-50's convolutions (stem, bottlenecks, projections)."""
    convs, cin = [(3, 64, 7)], 64
    for width, blocks in ((64, 3), (128, 4), (256, 6), (512, 3)):
        for b in range(blocks):
            convs += [(cin, width, 1), (width, width, 3), (width, width * 4, 1)]
            if b == 0:
                convs.append((cin, width * 4, 1))
            cin = width * 4
    return convs


def _build(layers):
    def build():
        for make in layers:
            layer = make()
            del layer
    return build


def init(ms, nn, ops, quick):
    row("nn.Dense(4096, 4096) / torch.nn.Linear", lambda: nn.Dense(4096, 4096), lambda: torch.nn.Linear(4096, 4096),
        1, 3)
    convs = _resnet50_shapes()
    ours = [lambda c=c: nn.Conv2d(c[0], c[1], c[2]) for c in convs] + [lambda: nn.Dense(2048, 1000)]
    native = [lambda c=c: torch.nn.Conv2d(c[0], c[1], c[2]) for c in convs] + [lambda: torch.nn.Linear(2048, 1000)]
    row("ResNet-50's convolutions + classifier (25.5M)", _build(ours), _build(native), 1, 3)
    if quick:
        return
    layers = 24
    d, f = 1024, 4096
    ours = [lambda: nn.Embedding(50000, d)] + [lambda a=a, b=b: nn.Dense(a, b) for _ in range(layers)
                                               for a, b in ((d, d),) * 4 + ((d, f), (f, d))]
    native = [lambda: torch.nn.Embedding(50000, d)] + [lambda a=a, b=b: torch.nn.Linear(a, b) for _ in range(layers)
                                                       for a, b in ((d, d),) * 4 + ((d, f), (f, d))]
    row("transformer stack, 353M parameters", _build(ours), _build(native), 1, 2)


def dropout(ms, nn, ops, quick):
    for n in (10 ** 4, 10 ** 6):
        drop, tdrop = nn.Dropout(p=0.1), torch.nn.Dropout(0.1)
        drop.set_train(True)
        x = ms.Tensor(np.ones((n // 1000, 1000), np.float32), ms.float32)
        tx = torch.ones(n // 1000, 1000)
        dense, tdense = nn.Dense(1000, 1000), torch.nn.Linear(1000, 1000)

        def step(x=x, drop=drop, dense=dense):
            x.requires_grad_(True)
            dense(drop(x)).sum().backward()

        def native(tx=tx, tdrop=tdrop, tdense=tdense):
            tx.requires_grad_(True)
            tdense(tdrop(tx)).sum().backward()
        row(f"Dense(Dropout(x)) fwd+bwd, {n:.0e} elements", step, native, 20 if n < 10 ** 5 else 2, 5)


def dataset(ms, nn, ops, quick):
    from ms_compat import dataset as ds
    from ms_compat.dataset import vision
    from ms_compat.dataset.core import config
    img = np.random.RandomState(0).randint(0, 256, (64, 64, 3)).astype(np.uint8)
    number = 50 if quick else 200
    for name, op in (("RandomCrop(48)", vision.RandomCrop(48)),
                     ("RandomHorizontalFlip()", vision.RandomHorizontalFlip()),
                     ("RandomResizedCrop(32)", vision.RandomResizedCrop(32))):
        table = {}

        def exact(op=op, table=table):
            with config.op_streams(table, 0):
                op(img)

        def plain(op=op):
            with config.row_rng(0, 0, 0):
                op(img)
        row(f"{name} on 64x64x3, MindSpore's draws / numpy's", exact, plain, number, 5)
    rows = 64 if quick else 256
    images = np.random.RandomState(0).randint(0, 256, (rows, 64, 64, 3)).astype(np.uint8)

    def pipeline(transforms):
        def run():
            ds.config.set_seed(5)
            data = ds.NumpySlicesDataset({"image": images}, shuffle=False)
            data = data.map(transforms(), input_columns="image")
            for _ in data.create_tuple_iterator(output_numpy=True, num_epochs=1):
                pass
        return run
    seeded = pipeline(lambda: [vision.RandomCrop(48), vision.RandomHorizontalFlip(), vision.RandomResizedCrop(32)])
    fixed = pipeline(lambda: [vision.CenterCrop(48), vision.HorizontalFlip(), vision.Resize(32)])
    _, t, n, _ = row(f"seeded map(RandomCrop, RandomHorizontalFlip, RandomResizedCrop) / map(CenterCrop, "
                     f"HorizontalFlip, Resize), {rows} rows", seeded, fixed, 1, 3)
    print(f"  per row: {t / rows * 1e6:.1f} µs random, {n / rows * 1e6:.1f} µs fixed")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--parts", default=",".join(PARTS))
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args(argv)
    import ms_compat as ms
    from ms_compat import nn, ops
    from benchmarks.common import machine_info
    print(machine_info())
    ms.set_seed(1)
    print("| case | ms_compat (MindSpore's numbers) | native twin | ratio |")
    print("|---|---|---|---|")
    for part in a.parts.split(","):
        globals()[part](ms, nn, ops, a.quick)
        gc.collect()


if __name__ == "__main__":
    main()

"""Cost of MindSpore-numbered random ops (issue 33) against torch's generator, and of a non-random op.

Each row times one ms_compat call with a global seed set (MindSpore's numbers, drawn in numpy on the CPU)
and its native twin on torch's generator, interleaved; median per call after warm-up, and the ratio.
``ops.add`` is timed before and after the random calls as the control: seeding machinery must not
touch non-random ops.

``--cpu`` times the 100-element rows in process CPU time instead (medians of interleaved runs): on a shared,
loaded machine the fixed per-call cost of a seeded op is clearer in CPU time than in wall time.

Usage: python -m benchmarks.bench_random_ops [--quick] [--cpu]
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import torch

import ms_compat as ms
from ms_compat import nn, ops
from benchmarks.common import interleaved, machine_info


def rows(sizes):
    lo, hi = ms.Tensor(0.0, ms.float32), ms.Tensor(1.0, ms.float32)
    out = []
    for n in sizes:
        x = ms.Tensor(np.ones(n, np.float32))
        tx = torch.ones(n)
        drop = nn.Dropout(p=0.5)
        drop.set_train(True)
        out += [
            (f"ops.uniform({n})", lambda n=n: ops.uniform((n,), lo, hi), lambda n=n: torch.rand(n)),
            (f"ops.standard_normal({n})", lambda n=n: ops.standard_normal((n,)), lambda n=n: torch.randn(n)),
            (f"ops.randint({n})", lambda n=n: ops.randint(0, 100, (n,)), lambda n=n: torch.randint(0, 100, (n,))),
            (f"ops.dropout({n})", lambda x=x: ops.dropout(x, p=0.5),
             lambda tx=tx: torch.nn.functional.dropout(tx, 0.5, True)),
            (f"nn.Dropout({n})", lambda x=x, d=drop: d(x), lambda tx=tx: torch.nn.functional.dropout(tx, 0.5, True)),
        ]
        x4, t4 = ms.Tensor(np.ones((1, n, 1, 1), np.float32)), torch.ones(1, n, 1, 1)
        out += [
            (f"ops.standard_laplace({n})", lambda n=n: ops.standard_laplace((n,)),
             lambda n=n: torch.distributions.Laplace(0.0, 1.0).sample((n,))),
            (f"ops.dropout2d({n} channels)", lambda x4=x4: ops.dropout2d(x4, 0.5),
             lambda t4=t4: torch.nn.functional.dropout2d(t4, 0.5, True)),
        ]
        if n <= 100:  # TensorFlow's gamma sampler runs a Python loop per sample
            alpha = ms.Tensor(np.full(n, 2.0, np.float32))
            out.append((f"ops.random_gamma({n})", lambda a=alpha: ops.random_gamma((1,), a),
                        lambda n=n: torch._standard_gamma(torch.full((1, n), 2.0))))
        if n <= 10_000:  # RandomPoisson: Knuth below rate 10, transformed rejection above
            shape = ms.Tensor(np.array([n], np.int32))
            for rate in (2.0, 50.0):
                r = ms.Tensor(np.array([rate], np.float32))
                out.append((f"ops.random_poisson({n}, {rate:g})", lambda s=shape, r=r: ops.random_poisson(s, r),
                            lambda n=n, rate=rate: torch.poisson(torch.full((n, 1), rate))))
        if n <= 10_000:  # the permutations run a Python loop (one swap per element): slow at 10**6
            out += [
                (f"ops.shuffle({n})", lambda x=x: ops.shuffle(x), lambda tx=tx: tx[torch.randperm(tx.shape[0])]),
                (f"ops.randperm({n})", lambda n=n: ops.randperm(n), lambda n=n: torch.randperm(n)),
            ]
    return out


def cpu_per_call(fns, *, number=100, repeat=9):
    """Process CPU seconds per call of each callable, median over ``repeat`` interleaved runs of ``number``."""
    for fn in fns.values():
        for _ in range(10):
            fn()
    runs = {k: [] for k in fns}
    for _ in range(repeat):
        for k, fn in fns.items():
            t0 = time.process_time()
            for _ in range(number):
                fn()
            runs[k].append((time.process_time() - t0) / number)
    return {k: statistics.median(v) for k, v in runs.items()}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--cpu", action="store_true", help="the 100-element rows, in process CPU time")
    a = ap.parse_args(argv)
    print(machine_info())
    ms.set_seed(1)
    if a.cpu:
        print(f"{'op (elements), CPU time':34s} {'ms_compat':>12s} {'torch':>12s} {'ratio':>8s}")
        for name, ours, native in rows((100,)):
            t = cpu_per_call({"ms": ours, "torch": native})
            print(f"{name:34s} {t['ms'] * 1e6:10.1f}us {t['torch'] * 1e6:10.1f}us {t['ms'] / t['torch']:8.1f}")
        return
    number, repeat = (20, 3) if a.quick else (50, 5)
    a1, b1 = ms.Tensor(np.ones(64, np.float32)), ms.Tensor(np.ones(64, np.float32))
    ta, tb = torch.ones(64), torch.ones(64)
    before = interleaved({"ms": lambda: ops.add(a1, b1), "torch": lambda: torch.add(ta, tb)}, number=2000, repeat=5)
    print(f"{'op (elements)':28s} {'ms_compat':>12s} {'torch':>12s} {'ratio':>8s}")
    for name, ours, native in rows((100, 10_000) if a.quick else (100, 10_000, 1_000_000)):
        n = max(2, number // 10) if "1000000" in name else number
        t = interleaved({"ms": ours, "torch": native}, number=n, repeat=repeat)
        print(f"{name:28s} {t['ms'][0] * 1e6:10.1f}us {t['torch'][0] * 1e6:10.1f}us {t['ms'][0] / t['torch'][0]:8.1f}")
    after = interleaved({"ms": lambda: ops.add(a1, b1), "torch": lambda: torch.add(ta, tb)}, number=2000, repeat=5)
    print(f"control ops.add(64) / torch.add: {before['ms'][0] / before['torch'][0]:.2f} before the random ops, "
          f"{after['ms'][0] / after['torch'][0]:.2f} after")


if __name__ == "__main__":
    main()

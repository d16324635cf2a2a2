"""Cost of drawing MindSpore's dataset random numbers (issue 33): one epoch's row order of a shuffled source
(``RandomSampler``: ``std::mt19937`` + libstdc++'s ``std::shuffle``, in Python) against a numpy permutation (what
ms_compat drew before, other numbers than MindSpore's), and the per-row draw of ``RandomHorizontalFlip`` inside
``map`` (its per-worker ``std::mt19937``) against a numpy generator's, ``MindDataset``'s epoch order
(``std::minstd_rand0``) and the ``ShuffleOp`` buffer (``std::mt19937_64``) per row against a numpy permutation —
medians of repeated runs, the same process.

Usage: python -m benchmarks.bench_dataset_random [--quick]
"""
from __future__ import annotations

import argparse

import numpy as np

from benchmarks.common import time_per_call


def _median(fn, reps):
    """Median seconds of one call of ``fn()`` over ``reps`` calls."""
    return time_per_call(fn, number=1, repeat=reps, warmup=0)[0]


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args(argv)
    from ms_compat.dataset.core.cpp_random import Mt19937
    reps = 3 if a.quick else 7
    print("| case | MindSpore's numbers (ms_compat) | numpy | ratio |")
    print("|---|---|---|---|")
    for n in ((60000,) if a.quick else (60000, 1281167)):
        exact = _median(lambda: Mt19937(1).shuffle(list(range(n))), reps)
        plain = _median(lambda: np.random.default_rng(1).permutation(n).tolist(), reps)
        print(f"| epoch order, {n} rows | {exact * 1e3:.1f} ms | {plain * 1e3:.1f} ms | {exact / plain:.1f} |")
    rows = 20000
    engine, gen = Mt19937(1), np.random.default_rng(1)
    exact = _median(lambda: [engine.bernoulli(0.5) for _ in range(rows)], reps) / rows
    plain = _median(lambda: [float(gen.random()) < 0.5 for _ in range(rows)], reps) / rows
    print(f"| RandomHorizontalFlip draw, per row | {exact * 1e6:.2f} µs | {plain * 1e6:.2f} µs | {exact / plain:.1f} |")
    from ms_compat.dataset.core.cpp_minstd import MinstdRand0
    from ms_compat.dataset.core.cpp_random import Mt19937_64
    from ms_compat.dataset.engine.shuffle_buffer import shuffled_rows
    n = 60000
    exact = _median(lambda: MinstdRand0(1).shuffle(list(range(n))), reps)
    plain = _median(lambda: np.random.default_rng(1).permutation(n).tolist(), reps)
    print(f"| MindDataset epoch order (minstd_rand0), {n} rows | {exact * 1e3:.1f} ms | {plain * 1e3:.1f} ms | "
          f"{exact / plain:.1f} |")
    exact = _median(lambda: sum(1 for _ in shuffled_rows(range(n), 10000, Mt19937_64(1))), reps) / n
    plain = _median(lambda: np.random.default_rng(1).permutation(n).tolist(), reps) / n
    print(f"| ShuffleOp (Shuffle.GLOBAL, Dataset.shuffle), per row | {exact * 1e6:.2f} µs | {plain * 1e6:.2f} µs | "
          f"{exact / plain:.1f} |")


if __name__ == "__main__":
    main()

"""Cost of MindSpore's draws in the random vision transforms (issue 33): one call of a transform on a 224x224 RGB
image as it runs in a seeded ``map`` — drawing MindSpore 2.10's numbers (its per-worker ``std::mt19937``, in Python)
against the same transform drawing from a numpy generator (what ms_compat does in worker processes) — medians of
repeated calls, the same process. The kernels (OpenCV) are the same on both sides, but the two draw different
augmentations (AutoAugment/RandAugment pick other operations): compare the draw-only rows for the draws' cost.

Usage: python -m benchmarks.bench_dataset_random_transforms [--quick]
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
    from ms_compat.dataset import transforms, vision
    from ms_compat.dataset.core import config
    config.set_seed(1)
    reps = 15 if a.quick else 61
    img = np.random.RandomState(0).randint(0, 256, (224, 224, 3)).astype(np.uint8)
    batch = np.stack([img[:32, :32]] * 32)
    labels = np.eye(10, dtype=np.int32)[np.arange(32) % 10]
    cases = {
        "RandomColorAdjust(0.4, 0.4, 0.4, 0.1)": (vision.RandomColorAdjust(0.4, 0.4, 0.4, 0.1), (img,)),
        "RandomAffine(30, (-0.1, 0.1), (0.9, 1.1), 10)": (vision.RandomAffine(30, (-0.1, 0.1), (0.9, 1.1), 10), (img,)),
        "AutoAugment()": (vision.AutoAugment(), (img,)),
        "RandAugment()": (vision.RandAugment(), (img,)),
        "RandomApply([RandomSharpness()], 1.0)": (transforms.RandomApply([vision.RandomSharpness()], 1.0), (img,)),
        "MixUpBatch(), batch 32x32x32": (vision.MixUpBatch(), (batch, labels)),
        "CutMixBatch(NHWC), batch 32x32x32": (vision.CutMixBatch(vision.ImageBatchFormat.NHWC), (batch, labels)),
    }
    print("| transform, one call | MindSpore's numbers (ms_compat) | numpy draws | ratio |")
    print("|---|---|---|---|")
    for name, (op, args) in cases.items():
        table = {}
        with config.op_streams(table, 0):
            exact = _median(lambda: op(*args), reps)
        with config.row_rng(0, 0, 0):
            plain = _median(lambda: op(*args), reps)
        print(f"| {name} | {exact * 1e6:.0f} µs | {plain * 1e6:.0f} µs | {exact / plain:.2f} |")
    # the draws alone: RandomColorAdjust's (std::shuffle of 4, four uniform_real<float>) and MixUpBatch's (two
    # gamma_distribution<float>, std::shuffle of 32)
    from ms_compat.dataset.core.cpp_random import GammaFloat, Mt19937
    engine, gen, rows = Mt19937(1), np.random.default_rng(1), 2000

    def color_exact():
        for _ in range(rows):
            engine.shuffle(["b", "c", "s", "h"])
            [engine.uniform_float(0.6, 1.4) for _ in range(4)]

    def color_plain():
        for _ in range(rows):
            gen.permutation(4)
            gen.uniform(0.6, 1.4, 4)

    def mix_exact():
        for _ in range(rows // 10):
            GammaFloat(1.0).draw(engine), GammaFloat(1.0).draw(engine)
            engine.shuffle(list(range(32)))

    def mix_plain():
        for _ in range(rows // 10):
            gen.beta(1.0, 1.0)
            gen.permutation(32)

    for name, exact_fn, plain_fn, n in (("RandomColorAdjust draws, per row", color_exact, color_plain, rows),
                                        ("MixUpBatch draws, per batch of 32", mix_exact, mix_plain, rows // 10)):
        exact, plain = _median(exact_fn, 5) / n, _median(plain_fn, 5) / n
        print(f"| {name} | {exact * 1e6:.1f} µs | {plain * 1e6:.1f} µs | {exact / plain:.2f} |")


if __name__ == "__main__":
    main()

"""What ``Model.train`` costs over calling the train network yourself.

Both sides run the same ``TrainOneStepCell(WithLossCell(net, loss), Momentum)`` over the same list of
batches; ``Model.train`` adds the driver (cb_params bookkeeping, the callback hooks, moving batches to the
network's device) and, in the second row, MindSpore's usual callbacks (``LossMonitor(0)`` — which still
reads every loss — and ``TimeMonitor``). Median (min–max) process CPU milliseconds per epoch (all threads;
less disturbed by a loaded machine than wall time), interleaved repetitions.

Usage: OMP_NUM_THREADS=1 python -m benchmarks.bench_model_loop [--quick]
"""
from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import time

import numpy as np

import ms_compat as ms
from ms_compat import Tensor, nn
from ms_compat.train import LossMonitor, Model, TimeMonitor
from benchmarks.common import machine_info


def build(width, steps, batch):
    ms.set_seed(0)
    rng = np.random.default_rng(0)
    net = nn.SequentialCell(nn.Dense(64, width), nn.ReLU(), nn.Dense(width, 10))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    batches = [(Tensor(rng.standard_normal((batch, 64)).astype(np.float32)),
                Tensor(rng.integers(0, 10, batch).astype(np.int32))) for _ in range(steps)]
    return net, loss, opt, batches


def run(quick=False):
    steps, repeat = (4, 2) if quick else (200, 9)
    rows = []
    for width, batch in ((32, 8), (1024, 64)):
        net, loss, opt, batches = build(width, steps, batch)
        model = Model(net, loss, opt)
        step = model.train_network
        step.set_train(True)

        def manual():
            for x, y in batches:
                step(x, y)

        def driver():
            model.train(1, batches)

        def driver_cbs():
            with contextlib.redirect_stdout(io.StringIO()):
                model.train(1, batches, callbacks=[LossMonitor(0), TimeMonitor()])

        fns = {"manual": manual, "Model.train": driver, "Model.train + callbacks": driver_cbs}
        for fn in fns.values():
            fn()
        times = {k: [] for k in fns}
        for _ in range(repeat):
            for k, fn in fns.items():
                t0 = time.process_time()
                fn()
                times[k].append((time.process_time() - t0) * 1000)
        med = {k: statistics.median(v) for k, v in times.items()}
        for k in ("Model.train", "Model.train + callbacks"):
            rows.append((f"Dense 64-{width}-10, batch {batch}, {steps} steps", k, med["manual"], med[k],
                         min(times[k]), max(times[k]), med[k] / med["manual"]))
    return rows


def to_markdown(rows):
    out = ["| network | driver | manual loop CPU ms/epoch | driver CPU ms/epoch (min–max) | ratio |", "|---|---|---|---|---|"]
    for net, k, man, med, lo, hi, ratio in rows:
        out.append(f"| {net} | {k} | {man:.2f} | {med:.2f} ({lo:.2f}–{hi:.2f}) | {ratio:.3f} |")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args(argv)
    print(" | ".join(f"{k}: {v}" for k, v in machine_info().items()))
    print(to_markdown(run(a.quick)))


if __name__ == "__main__":
    main()

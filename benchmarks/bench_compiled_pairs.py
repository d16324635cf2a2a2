"""Compiled model pairs of bench_models.py timed for a shared machine: one torch thread, the two sides
interleaved (order alternating), and the **minimum thread CPU time** per step reported next to the wall-clock
median. On the 2-core box shared with other jobs, wall-clock medians of bench_models.py moved 2-10x between
runs, while CPU-time minima of one thread stay within a few percent (benchmarks/HISTORY.md, "Performance work").

    python -m benchmarks.bench_compiled_pairs lstm:train,lstm:eval,bert:eval,bert:train [--reps=15]

Backend: Inductor (``torch.compile`` defaults), on both sides. Full-size configs (model_configs.py).
"""
from __future__ import annotations

import sys
import time

import torch

from benchmarks.bench_models import build_pair, step_fns
from benchmarks.common import load_average, load_note


def measure(name, mode, reps=15):
    torch.set_num_threads(1)
    m, t, ms_in, t_in = build_pair(name, False)
    m.set_train(mode == "train")
    t.train(mode == "train")
    idx = 0 if mode == "eval" else 1
    torch._dynamo.reset()
    fns = {"ms": step_fns(torch.compile(m), ms_in)[idx], "torch": step_fns(torch.compile(t), t_in)[idx]}
    compile_s = {}
    for side, fn in fns.items():
        t0 = time.perf_counter()
        fn()
        compile_s[side] = time.perf_counter() - t0
    for fn in fns.values():
        fn()
    cpu = {k: [] for k in fns}
    wall = {k: [] for k in fns}
    for r in range(reps):
        for side, fn in (fns.items() if r % 2 == 0 else reversed(fns.items())):
            c0, w0 = time.thread_time(), time.perf_counter()
            fn()
            cpu[side].append(time.thread_time() - c0)
            wall[side].append(time.perf_counter() - w0)
    return compile_s, cpu, wall


def to_markdown(results, load_before, load_after):
    out = ["| model | step | compile ms_compat / native | CPU-time min ms_compat | native | ratio | "
           "wall median ms_compat | native | ratio |", "|---|---|---|---|---|---|---|---|---|"]
    for (name, mode), (comp, cpu, wall) in results.items():
        def med(v):
            return sorted(v)[len(v) // 2]
        a, b = min(cpu["ms"]), min(cpu["torch"])
        wa, wb = med(wall["ms"]), med(wall["torch"])
        out.append(f"| {name} | {mode} | {comp['ms']:.0f}s / {comp['torch']:.0f}s | {a*1e3:.1f} ms | {b*1e3:.1f} ms | "
                   f"{a / b:.3f} | {wa*1e3:.1f} ms | {wb*1e3:.1f} ms | {wa / wb:.3f} |")
    out += ["", "One torch thread, Inductor on both sides, sides interleaved. " + load_note(load_before, load_after)]
    return "\n".join(out)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    reps = int(next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--reps=")), 15))
    pairs = [tuple(p.split(":")) for p in (args[0] if args else "lstm:train,lstm:eval,bert:eval").split(",")]
    before = load_average()
    res = {(n, m): measure(n, m, reps) for n, m in pairs}
    print(to_markdown(res, before, load_average()))

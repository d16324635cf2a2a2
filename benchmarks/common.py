"""Timing helpers shared by the benchmarks: medians over repetitions after warm-up, spreads,
and a description of the machine."""
from __future__ import annotations

import datetime
import os
import platform
import statistics
import time

import torch


def time_per_call(fn, *, number=1000, repeat=7, warmup=None):
    """Median, min, max seconds per call of ``fn()`` over ``repeat`` runs of ``number`` calls."""
    for _ in range(warmup if warmup is not None else max(1, number // 10)):
        fn()
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        runs.append((time.perf_counter() - t0) / number)
    return statistics.median(runs), min(runs), max(runs)


def interleaved(fns: dict, *, number=1000, repeat=7, warmup=None):
    """Time several callables round-robin (so drift affects all alike); name -> (median, min, max)."""
    for fn in fns.values():
        for _ in range(warmup if warmup is not None else max(1, number // 10)):
            fn()
    runs = {k: [] for k in fns}
    for _ in range(repeat):
        for k, fn in fns.items():
            t0 = time.perf_counter()
            for _ in range(number):
                fn()
            runs[k].append((time.perf_counter() - t0) / number)
    return {k: (statistics.median(v), min(v), max(v)) for k, v in runs.items()}


def machine_info() -> dict:
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "cpus": os.cpu_count(),
        "torch_threads": torch.get_num_threads(),
        "python": platform.python_version(),
        "torch": torch.__version__,
        "cuda": torch.cuda.get_device_name(0) if torch.cuda.is_available() else "none",
    }


def us(x):
    return f"{x * 1e6:.2f}"


def fmt_spread(m):
    med, lo, hi = m
    return f"{med * 1e6:.2f} ({lo * 1e6:.2f}–{hi * 1e6:.2f})"

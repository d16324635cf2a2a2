"""Timing helpers shared by the benchmarks: medians over repetitions after warm-up, spreads, the
machine (with its load average), and the rule that decides whether a ratio can be judged against a
target at all (``judge``)."""
from __future__ import annotations

import ctypes
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


class Report(list):
    """Rows of a benchmark with the machine's load average (1, 5, 15 min) before and after the runs."""

    def __init__(self, rows=(), load_before=None, load_after=None):
        super().__init__(rows)
        self.load_before = load_before
        self.load_after = load_after


def load_average():
    """``os.getloadavg()`` (1, 5, 15 min), or None where the platform has none."""
    try:
        return os.getloadavg()
    except (AttributeError, OSError):
        return None


def load_note(before, after=None):
    """One line for a report: the load average around the runs, against the number of CPUs."""
    def fmt(x):
        return ", ".join(f"{v:.2f}" for v in x) if x else "n/a"
    after = after if after is not None else load_average()
    return f"Load average (1, 5, 15 min) before: {fmt(before)}; after: {fmt(after)}; cpus: {os.cpu_count()}."


def ratio_uncertainty(a, b):
    """Relative uncertainty of the ratio of the medians of two interleaved spreads ``(median, min, max)``:
    the sum of each side's half-range over its median."""
    return (a[2] - a[1]) / (2 * a[0]) + (b[2] - b[1]) / (2 * b[0])


def judge(a, b, target, *, diff=False):
    """Whether ``a`` (ours) meets ``ratio a/b ≤ target`` (or, with ``diff``, ``a - b ≤ target`` seconds), from
    two interleaved spreads ``(median, min, max)``: ``"met"``, ``"not met"``, or ``"not distinguishable"`` when
    the medians' ratio (difference) lies within the spreads' uncertainty of the target — the rule: with
    ``u = ratio_uncertainty(a, b)``, a ratio ``r`` is judged only if ``|r - target| > u·r`` (a difference
    ``d`` only if ``|d - target| >`` the sum of the two half-ranges). For ``target = 1`` this refuses to say
    which side is faster when their spreads overlap that much."""
    if diff:
        value, margin = a[0] - b[0], (a[2] - a[1]) / 2 + (b[2] - b[1]) / 2
    else:
        value = a[0] / b[0]
        margin = ratio_uncertainty(a, b) * value
    if abs(value - target) <= margin:
        return "not distinguishable"
    return "met" if value <= target else "not met"


def target_cell(a, b, target, *, diff=False):
    """A report's target column: ``≤ 1.05× met`` / ``not met`` / ``not distinguishable (±12%)``."""
    v = judge(a, b, target, diff=diff)
    head = f"≤ {target * 1e6:g} µs" if diff else f"≤ {target}×"
    if v == "not distinguishable":
        spread = (f"±{((a[2] - a[1]) + (b[2] - b[1])) / 2 * 1e6:.2f} µs" if diff
                  else f"±{ratio_uncertainty(a, b) * 100:.0f}%")
        return f"{head} not distinguishable ({spread})"
    return f"{head} {v}"


def machine_info() -> dict:
    load = load_average()
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
        "cpus": os.cpu_count(),
        "torch_threads": torch.get_num_threads(),
        "python": platform.python_version(),
        "torch": torch.__version__,
        "cuda": torch.cuda.get_device_name(0) if torch.cuda.is_available() else "none",
        "load avg 1/5/15 min": " / ".join(f"{x:.2f}" for x in load) if load else "n/a",
    }


def us(x):
    return f"{x * 1e6:.2f}"


def fmt_spread(m):
    med, lo, hi = m
    return f"{med * 1e6:.2f} ({lo * 1e6:.2f}–{hi * 1e6:.2f})"


def parse_bench_args(argv=None):
    """The options every micro-benchmark takes: ``--quick`` and ``--threads N`` (``torch.set_num_threads``
    before timing, applied here)."""
    import argparse

    import torch
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--threads", type=int, default=None, help="torch.set_num_threads before timing")
    a = ap.parse_args(argv)
    if a.threads:
        torch.set_num_threads(a.threads)
    return a


def pin_allocator():
    """Fixed glibc ``malloc`` thresholds for this process (``mallopt``): blocks below 1 GiB (32 MiB where
    glibc refuses more) come from the heap, and the heap is not trimmed below 1 GiB of free top, so freed
    memory is reused rather than given back to the kernel and faulted in again by the next step. Setting them
    also turns off glibc's dynamic threshold, whose value depends on the allocation history. Returns whether
    it was applied (glibc only)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        m_trim_threshold, m_mmap_threshold = -1, -3
        return bool(libc.mallopt(m_mmap_threshold, 1 << 30) or libc.mallopt(m_mmap_threshold, 32 << 20)) \
            and bool(libc.mallopt(m_trim_threshold, 1 << 30))
    except (OSError, AttributeError):
        return False

"""Peak RSS of a process that builds a benchmark model and runs two training steps, ms_compat against its
native twin (``python -m benchmarks.bench_peak_rss [--quick] [model ...]``).

One process per measurement (a process's peak cannot be reset), read from ``/proc/self/status`` VmHWM:
``ru_maxrss`` is not the process's own peak, since Linux carries the parent's peak at fork time across
exec (after the big compiled models it reported the parent's 2.4 GiB). The peak of one process varies by
up to ~3 % from run to run (glibc's heap), so each side runs ``repeat`` times, interleaved, and the
ratio is of the medians.
"""
from __future__ import annotations

import pathlib
import statistics
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGET = 1.02


def peak_rss(name: str, impl: str, quick: bool) -> int | None:
    """Peak resident bytes of one fresh process building ``name`` (``impl`` 'ms' or 'torch') + two steps."""
    code = ("import resource, sys; sys.argv=['x']; from benchmarks import bench_models as b;"
            f"model, inp = b.build_pair({name!r}, {quick!r}, only={impl!r});"
            "model.train(True); fwd, train = b.step_fns(model, inp); train(); train();"
            "st = open('/proc/self/status').read() if sys.platform.startswith('linux') else '';"
            "print(int(st.split('VmHWM:')[1].split()[0]) if 'VmHWM:' in st else "
            "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    r = subprocess.run([sys.executable, "-c", code], cwd=str(ROOT), capture_output=True, text=True)
    if r.returncode:
        return None
    return int(r.stdout.strip().splitlines()[-1]) * 1024


def run(quick: bool = False, names=None, repeat: int | None = None):
    """``[(name, ms_bytes_list, torch_bytes_list)]``, the two sides measured alternately."""
    from benchmarks import bench_models
    names = names or list(bench_models.configs(quick))[:1 if quick else None]
    repeat = repeat or (1 if quick else 3)
    rows = []
    for name in names:
        ms_b, t_b = [], []
        for _ in range(repeat):
            ms_b.append(peak_rss(name, "ms", quick))
            t_b.append(peak_rss(name, "torch", quick))
        if all(ms_b) and all(t_b):
            rows.append((name, ms_b, t_b))
    return rows


def to_markdown(rows) -> str:
    n = max((len(r[1]) for r in rows), default=1)
    lines = [f"Peak RSS of a process that builds the model and runs two training steps (median of {n} "
             "processes per side, run alternately; min–max in parentheses):", "",
             "| model | ms_compat | native PyTorch | ratio | target |", "|---|---|---|---|---|"]
    for name, ms_b, t_b in rows:
        m, t = statistics.median(ms_b), statistics.median(t_b)

        def cell(v, vs):
            return f"{v / 2**20:.0f} MiB ({min(vs) / 2**20:.0f}–{max(vs) / 2**20:.0f})"
        lines.append(f"| {name} | {cell(m, ms_b)} | {cell(t, t_b)} | {m / t:.3f} | "
                     f"≤ {TARGET} {'met' if m / t <= TARGET else 'not met'} |")
    return "\n".join(lines)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    print(to_markdown(run(quick="--quick" in sys.argv, names=args or None)))

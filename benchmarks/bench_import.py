"""``import ms_compat`` time against ``import torch`` (fresh interpreters, medians)."""
from __future__ import annotations

import statistics
import subprocess
import sys

CODE = "import time, sys; t=time.perf_counter(); import {mod}; print(time.perf_counter()-t)"


def _once(mod):
    out = subprocess.run([sys.executable, "-c", CODE.format(mod=mod)], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def run(quick=False):
    reps = 2 if quick else 7
    _once("torch")  # warm the file cache
    t = [_once("torch") for _ in range(reps)]
    m = [_once("ms_compat") for _ in range(reps)]
    mn = [_once("ms_compat.nn") for _ in range(reps)]
    return {"torch": (statistics.median(t), min(t), max(t)), "ms_compat": (statistics.median(m), min(m), max(m)),
            "ms_compat.nn": (statistics.median(mn), min(mn), max(mn))}


def to_markdown(r):
    base = r["torch"][0]
    out = ["| import | ms (min–max) | over `import torch` | target |", "|---|---|---|---|"]
    for k, (med, lo, hi) in r.items():
        over = (med - base) * 1e3
        tgt = "" if k == "torch" else ("≤ 150 ms " + ("met" if over <= 150 else "not met"))
        out.append(f"| `import {k}` | {med*1e3:.0f} ({lo*1e3:.0f}–{hi*1e3:.0f}) | "
                   f"{'' if k == 'torch' else f'{over:+.0f} ms'} | {tgt} |")
    return "\n".join(out)


if __name__ == "__main__":
    print(to_markdown(run()))

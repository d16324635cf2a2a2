"""``import ms_compat`` time against ``import torch`` (fresh interpreters, medians)."""
from __future__ import annotations

import statistics
import subprocess
import sys

CODE = "import time, sys; t=time.perf_counter(); import {mod}; print(time.perf_counter()-t)"
# the marginal cost, steadier than the difference of two whole-interpreter timings
AFTER_TORCH = "import torch, time; t=time.perf_counter(); import {mod}; print(time.perf_counter()-t)"


def _once(mod, code=CODE):
    out = subprocess.run([sys.executable, "-c", code.format(mod=mod)], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def run(quick=False):
    reps = 2 if quick else 9
    mods = ("torch", "ms_compat", "ms_compat.nn")
    for mod in mods:
        _once(mod)  # warm the file cache
    times = {mod: [] for mod in mods}
    for _ in range(reps):  # round-robin, so drift of a shared machine affects all three alike
        for mod in mods:
            times[mod].append(_once(mod))
    for mod in mods[1:]:
        times[f"{mod} after torch"] = [_once(mod, AFTER_TORCH) for _ in range(reps)]
    return {mod: (statistics.median(t), min(t), max(t)) for mod, t in times.items()}


def to_markdown(r):
    base = r["torch"][0]
    out = ["| import | ms (min–max) | over `import torch` | target |", "|---|---|---|---|"]
    for k, (med, lo, hi) in r.items():
        if k.endswith(" after torch"):
            out.append(f"| `import {k[:-12]}` in a process that already imported torch | {med*1e3:.0f} "
                       f"({lo*1e3:.0f}–{hi*1e3:.0f}) | {med*1e3:+.0f} ms | ≤ 150 ms {'met' if med <= 0.150 else 'not met'} |")
            continue
        over = (med - base) * 1e3
        tgt = "" if k == "torch" else ("≤ 150 ms " + ("met" if over <= 150 else "not met"))
        out.append(f"| `import {k}` | {med*1e3:.0f} ({lo*1e3:.0f}–{hi*1e3:.0f}) | "
                   f"{'' if k == 'torch' else f'{over:+.0f} ms'} | {tgt} |")
    return "\n".join(out)


if __name__ == "__main__":
    print(to_markdown(run()))

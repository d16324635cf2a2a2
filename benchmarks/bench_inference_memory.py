"""Inference memory as MindSpore code writes it (``out = net(x)``, no grad function, no ``no_grad``) against its
native twin under ``torch.no_grad()`` (issue 32 item 5): MindSpore records nothing outside grad functions;
ms_compat, PyTorch underneath, records the autograd graph of every Cell call on trainable parameters.

Two figures per model: the bytes the graph of one forward keeps alive (``saved_tensors_hooks``, exact), and the
peak RSS of a fresh process running ``steps`` forwards (VmHWM, as bench_peak_rss; median of ``repeat``
processes per side, run alternately).

``python -m benchmarks.bench_inference_memory [--quick] [model ...]``
"""
from __future__ import annotations

import pathlib
import statistics
import subprocess
import sys

import torch

ROOT = pathlib.Path(__file__).resolve().parent.parent


def saved_bytes(name: str, impl: str, quick: bool) -> int:
    """Bytes saved for backward during one forward: ms_compat as MindSpore code calls it, torch under no_grad."""
    from benchmarks import bench_models as b
    model, inp = b.build_pair(name, quick, only=impl)
    model.train(False)
    total = 0
    seen = set()

    def pack(t):
        nonlocal total
        key = (t.untyped_storage().data_ptr(), t.untyped_storage().nbytes())
        if key not in seen:
            seen.add(key)
            total += key[1]
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        if impl == "ms":
            out = model(*inp)
        else:
            with torch.no_grad():
                out = model(*inp)
    del out
    return total


def peak_rss(name: str, impl: str, quick: bool, steps: int) -> int | None:
    code = ("import sys, torch; sys.argv=['x']; from benchmarks import bench_models as b;"
            f"model, inp = b.build_pair({name!r}, {quick!r}, only={impl!r}); model.train(False);"
            f"outs = [];\nfor _ in range({steps}):\n"
            + ("    outs.append(model(*inp))\n" if impl == "ms" else
               "    with torch.no_grad():\n        outs.append(model(*inp))\n")
            + "st = open('/proc/self/status').read(); print(int(st.split('VmHWM:')[1].split()[0]))")
    r = subprocess.run([sys.executable, "-c", code], cwd=str(ROOT), capture_output=True, text=True)
    if r.returncode:
        return None
    return int(r.stdout.strip().splitlines()[-1]) * 1024


def run(quick: bool = False, names=None, repeat: int | None = None, steps: int = 3):
    from benchmarks import bench_models
    names = names or list(bench_models.configs(quick))[:1 if quick else None]
    repeat = repeat or (1 if quick else 3)
    rows = []
    for name in names:
        saved = (saved_bytes(name, "ms", quick), saved_bytes(name, "torch", quick))
        ms_b, t_b = [], []
        for _ in range(repeat):
            ms_b.append(peak_rss(name, "ms", quick, steps))
            t_b.append(peak_rss(name, "torch", quick, steps))
        rows.append((name, saved, ms_b, t_b))
    return rows


def to_markdown(rows) -> str:
    lines = ["Inference as MindSpore code writes it (`out = net(x)`, outputs kept) vs the native twin under "
             "`torch.no_grad()`: bytes saved for backward by one forward, and peak RSS of a process running 3 "
             "forwards (median of the processes per side; min–max in parentheses):", "",
             "| model | saved by one forward: ms_compat | native no_grad | peak RSS ms_compat | native no_grad "
             "| ratio |",
             "|---|---|---|---|---|---|"]
    for name, (s_ms, s_t), ms_b, t_b in rows:
        if not (all(ms_b) and all(t_b)):
            lines.append(f"| {name} | {s_ms / 2**20:.1f} MiB | {s_t / 2**20:.1f} MiB | failed | failed | |")
            continue
        m, t = statistics.median(ms_b), statistics.median(t_b)

        def cell(v, vs):
            return f"{v / 2**20:.0f} MiB ({min(vs) / 2**20:.0f}–{max(vs) / 2**20:.0f})"
        lines.append(f"| {name} | {s_ms / 2**20:.1f} MiB | {s_t / 2**20:.1f} MiB | {cell(m, ms_b)} | {cell(t, t_b)} "
                     f"| {m / t:.3f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    print(to_markdown(run(quick="--quick" in sys.argv, names=args or None)))

"""Inference memory as MindSpore code writes it (``out = net(x)``, no grad function, no ``no_grad``) against its
native twin under ``torch.no_grad()`` (issue 32 item 5): MindSpore records nothing outside grad functions, and
neither does ms_compat for a Cell called by MindSpore code (``common/grad_scope.py``). The same model called by
PyTorch code records its autograd graph as PyTorch does: that column is what MindSpore code got before issue 32.

Two figures per model and side: the bytes the graph of one forward keeps alive (``saved_tensors_hooks``, exact),
and the peak RSS of a fresh process running ``steps`` forwards (VmHWM, as bench_peak_rss; median of ``repeat``
processes per side, run alternately). The MindSpore-code side calls the model from a module namespace that
imports ``ms_compat`` and not ``torch``.

``python -m benchmarks.bench_inference_memory [--quick] [model ...]``
"""
from __future__ import annotations

import pathlib
import statistics
import subprocess
import sys

import torch

import ms_compat

ROOT = pathlib.Path(__file__).resolve().parent.parent
SIDES = ("ms", "ms_from_torch", "torch")  # MindSpore code calls / PyTorch code calls / native under no_grad
# a module namespace that imports MindSpore and not PyTorch: what MindSpore code looks like to ms_compat
_MS_CODE = {"__name__": "bench_mindspore_code", "ms": ms_compat}
exec("def forward(model, inp):\n    return model(*inp)\n", _MS_CODE)  # noqa: S102


def saved_bytes(name: str, impl: str, quick: bool) -> int:
    """Bytes saved for backward during one forward on one side of ``SIDES``."""
    from benchmarks import bench_models as b
    model, inp = b.build_pair(name, quick, only="torch" if impl == "torch" else "ms")
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
            out = _MS_CODE["forward"](model, inp)
        elif impl == "ms_from_torch":
            out = model(*inp)
        else:
            with torch.no_grad():
                out = model(*inp)
    del out
    return total


def peak_rss(name: str, impl: str, quick: bool, steps: int) -> int | None:
    # the MindSpore-code process's globals hold ms_compat and no torch module, class or function
    head = {"ms": "import sys, ms_compat", "ms_from_torch": "import sys, torch", "torch": "import sys, torch"}[impl]
    code = (f"{head}; sys.argv=['x']; from benchmarks import bench_models as b;"
            f"model, inp = b.build_pair({name!r}, {quick!r}, only={'torch' if impl == 'torch' else 'ms'!r});"
            f"model.train(False); outs = [];\nfor _ in range({steps}):\n"
            + ("    outs.append(model(*inp))\n" if impl != "torch" else
               "    with torch.no_grad():\n        outs.append(model(*inp))\n")
            + "st = open('/proc/self/status').read(); print(int(st.split('VmHWM:')[1].split()[0]))")
    r = subprocess.run([sys.executable, "-c", code], cwd=str(ROOT), capture_output=True, text=True)
    if r.returncode:
        return None
    return int(r.stdout.strip().splitlines()[-1]) * 1024


DEFAULT_MODELS = ("resnet50", "bert")  # a convnet and a transformer (each side's process holds the whole model)


def run(quick: bool = False, names=None, repeat: int | None = None, steps: int = 3):
    names = names or list(DEFAULT_MODELS[:1] if quick else DEFAULT_MODELS)
    repeat = repeat or (1 if quick else 3)
    rows = []
    for name in names:
        saved = tuple(saved_bytes(name, side, quick) for side in SIDES)
        peaks = tuple([] for _ in SIDES)
        for _ in range(repeat):
            for side, acc in zip(SIDES, peaks):
                acc.append(peak_rss(name, side, quick, steps))
        rows.append((name, saved, peaks))
    return rows


def to_markdown(rows) -> str:
    lines = ["Inference as MindSpore code writes it (`out = net(x)`, outputs kept) against the same model called by "
             "PyTorch code (records the graph, as PyTorch does; what MindSpore code got before issue 32) and the "
             "native twin under `torch.no_grad()`: bytes saved for backward by one forward, and peak RSS of a "
             "process running 3 forwards (median of the processes per side; min–max in parentheses):", "",
             "| model | saved by one forward: MindSpore code | PyTorch caller | native no_grad "
             "| peak RSS: MindSpore code | PyTorch caller | native no_grad | ratio MindSpore code / native |",
             "|---|---|---|---|---|---|---|---|"]
    for name, saved, peaks in rows:
        mib = " | ".join(f"{b / 2**20:.1f} MiB" for b in saved)
        if not all(all(p) for p in peaks):
            lines.append(f"| {name} | {mib} | failed | failed | failed | |")
            continue
        meds = [statistics.median(p) for p in peaks]

        def cell(v, vs):
            return f"{v / 2**20:.0f} MiB ({min(vs) / 2**20:.0f}–{max(vs) / 2**20:.0f})"
        lines.append(f"| {name} | {mib} | " + " | ".join(cell(m, p) for m, p in zip(meds, peaks))
                     + f" | {meds[0] / meds[2]:.3f} |")
    return "\n".join(lines)

if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    print(to_markdown(run(quick="--quick" in sys.argv, names=args or None)))

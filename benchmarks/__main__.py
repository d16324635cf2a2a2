"""``python -m benchmarks [--quick] [--out FILE]``: run every benchmark and write benchmarks/RESULTS.md.

Sections: per-call overhead, one optimizer step against torch.optim, the Tensor design candidates, import time,
whole models vs native twins (eager and compiled, saved-for-backward bytes, peak RSS), the training step as each
framework writes it (value_and_grad + nn.Momentum vs backward + SGD), MindSpore itself (when the .msref reference
venv exists), and the feature benchmarks (amp, recompute, checkpoint, compile) as their own scripts.
``--quick`` uses tiny shapes and skips compilation and the MindSpore run: it checks the machinery (CI).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import time

from benchmarks import (bench_import, bench_models, bench_optimizers, bench_overhead, bench_peak_rss,
                        bench_tensor_design, bench_train_idiom)
from benchmarks.common import machine_info

ROOT = pathlib.Path(__file__).resolve().parent.parent
FEATURE_SCRIPTS = ["bench_amp", "bench_recompute", "bench_compile", "bench_checkpoint", "bench_parallel"]
TARGETS = """Targets (issue 11): whole-model step time ms_compat / native ≤ 1.03 eager and ≤ 1.01 compiled; peak memory
ratio ≤ 1.02; trivial Cell call ≤ 1.3× an nn.Module call; tensor-method overhead ≤ 1 µs per op; `import
ms_compat` ≤ 150 ms over `import torch`. Issue 20: an optimizer step ≤ 1.05× its torch.optim counterpart. A target
is judged only where the medians differ from it by more than the spreads allow (benchmarks/common.py, `judge`)."""


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "RESULTS.md"))
    ap.add_argument("--skip", action="append", default=[], help="section to skip (models, mindspore, features)")
    a = ap.parse_args(argv)
    t_start = time.time()
    info = machine_info()
    parts = [f"# ms_compat benchmark results ({'quick' if a.quick else 'full'} mode)", "",
             "| " + " | ".join(info) + " |", "|" + "---|" * len(info), "| " + " | ".join(str(v) for v in info.values()) + " |",
             "", "Medians over the stated repetitions after warm-up, min–max in parentheses. " + TARGETS, "",
             "Measurement logs behind past performance decisions (optimizer step cost, issue 20's performance work, "
             "data parallel against plain DDP): [HISTORY.md](HISTORY.md), written by hand, not regenerated.", ""]

    def section(title, body):
        parts.extend([f"## {title}", "", body, ""])
        print(f"== {title}\n{body}\n", flush=True)

    section("Per-call overhead", bench_overhead.to_markdown(bench_overhead.run(a.quick)))
    section("Optimizer step vs torch.optim (issue 20)",
            bench_optimizers.to_markdown(bench_optimizers.run(a.quick)))
    section("Tensor design candidates (ARCHITECTURE.md)", bench_tensor_design.to_markdown(bench_tensor_design.run(a.quick)))
    section("Import time", bench_import.to_markdown(bench_import.run(a.quick)))
    model_rows = []
    if "models" not in a.skip:
        model_rows = bench_models.run(quick=a.quick, compile_models=not a.quick)
        body = bench_models.to_markdown(model_rows)
        body += "\n\n" + bench_peak_rss.to_markdown(bench_peak_rss.run(quick=a.quick))
        section("Whole models vs native PyTorch twins", body)
        section("Training step as each framework writes it (issue 20)",
                bench_train_idiom.to_markdown(bench_train_idiom.run(quick=a.quick)))
    msref = ROOT / ".msref" / "bin" / "python"
    if "mindspore" not in a.skip and not a.quick and msref.exists() and model_rows:
        r = subprocess.run([str(msref), str(ROOT / "benchmarks" / "bench_mindspore.py")], cwd=str(ROOT),
                           capture_output=True, text=True, env=dict(os.environ, GLOG_v="3"))
        if r.returncode == 0:
            ms_t = json.loads(r.stdout.strip().splitlines()[-1])
            lines = ["| model | step | MindSpore 2.10 PYNATIVE | ms_compat eager | MindSpore / ms_compat |",
                     "|---|---|---|---|---|"]
            ours = {(n, s): v for n, s, mode, v, _ in model_rows if mode == "eager"}
            for n, d in ms_t.items():
                for s in ("eval", "train"):
                    o = ours.get((n, s))
                    if o:
                        lines.append(f"| {n} | {s} | {d[s][0]*1e3:.0f} ms | {o[0]*1e3:.0f} ms | {d[s][0] / o[0]:.2f}× |")
            section("Against MindSpore itself (same CPU)", "\n".join(lines))
        else:
            section("Against MindSpore itself", "MindSpore run failed:\n\n```text\n" + r.stderr[-2000:] + "\n```")
    if "features" not in a.skip:
        for script in FEATURE_SCRIPTS:
            path = ROOT / "benchmarks" / f"{script}.py"
            if not path.exists():
                continue
            cmd = [sys.executable, "-m", f"benchmarks.{script}"] + (["--quick"] if a.quick else [])
            r = subprocess.run(cmd, cwd=str(ROOT), capture_output=True, text=True, timeout=900)
            body = r.stdout.strip() if r.returncode == 0 else f"failed (exit {r.returncode}):\n\n```text\n{r.stderr[-1500:]}\n```"
            section(f"{script} ({' '.join(cmd[2:])})", body)
    parts.append(f"_Total benchmark wall time: {time.time() - t_start:.0f} s._")
    pathlib.Path(a.out).write_text("\n".join(parts) + "\n")
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

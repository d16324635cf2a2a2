"""``python -m benchmarks [--quick] [--out FILE] [--only SECTION ...]``: run every benchmark and write
benchmarks/RESULTS.md.

Sections: per-call overhead, one optimizer step against torch.optim, the Tensor design candidates, import time,
whole models vs native twins (eager and compiled, saved-for-backward bytes, peak RSS), the training step as each
framework writes it (value_and_grad + nn.Momentum vs backward + SGD), MindSpore itself (when the .msref reference
venv exists), and the feature benchmarks (amp, recompute, checkpoint, compile) as their own scripts.
``--quick`` uses tiny shapes and skips compilation and the MindSpore run: it checks the machinery (CI).
``--only SECTION`` (repeatable: ``overhead`` or a feature script's name, e.g. ``bench_inference_memory``) runs just
those sections and replaces them in the existing ``--out`` file, keeping every other section as it was.
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
FEATURE_SCRIPTS = ["bench_amp", "bench_recompute", "bench_compile", "bench_checkpoint", "bench_parallel",
                   "bench_op_checks", "bench_inference_memory"]
OVERHEAD_TITLE = "Per-call overhead"
TARGETS = """Targets (issue 11): whole-model step time ms_compat / native ≤ 1.03 eager and ≤ 1.01 compiled; peak memory
ratio ≤ 1.02; trivial Cell call ≤ 1.3× an nn.Module call; tensor-method overhead ≤ 1 µs per op; `import
ms_compat` ≤ 150 ms over `import torch`. Issue 20: an optimizer step ≤ 1.05× its torch.optim counterpart. A target
is judged only where the medians differ from it by more than the spreads allow (benchmarks/common.py, `judge`)."""


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "RESULTS.md"))
    ap.add_argument("--skip", action="append", default=[], help="section to skip (models, mindspore, features)")
    ap.add_argument("--only", action="append", default=[],
                    help="run only this section (overhead, or a feature script such as bench_op_checks) and replace "
                         "it in --out")
    a = ap.parse_args(argv)
    if a.only:
        return _refresh_sections(a)
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

    section(OVERHEAD_TITLE, bench_overhead.to_markdown(bench_overhead.run(a.quick)))
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
            if (ROOT / "benchmarks" / f"{script}.py").exists():
                section(*_feature_section(script, a.quick))
    parts.append(f"_Total benchmark wall time: {time.time() - t_start:.0f} s._")
    pathlib.Path(a.out).write_text("\n".join(parts) + "\n")
    print(f"wrote {a.out}")
    return 0



def _feature_section(script, quick):
    """(title, body) of one feature script's section, run as its own process."""
    cmd = [sys.executable, "-m", f"benchmarks.{script}"] + (["--quick"] if quick else [])
    r = subprocess.run(cmd, cwd=str(ROOT), capture_output=True, text=True, timeout=900)
    body = (r.stdout.strip() if r.returncode == 0
            else f"failed (exit {r.returncode}):\n\n```text\n{r.stderr[-1500:]}\n```")
    return f"{script} ({' '.join(cmd[2:])})", body


def _replace_section(text, title, body, keep_earlier=False):
    """``text`` with the section whose heading starts with ``## <title>`` (up to the next ``## `` heading or the
    closing wall-time line) replaced by ``title``/``body`` — or, with ``keep_earlier``, with ``body`` put above the
    section's earlier text; a missing section goes before the wall-time line (or at the end)."""
    key = title.split(" (")[0]
    lines = text.rstrip("\n").splitlines()
    new = [f"## {title}", "", body, ""]
    start = next((i for i, ln in enumerate(lines) if ln == f"## {key}" or ln.startswith(f"## {key} (")), None)
    if start is None:
        end_at = next((i for i, ln in enumerate(lines) if ln.startswith("_Total benchmark wall time")), len(lines))
        if end_at and lines[end_at - 1].strip():
            new.insert(0, "")
        lines[end_at:end_at] = new
    else:
        end = next((i for i in range(start + 1, len(lines))
                    if lines[i].startswith("## ") or lines[i].startswith("_Total benchmark wall time")), len(lines))
        earlier = lines[start + 1:end]
        if keep_earlier:
            new += ["Earlier runs, before this refresh, follow.", ""] + earlier
            while new and not new[-1].strip():
                new.pop()
            new.append("")
        lines[start:end] = new
    return "\n".join(lines) + "\n"


def _refresh_sections(a):
    unknown = [n for n in a.only if n != "overhead" and n not in FEATURE_SCRIPTS]
    if unknown:
        print(f"unknown section(s) {unknown}: choose overhead or one of {FEATURE_SCRIPTS}", file=sys.stderr)
        return 2
    out = pathlib.Path(a.out)
    mode = "quick" if a.quick else "full"
    text = out.read_text() if out.exists() else f"# ms_compat benchmark results ({mode} mode)\n"
    for name in a.only:
        if name == "overhead":
            title, body = OVERHEAD_TITLE, bench_overhead.to_markdown(bench_overhead.run(a.quick))
        else:
            title, body = _feature_section(name, a.quick)
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        stamp = f"Refreshed alone (`python -m benchmarks --only {name}`), {when}."
        # the overhead section keeps its earlier runs and notes below the new table
        text = _replace_section(text, title, stamp + "\n\n" + body, keep_earlier=name == "overhead")
        print(f"== {title}\n{body}\n", flush=True)
    out.write_text(text)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

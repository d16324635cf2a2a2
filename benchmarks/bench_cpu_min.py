"""Issue 20's small-scale cases timed as the minimum thread CPU time over interleaved repetitions.

On the shared 2-core machine wall-clock medians of µs-scale calls moved 2× between runs while the minima of
``time.thread_time`` stayed within ~10 %, so the issue-20 decisions (benchmarks/HISTORY.md, "Optimizer step cost" and
"Performance work (issue 20)") were measured this way. Cases: one optimizer step of nn.SGD, nn.SGD with momentum,
nn.Momentum, nn.Lamb and experimental.optim.SGD against ``torch.optim`` (default and ``foreach=True``; Lamb
against the plain-torch reference of bench_optimizers), then bench_overhead's trivial Cell calls (by PyTorch code
and by MindSpore code; also a Cell calling two Cells) against ``nn.Module`` twins, Dense(16, 16) at batch 1
against ``nn.Linear`` and ``Tensor.mean/sum(axis=1, keep_dims=True)`` and ``x + y`` against torch. With the intra-op
threads > 1 the thread CPU time leaves out the other threads' work: read the wall-clock minimum printed beside it too.

To compare two versions of the code, run this file from each checkout (``PYTHONPATH=<checkout>``) in the same
window and compare the printed ratios, not the µs.

``python -m benchmarks.bench_cpu_min [--threads N] [--quick]``"""
from __future__ import annotations

import sys
import time

import torch

from benchmarks.common import load_average, load_note, parse_bench_args


def _minima(fns, number, repeat):
    """name -> (min thread-CPU µs, min wall µs) per call over ``repeat`` interleaved runs of ``number`` calls."""
    for f in fns.values():
        for _ in range(max(2, number // 4)):
            f()
    cpu = dict.fromkeys(fns, float("inf"))
    wall = dict.fromkeys(fns, float("inf"))
    for _ in range(repeat):
        for k, f in fns.items():
            c0, w0 = time.thread_time_ns(), time.perf_counter_ns()
            for _ in range(number):
                f()
            cpu[k] = min(cpu[k], (time.thread_time_ns() - c0) / number / 1e3)
            wall[k] = min(wall[k], (time.perf_counter_ns() - w0) / number / 1e3)
    return {k: (cpu[k], wall[k]) for k in fns}


def optimizer_rows(quick=False):
    from benchmarks.bench_optimizers import _model, _pairs
    wanted = ("nn.SGD", "nn.Momentum", "nn.Lamb", "experimental.optim.SGD")
    rows = []
    for name, make_ms, _tname, make_t in _pairs():
        if not name.startswith(wanted):
            continue
        params, grads, plain = _model(quick)
        opt = make_ms(params)
        t_default, t_foreach = make_t(plain(), None), make_t(plain(), True)
        r = _minima({"ms": lambda: opt(grads), "default": t_default.step, "foreach": t_foreach.step},
                    number=3 if quick else 10, repeat=5 if quick else 15)
        rows.append((name, r["ms"], r["default"], r["foreach"]))
    return rows


class _TwoChildren(torch.nn.Module):
    """The ``nn.Module`` twin of :func:`_two_children_cell`: calls its two children in turn."""

    def __init__(self, a, b):
        super().__init__()
        self.a, self.b = a, b

    def forward(self, x):
        return self.b(self.a(x))


def _two_children_cell():
    from ms_compat import nn
    from benchmarks.bench_overhead import TrivialCell

    class TwoChildren(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a, self.b = TrivialCell(), TrivialCell()

        def construct(self, x):
            return self.b(self.a(x))
    return TwoChildren()


def call_rows(quick=False):
    import ms_compat as ms
    from ms_compat import nn
    from benchmarks.bench_overhead import TrivialCell, TrivialModule, _call, _ms_code_call
    x = torch.randn(1, 16)
    xm = ms.Tensor(x)
    dense, lin = nn.Dense(16, 16), torch.nn.Linear(16, 16)
    a = torch.randn(4, 8, 16)
    am = ms.Tensor(a)
    cell, module = TrivialCell(), TrivialModule()
    outer, touter = _two_children_cell(), _TwoChildren(TrivialModule(), TrivialModule())
    cases = {
        # bench_overhead's first rows: called by PyTorch code (here) and by MindSpore code (grad mode off)
        "trivial Cell vs nn.Module call": (lambda: cell(x), lambda: module(x)),
        "trivial Cell called by MindSpore code vs nn.Module call": (lambda: _ms_code_call(cell, x),
                                                                    lambda: _call(module, x)),
        "Cell calling two trivial Cells vs its nn.Module twin": (lambda: outer(x), lambda: touter(x)),
        "the same called by MindSpore code": (lambda: _ms_code_call(outer, x), lambda: _call(touter, x)),
        "Dense(16,16) vs Linear(16,16), batch 1": (lambda: dense(xm), lambda: lin(x)),
        "Tensor.mean(axis=1, keep_dims=True) vs torch.mean(x, 1, True)": (
            lambda: am.mean(axis=1, keep_dims=True), lambda: torch.mean(a, 1, True)),
        "Tensor.sum(axis=1, keep_dims=True) vs torch.sum(x, 1, True)": (
            lambda: am.sum(axis=1, keep_dims=True), lambda: torch.sum(a, 1, True)),
        "x + y": (lambda: am + am, lambda: a + a),
    }
    rows = []
    for name, (fm, ft) in cases.items():
        r = _minima({"ms": fm, "torch": ft}, number=500 if quick else 5000, repeat=5 if quick else 21)
        rows.append((name, r["ms"], r["torch"]))
    return rows


def to_markdown(opt_rows, call_rows_, load_before, load_after):
    out = ["| optimizer step (100 parameters) | ms_compat µs CPU / wall | torch.optim default µs | "
           "torch foreach µs | CPU ratio vs default | wall ratio vs default |", "|---|---|---|---|---|---|"]
    for name, m, d, f in opt_rows:
        out.append(f"| {name} | {m[0]:.0f} / {m[1]:.0f} | {d[0]:.0f} / {d[1]:.0f} | {f[0]:.0f} / {f[1]:.0f} | "
                   f"{m[0] / d[0]:.2f} | {m[1] / d[1]:.2f} |")
    out += ["", "| call | ms_compat µs (CPU) | PyTorch µs (CPU) | ratio | overhead µs |", "|---|---|---|---|---|"]
    for name, m, t in call_rows_:
        out.append(f"| {name} | {m[0]:.2f} | {t[0]:.2f} | {m[0] / t[0]:.2f} | {m[0] - t[0]:+.2f} |")
    out += ["", f"Minimum thread CPU time (and wall time) per call over interleaved repetitions; torch threads: "
            f"{torch.get_num_threads()}. " + load_note(load_before, load_after)]
    return "\n".join(out)


def main(argv=None):
    a = parse_bench_args(argv)
    before = load_average()
    opt_rows, rows = optimizer_rows(a.quick), call_rows(a.quick)
    print(to_markdown(opt_rows, rows, before, load_average()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

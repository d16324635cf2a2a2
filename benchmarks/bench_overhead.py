"""Per-call overhead of the shim against native PyTorch, same process, interleaved runs.

1. a trivial Cell vs a trivial nn.Module (µs per call), called from this module (PyTorch code: the Cell records as
   PyTorch does) and from MindSpore code (a module namespace without torch: the outermost call turns grad mode
   off, common/grad_scope.py)
2. nn.Dense(16, 16) vs torch.nn.Linear(16, 16) at batch 1
3. a Cell with a forward hook vs a Module with one
4. ms_compat tensor methods (on an ms Tensor) vs the torch calls they become (on a plain tensor)
"""
from __future__ import annotations

import numpy as np
import torch

import ms_compat as ms
from ms_compat import nn
from benchmarks.common import Report, interleaved, load_average, load_note, target_cell


# a module namespace that imports MindSpore and not PyTorch: what MindSpore code looks like to ms_compat
_MS_CODE = {"__name__": "bench_mindspore_code", "ms": ms}
exec("def call(c, x):\n    return c(x)\n", _MS_CODE)  # noqa: S102
_ms_code_call = _MS_CODE["call"]


def _call(m, x):
    return m(x)


class TrivialCell(nn.Cell):
    def construct(self, x):
        return x


class TrivialModule(torch.nn.Module):
    def forward(self, x):
        return x


def run(quick=False):
    number = 2000 if quick else 20000
    repeat = 5 if quick else 9
    rows = Report(load_before=load_average())
    x = torch.randn(1, 16)
    xm = ms.Tensor(x)

    r = interleaved({"cell": lambda c=TrivialCell(): c(x), "module": lambda m=TrivialModule(): m(x)},
                    number=number, repeat=repeat)
    rows.append(("trivial Cell vs nn.Module call", r["cell"], r["module"], 1.3))
    r = interleaved({"cell": lambda c=TrivialCell(): _ms_code_call(c, x),
                     "module": lambda m=TrivialModule(): _call(m, x)}, number=number, repeat=repeat)
    rows.append(("trivial Cell called by MindSpore code vs nn.Module call", r["cell"], r["module"], 1.3))

    dense = nn.Dense(16, 16)
    lin = torch.nn.Linear(16, 16)
    with torch.no_grad():
        lin.weight.copy_(dense.weight)
        lin.bias.copy_(dense.bias)
    r = interleaved({"ms": lambda: dense(xm), "torch": lambda: lin(x)}, number=number, repeat=repeat)
    rows.append(("Dense(16,16) vs Linear(16,16), batch 1", r["ms"], r["torch"], None))

    ch, mh = TrivialCell(), TrivialModule()
    ch.register_forward_hook(lambda c, a, o: None)
    mh.register_forward_hook(lambda m, a, o: None)
    r = interleaved({"cell": lambda: ch(x), "module": lambda: mh(x)}, number=number, repeat=repeat)
    rows.append(("Cell vs Module with a forward hook", r["cell"], r["module"], None))

    a = torch.randn(4, 8, 16)
    am = ms.Tensor(a)
    methods = {
        "mean(axis=1, keep_dims=True) vs torch.mean(x, 1, True)": (lambda: am.mean(axis=1, keep_dims=True),
                                                                   lambda: torch.mean(a, 1, True)),
        "transpose(0, 2, 1) vs permute(0, 2, 1)": (lambda: am.transpose(0, 2, 1), lambda: a.permute(0, 2, 1)),
        "astype(float16) vs to(float16)": (lambda: am.astype(ms.float16), lambda: a.to(torch.float16)),
        "expand_dims(0) vs unsqueeze(0)": (lambda: am.expand_dims(0), lambda: a.unsqueeze(0)),
        "x + y": (lambda: am + am, lambda: a + a),
        ".shape": (lambda: am.shape, lambda: a.shape),
    }
    for name, (fm, ft) in methods.items():
        r = interleaved({"ms": fm, "torch": ft}, number=number, repeat=repeat)
        rows.append((f"Tensor.{name}", r["ms"], r["torch"], "1us"))
    rows.load_after = load_average()
    return rows


def to_markdown(rows):
    out = ["| case | ms_compat µs (min–max) | PyTorch µs (min–max) | ratio | overhead µs | target |",
           "|---|---|---|---|---|---|"]
    for name, m, t, target in rows:
        ratio = m[0] / t[0]
        over = (m[0] - t[0]) * 1e6
        if target == "1us":
            tgt = target_cell(m, t, 1e-6, diff=True)
        elif target:
            tgt = target_cell(m, t, target)
        else:
            tgt = ""
        out.append(f"| {name} | {m[0]*1e6:.2f} ({m[1]*1e6:.2f}–{m[2]*1e6:.2f}) | {t[0]*1e6:.2f} "
                   f"({t[1]*1e6:.2f}–{t[2]*1e6:.2f}) | {ratio:.2f} | {over:.2f} | {tgt} |")
    out += ["", "A target is judged only where the medians differ from it by more than the spreads' uncertainty "
            "(benchmarks/common.py, `judge`). " + load_note(getattr(rows, "load_before", None),
                                                          getattr(rows, "load_after", None))]
    return "\n".join(out)


if __name__ == "__main__":
    print(to_markdown(run()))

"""One optimizer step of the MindSpore-style optimizers against their ``torch.optim`` counterparts (issue 20).

The model has 100 parameters (50 ``Dense(64, 64)``: weight and bias); gradients are preset, so a timed call is
the update alone (no forward or backward). Three sides run interleaved, round-robin per repetition: the
ms_compat optimizer called with the gradient tuple, ``torch.optim.<X>`` with the same hyperparameters as PyTorch
picks by default on this device (on CPU the per-parameter loop), and the same with ``foreach=True`` (the
multi-tensor implementation). ``nn.Lamb`` has no ``torch.optim`` counterpart: it is timed against a
multi-tensor Lamb of the same rule written in plain torch (``_TorchLamb``; "default" and "foreach" are both that
reference). The target (≤ 1.05× the ``torch.optim`` default) is judged by ``benchmarks.common.judge``: not at
all where the spreads straddle it.

``python -m benchmarks.bench_optimizers [--quick] [--threads N]``; ``--quick`` uses 20 small parameters."""
from __future__ import annotations

import sys

import torch

from benchmarks.common import (Report, fmt_spread, interleaved, load_average, load_note, parse_bench_args,
                               target_cell)

TARGET = 1.05


class _TorchLamb:
    """``nn.Lamb``'s rule (MindSpore's Lamb kernel) as plain-torch multi-tensor calls, the reference it is timed
    against: ``m, v`` moments; ``r = m̂ / (sqrt(v̂) + eps) + wd·p``; ``p -= lr · (‖p‖/‖r‖) · r``."""

    def __init__(self, params, lr, betas=(0.9, 0.999), eps=1e-6, weight_decay=0.0):
        self.params = list(params)
        self.lr, self.betas, self.eps, self.weight_decay = lr, betas, eps, weight_decay
        self.m = [torch.zeros_like(p) for p in self.params]
        self.v = [torch.zeros_like(p) for p in self.params]
        self.t = 0

    @torch.no_grad()
    def step(self):
        (b1, b2), ps = self.betas, self.params
        gs = [p.grad for p in ps]
        self.t += 1
        torch._foreach_mul_(self.m, b1)
        torch._foreach_add_(self.m, gs, alpha=1.0 - b1)
        torch._foreach_mul_(self.v, b2)
        torch._foreach_addcmul_(self.v, gs, gs, value=1.0 - b2)
        r = torch._foreach_div(self.m, 1.0 - b1 ** self.t)
        denom = torch._foreach_div(self.v, 1.0 - b2 ** self.t)
        torch._foreach_sqrt_(denom)
        torch._foreach_add_(denom, self.eps)
        torch._foreach_div_(r, denom)
        if self.weight_decay:
            torch._foreach_add_(r, ps, alpha=self.weight_decay)
        wn, rn = torch.stack(torch._foreach_norm(ps)), torch.stack(torch._foreach_norm(r))
        ratio = torch.where((wn > 0) & (rn > 0), wn / rn, torch.ones_like(wn))
        torch._foreach_mul_(r, (self.lr * ratio).tolist())
        torch._foreach_sub_(ps, r)


def _pairs():
    """(name, make the ms_compat optimizer from Parameters, torch side label, make the torch one from tensors
    and a foreach flag (None: PyTorch's default))."""
    from ms_compat import experimental, nn

    def topt(cls, **kw):
        return lambda ps, foreach: cls(ps, **kw, **({} if foreach is None else {"foreach": foreach}))

    lamb = lambda ps, foreach: _TorchLamb(ps, 1e-3, weight_decay=0.01)  # noqa: E731
    eo = experimental.optim
    return [
        ("nn.Momentum(lr=0.01, momentum=0.9)", lambda ps: nn.Momentum(ps, 0.01, 0.9),
         "SGD(lr=0.01, momentum=0.9)", topt(torch.optim.SGD, lr=0.01, momentum=0.9)),
        ("nn.SGD(lr=0.01)", lambda ps: nn.SGD(ps, 0.01), "SGD(lr=0.01)", topt(torch.optim.SGD, lr=0.01)),
        ("nn.SGD(lr=0.01, momentum=0.9)", lambda ps: nn.SGD(ps, 0.01, momentum=0.9),
         "SGD(lr=0.01, momentum=0.9)", topt(torch.optim.SGD, lr=0.01, momentum=0.9)),
        ("nn.Adam(lr=1e-3)", lambda ps: nn.Adam(ps, 1e-3), "Adam(lr=1e-3)", topt(torch.optim.Adam, lr=1e-3)),
        ("nn.AdamWeightDecay(lr=1e-3, weight_decay=0.01)", lambda ps: nn.AdamWeightDecay(ps, 1e-3, weight_decay=0.01),
         "AdamW(lr=1e-3, weight_decay=0.01)", topt(torch.optim.AdamW, lr=1e-3, weight_decay=0.01)),
        ("nn.Adagrad(learning_rate=0.01)", lambda ps: nn.Adagrad(ps, learning_rate=0.01),
         "Adagrad(lr=0.01, initial_accumulator_value=0.1)",
         topt(torch.optim.Adagrad, lr=0.01, initial_accumulator_value=0.1)),
        ("nn.RMSProp(lr=0.01, momentum=0.9)", lambda ps: nn.RMSProp(ps, 0.01, momentum=0.9),
         "RMSprop(lr=0.01, alpha=0.9, momentum=0.9)", topt(torch.optim.RMSprop, lr=0.01, alpha=0.9, momentum=0.9)),
        ("nn.Lamb(lr=1e-3, weight_decay=0.01)", lambda ps: nn.Lamb(ps, 1e-3, weight_decay=0.01),
         "plain-torch multi-tensor Lamb (no torch.optim.Lamb)", lamb),
        ("experimental.optim.Adam(lr=1e-3)", lambda ps: eo.Adam(ps, lr=1e-3), "Adam(lr=1e-3)",
         topt(torch.optim.Adam, lr=1e-3)),
        ("experimental.optim.AdamW(lr=1e-3)", lambda ps: eo.AdamW(ps, lr=1e-3), "AdamW(lr=1e-3)",
         topt(torch.optim.AdamW, lr=1e-3)),
        ("experimental.optim.SGD(lr=0.01, momentum=0.9)", lambda ps: eo.SGD(ps, lr=0.01, momentum=0.9),
         "SGD(lr=0.01, momentum=0.9)", topt(torch.optim.SGD, lr=0.01, momentum=0.9)),
    ]


def _model(quick):
    """The ms_compat Parameters and gradients, and two plain-torch copies with ``.grad`` preset."""
    from ms_compat import Tensor, nn
    n, width = (10, 16) if quick else (50, 64)
    torch.manual_seed(0)
    cells = nn.CellList([nn.Dense(width, width) for _ in range(n)])
    params = list(cells.trainable_params())
    grads = tuple(Tensor(torch.randn(tuple(p.shape)) * 1e-2) for p in params)

    def plain():
        ts = [torch.nn.Parameter(p.detach().as_subclass(torch.Tensor).clone()) for p in params]
        for t, g in zip(ts, grads):
            t.grad = g.as_subclass(torch.Tensor).clone()
        return ts
    return params, grads, plain


def run(quick=False):
    number, repeat = (5, 3) if quick else (20, 11)
    rows = Report(load_before=load_average())
    for name, make_ms, tname, make_t in _pairs():
        params, grads, plain = _model(quick)
        ms_opt = make_ms(params)
        t_default, t_foreach = make_t(plain(), None), make_t(plain(), True)
        r = interleaved({"ms": lambda: ms_opt(grads), "default": t_default.step, "foreach": t_foreach.step},
                        number=number, repeat=repeat, warmup=max(2, number // 4))
        rows.append((name, tname, len(params), r["ms"], r["default"], r["foreach"]))
    rows.load_after = load_average()
    return rows


def to_markdown(rows):
    out = ["| ms_compat optimizer | torch counterpart | params | ms_compat µs | torch.optim default µs | ratio | "
           "target | torch.optim foreach=True µs | ratio vs foreach |", "|---|---|---|---|---|---|---|---|---|"]
    for name, tname, n, m, d, f in rows:
        out.append(f"| {name} | {tname} | {n} | {fmt_spread(m)} | {fmt_spread(d)} | {m[0] / d[0]:.3f} | "
                   f"{target_cell(m, d, TARGET)} | {fmt_spread(f)} | {m[0] / f[0]:.3f} |")
    out += ["", f"One step, gradients preset; medians (min–max) over interleaved repetitions; torch threads: "
            f"{torch.get_num_threads()}. A target is judged only where the medians differ from it by more than the "
            "spreads' uncertainty (benchmarks/common.py, `judge`). " + load_note(rows.load_before, rows.load_after)]
    return "\n".join(out)


def main(argv=None):
    a = parse_bench_args(argv)
    print(to_markdown(run(a.quick)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

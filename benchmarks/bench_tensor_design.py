"""The Tensor design measurement behind ARCHITECTURE.md: per-op cost of each candidate way to give
MindSpore code MindSpore tensor semantics, against plain torch, in the same process.

Candidates:
  plain        torch.Tensor, no shim (the baseline)
  ms_compat    ms_compat.Tensor: subclass with a lean __torch_function__ (the chosen design)
  default_tf   a subclass using torch's default __torch_function__ (results re-wrapped by torch)
  disabled_tf  a subclass with __torch_function__ disabled (cheap, but results fall back to plain
               torch.Tensor, so chained MindSpore code silently gets torch semantics)
  patched      torch.Tensor.mean monkeypatched globally to accept MindSpore keywords (costs every
               torch user; cannot resolve true conflicts such as std()/size)
"""
from __future__ import annotations

import torch

from benchmarks.common import interleaved, us

import ms_compat as ms


class _DefaultTF(torch.Tensor):
    pass


class _DisabledTF(torch.Tensor):
    __torch_function__ = torch._C._disabled_torch_function_impl


def run(quick=False):
    number = 2000 if quick else 20000
    repeat = 5 if quick else 7
    a, b = torch.randn(8, 8), torch.randn(8, 8)
    cands = {
        "plain": (a, b),
        "ms_compat": (ms.Tensor(a), ms.Tensor(b)),
        "default_tf": (a.as_subclass(_DefaultTF), b.as_subclass(_DefaultTF)),
        "disabled_tf": (a.as_subclass(_DisabledTF), b.as_subclass(_DisabledTF)),
    }
    orig_mean = torch.Tensor.mean

    def patched_mean(self, *args, axis=None, keep_dims=None, **kw):
        if axis is not None:
            return orig_mean(self, axis, bool(keep_dims))
        return orig_mean(self, *args, **kw)

    ops = {
        "x + y": lambda x, y: x + y,
        "torch.matmul": lambda x, y: torch.matmul(x, y),
        "x.sum(1)": lambda x, y: x.sum(1),
        "x.reshape(64)": lambda x, y: x.reshape(64),
        "F.relu": lambda x, y: torch.nn.functional.relu(x),
    }
    rows = []
    for op_name, op in ops.items():
        fns = {k: (lambda op=op, x=x, y=y: op(x, y)) for k, (x, y) in cands.items()}
        res = interleaved(fns, number=number, repeat=repeat)
        rows.append((op_name, {k: v[0] for k, v in res.items()}))
    # the global monkeypatch alternative: what every torch user would pay on x.mean(1)
    x = a
    base = interleaved({"plain": lambda: x.mean(1)}, number=number, repeat=repeat)["plain"][0]
    torch.Tensor.mean = patched_mean
    try:
        pat = interleaved({"patched": lambda: x.mean(1)}, number=number, repeat=repeat)["patched"][0]
    finally:
        torch.Tensor.mean = orig_mean
    rows.append(("x.mean(1) on plain torch", {"plain": base, "patched": pat}))
    return rows


def to_markdown(rows):
    cols = ["plain", "ms_compat", "default_tf", "disabled_tf", "patched"]
    out = ["| op (8×8 float32, CPU) | " + " | ".join(f"{c} µs" for c in cols) + " | ms_compat − plain µs |",
           "|---|" + "---|" * (len(cols) + 1)]
    for name, d in rows:
        cells = [us(d[c]) if c in d else "" for c in cols]
        over = us(d["ms_compat"] - d["plain"]) if "ms_compat" in d else ""
        out.append(f"| {name} | " + " | ".join(cells) + f" | {over} |")
    return "\n".join(out)


if __name__ == "__main__":
    print(to_markdown(run()))

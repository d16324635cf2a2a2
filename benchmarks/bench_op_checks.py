"""Per-call cost of MindSpore's argument errors on the success path (issue 32 item 7): the ops that check
dtypes, ranks and channels the way MindSpore 2.10 words them (ops.matmul, ops.softmax, nn.Dense, nn.Conv2d),
each against the PyTorch call it becomes, same process, interleaved runs. The checks run where torch raises
(or in one C-level dtype test), so the success path should cost what it cost without them.

``python -m benchmarks.bench_op_checks [--quick]``
"""
from __future__ import annotations

import sys

import torch
import torch.nn.functional as F

import ms_compat as ms
from ms_compat import nn, ops
from benchmarks.bench_overhead import to_markdown
from benchmarks.common import Report, interleaved, load_average


def run(quick=False):
    torch.set_num_threads(1)  # per-call cost, not intra-op scheduling on a shared machine
    number = 2000 if quick else 20000
    repeat = 5 if quick else 9
    rows = Report(load_before=load_average())
    x = torch.randn(4, 16)
    xm = ms.Tensor(x.numpy())
    w = torch.randn(16, 16)
    wm = ms.Tensor(w.numpy())
    r = interleaved({"ms": lambda: ops.matmul(xm, wm), "torch": lambda: torch.matmul(x, w)},
                    number=number, repeat=repeat)
    rows.append(("ops.matmul (4,16)x(16,16) vs torch.matmul", r["ms"], r["torch"], None))
    r = interleaved({"ms": lambda: ops.softmax(xm), "torch": lambda: torch.softmax(x, -1)},
                    number=number, repeat=repeat)
    rows.append(("ops.softmax (4,16) vs torch.softmax", r["ms"], r["torch"], None))
    dense, lin = nn.Dense(16, 16), torch.nn.Linear(16, 16)
    r = interleaved({"ms": lambda: dense(xm), "torch": lambda: lin(x)}, number=number, repeat=repeat)
    rows.append(("nn.Dense(16,16) vs torch.nn.Linear, batch 4", r["ms"], r["torch"], None))
    img = torch.randn(1, 3, 8, 8)
    imgm = ms.Tensor(img.numpy())
    conv = nn.Conv2d(3, 8, 3, pad_mode="valid")
    cw, cb = conv.weight.detach().clone(), None
    r = interleaved({"ms": lambda: conv(imgm), "torch": lambda: F.conv2d(img, cw, cb)},
                    number=number // 4, repeat=repeat)
    rows.append(("nn.Conv2d(3,8,3) (1,3,8,8) vs F.conv2d", r["ms"], r["torch"], None))
    rows.load_after = load_average()
    return rows


if __name__ == "__main__":
    print(to_markdown(run("--quick" in sys.argv)))

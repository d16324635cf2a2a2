"""Whole models, same weights, same process: corpus models (MindSpore-style code run through ms_compat)
against hand-written native PyTorch twins (native_twins.py) — eval forward and training step, eager and
``torch.compile``d; saved-for-backward bytes; ratios.

Full mode: ResNet-50 (width 64) at 8×3×224×224, ViT (224², patch 16, dim 192, depth 6) at batch 8,
BERT-style encoder (hidden 256, 4 layers) at batch 8 × seq 128, UNet (tests/models/unet.py, base width 16:
convs, BatchNorm, max pools, transposed convs, concat) at 4×3×128×128, a 2-layer bidirectional LSTM tagger
(tests/models/lstm_tagger.py, embedding 128, hidden 256) at batch 16 × seq 64. Quick mode: tiny shapes, checks the
machinery only.
"""
from __future__ import annotations

import pathlib
import sys
import time

import numpy as np
import torch

from benchmarks import native_twins
from benchmarks.common import Report, interleaved, load_average, load_note, target_cell
from benchmarks.model_configs import configs, make_inputs  # noqa: F401  (torch-free, shared with bench_mindspore)

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _ms_models():
    sys.path.insert(0, str(ROOT / "tests"))
    import ms_compat
    ms_compat.install(force=True)
    from models import bert, lstm_tagger, resnet50, unet, vit
    return ms_compat, resnet50, vit, bert, unet, lstm_tagger


def build_pair(name, quick, only=None):
    ms, resnet50, vit, bert, unet, lstm_tagger = _ms_models()
    ms_kw, t_kw, specs = configs(quick)[name]
    mod = {"resnet50": resnet50.ResNet, "vit": vit.ViT, "bert": bert.BertModel, "unet": unet.UNet,
           "lstm": lstm_tagger.LSTMTagger}[name]
    twin = {"resnet50": native_twins.ResNet, "vit": native_twins.ViT, "bert": native_twins.BertModel,
            "unet": native_twins.UNet, "lstm": native_twins.LSTMTagger}[name]
    torch.manual_seed(0)
    if only is not None:  # one side only (peak-RSS measurement)
        model = mod(**ms_kw) if only == "ms" else twin(**t_kw)
        arrays = make_inputs(specs)
        inputs = [ms.Tensor(a) for a in arrays] if only == "ms" else [torch.from_numpy(a) for a in arrays]
        return model, inputs
    m = mod(**ms_kw)
    t = twin(**t_kw)
    native_twins.copy_weights(m, t)
    arrays = make_inputs(specs)
    ms_in = [ms.Tensor(a) for a in arrays]
    t_in = [torch.from_numpy(a) for a in arrays]
    m.set_train(False)
    t.eval()
    with torch.no_grad():
        a, b = m(*ms_in), t(*t_in)
    a = a[0] if isinstance(a, tuple) else a
    b = b[0] if isinstance(b, tuple) else b
    np.testing.assert_allclose(a.asnumpy(), b.numpy(), rtol=1e-3, atol=1e-4)  # same model, same weights
    return m, t, ms_in, t_in


def _first(o):
    return o[0] if isinstance(o, (tuple, list)) else o


def step_fns(model, inputs, lr=1e-3):
    opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)

    def fwd():
        with torch.no_grad():
            return model(*inputs)

    def train():
        opt.zero_grad(set_to_none=True)
        loss = _first(model(*inputs)).float().square().mean()
        loss.backward()
        opt.step()
        return loss

    return fwd, train


def saved_bytes(model, inputs):
    total = [0]

    def pack(t):
        total[0] += t.numel() * t.element_size()
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        _first(model(*inputs)).float().square().mean().backward()
    model.zero_grad(set_to_none=True)
    return total[0]


# Quick mode checks the machinery: the compiled rows of the first three pairs cover it, and compiling the
# UNet and LSTM pairs too would add minutes of TorchDynamo/Inductor work to the quick test.
_QUICK_EAGER_ONLY = frozenset(("unet", "lstm"))


def run(quick=False, compile_models=True, only=None):
    number, repeat = (1, 5) if quick else (1, 5)
    rows = Report(load_before=load_average())
    for name in configs(quick):
        if only and name not in only:
            continue
        m, t, ms_in, t_in = build_pair(name, quick)
        for mode in ("eval", "train"):
            m.set_train(mode == "train")
            t.train(mode == "train")
            fm, tm = step_fns(m, ms_in), step_fns(t, t_in)
            idx = 0 if mode == "eval" else 1
            r = interleaved({"ms": fm[idx], "torch": tm[idx]}, number=number, repeat=repeat, warmup=1)
            rows.append((name, mode, "eager", r["ms"], r["torch"]))
            if compile_models and (not quick or name not in _QUICK_EAGER_ONLY):
                cm, ct = torch.compile(m), torch.compile(t)
                fcm, fct = step_fns(cm, ms_in), step_fns(ct, t_in)
                t0 = time.perf_counter()
                fcm[idx]()
                c_ms = time.perf_counter() - t0
                t0 = time.perf_counter()
                fct[idx]()
                c_t = time.perf_counter() - t0
                r = interleaved({"ms": fcm[idx], "torch": fct[idx]}, number=number, repeat=repeat, warmup=1)
                rows.append((name, mode, f"compiled (compile {c_ms:.0f}s / {c_t:.0f}s)", r["ms"], r["torch"]))
        m.set_train(True)
        t.train(True)
        rows.append((name, "train", "saved-for-backward bytes", (saved_bytes(m, ms_in),) * 3,
                     (saved_bytes(t, t_in),) * 3))
    rows.load_after = load_average()
    return rows


def to_markdown(rows):
    out = ["| model | step | mode | ms_compat | native PyTorch | ratio | target |", "|---|---|---|---|---|---|---|"]
    for name, step, mode, a, b in rows:
        ratio = a[0] / b[0]
        if "bytes" in mode:
            out.append(f"| {name} | {step} | {mode} | {a[0] / 2**20:.1f} MiB | {b[0] / 2**20:.1f} MiB | {ratio:.3f} "
                       f"| ≤ 1.02 {'met' if ratio <= 1.02 else 'not met'} |")
            continue
        tgt = 1.01 if mode.startswith("compiled") else 1.03
        out.append(f"| {name} | {step} | {mode} | {a[0]*1e3:.1f} ms ({a[1]*1e3:.1f}–{a[2]*1e3:.1f}) | "
                   f"{b[0]*1e3:.1f} ms ({b[1]*1e3:.1f}–{b[2]*1e3:.1f}) | {ratio:.3f} | {target_cell(a, b, tgt)} |")
    out += ["", "Step times: a target is judged only where the medians differ from it by more than the spreads' "
            "uncertainty (benchmarks/common.py, `judge`). " + load_note(getattr(rows, "load_before", None),
                                                                      getattr(rows, "load_after", None))]
    return "\n".join(out)


if __name__ == "__main__":
    picked = [a.split("=", 1)[1].split(",") for a in sys.argv if a.startswith("--only=")]  # --only=bert,lstm
    print(to_markdown(run(quick="--quick" in sys.argv, compile_models="--no-compile" not in sys.argv,
                          only=picked[0] if picked else None)))

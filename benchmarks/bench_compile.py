"""Graph mode vs PyNative for three corpus models: ``ms.jit`` (→ ``torch.compile``) against eager, per
MindSpore jit level, with the compile time reported on its own.

    python -m benchmarks.bench_compile [--quick] [--device cpu|cuda] [--threads N] [--levels O0,O1]

Models: the corpus LeNet-5 (tests/models/lenet.py, batch 32), ViT and BERT-style encoder at the sizes of
benchmarks/model_configs.py (the same as the native-twin comparison). The code is the unchanged
MindSpore-style model code run through ``ms_compat.install()``.

Per model and step (``eval``: forward under no_grad; ``train``: forward + backward): eager ms/step; then
for each jit level (O0 → ``aot_eager``, O1 → ``inductor``; see migration_guides/graph-mode.md) the compile
time (the first call, cold: PyTorch's on-disk compile caches off) and the compiled ms/step. Times are
medians of ``repeat`` rounds after warm-up, min–max in parentheses; the eager and compiled callables are
timed round-robin so machine drift affects both alike.
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import time

import torch

from benchmarks.common import interleaved, machine_info
from benchmarks.model_configs import configs, make_inputs

ROOT = pathlib.Path(__file__).resolve().parent.parent
LEVELS = {"O0": "aot_eager", "O1": "inductor"}


def build(name, quick, device):
    """(net, inputs) for a corpus model, MindSpore code run through ms_compat."""
    sys.path.insert(0, str(ROOT / "tests"))
    import ms_compat
    ms_compat.install(force=True)
    import mindspore as ms
    from models import bert, lenet, vit
    if device == "cuda":
        ms.set_context(device_target="GPU")
    ms.set_seed(0)
    if name == "lenet":
        net = lenet.LeNet5()
        specs = [((4 if quick else 32, 1, 32, 32), "f")]
    else:
        kw, _, specs = configs(quick)[name]
        net = {"vit": vit.ViT, "bert": bert.BertModel}[name](**kw)
    return ms, net, [ms.Tensor(a) for a in make_inputs(specs)]


def _first(o):
    return o[0] if isinstance(o, (tuple, list)) else o


def step(fn, inputs, train, sync):
    if train:
        def run():
            _first(fn(*inputs)).float().square().mean().backward()
            sync()
    else:
        def run():
            with torch.no_grad():
                fn(*inputs)
            sync()
    return run


def measure(name, quick, device, levels, repeat):
    """Rows (model, step, level, eager (med, min, max), compile s, compiled (med, min, max))."""
    ms, net, inputs = build(name, quick, device)
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    rows = []
    for train in (False, True):
        net.set_train(train)
        eager = step(net, inputs, train, sync)
        for level in levels:
            torch._dynamo.reset()
            compiled_net = ms.jit(net, jit_level=level)
            compiled = step(compiled_net, inputs, train, sync)
            t0 = time.perf_counter()
            compiled()
            compile_s = time.perf_counter() - t0
            r = interleaved({"eager": eager, "compiled": compiled}, number=1, repeat=repeat, warmup=1)
            rows.append((name, "train" if train else "eval", level, r["eager"], compile_s, r["compiled"]))
        net.zero_grad(set_to_none=True)
    return rows


def run(quick=False, device="cpu", levels=("O0", "O1")):
    import torch._functorch.config as functorch_config
    import torch._inductor.config as inductor_config
    inductor_config.fx_graph_cache = False  # report a cold compile, not an on-disk cache hit
    functorch_config.enable_autograd_cache = False
    repeat = 3 if quick else 7
    rows = []
    for name in ("lenet", "vit", "bert"):
        rows += measure(name, quick, device, levels, repeat)
    return rows


def _ms(m):
    return f"{m[0] * 1e3:.1f} ({m[1] * 1e3:.1f}–{m[2] * 1e3:.1f})"


def to_markdown(rows, device="cpu"):
    out = [f"device {device}, torch {torch.__version__}, {torch.get_num_threads()} threads; ms/step, median (min–max)",
           "", "| model | step | jit level (backend) | eager ms | compile s | compiled ms | compiled / eager |",
           "|---|---|---|---|---|---|---|"]
    for name, stp, level, eager, compile_s, comp in rows:
        out.append(f"| {name} | {stp} | {level} ({LEVELS[level]}) | {_ms(eager)} | {compile_s:.1f} | {_ms(comp)} | "
                   f"{comp[0] / eager[0]:.2f} |")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="tiny shapes, few repetitions (checks the machinery)")
    ap.add_argument("--device", default="cpu", choices=("cpu", "cuda"))
    ap.add_argument("--threads", type=int, default=0, help="torch.set_num_threads (0: leave as is)")
    ap.add_argument("--levels", default="O0,O1", help="comma-separated jit levels to compile with")
    a = ap.parse_args(argv)
    if a.threads:
        torch.set_num_threads(a.threads)
    levels = tuple(x for x in a.levels.split(",") if x)
    print(machine_info())
    print(to_markdown(run(a.quick, a.device, levels), a.device))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

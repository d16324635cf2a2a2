"""A training step written the way each framework's users write it, same model and weights, same process
(``python -m benchmarks.bench_train_idiom [--quick]``) — the measurement of issue 20's first paragraph.

* ms_compat, MindSpore's functional idiom: ``loss, grads = ms.value_and_grad(forward, None,
  opt.parameters)(x, y)`` then ``opt(grads)`` with ``nn.Momentum(lr=0.01, momentum=0.9)``;
* ms_compat, MindSpore's cell idiom: ``TrainOneStepCell(WithLossCell(net, loss), Momentum)``;
* native PyTorch: ``opt.zero_grad(); loss = crit(net(x), y); loss.backward(); opt.step()`` with
  ``torch.optim.SGD(lr=0.01, momentum=0.9)`` (its default implementation on this device).

The models are the bench_models pairs (tests/models, benchmarks/native_twins.py) with a softmax
cross-entropy loss on integer labels (MindSpore's ``SoftmaxCrossEntropyWithLogits(sparse=True,
reduction='mean')`` / ``F.cross_entropy``), eval forward excluded. Interleaved, median (min–max) ms per step,
glibc's malloc thresholds pinned (``benchmarks.common.pin_allocator``).
"""
from __future__ import annotations

import sys

import numpy as np
import torch

from benchmarks import bench_models
from benchmarks.common import Report, interleaved, load_average, load_note, pin_allocator, target_cell

TARGET = 1.03
# (bench_models pair, its keyword overrides for ms side and twin, inputs): ResNet with the bottleneck blocks of
# tests/models/resnet50.py in ResNet-18's stage depths at 112², and the BERT-style encoder.
FULL = {
    "resnet (2,2,2,2) 112²": ("resnet50", dict(layers=(2, 2, 2, 2), width=64), [((8, 3, 112, 112), "f")]),
    "bert": ("bert", None, None),
}
QUICK = {
    "resnet (1,1,1,1) 32²": ("resnet50", dict(layers=(1, 1, 1, 1), width=8), [((2, 3, 32, 32), "f")]),
}


def _pair(kind, kw, specs, quick):
    ms, resnet50, vit, bert, unet, lstm_tagger = bench_models._ms_models()
    ms_kw, t_kw, default_specs = bench_models.configs(quick)[kind]
    if kw is not None:
        ms_kw, t_kw = dict(ms_kw, **kw), dict(t_kw, **kw)
    specs = specs or default_specs
    mod = {"resnet50": resnet50.ResNet, "bert": bert.BertModel}[kind]
    twin = {"resnet50": bench_models.native_twins.ResNet, "bert": bench_models.native_twins.BertModel}[kind]
    torch.manual_seed(0)
    m, t = mod(**ms_kw), twin(**t_kw)
    bench_models.native_twins.copy_weights(m, t)
    arrays = bench_models.make_inputs(specs)
    return ms, m, t, [ms.Tensor(a) for a in arrays], [torch.from_numpy(a) for a in arrays]


def _steps(ms, m, t, ms_in, t_in):
    out = bench_models._first(t(*t_in))
    n_cls = out.shape[-1]
    labels = np.random.default_rng(1).integers(0, n_cls, size=out.shape[:-1]).astype(np.int32)
    ms_y, t_y = ms.Tensor(labels), torch.from_numpy(labels.astype(np.int64))
    m.set_train(True)
    t.train()
    crit = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def flat(logits):
        return logits.reshape(-1, n_cls)

    class WithLoss(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net

        def construct(self, *xs):
            *inputs, y = xs
            return crit(flat(bench_models._first(self.net(*inputs))), y.reshape(-1))

    opt_f = ms.nn.Momentum(m.trainable_params(), learning_rate=0.01, momentum=0.9)

    def forward(*xs):
        *inputs, y = xs
        return crit(flat(bench_models._first(m(*inputs))), y.reshape(-1))
    grad_fn = ms.value_and_grad(forward, None, opt_f.parameters)

    def ms_functional():
        loss, grads = grad_fn(*ms_in, ms_y)
        opt_f(grads)
        return loss

    opt_c = ms.nn.Momentum(m.trainable_params(), learning_rate=0.01, momentum=0.9)
    step_cell = ms.nn.TrainOneStepCell(WithLoss(m), opt_c)
    step_cell.set_train(True)

    def ms_cell():
        return step_cell(*ms_in, ms_y)

    opt_t = torch.optim.SGD(t.parameters(), lr=0.01, momentum=0.9)
    # the two sides compute the same loss from the same weights (the bench times the same work)
    native_loss = torch.nn.functional.cross_entropy(bench_models._first(t(*t_in)).reshape(-1, n_cls), t_y.reshape(-1))
    np.testing.assert_allclose(float(forward(*ms_in, ms_y)), float(native_loss), rtol=1e-4)

    def native():
        opt_t.zero_grad(set_to_none=True)
        loss = torch.nn.functional.cross_entropy(bench_models._first(t(*t_in)).reshape(-1, n_cls), t_y.reshape(-1))
        loss.backward()
        opt_t.step()
        return loss
    return ms_functional, ms_cell, native


def run(quick=False):
    """Times each model's three steps; glibc's malloc thresholds are pinned first (``pin_allocator``: with the
    dynamic default, whichever form runs after another pays page faults for memory the other gave back)."""
    pin_allocator()
    rows = Report(load_before=load_average())
    for label, (kind, kw, specs) in (QUICK if quick else FULL).items():
        ms, m, t, ms_in, t_in = _pair(kind, kw, specs, quick)
        ms_functional, ms_cell, native = _steps(ms, m, t, ms_in, t_in)
        res = interleaved({"functional": ms_functional, "cell": ms_cell, "native": native}, number=1,
                          repeat=3 if quick else 15, warmup=2)
        rows.append((label, res["functional"], res["cell"], res["native"]))
    rows.load_after = load_average()
    return rows


def to_markdown(rows) -> str:
    def ms_(v):
        return f"{v[0] * 1e3:.1f} ({v[1] * 1e3:.1f}–{v[2] * 1e3:.1f})"
    lines = ["| model | value_and_grad + nn.Momentum ms | TrainOneStepCell ms | native backward + SGD ms | "
             "functional / native | cell / native |", "|---|---|---|---|---|---|"]
    for label, f, c, n in rows:
        lines.append(f"| {label} | {ms_(f)} | {ms_(c)} | {ms_(n)} | {f[0] / n[0]:.3f} {target_cell(f, n, TARGET)} | "
                     f"{c[0] / n[0]:.3f} {target_cell(c, n, TARGET)} |")
    return "\n".join(lines) + "\n\n" + load_note(rows.load_before, rows.load_after)


if __name__ == "__main__":
    print(to_markdown(run(quick="--quick" in sys.argv)))

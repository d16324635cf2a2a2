"""``ops.LSTM`` (the primitive ``nn.LSTM`` runs on CPU, and the node MindSpore's MindIR files hold for it) on real
MindSpore 2.10 CPU: outputs for its packed weight layout (all layers' input weights, then all recurrent weights,
then the projections, then one bias per gate: ``b_ih + b_hh``), and the errors of bad arguments. oneDNN stacks
layers per direction (a bidirectional stack is two independent stacks, concatenated at the end) and needs
``input_size`` equal to the (projected) hidden size when ``num_layers > 1``: the cases follow that.

Writes tests/reference_data/ops_lstm/cases.npz (inputs and outputs per case) and cases.json (arguments, output
shapes, errors); and tagger.mindir, a small ``nn.LSTM`` network (embedding, 2-layer bidirectional batch-first LSTM,
dense) exported by MindSpore, with its GraphCell's output (tagger.npz): the MindIR ``LSTM`` nodes, stored small.
"""
from __future__ import annotations

import numpy as np
import mindspore as ms
from mindspore import ops

import refutil

AREA = "ops_lstm"
# (name, input_size, hidden_size, num_layers, has_bias, bidirectional, proj_size, seq_len, batch)
CASES = [
    ("basic", 3, 4, 1, True, False, 0, 5, 2),
    ("no_bias", 3, 4, 1, False, False, 0, 4, 3),
    ("bidirectional", 5, 3, 1, True, True, 0, 6, 2),
    ("two_layers", 4, 4, 2, True, False, 0, 3, 2),
    ("two_layers_bidirectional", 3, 3, 2, True, True, 0, 4, 1),
    ("projection", 3, 5, 1, True, False, 2, 4, 2),
    ("projection_bidirectional_two_layers", 2, 6, 2, True, True, 2, 3, 2),
]


def weight_count(i, h, layers, has_bias, bi, proj):
    """The values MindSpore's CPU kernel reads (its ``weight_size_`` counts ``hidden_size * num_directions`` inputs
    for every layer after the first, whatever oneDNN reads: a gap, which a shorter ``w`` would overrun)."""
    d = 2 if bi else 1
    real = proj or h
    n = sum(4 * h * (i if l == 0 else h * d) for l in range(layers)) * d
    n += 4 * h * real * layers * d + h * proj * layers * d
    return n + (4 * h * layers * d if has_bias else 0)


def main():
    rng = np.random.default_rng(0)
    arrays, summary = {}, {}
    for name, i, h, layers, has_bias, bi, proj, t, n in CASES:
        d = 2 if bi else 1
        real = proj or h
        x = rng.standard_normal((t, n, i)).astype(np.float32)
        h0 = rng.standard_normal((layers * d, n, real)).astype(np.float32) * 0.5
        c0 = rng.standard_normal((layers * d, n, h)).astype(np.float32) * 0.5
        w = rng.uniform(-0.5, 0.5, (weight_count(i, h, layers, has_bias, bi, proj), 1, 1)).astype(np.float32)
        op = ops.LSTM(i, h, layers, has_bias, bi, 0.0, proj)
        out = op(ms.Tensor(x), ms.Tensor(h0), ms.Tensor(c0), ms.Tensor(w))
        for k, v in (("x", x), ("h", h0), ("c", c0), ("w", w)):
            arrays[f"{name}/{k}"] = v
        for k, o in zip(("output", "h_n", "c_n"), out[:3]):
            arrays[f"{name}/{k}"] = o.asnumpy()
        summary[name] = {"args": [i, h, layers, has_bias, bi, 0.0, proj],
                         "shapes": [list(o.shape) for o in out], "dtypes": [str(o.dtype) for o in out]}
    errors = {
        "proj_size_too_big": refutil.error_of(lambda: ops.LSTM(3, 4, 1, True, False, 0.0, 4)),
        "dropout_out_of_range": refutil.error_of(lambda: ops.LSTM(3, 4, 1, True, False, 1.5)),
        "dropout_not_float": refutil.error_of(lambda: ops.LSTM(3, 4, 1, True, False, 0)),
        "has_bias_not_bool": refutil.error_of(lambda: ops.LSTM(3, 4, 1, 1, False, 0.0)),
        "hidden_size_zero": refutil.error_of(lambda: ops.LSTM(3, 0, 1, True, False, 0.0)),
        "multilayer_input_size": refutil.error_of(lambda: ops.LSTM(3, 4, 2, True, False, 0.0)(
            ms.Tensor(np.ones((2, 1, 3), np.float32)), ms.Tensor(np.zeros((2, 1, 4), np.float32)),
            ms.Tensor(np.zeros((2, 1, 4), np.float32)),
            ms.Tensor(np.ones((weight_count(3, 4, 2, True, False, 0), 1, 1), np.float32)))),
    }
    summary["_errors"] = errors
    refutil.save_npz(AREA, "cases", **arrays)
    refutil.save_json(AREA, "cases", summary)
    export_tagger()


def export_tagger():
    from mindspore import nn

    class Tagger(nn.Cell):
        def __init__(self):
            super().__init__()
            self.embedding = nn.Embedding(20, 6)
            self.lstm = nn.LSTM(6, 5, num_layers=2, has_bias=True, batch_first=True, bidirectional=True)
            self.fc = nn.Dense(10, 3)

        def construct(self, tokens):
            out, (h, c) = self.lstm(self.embedding(tokens))
            return self.fc(out), h, c

    net = Tagger()
    net.set_train(False)
    rng = np.random.default_rng(1)
    for p in net.get_parameters():
        p.set_data(ms.Tensor(rng.uniform(-0.5, 0.5, p.shape).astype(np.float32)))
    tokens = ms.Tensor(rng.integers(0, 20, (2, 5)).astype(np.int32))
    target = refutil.out_dir(AREA) / "tagger.mindir"
    if target.exists():
        target.chmod(0o600)
        target.unlink()
    ms.export(net, tokens, file_name=str(target), file_format="MINDIR")
    outs = nn.GraphCell(ms.load(str(target)))(tokens)
    refutil.save_npz(AREA, "tagger", tokens=tokens.asnumpy(), **{f"output{i}": o.asnumpy() for i, o in enumerate(outs)})


if __name__ == "__main__":
    main()

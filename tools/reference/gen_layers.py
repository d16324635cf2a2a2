"""Reference data for ms_compat.nn layers and mindspore.common.initializer (run under real MindSpore 2.10).

Writes tests/reference_data/layers/{cases.json, cases.npz, reprs.json, errors.json, init.json}.
Case definitions live in layer_cases.py (shared with tests/nn/).
"""
import json
import math
import re
import sys

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.common.initializer import (initializer, Normal, Uniform, TruncatedNormal, XavierUniform, XavierNormal,
                                          HeUniform, HeNormal, Constant, Zero, One, Identity, Orthogonal, Dirac,
                                          Sparse, VarianceScaling)

import refutil
from layer_cases import CASES, REPRS, ERRORS, INITS, EXACT_INITS, INIT_ERRORS, SNIPPETS

ms.set_context(mode=ms.PYNATIVE_MODE)
ms.set_seed(1)
AREA = "layers"


def make_input(rng, shape, kind):
    if kind == "f":
        return rng.standard_normal(shape).astype(np.float32)
    if kind.startswith("i"):
        return rng.integers(0, int(kind[1:]), shape).astype(np.int32)
    if kind.startswith("l:"):
        return np.array([int(v) for v in kind[2:].split(",")], np.int32)
    if kind == "m":  # additive float attention mask
        m = np.zeros(shape, np.float32)
        m[rng.random(shape) < 0.3] = -1e4
        m[:, 0] = 0.0
        return m
    if kind == "kpm":  # bool key padding mask: True = ignore
        m = np.zeros(shape, bool)
        m[-1, -1] = True
        return m
    raise ValueError(kind)


def flatten(out):
    if isinstance(out, (tuple, list)):
        res = []
        for o in out:
            res += flatten(o)
        return res
    return [out]


def error_of(fn):
    """[exception type, first meaningful line of the message] or None (skips MindSpore's banner lines)."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        lines = [l.strip() for l in str(e).splitlines() if l.strip() and not l.strip().startswith("---")
                 and not l.strip().startswith("- ")]
        return [type(e).__name__, lines[0] if lines else ""]
    return None


def pack(arrays):
    """All arrays in one float32 vector (an npz member per array costs more than the data) + a layout
    ``{case: {key: [offset, shape] (+ dtype when not float32)}}``."""
    buf, layout, off = [], {}, 0
    for key, a in arrays.items():
        cid, rest = key.split("|", 1)
        a = np.asarray(a)
        buf.append(a.astype(np.float32).ravel())
        entry = [off, list(a.shape)] + ([str(a.dtype)] if a.dtype != np.float32 else [])
        layout.setdefault(cid, {})[rest] = entry
        off += a.size
    return {"data": np.concatenate(buf)}, layout


def norm_repr(s):
    return re.sub(r" at 0x[0-9a-f]+", " at 0x", s)


def run_case(case, rng, arrays):
    cid, ctor, inputs, call, train, want_grad = case
    net = eval(ctor)
    net.set_train(train)
    call_fn = eval(call) if call else (lambda n, *a: n(*a))
    xs_np = [make_input(rng, s, k) for s, k in inputs]
    xs = [Tensor(x) for x in xs_np]
    info = {"repr": norm_repr(repr(net)), "train": train}
    named = list(net.parameters_and_names())
    info["params"] = [[k, p.name, list(p.shape), bool(p.requires_grad)] for k, p in named]
    before = {k: p.asnumpy().copy() for k, p in named}
    for i, x in enumerate(xs_np):
        arrays[f"{cid}|x{i}"] = x
    for k, v in before.items():
        arrays[f"{cid}|p|{k}"] = v
    outs = flatten(call_fn(net, *xs))
    info["out_shapes"] = [list(o.shape) for o in outs]
    for k, p in named:  # undo any moving-statistics update of the probing forward
        p.set_data(Tensor(before[k]))
    cots = [rng.standard_normal(o.shape).astype(np.float32) for o in outs]
    for i, c in enumerate(cots):
        arrays[f"{cid}|cot{i}"] = c
    float_pos = tuple(i for i, (_, k) in enumerate(inputs) if k in ("f",))
    weights = net.trainable_params()

    def fwd(*a):
        o = flatten(call_fn(net, *a))
        loss = 0
        for oi, ci in zip(o, cots):
            loss = loss + (oi.astype(ms.float32) * Tensor(ci)).sum()
        return (loss, *o)

    gf = ms.value_and_grad(fwd, grad_position=float_pos if float_pos else None, weights=weights, has_aux=True)
    (loss, *outs), grads = gf(*xs)
    for i, o in enumerate(outs):
        arrays[f"{cid}|out{i}"] = o.asnumpy()
    if float_pos:
        gx, gw = grads
        if not isinstance(gx, (tuple, list)):
            gx = (gx,)
        for pos, g in zip(float_pos, gx):
            arrays[f"{cid}|gx{pos}"] = g.asnumpy()
    else:
        gw = grads
    wnames = [p.name for p in weights]
    key_of = {id(p): k for k, p in named}
    info["grad_params"] = []
    for p, g in zip(weights, gw):
        k = key_of[id(p)]
        info["grad_params"].append(k)
        arrays[f"{cid}|g|{k}"] = g.asnumpy()
    for k, p in named:
        if not p.requires_grad:
            arrays[f"{cid}|after|{k}"] = p.asnumpy()
    return info


def main():
    rng = np.random.default_rng(0)
    arrays, cases = {}, {}
    for case in CASES:
        try:
            cases[case[0]] = run_case(case, rng, arrays)
        except Exception as e:  # recorded: the test documents MindSpore's failure
            cases[case[0]] = {"ms_error": error_of(lambda: (_ for _ in ()).throw(e))}
            print("case failed under MindSpore:", case[0], cases[case[0]]["ms_error"], file=sys.stderr)
    packed, layout = pack(arrays)
    for cid, lay in layout.items():
        cases[cid]["layout"] = lay
    # compact JSON (the layout tables would triple the file with indentation)
    (refutil.out_dir(AREA) / "cases.json").write_text(json.dumps(cases, sort_keys=True, separators=(",", ":")) + "\n")
    refutil.save_npz(AREA, "cases", **packed)

    reprs = {}
    for expr in REPRS:
        try:
            reprs[expr] = norm_repr(repr(eval(expr)))
        except Exception as e:
            reprs[expr] = "ERROR " + type(e).__name__ + ": " + str(e)
    reprs["bool"] = {e: bool(eval(e)) for e in ("nn.SequentialCell()", "nn.CellList()", "nn.CellDict()",
                                                 "nn.SequentialCell(nn.ReLU())", "nn.CellList([nn.ReLU()])")}
    refutil.save_json(AREA, "reprs", reprs)

    errors = {e: error_of(lambda e=e: eval(e)) for e in ERRORS}
    errors.update({e: error_of(lambda e=e: eval(e)) for e in INIT_ERRORS})
    refutil.save_json(AREA, "errors", errors)

    from collections import OrderedDict
    snippets = {}
    for sid, code in SNIPPETS.items():
        ns = {"nn": nn, "np": np, "Tensor": Tensor, "OrderedDict": OrderedDict, "ms": ms}
        try:
            exec(code, ns)
            snippets[sid] = ns["out"]
        except Exception as e:  # noqa: BLE001
            snippets[sid] = {"error": error_of(lambda: (_ for _ in ()).throw(e))}
    refutil.save_json(AREA, "snippets", snippets)

    init = {"stats": {}, "exact": {}}
    for iid, expr, shape in INITS:
        t = initializer(eval(expr), shape, ms.float32).init_data().asnumpy().astype(np.float64)
        st = {"mean": t.mean(), "std": t.std(), "min": t.min(), "max": t.max(), "shape": list(t.shape),
              "zero_frac": float((t == 0).mean())}
        if iid.startswith(("orthogonal", "Orthogonal")):
            m = t.reshape(t.shape[0], -1)
            st["gram_rows"] = bool(m.shape[0] <= m.shape[1])
            g = m @ m.T if m.shape[0] <= m.shape[1] else m.T @ m
            st["gram_diag"] = float(np.mean(np.diag(g)))
            st["gram_offdiag_max"] = float(np.max(np.abs(g - np.diag(np.diag(g)))))
        init["stats"][iid] = {k: (float(v) if not isinstance(v, (list, bool)) else v) for k, v in st.items()}
    for iid, expr, shape, dt in EXACT_INITS:
        t = initializer(eval(expr), shape, getattr(ms, dt)).init_data()
        init["exact"][iid] = {"dtype": str(t.dtype), "shape": list(t.shape),
                              "values": t.astype(ms.float32).asnumpy().tolist()}
    from mindspore.common import initializer as minit
    init["aliases"] = sorted(minit._INITIALIZER_ALIAS.keys())
    refutil.save_json(AREA, "init", init)


if __name__ == "__main__":
    main()

"""Helpers for the layer reference tests: load the packed MindSpore 2.10 reference arrays."""
import pathlib
import re
import sys

import numpy as np
import torch

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"))

from conftest import load_ref_json, load_ref_npz  # noqa: E402
import layer_cases  # noqa: E402,F401

_CACHE = {}


def refs():
    if not _CACHE:
        _CACHE["cases"] = load_ref_json("layers", "cases")
        _CACHE["npz"] = load_ref_npz("layers", "cases")
    return _CACHE["cases"], _CACHE["npz"]


def get(cid, key):
    cases, npz = refs()
    entry = cases[cid]["layout"][key]
    off, shape = entry[0], entry[1]
    dtype = entry[2] if len(entry) > 2 else "float32"
    n = int(np.prod(shape)) if shape else 1
    return npz["data"][off:off + n].reshape(shape).astype(dtype)


def has(cid, key):
    return key in refs()[0][cid]["layout"]


def norm_repr(s):
    s = re.sub(r" at 0x[0-9a-f]+", " at 0x", s)
    return s.replace("ms_compat.common.initializer", "mindspore.common.initializer")


def flatten(out):
    if isinstance(out, (tuple, list)):
        res = []
        for o in out:
            res += flatten(o)
        return res
    return [out]


def assert_outputs_and_grads_match(case, out, xs, named):
    """The outputs of one layer case equal MindSpore's and are MindSpore Tensors; the gradients of
    sum(out_i * cot_i) w.r.t. the float inputs and the parameters MindSpore differentiated equal its own."""
    from ms_compat import Tensor
    cid, _, inputs, _, _, want_grad = case
    ref = refs()[0][cid]
    outs = flatten(out)
    assert [list(o.shape) for o in outs] == ref["out_shapes"]
    loss = 0
    for i, o in enumerate(outs):
        assert type(o) is Tensor, f"output {i} is {type(o)}"
        np.testing.assert_allclose(o.asnumpy(), get(cid, f"out{i}"), rtol=1e-4, atol=1e-5, err_msg=f"out{i}")
        loss = loss + (o.float() * torch.from_numpy(get(cid, f"cot{i}"))).sum()
    float_x = [x for x, (_, k) in zip(xs, inputs) if k == "f"]
    params = dict(named)
    wrt = float_x + [params[k] for k in ref["grad_params"]]
    if not (wrt and want_grad):  # want_grad=False only where MindSpore's own gradient is wrong (layer_cases)
        return
    grads = torch.autograd.grad(loss, wrt, allow_unused=True)
    fpos = [i for i, (_, k) in enumerate(inputs) if k == "f"]
    for pos, g in zip(fpos, grads[:len(float_x)]):
        exp = get(cid, f"gx{pos}")
        g = np.zeros_like(exp) if g is None else g.detach().numpy()
        np.testing.assert_allclose(g, exp, rtol=1e-3, atol=1e-5, err_msg=f"grad x{pos}")
    for k, g in zip(ref["grad_params"], grads[len(float_x):]):
        exp = get(cid, f"g|{k}")
        g = np.zeros_like(exp) if g is None else g.detach().numpy()
        np.testing.assert_allclose(g, exp, rtol=1e-3, atol=1e-5, err_msg=f"grad {k}")

"""Every layer case of tools/reference/layer_cases.py against real MindSpore 2.10: parameter names,
shapes and requires_grad, repr, forward outputs, input and parameter gradients, and the moving
statistics after a training-mode forward (BatchNorm)."""
import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import Tensor, nn

from ms_compat.common.grad_scope import recording
from _layer_ref import assert_outputs_and_grads_match, get, has, layer_cases, norm_repr, refs

NS = {"nn": nn, "Tensor": Tensor, "np": np, "ms": ms}
RUNNABLE = [c for c in layer_cases.CASES if "ms_error" not in refs()[0][c[0]]]


def _build(case):
    cid, ctor, inputs, call, train, _ = case
    net = eval(ctor, NS)
    net.set_train(train)
    call_fn = eval(call, NS) if call else (lambda n, *a: n(*a))
    return net, call_fn


@pytest.mark.parametrize("case", RUNNABLE, ids=[c[0] for c in RUNNABLE])
def test_layer_matches_mindspore(case):
    cid, ctor, inputs, call, train, want_grad = case
    ref = refs()[0][cid]
    net, call_fn = _build(case)
    named = list(net.parameters_and_names())
    got = [[k, p.name, list(p.shape), bool(p.requires_grad)] for k, p in named]
    assert got == ref["params"]
    assert norm_repr(repr(net)) == ref["repr"]
    for k, p in named:
        p.set_data(Tensor(get(cid, f"p|{k}")))
    xs = []
    for i, (_, kind) in enumerate(inputs):
        a = get(cid, f"x{i}")
        t = Tensor(a)
        if kind == "f":
            t.requires_grad_(True)
        xs.append(t)
    with recording():  # the check differentiates the output with torch.autograd (common/grad_scope.py)
        out = call_fn(net, *xs)
    assert_outputs_and_grads_match(case, out, xs, named)
    for k, p in named:
        if has(cid, f"after|{k}"):
            np.testing.assert_allclose(p.asnumpy(), get(cid, f"after|{k}"), rtol=1e-4, atol=1e-5,
                                       err_msg=f"{k} after the forward")

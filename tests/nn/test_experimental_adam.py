"""mindspore.experimental.optim.Adam against real MindSpore 2.10 (tools/reference/gen_exp_adam.py): MindSpore's
ops.Adam rule (eps before the bias correction), torch-style groups, maximize, weight decay, state names."""
import numpy as np
import pytest

from conftest import load_ref_json, load_ref_npz

from ms_compat import Parameter, Tensor
from ms_compat.experimental.optim import Adam  # noqa: F401 - used by the case sources

META = load_ref_json("optim", "exp_adam")
ARR = load_ref_npz("optim", "exp_adam")
NAMES = ["fc.weight", "bn.gamma", "fc.bias"]


@pytest.mark.parametrize("name", sorted(META["cases"]))
def test_adam_trajectory(name):
    p = [Parameter(Tensor(ARR[f"init/{k}"].copy()), name=k) for k in NAMES]
    opt = eval(META["cases"][name])
    assert [q.name for q in opt.get_parameters()] == META[name]["names"]
    for s in range(4):
        opt(tuple(Tensor(ARR[f"grad{s}/{q.name}"]) for q in opt.parameters))
        for q in p:
            np.testing.assert_allclose(q.asnumpy(), ARR[f"{name}/step{s}/{q.name}"], rtol=1e-5, atol=1e-6)
    for q in opt.get_parameters():
        np.testing.assert_allclose(q.asnumpy(), ARR[f"{name}/state/{q.name}"], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("key,make", [("lr", lambda b: Adam([b], lr=-1.0)), ("beta", lambda b: Adam([b], betas=(0.9, 1.0)))])
def test_adam_errors(key, make):
    b = Parameter(Tensor(ARR["init/fc.bias"]), name="b")
    with pytest.raises(ValueError) as ei:
        make(b)
    assert [type(ei.value).__name__, str(ei.value)] == META["_errors"][key]

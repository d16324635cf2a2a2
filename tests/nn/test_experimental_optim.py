"""mindspore.experimental.optim.AdamW against real MindSpore 2.10 (tools/reference/gen_optim.py)."""
import numpy as np
import pytest
import torch

from conftest import load_ref_json, load_ref_npz

from ms_compat import Parameter, Tensor
from ms_compat.experimental.optim import AdamW

META = load_ref_json("optim", "exp_adamw")
ARR = load_ref_npz("optim", "exp_adamw")
BASE = load_ref_npz("optim", "optim")
NAMES = ["fc.weight", "bn.gamma", "fc.bias"]


def make_params():
    return [Parameter(Tensor(BASE[f"init/{k}"].copy()), name=k) for k in NAMES]


CASES = {
    "default": lambda p: AdamW(p),
    "nondefault": lambda p: AdamW(p, lr=0.01, betas=(0.8, 0.95), eps=1e-3, weight_decay=0.1, amsgrad=True),
    "groups_maximize": lambda p: AdamW([{"params": p[:1], "lr": 0.05}, {"params": p[1:], "weight_decay": 0.0}],
                                       lr=0.01, maximize=True),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_adamw_trajectory(name):
    ps = make_params()
    opt = CASES[name](ps)
    assert [p.name for p in opt.get_parameters()] == META[name]["names"]
    assert repr(opt) == META[name]["repr"]
    for s in range(4):
        opt(tuple(Tensor(BASE[f"grad{s}/{p.name}"]) for p in opt.parameters))
        for p in ps:
            np.testing.assert_allclose(p.asnumpy(), ARR[f"{name}/step{s}/{p.name}"], rtol=1e-4, atol=1e-5)
    for p in opt.get_parameters():
        np.testing.assert_allclose(p.asnumpy(), ARR[f"{name}/state/{p.name}"], rtol=1e-4, atol=1e-5)


def test_adamw_matches_torch_rule():
    ps = make_params()
    opt = AdamW(ps, lr=0.01, weight_decay=0.1)
    qs = [torch.nn.Parameter(torch.tensor(BASE[f"init/{k}"])) for k in NAMES]
    topt = torch.optim.AdamW(qs, lr=0.01, weight_decay=0.1)
    for s in range(4):
        opt(tuple(Tensor(BASE[f"grad{s}/{k}"]) for k in NAMES))
        for q, k in zip(qs, NAMES):
            q.grad = torch.tensor(BASE[f"grad{s}/{k}"])
        topt.step()
    for p, q in zip(ps, qs):
        np.testing.assert_allclose(p.asnumpy(), q.detach().numpy(), rtol=1e-5, atol=1e-6)


ERRORS = {
    "lr": lambda: AdamW(make_params(), lr=-1.0),
    "beta": lambda: AdamW(make_params(), betas=(1.0, 0.9)),
    "set": lambda: AdamW([{"params": set(make_params())}]),
    "overlap": lambda: (lambda q: AdamW([{"params": q}, {"params": q[:1]}]))(make_params()),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_errors(name):
    etype, msg = META["_errors"][name]
    with pytest.raises(Exception) as ei:
        ERRORS[name]()
    assert type(ei.value).__name__ == etype and str(ei.value) == msg

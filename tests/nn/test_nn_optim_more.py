"""nn.ASGD, nn.Rprop, nn.Adadelta, nn.ProximalAdagrad, nn.FTRL against real MindSpore 2.10
(tools/reference/gen_nn_optim_more.py): 3-step trajectories with default and non-default arguments, state values
by name, and the errors of bad arguments."""
import numpy as np
import pytest

from conftest import load_ref_json, load_ref_npz

from ms_compat import Parameter, Tensor, nn  # noqa: F401 - used by the case sources

META = load_ref_json("optim", "nn_optim_more")
ARR = load_ref_npz("optim", "nn_optim_more")
NAMES = ["w", "b"]


def _params():
    return [Parameter(Tensor(ARR[f"init/{k}"].copy()), name=k) for k in NAMES]


@pytest.mark.parametrize("name", sorted(META["cases"]))
def test_trajectory(name):
    p = _params()
    opt = eval(META["cases"][name])
    for s in range(3):
        opt(tuple(Tensor(ARR[f"grad{s}/{q.name}"]) for q in p))
        for q in p:
            np.testing.assert_allclose(q.asnumpy(), ARR[f"{name}/step{s}/{q.name}"], rtol=1e-5, atol=1e-6)
    ours = {q.name: q for q in opt.get_parameters()}
    for key in META[name]["names"]:
        if key.startswith("learning_rate") or key == "global_step":
            continue
        np.testing.assert_allclose(ours[key].asnumpy(), ARR[f"{name}/state/{key}"], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", sorted(META["errors"]))
def test_errors(name):
    src, expected = META["errors"][name]
    p = _params()  # noqa: F841 - used by the case source
    with pytest.raises(Exception) as ei:
        eval(src)
    assert [type(ei.value).__name__, str(ei.value).splitlines()[0]] == expected


def test_ftrl_l1_follows_the_documented_update():
    """MindSpore documents p = (sign(z) l1 - z) / (n^-lr_power / lr + 2 l2) where |z| > l1 (its CPU kernel was
    observed to use +l1 for negative z)."""
    p0 = np.array([0.5, 1.5, -0.6], np.float32)
    g = np.array([-0.8, -0.05, 2.8], np.float32)
    p = Parameter(Tensor(p0.copy()), name="p")
    nn.FTRL([p], initial_accum=0.2, learning_rate=0.1, lr_power=-0.7, l1=0.05, l2=0.1)((Tensor(g),))
    n = 0.2 + g.astype(np.float64) ** 2
    z = g - (n ** 0.7 - 0.2 ** 0.7) / 0.1 * p0
    expect = np.where(np.abs(z) > 0.05, (np.sign(z) * 0.05 - z) / (n ** 0.7 / 0.1 + 0.2), 0.0)
    np.testing.assert_allclose(p.asnumpy(), expect, rtol=1e-5, atol=1e-6)

"""The other mindspore.experimental.optim optimizers (SGD, ASGD, Adadelta, Adagrad, Adamax, NAdam, RAdam, RMSprop,
Rprop) against real MindSpore 2.10 (tools/reference/gen_exp_optim.py): 3-step trajectories for default and
non-default arguments and parameter groups, state names and values, and the errors of bad arguments."""
import numpy as np
import pytest

from conftest import load_ref_json, load_ref_npz

from ms_compat import Parameter, Tensor, nn, ops
from ms_compat.experimental import optim  # noqa: F401 - used by the case sources

META = load_ref_json("optim", "exp_optim_more")
ARR = load_ref_npz("optim", "exp_optim_more")
NAMES = ["w", "b"]


def _params():
    return [Parameter(Tensor(ARR[f"init/{k}"].copy()), name=k) for k in NAMES]


@pytest.mark.parametrize("name", sorted(META["cases"]))
def test_trajectory(name):
    p = _params()
    opt = eval(META["cases"][name])
    assert [q.name for q in opt.get_parameters()] == META[name]["names"]
    for s in range(3):
        opt(tuple(Tensor(ARR[f"grad{s}/{q.name}"]) for q in opt.parameters))
        for q in p:
            np.testing.assert_allclose(q.asnumpy(), ARR[f"{name}/step{s}/{q.name}"], rtol=1e-5, atol=1e-6)
    for q in opt.get_parameters():
        np.testing.assert_allclose(q.asnumpy(), ARR[f"{name}/state/{q.name}"], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", sorted(META["errors"]))
def test_errors(name):
    src, expected = META["errors"][name]
    p = _params()  # noqa: F841 - used by the case source
    with pytest.raises(Exception) as ei:
        eval(src)
    assert [type(ei.value).__name__, str(ei.value).splitlines()[0]] == expected


def test_trains_a_cell_with_value_and_grad():
    net = nn.Dense(3, 1)
    opt = optim.RMSprop(net.trainable_params(), lr=0.05)
    x = Tensor(np.random.default_rng(0).standard_normal((8, 3)).astype(np.float32))
    y = x.sum(1, keepdims=True)
    fn = ops.value_and_grad(lambda a, b: ((net(a) - b) ** 2).mean(), None, opt.parameters)
    first = None
    for _ in range(30):
        loss, grads = fn(x, y)
        opt(grads)
        first = first if first is not None else float(loss)
    assert float(loss) < first / 4

"""``ms_compat.common.initializer`` against real MindSpore 2.10: random initializers by their
statistics (same distribution, different generator), deterministic ones exactly, aliases, errors
(in tests/nn/test_layers_reprs_errors.py), and the Tensor/Parameter entry points."""
import math

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import Parameter, Tensor
from ms_compat.common import dtype as mstype
from ms_compat.common import initializer as minit
from ms_compat.common.initializer import (Constant, Dirac, HeNormal, HeUniform, Identity, Normal, One, Orthogonal,
                                          Sparse, TruncatedNormal, Uniform, VarianceScaling, XavierNormal,
                                          XavierUniform, Zero, initializer)

from _layer_ref import layer_cases, load_ref_json

INIT = load_ref_json("layers", "init")
NS = {k: getattr(minit, k) for k in minit.__all__}
NS["math"] = math
BOUNDED = ("uniform", "Uniform_s", "TruncNorm_ab", "xavier_uniform", "XavierUniform_g", "he_uniform", "HeUniform_fo",
           "heuniform_sqrt5", "varscale_default")


@pytest.mark.parametrize("case", layer_cases.INITS, ids=[c[0] for c in layer_cases.INITS])
def test_random_initializer_statistics(case):
    iid, expr, shape = case
    ref = INIT["stats"][iid]
    torch.manual_seed(0)
    np.random.seed(0)  # MindSpore's initializers draw their seed from numpy's global generator (init_random)
    t = initializer(eval(expr, NS), shape, ms.float32)
    assert isinstance(t, Tensor) and t.shape == tuple(ref["shape"]) and t.dtype == ms.float32
    a = t.asnumpy().astype(np.float64)
    assert abs(a.std() - ref["std"]) <= 0.05 * ref["std"]
    if "gram_diag" not in ref:  # (orthogonal matrices are too small for a stable mean)
        assert abs(a.mean() - ref["mean"]) <= 0.05 * ref["std"] + 1e-6
    assert abs((a == 0).mean() - ref["zero_frac"]) <= 0.02
    if iid in BOUNDED:  # both reach (and never pass) the same bound
        bound = max(abs(ref["min"]), abs(ref["max"]))
        assert np.abs(a).max() <= bound * 1.001
        assert np.abs(a).max() >= bound * 0.97
    if "gram_diag" in ref:
        m = a.reshape(a.shape[0], -1)
        g = m @ m.T if ref["gram_rows"] else m.T @ m
        np.testing.assert_allclose(np.diag(g), ref["gram_diag"], rtol=1e-5)
        assert np.abs(g - np.diag(np.diag(g))).max() < 1e-5


@pytest.mark.parametrize("case", layer_cases.EXACT_INITS, ids=[c[0] for c in layer_cases.EXACT_INITS])
def test_deterministic_initializer_values(case):
    iid, expr, shape, dt = case
    ref = INIT["exact"][iid]
    t = initializer(eval(expr, NS), shape, getattr(ms, dt))
    assert mstype.dtype_str(t.dtype) == ref["dtype"]
    assert list(t.shape) == ref["shape"]
    np.testing.assert_array_equal(t.float().asnumpy(), np.asarray(ref["values"], np.float32))


def test_alias_table_matches_mindspore():
    assert sorted(minit._INITIALIZER_ALIAS) == INIT["aliases"]
    assert isinstance(initializer("TruncatedNormal", (4, 4)), Tensor)  # aliases are case-insensitive


def test_defaults_and_argument_order():
    assert Normal().sigma == 0.01 and Normal().mean == 0.0 and Normal(0.2).sigma == 0.2
    assert Uniform().scale == 0.07
    t = TruncatedNormal()
    assert (t.sigma, t.mean, t.a, t.b) == (0.01, 0.0, -2.0, 2.0)
    h = HeUniform()
    assert (h.negative_slope, h.mode, h.nonlinearity) == (0, "fan_in", "leaky_relu")
    assert XavierUniform().gain == 1 and Orthogonal().gain == 1.0


def test_seed_governs_values():
    ms.set_seed(3)
    a = initializer("normal", (8, 8)).asnumpy()
    ms.set_seed(3)
    b = initializer(Normal(), (8, 8)).asnumpy()
    np.random.seed(3)  # as in MindSpore, the initializers' seeds come from numpy's global generator
    torch.manual_seed(4)  # ... and torch's generator plays no part
    c = initializer("normal", (8, 8)).asnumpy()
    np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(a, c)


def test_tensor_init_and_parameter_set_data():
    t = Tensor(shape=(2, 3), dtype=ms.float16, init=One())
    assert t.dtype == ms.float16 and (t.asnumpy() == 1).all()
    t = Tensor(shape=[4], dtype=ms.int32, init="zeros")
    assert t.dtype == ms.int32 and (t.asnumpy() == 0).all()
    p = Parameter(initializer("normal", (3, 4)), name="w")
    p.set_data(initializer(Constant(0.5), (3, 4)))
    assert p.name == "w" and (p.asnumpy() == 0.5).all() and isinstance(p, Parameter)
    q = Parameter(initializer(Identity(), [3, 3]), name="q")
    np.testing.assert_array_equal(q.asnumpy(), np.eye(3, dtype=np.float32))
    r = p.clone(init="ones")
    assert (r.asnumpy() == 1).all()


def test_initializer_tensor_passthrough_and_callable():
    src = Tensor(np.ones((2, 2), np.float32))
    assert initializer(src, (2, 2)) is src
    arr = np.zeros((3, 3), np.float32)
    Identity()(arr)  # Initializer objects fill numpy arrays in place, as in MindSpore
    np.testing.assert_array_equal(arr, np.eye(3))
    with pytest.raises(TypeError):
        initializer(None, (2,))


def test_dirac_is_identity_convolution():
    from ms_compat import nn
    conv = nn.Conv2d(3, 3, 3, weight_init=Dirac())
    x = Tensor(np.random.default_rng(0).standard_normal((1, 3, 5, 5)).astype(np.float32))
    np.testing.assert_allclose(conv(x).asnumpy(), x.asnumpy(), atol=1e-6)

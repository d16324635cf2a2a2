"""Layer reprs, container truthiness and constructor/call errors against real MindSpore 2.10."""
import numpy as np
import pytest

import ms_compat as ms
from ms_compat import Tensor, nn
from ms_compat.common.initializer import (Constant, Dirac, HeNormal, HeUniform, Identity, Normal, One, Orthogonal,
                                          Sparse, TruncatedNormal, Uniform, VarianceScaling, XavierNormal,
                                          XavierUniform, Zero, initializer)

from _layer_ref import layer_cases, load_ref_json, norm_repr

NS = dict(nn=nn, Tensor=Tensor, np=np, ms=ms, initializer=initializer, Normal=Normal, Uniform=Uniform,
          TruncatedNormal=TruncatedNormal, XavierUniform=XavierUniform, XavierNormal=XavierNormal, HeUniform=HeUniform,
          HeNormal=HeNormal, Constant=Constant, Zero=Zero, One=One, Identity=Identity, Orthogonal=Orthogonal,
          Dirac=Dirac, Sparse=Sparse, VarianceScaling=VarianceScaling)
REPRS = load_ref_json("layers", "reprs")
ERRORS = load_ref_json("layers", "errors")

# Messages we reproduce only in type (MindSpore's text names its internal C++ kernels/shapes)
TYPE_ONLY = {
    "nn.Conv2d(3, 2, 3)(Tensor(np.ones((1, 4, 5, 5), np.float32)))",
    "nn.Dense(3, 2)(Tensor(np.ones((2, 4), np.float32)))",
    "nn.LayerNorm((3, 4))(Tensor(np.ones((2, 3, 4), np.float32)))",
}
# MindSpore 2.10 cannot run these on CPU (no kernel); ms_compat computes them (documented in layers guide)
MS_CPU_UNSUPPORTED = {
    "nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1])(Tensor(np.ones((1, 2, 4, 4), np.float32)))",
    "nn.InstanceNorm2d(3)(Tensor(np.ones((2, 3, 3, 3), np.float32)))",
}


@pytest.mark.parametrize("expr", layer_cases.REPRS)
def test_repr(expr):
    expected = REPRS[expr]
    if expected.startswith("ERROR "):  # MindSpore rejects the constructor itself
        with pytest.raises(Exception) as info:
            eval(expr, NS)
        assert f"ERROR {type(info.value).__name__}: {info.value}" == expected
        return
    assert norm_repr(repr(eval(expr, NS))) == expected


def test_container_truthiness():
    for expr, expected in REPRS["bool"].items():
        assert bool(eval(expr, NS)) is expected, expr


def _error_of(expr):
    try:
        eval(expr, NS)
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e).strip().splitlines()[0] if str(e).strip() else ""]
    return None


@pytest.mark.parametrize("expr", sorted(ERRORS))
def test_error(expr):
    expected = ERRORS[expr]
    got = _error_of(expr)
    if expr in MS_CPU_UNSUPPORTED:
        assert expected[0] == "RuntimeError" and "Unsupported op" in expected[1]
        assert got is None
        return
    if expected is None:
        assert got is None
        return
    assert got is not None, f"no error raised, MindSpore raises {expected}"
    assert got[0] == expected[0]
    if expr not in TYPE_ONLY:
        assert got[1] == expected[1]

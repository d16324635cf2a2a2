"""ApplyFtrl, ApplyAdagradDA, Betainc, FFTWithSize, NoRepeatNGram, ResizeArea, MatrixLogarithm and TensorDump /
ops.tensordump against MindSpore 2.10 (tools/reference/gen_covtrain_ops.py, run here through the alias):
outputs, in-place updates of the optimizer Primitives, dtypes, written files, error types of bad input."""
import pathlib
import runpy

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_covtrain_ops.py"
REF = load_ref_json("ops", "covtrain_ops")
TOL = {"betainc": 2e-5, "matrix_log": 1e-5, "fft": 1e-5}


@pytest.fixture(scope="module")
def got():
    ms_compat.install()
    try:
        return runpy.run_path(str(GEN), run_name="gen_covtrain_ops")["run"]()
    finally:
        ms_compat.uninstall()


def _same(g, r, tol, where):
    if isinstance(r, list) and r and isinstance(r[0], dict):
        assert isinstance(g, list) and len(g) == len(r), where
        for i, (a, b) in enumerate(zip(g, r)):
            _same(a, b, tol, f"{where}[{i}]")
        return
    if isinstance(r, dict) and "dtype" in r:
        assert isinstance(g, dict) and g.get("dtype") == r["dtype"], f"{where}: {g.get('dtype')} != {r['dtype']}"
        for k in ("v", "re", "im"):
            if k in r:
                np.testing.assert_allclose(np.asarray(g[k], np.float64), np.asarray(r[k], np.float64), rtol=tol,
                                           atol=tol, err_msg=where)
        return
    if isinstance(r, dict) and all(isinstance(v, dict) for v in r.values()):
        assert sorted(g) == sorted(r), where
        for k in r:
            _same(g[k], r[k], tol, f"{where}.{k}")
        return
    assert g == r, f"{where}: {g!r} != {r!r}"


@pytest.mark.parametrize("area", sorted(REF))
def test_as_mindspore(got, area):
    for case, ref in REF[area].items():
        _same(got[area][case], ref, TOL.get(area, 1e-6), f"{area}.{case}")


def test_betainc_edges_and_errors():
    from ms_compat import Tensor
    from ms_compat.ops import operations as P
    out = P.Betainc()(Tensor(np.array([-1.0, 2.0], np.float32)), Tensor(np.array([1.0, 2.0], np.float32)),
                      Tensor(np.array([0.5, 1.5], np.float32))).asnumpy()
    assert np.isnan(out).all()
    with pytest.raises(TypeError):
        P.Betainc()(Tensor(np.ones(2, np.float32)), Tensor(np.ones(2, np.float64)), Tensor(np.ones(2, np.float32)))
    with pytest.raises(ValueError):
        P.Betainc()(Tensor(np.ones(2, np.float32)), Tensor(np.ones(3, np.float32)), Tensor(np.ones(2, np.float32)))


def test_optimizer_primitives_reject_int():
    from ms_compat import Tensor, Parameter
    from ms_compat.ops import operations as P
    v = Parameter(Tensor(np.ones((2, 2), np.int32)))
    with pytest.raises(TypeError):
        P.ApplyFtrl()(v, v, v, Tensor(np.ones((2, 2), np.int32)), 0.1, 0.0, 0.0, -0.5)
    f = Parameter(Tensor(np.ones((2, 2), np.float32)))
    with pytest.raises(TypeError):
        P.ApplyAdagradDA()(f, f, f, Tensor(np.ones((2, 2), np.float32)), 0.1, 0.0, 0.0, 1.5)


def test_fft_with_size_signal_sizes():
    # MindSpore 2.10's CPU kernel fails (SystemError) on irfft with signal_sizes; checked against numpy instead
    from ms_compat import Tensor
    from ms_compat.ops import operations as P
    c = (np.random.RandomState(1).randn(3, 3) + 1j * np.random.RandomState(2).randn(3, 3)).astype(np.complex64)
    got = P.FFTWithSize(2, True, True, norm="forward", signal_sizes=(3, 5))(Tensor(c)).asnumpy()
    np.testing.assert_allclose(got, np.fft.irfftn(c, s=(3, 5), norm="forward"), rtol=1e-5, atol=1e-5)

"""mindspore.dataset.audio transforms and utils against MindSpore 2.10 (tools/reference/gen_dataset_audio.py run
through the import alias): same shapes and dtypes, values within float32 rounding."""
import pathlib
import runpy

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json, load_ref_npz

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_dataset_audio.py"
ARR = load_ref_npz("dataset", "audio")
ERR = load_ref_json("dataset", "audio_errors")


@pytest.fixture(scope="module")
def got():
    ms_compat.install()
    try:
        return runpy.run_path(str(GEN), run_name="gen_dataset_audio")["run_all"]()
    finally:
        ms_compat.uninstall()


SHAPE_ONLY = ()


@pytest.mark.parametrize("key", sorted(ARR))
def test_matches_mindspore(got, key):
    ref, out = ARR[key], got[key]
    assert not isinstance(out, str), f"{key}: ms_compat raised {out}"
    assert out.shape == ref.shape and out.dtype == ref.dtype, (out.shape, out.dtype, ref.shape, ref.dtype)
    if key in SHAPE_ONLY:
        return
    if ref.dtype.kind == "f":
        np.testing.assert_allclose(out, ref, rtol=1e-4, atol=1e-4 * max(1.0, float(np.abs(ref).max())))
    else:
        assert np.abs(out.astype(np.int64) - ref.astype(np.int64)).max() <= 0


@pytest.mark.parametrize("key", sorted(ERR))
def test_same_errors(got, key):
    assert got[key] == ERR[key]


def test_lfilter_without_scipy_matches(monkeypatch):
    import sys
    from ms_compat.dataset.audio.filters import lfilter
    x = np.random.RandomState(0).uniform(-1, 1, (2, 50)).astype(np.float32)
    ref = lfilter(x, [1.0, -0.5, 0.2], [0.3, 0.2, 0.1])
    monkeypatch.setitem(sys.modules, "scipy.signal", None)  # import fails: the numpy difference equation runs
    np.testing.assert_allclose(lfilter(x, [1.0, -0.5, 0.2], [0.3, 0.2, 0.1]), ref, rtol=1e-6, atol=1e-6)


def test_random_dither_shapes_and_seed():
    import ms_compat.dataset as ds
    import ms_compat.dataset.audio as A
    w = np.random.RandomState(1).uniform(-0.5, 0.5, (2, 40)).astype(np.float32)
    for fn in (A.DensityFunction.RPDF, A.DensityFunction.GPDF):
        ds.config.set_seed(4)
        a = A.Dither(fn)(w)
        ds.config.set_seed(4)
        b = A.Dither(fn)(w)
        assert a.shape == w.shape and a.dtype == np.float32 and np.array_equal(a, b)
        assert np.abs(a - w).max() < 0.01

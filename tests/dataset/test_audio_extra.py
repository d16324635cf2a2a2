"""Flanger, Phaser and DetectPitchFrequency against MindSpore 2.10 (tools/reference/gen_dataset_audio_extra.py run
through the import alias): same shapes and dtypes, values within float32 rounding, the same error types."""
import pathlib
import runpy

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json, load_ref_npz

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_dataset_audio_extra.py"
ARR = load_ref_npz("dataset", "audio_extra")
ERR = load_ref_json("dataset", "audio_extra_errors")


@pytest.fixture(scope="module")
def gen():
    ms_compat.install()
    try:
        g = runpy.run_path(str(GEN), run_name="gen_dataset_audio_extra")
        return g["run_all"](), g["run_errors"]()
    finally:
        ms_compat.uninstall()


@pytest.mark.parametrize("key", sorted(ARR))
def test_matches_mindspore(gen, key):
    ref, out = ARR[key], gen[0][key]
    assert not isinstance(out, str), f"{key}: ms_compat raised {out}"
    assert out.shape == ref.shape and out.dtype == ref.dtype, (out.shape, out.dtype, ref.shape, ref.dtype)
    np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-5 * max(1.0, float(np.abs(ref).max())))


@pytest.mark.parametrize("key", sorted(ERR))
def test_same_errors(gen, key):
    got = gen[0][key[4:]] if key.startswith("run:") else gen[1][key]
    assert got == ERR[key]

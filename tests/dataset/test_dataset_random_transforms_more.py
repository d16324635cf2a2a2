"""Seeded random transforms draw MindSpore 2.10's numbers (references:
tools/reference/gen_dataset_random_transforms_more.py): ``CutMixBatch`` (every image and label value, in a ``map``
over seeds x worker counts and called directly, and MindSpore's messages for bad input), ``CutOut`` and
``BoundingBoxAugment`` (every pixel), ``GriffinLim``'s random
start (within float32 rounding, the tolerance measured from a float32 run of the same algorithm), and MindSpore's
random transforms beside a Python function in a ``python_multiprocessing=True`` map; ``InverseMelScale``'s
random start and descent (within float32 rounding)."""

import numpy as np
import pytest

import ms_compat
from ms_compat import dataset as ds
from ms_compat.dataset import audio, transforms, vision
from ms_compat.dataset.core import config

from dataset_reference import reference, run_keeping_dataset_seed  # noqa: E402 (also puts tools/reference on the path)
from dataset_random_transforms_more_cases import griffinlim_cases, inverse_mel_cases, run  # noqa: E402

REF = reference("transforms_more.npz")


@pytest.fixture(scope="module")
def ours():
    ms_compat.install()
    return run_keeping_dataset_seed(run, ds, vision, transforms, audio)


def _kinds(prefix):
    return sorted({"|".join(k.split("|")[:2]) for k in REF.files if k.startswith(prefix + "|")})


def test_same_cases(ours):
    assert sorted(ours) == sorted(REF.files)


@pytest.mark.parametrize("kind", _kinds("cutmix") + _kinds("cutout") + _kinds("bbox_augment") + _kinds("mp"))
def test_values_are_mindspores(ours, kind):
    keys = [k for k in REF.files if k.startswith(kind + "|")]
    wrong = [k for k in keys if ours[k].dtype != REF[k].dtype or not np.array_equal(ours[k], REF[k])]
    assert not wrong, f"{len(wrong)}/{len(keys)} differ, e.g. {wrong[0]}"


@pytest.mark.parametrize("key", sorted(k for k in REF.files if k.startswith("cutmix_err|")))
def test_cutmix_errors_are_mindspores(ours, key):
    assert str(ours[key]) == str(REF[key])


def _float32_rounding(kind):
    """How far float32 arithmetic takes the cases of ``kind`` from the same cases in float64 (the same random
    starts): MindSpore computes them in float32; the tolerance is measured on these very inputs, not chosen."""
    saved = config._state["seed"]
    cls, attr, cases = {"griffinlim": (audio.GriffinLim, "_dtype", griffinlim_cases),
                        "inverse_mel": (audio.InverseMelScale, "_arith", inverse_mel_cases)}[kind]
    try:
        setattr(cls, attr, np.float32 if kind == "griffinlim" else None)
        narrow = cases(ds, audio)
        setattr(cls, attr, np.float64)
        wide = cases(ds, audio)
    finally:
        setattr(cls, attr, np.float64 if kind == "griffinlim" else None)
        config._state["seed"] = saved
    return {k: float(np.abs(wide[k].astype(np.float64) - narrow[k]).max()) for k in wide}


@pytest.mark.parametrize("kind", ["griffinlim", "inverse_mel"])
def test_random_start_is_mindspores(ours, kind):
    rounding = _float32_rounding(kind)
    keys = [k for k in REF.files if k.startswith(kind + "|")]
    assert keys and sorted(rounding) == sorted(keys)
    for k in keys:
        tol = 4 * rounding[k]
        assert 0 < tol < 1e-3, (k, tol)
        assert ours[k].shape == REF[k].shape and ours[k].dtype == REF[k].dtype
        np.testing.assert_allclose(ours[k], REF[k], rtol=0, atol=tol, err_msg=k)


def test_griffinlim_start_is_not_a_unit_phase():
    """MindSpore's random start is complex(u, v) of two uniforms (magnitude up to sqrt(2)), not exp(i phi)."""
    from ms_compat.dataset.audio.more import _griffinlim_start
    config.set_seed(3)
    start = _griffinlim_start(audio.GriffinLim(), (1, 5, 7))
    assert start.shape == (1, 5, 7) and not np.allclose(np.abs(start), 1.0)
    assert (start.real >= 0).all() and (start.imag >= 0).all() and (start.real < 1).all()


@pytest.mark.parametrize("count", [1, 5, 700, 2000])
def test_array_draws_are_the_engines_stream(count):
    """``canonical_doubles``/``canonical_floats`` (the random starts' draws) take the very words ``word()`` would,
    across the engine's 624-word refills, and leave the stream where the one-at-a-time draws leave it."""
    from ms_compat.dataset.core.cpp_random import Mt19937
    one, many = Mt19937(5), Mt19937(5)
    one.word(), many.word()
    assert np.array_equal(np.array([one.canonical_double() for _ in range(count)]), many.canonical_doubles(count))
    assert np.array_equal(np.array([one.canonical_float() for _ in range(count)], np.float32),
                          many.canonical_floats(count))
    assert one.word() == many.word()

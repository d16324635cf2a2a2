"""Seeded random vision transforms draw MindSpore 2.10's numbers (references:
tools/reference/gen_dataset_random_transforms.py): every output pixel of each transform inside a ``map`` over
seeds x worker counts, epoch after epoch and on a fresh iterator, and of a transform called directly (MindSpore
builds a fresh C++ operation per call, seeded ``GetSeed()``)."""
import pathlib
import sys

import numpy as np
import pytest

import ms_compat
from ms_compat import dataset as ds
from ms_compat.dataset import audio, transforms, vision
from ms_compat.dataset.core import config

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools" / "reference"))
from dataset_random_transforms_cases import run  # noqa: E402

REF = np.load(ROOT / "tests" / "reference_data" / "dataset_random" / "transforms.npz")


@pytest.fixture(scope="module")
def ours():
    saved = config._state["seed"]
    try:
        ms_compat.install()
        return run(ds, vision, transforms, audio)
    finally:
        config._state["seed"] = saved


def test_same_cases(ours):
    assert sorted(ours) == sorted(REF.files)


@pytest.mark.parametrize("kind", sorted({"|".join(k.split("|")[:2]) for k in REF.files}))
def test_pixels_are_mindspores(ours, kind):
    keys = [k for k in REF.files if "|".join(k.split("|")[:2]) == kind]
    wrong = [k for k in keys if ours[k].dtype != REF[k].dtype or not np.array_equal(ours[k], REF[k])]
    assert not wrong, f"{len(wrong)}/{len(keys)} differ, e.g. {wrong[0]}"

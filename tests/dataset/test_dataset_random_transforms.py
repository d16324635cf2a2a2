"""Seeded random vision transforms draw MindSpore 2.10's numbers (references:
tools/reference/gen_dataset_random_transforms.py): every output pixel of each transform inside a ``map`` over
seeds x worker counts, epoch after epoch and on a fresh iterator, and of a transform called directly (MindSpore
builds a fresh C++ operation per call, seeded ``GetSeed()``)."""

import numpy as np
import pytest

import ms_compat
from ms_compat import dataset as ds
from ms_compat.dataset import audio, transforms, vision

from dataset_reference import reference, run_keeping_dataset_seed  # noqa: E402 (also puts tools/reference on the path)
from dataset_random_transforms_cases import run  # noqa: E402

REF = reference("transforms.npz")


@pytest.fixture(scope="module")
def ours():
    ms_compat.install()
    return run_keeping_dataset_seed(run, ds, vision, transforms, audio)


def test_same_cases(ours):
    assert sorted(ours) == sorted(REF.files)


@pytest.mark.parametrize("kind", sorted({"|".join(k.split("|")[:2]) for k in REF.files}))
def test_pixels_are_mindspores(ours, kind):
    keys = [k for k in REF.files if "|".join(k.split("|")[:2]) == kind]
    wrong = [k for k in keys if ours[k].dtype != REF[k].dtype or not np.array_equal(ours[k], REF[k])]
    assert not wrong, f"{len(wrong)}/{len(keys)} differ, e.g. {wrong[0]}"

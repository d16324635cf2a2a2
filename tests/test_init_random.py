"""Seeded initializers draw MindSpore 2.10's numbers (references: tools/reference/gen_init_random.py)."""
import pathlib
import sys

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import nn
from ms_compat.common import init_random
from ms_compat.common import initializer as I

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "reference"))
from init_random_cases import run  # noqa: E402

DATA = ROOT / "tests" / "reference_data" / "init_random"
RAW = np.load(DATA / "raw.npz")
REF = np.load(DATA / "cases.npz")


@pytest.mark.parametrize("key", sorted(RAW.files))
def test_raw_stream_is_mindspores(key):
    kind, n, seed = key.split("|")
    fn, args = {"uniform": (init_random.random_uniform, (-0.3, 0.7)),
                "normal": (init_random.random_normal, (0.5, 2.0)),
                "truncated_normal": (init_random.truncated_normal, (-1.5, 2.0, 0.25, 1.5))}[kind]
    np.testing.assert_array_equal(fn(int(seed), (int(n),), *args), RAW[key])


@pytest.fixture(scope="module")
def ours():
    return run(ms, I, nn)


def test_same_cases(ours):
    assert sorted(ours) == sorted(REF.files)


@pytest.mark.parametrize("key", sorted(REF.files))
def test_initializer_matches_mindspore(ours, key):
    got, ref = ours[key], REF[key]
    assert got.shape == ref.shape
    if key.startswith("Orthogonal"):  # float32 LAPACK QR: equal to float32 rounding
        np.testing.assert_allclose(got, ref, rtol=0, atol=1e-5)
    else:
        np.testing.assert_array_equal(got, ref)


def test_torch_manual_seed_leaves_torch_alone():
    torch.manual_seed(3)
    a = torch.rand(4)
    ms.set_seed(7)
    torch.manual_seed(3)
    I.initializer("normal", (3, 3), ms.float32)
    assert torch.equal(torch.rand(4), a)  # the initializer draws from numpy's stream, not torch's

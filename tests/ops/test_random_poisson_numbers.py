"""``random_poisson`` / ``RandomPoisson`` and a ``MultinomialWithReplacement`` instance's later calls draw MindSpore
2.10's numbers (references: tools/reference/gen_random_ops_poisson.py)."""
import pathlib
import sys

import numpy as np
import pytest
import torch

import ms_compat as ms
import ms_compat.context as context
from ms_compat import ops
from ms_compat.ops import operations as P

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "reference"))
from random_ops_poisson_cases import run  # noqa: E402

REF = np.load(ROOT / "tests" / "reference_data" / "random" / "poisson.npz")


def _unset_global_seed():
    context._seed = None  # as the generator does to MindSpore: back to "no global seed"


@pytest.fixture(scope="module")
def ours():
    saved = context._seed
    try:
        return run(ms, ops, P, _unset_global_seed)
    finally:
        context._seed = saved


def test_same_cases(ours):
    assert sorted(ours) == sorted(REF.files)


def _groups():
    return sorted({"|".join(k.split("|")[:3 if k.startswith("prim") else 2]) for k in REF.files})


@pytest.mark.parametrize("group", _groups())
def test_matches_mindspore(ours, group):
    keys = [k for k in REF.files if k.startswith(group + "|") or k == group]
    assert keys
    for key in keys:
        got, ref = ours[key], REF[key]
        assert got.dtype.kind == ref.dtype.kind and got.shape == ref.shape, (key, got, ref)
        if ref.dtype.kind != "U":  # errors: type and first line of the message as strings
            assert got.dtype == ref.dtype, key
        np.testing.assert_array_equal(got, ref, err_msg=key)  # whole numbers in every dtype: exact


def test_nan_rate_raises():
    """MindSpore's kernel never returns on a NaN rate; ms_compat raises instead."""
    ms.set_seed(1)
    with pytest.raises(ValueError, match="NaN"):
        ops.random_poisson(ms.Tensor(np.array([2], np.int32)), ms.Tensor(np.array([np.nan], np.float32)))


def test_torch_generator_untouched():
    ms.set_seed(4)
    torch.manual_seed(3)
    state = torch.get_rng_state()
    ops.random_poisson(ms.Tensor(np.array([3], np.int32)), ms.Tensor(np.array([2.0, 40.0], np.float32)))
    P.RandomPoisson(1, 2)(ms.Tensor(np.array([3], np.int32)), ms.Tensor(np.array([2.0], np.float32)))
    P.MultinomialWithReplacement(2, True)(ms.Tensor(np.ones((2, 3), np.float32)), ms.Tensor(3, ms.int64),
                                          ms.Tensor(1, ms.int64))
    assert torch.equal(torch.get_rng_state(), state)


def test_kept_kernels_follow_snapshot_and_restore():
    """The kernels a Primitive keeps are random state: a recomputation (op_random.snapshot/restore) redraws."""
    from ms_compat.common import op_random
    poisson, multinomial = P.RandomPoisson(3, 7), P.MultinomialWithReplacement(4, True)
    shape, rate = ms.Tensor(np.array([5], np.int32)), ms.Tensor(np.array([3.0, 25.0], np.float32))
    x, seed, offset = ms.Tensor(np.ones((2, 3), np.float32)), ms.Tensor(3, ms.int64), ms.Tensor(1, ms.int64)
    poisson(shape, rate)
    multinomial(x, seed, offset)
    saved = op_random.snapshot()
    first = poisson(shape, rate).asnumpy(), multinomial(x, seed, offset).asnumpy()
    op_random.restore(saved)
    again = poisson(shape, rate).asnumpy(), multinomial(x, seed, offset).asnumpy()
    np.testing.assert_array_equal(first[0], again[0])
    np.testing.assert_array_equal(first[1], again[1])


@pytest.mark.cuda
def test_cuda_gives_the_same_numbers():
    def draw():
        ms.set_seed(1)
        return ops.random_poisson(ms.Tensor(np.array([6], np.int32)), ms.Tensor(np.array([2.0, 40.0], np.float32)))

    cpu = draw().asnumpy()
    before = ms.get_context("device_target")
    ms.set_context(device_target="GPU")
    try:
        gpu = draw()
    finally:
        ms.set_context(device_target=before)
    assert gpu.device.type == "cuda"
    np.testing.assert_array_equal(gpu.cpu().numpy(), cpu)

"""Seeded random ops draw MindSpore 2.10's numbers (references: tools/reference/gen_random_ops.py)."""
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
from random_ops_cases import run  # noqa: E402

REF = np.load(ROOT / "tests" / "reference_data" / "random" / "ops.npz")
RECURRENT = ("nn.LSTM|", "nn.GRU|", "nn.RNN|", "nn.SampledSoftmaxLoss|")


def _unset_global_seed():
    context._seed = None  # as the generator does to MindSpore: back to "no global seed"


def _ulps(a, b):
    """Distance in units of the float's last place (0 for equal arrays)."""
    a, b = np.asarray(a), np.asarray(b)
    return np.abs(a.astype(np.float64) - b.astype(np.float64)) / np.spacing(np.abs(b).astype(a.dtype)).astype(np.float64)


@pytest.fixture(scope="module")
def ours():
    from ms_compat.common import op_random
    saved = context._seed
    op_random.DROPOUT_ND.clear()  # Dropout2D/3D engines live for the process: start as the generator's process
    try:
        return run(ms, ops, P, _unset_global_seed)
    finally:
        context._seed = saved


def test_same_cases(ours):
    assert sorted(ours) == sorted(REF.files)


@pytest.mark.parametrize("op", sorted({k.split("|")[0] if not k.startswith(("prim", "interleaved", "large"))
                                       else "|".join(k.split("|")[:2]) for k in REF.files}))
def test_random_op_matches_mindspore(ours, op):
    keys = [k for k in REF.files if k == op or k.startswith(op + "|")]
    assert keys
    for key in keys:
        got, ref = ours[key], REF[key]
        assert got.dtype == ref.dtype and got.shape == ref.shape, key
        if ref.dtype.kind in "iub":
            np.testing.assert_array_equal(got, ref, err_msg=key)
        elif key.startswith(RECURRENT):  # float32 recurrences / softmax (summed in another order): draws show as ~0.1
            np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-6, err_msg=key)
        elif key.startswith("nn.probability.distribution."):
            # log/exp/tan of the draws: MindSpore's CPU Log is off by up to ~1 float32 ulp of 1 near 1, so log(u)
            # loses relative precision as u -> 1 (measured up to 1.5e-5); other draws differ by O(1)
            np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-6, err_msg=key)
        else:  # float32 rounding: glibc's logf (normal ops) is called where present, so exact here
            assert _ulps(got, ref).max(initial=0) <= 2, key


def test_set_seed_restarts_the_counters():
    ms.set_seed(11)
    a = [ops.uniform((4,), ms.Tensor(0.0), ms.Tensor(1.0)).asnumpy() for _ in range(2)]
    ms.set_seed(11)
    b = [ops.uniform((4,), ms.Tensor(0.0), ms.Tensor(1.0)).asnumpy() for _ in range(2)]
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])
    assert not np.array_equal(a[0], a[1])  # the call counter moves the seed


def test_torch_generator_untouched_by_seeded_ops():
    ms.set_seed(4)
    torch.manual_seed(3)
    state = torch.get_rng_state()
    ops.uniform((5,), ms.Tensor(0.0), ms.Tensor(1.0))
    ops.standard_normal((5,))
    ops.normal((5,), ms.Tensor(0.0), ms.Tensor(1.0))
    ops.randint(0, 9, (5,))
    ops.rand(5)
    ops.randn(5)
    P.UniformReal(1, 2)((3,))
    P.StandardNormal(1, 2)((3,))
    ops.standard_laplace((3,))
    ops.laplace((3,), ms.Tensor(0.0), ms.Tensor(1.0))
    ops.random_categorical(ms.Tensor(np.zeros((2, 3), np.float32)), 4, 5)
    ops.choice_with_mask(ms.Tensor(np.ones((2, 3), bool)), 2)
    ops.random_gamma(ms.Tensor(np.array([3], np.int32)), ms.Tensor(np.array([0.5, 2.0], np.float32)))
    ops.dropout2d(ms.Tensor(np.ones((1, 4, 2, 2), np.float32)), 0.5)
    ops.multinomial_with_replacement(ms.Tensor(np.ones((2, 3), np.float32)), 3, 1, 2, True)
    ops.log_uniform_candidate_sampler(ms.Tensor(np.array([[1]], np.int64)), 1, 2, True, 5, 0)
    ops.uniform_candidate_sampler(ms.Tensor(np.array([[1]], np.int64)), 1, 2, True, 5, 3)
    P.TruncatedNormal(seed=1)(ms.Tensor(np.array([2, 2], np.int32)))
    P.RandomShuffle(1, 2)(ms.Tensor(np.arange(5)))
    P.Multinomial(1, 2)(ms.Tensor(np.ones((2, 3), np.float32)), 3)
    P.ParameterizedTruncatedNormal(1, 2)(ms.Tensor(np.array([1, 3], np.int32)), *[ms.Tensor(np.array([v], np.float32))
                                                                               for v in (0.0, 1.0, -1.0, 1.0)])
    ms.numpy.rand(3), ms.numpy.randn(3), ms.numpy.randint(0, 5, (3,))
    ms.nn.probability.distribution.Normal(0.0, 1.0, seed=3).sample((3,))
    assert torch.equal(torch.get_rng_state(), state)


def test_without_a_global_seed():
    saved = context._seed
    try:
        ms.set_seed(0)  # restarts the op-seed counters
        _unset_global_seed()
        torch.manual_seed(8)
        a = ops.standard_normal((6,)).asnumpy()
        torch.manual_seed(8)
        b = ops.standard_normal((6,)).asnumpy()
        seeded = ops.standard_normal((3,), seed=5).asnumpy()  # an op seed alone: global seed counts as 0
    finally:
        context._seed = saved
    np.testing.assert_array_equal(a, b)  # no seed at all (MindSpore: nondeterministic): torch's generator
    np.testing.assert_array_equal(seeded, REF["standard_normal|noglobal|5|(3,)|0"])


@pytest.mark.cuda
def test_cuda_gives_the_same_numbers():
    ms.set_seed(1)
    cpu = [ops.uniform((7,), ms.Tensor(0.0), ms.Tensor(1.0)).asnumpy(), ops.standard_normal((7,)).asnumpy()]
    before = ms.get_context("device_target")
    ms.set_context(device_target="GPU")
    try:
        ms.set_seed(1)
        gpu = [ops.uniform((7,), ms.Tensor(0.0), ms.Tensor(1.0)), ops.standard_normal((7,))]
    finally:
        ms.set_context(device_target=before)
    assert gpu[0].device.type == "cuda"
    np.testing.assert_array_equal(gpu[0].cpu().numpy(), cpu[0])
    np.testing.assert_array_equal(gpu[1].cpu().numpy(), cpu[1])


def test_logf_is_glibcs():
    """The normal ops' polar method needs the C library's logf bit for bit; op_random reproduces glibc's."""
    import ctypes
    import ctypes.util

    from ms_compat.common import op_random
    try:
        fn = ctypes.CDLL(ctypes.util.find_library("m")).logf
        ctypes.CDLL(None).gnu_get_libc_version  # noqa: B018 - glibc only
    except (OSError, AttributeError, TypeError):
        pytest.skip("needs glibc's libm")
    fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float]
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.random(20000).astype(np.float32), (rng.random(5000) ** 8).astype(np.float32),
                        np.arange(0x3F000000, 0x3F800000, 4099, dtype=np.uint32).view(np.float32),
                        np.array([1e-40, 7e-45, 1.0, 3.0e38], np.float32)])
    x = x[x > 0]
    glibc = np.frompyfunc(fn, 1, 1)(x.astype(np.float64)).astype(np.float32)
    np.testing.assert_array_equal(op_random.logf(x), glibc)


def test_dropout2d_rank_as_mindspore():
    """MindSpore's dropout2d returns the input untouched when not training, before its Primitive checks the rank."""
    x = ms.Tensor(np.ones((2, 3), np.float32))
    assert ops.dropout2d(x, 0.5, training=False) is x
    with pytest.raises(ValueError, match=r"primitive\[Dropout2D\], the rank of input  must be equal to 4 , but got 2"):
        ops.dropout2d(x, 0.5)
    with pytest.raises(ValueError, match=r"primitive\[Dropout3D\], the rank of input  must be equal to 5 , but got 2"):
        P.Dropout3D(0.5)(x)

"""MindSpore 2.10's random streams at sizes past the fast paths' chunking (references:
tools/reference/gen_random_large.py, stored as digests), and the chunk size playing no part in the numbers."""
import json
import pathlib
import sys

import numpy as np
import pytest

import ms_compat as ms
from ms_compat import ops
from ms_compat.common import init_random, philox

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "reference"))
from random_large_cases import digest, run  # noqa: E402

REF = json.loads((ROOT / "tests" / "reference_data" / "random" / "large.json").read_text())
RAW = {"uniform": lambda seed, n: init_random.random_uniform(seed, (n,), -0.3, 0.7),
       "normal": lambda seed, n: init_random.random_normal(seed, (n,), 0.5, 2.0),
       "truncated_normal": lambda seed, n: init_random.truncated_normal(seed, (n,), -1.5, 2.0, 0.25, 1.5)}


@pytest.fixture(scope="module")
def ours():
    out = run(ms, ops, RAW)
    ms.set_seed(1)
    return out


def test_same_cases(ours):
    assert sorted(ours) == sorted(REF)


@pytest.mark.parametrize("key", sorted(REF))
def test_large_stream_is_mindspores(ours, key):
    got = digest(ours[key])
    assert got["head"] == REF[key]["head"] and got["tail"] == REF[key]["tail"]
    assert got == REF[key]


def _philox_one_pass(key, counter_hi, blocks):
    """Philox-4x32-10 over all blocks at once, in Python integers (the definition, no chunks)."""
    out = []
    for b in blocks:
        c0, c1, c2, c3 = b & 0xFFFFFFFF, b >> 32, counter_hi & 0xFFFFFFFF, counter_hi >> 32
        k0, k1 = key & 0xFFFFFFFF, key >> 32
        for _ in range(10):
            t0, t1 = 0xD2511F53 * c0, 0xCD9E8D57 * c2
            c0, c1, c2, c3 = (t1 >> 32) ^ c1 ^ k0, t1 & 0xFFFFFFFF, (t0 >> 32) ^ c3 ^ k1, t0 & 0xFFFFFFFF
            k0, k1 = (k0 + 0x9E3779B9) & 0xFFFFFFFF, (k1 + 0xBB67AE85) & 0xFFFFFFFF
        out += [c0, c1, c2, c3]
    return np.array(out, np.uint32)


@pytest.mark.parametrize("chunk", [1, 3, 16384])
def test_philox_words_do_not_depend_on_the_chunk(monkeypatch, chunk):
    monkeypatch.setattr(philox, "CHUNK", chunk)
    key, hi = (1 << 63) - 5, 0xFEDCBA9876543210
    blocks = [0, 1, 2, (1 << 32) - 1, 1 << 32, (1 << 64) - 1, 7, 5]
    want = _philox_one_pass(key, hi, blocks)
    np.testing.assert_array_equal(philox.blocks_words(key, hi, np.array(blocks, np.uint64)), want)
    np.testing.assert_array_equal(philox.stream_words(key, hi, (1 << 32) - 2, 19),
                                  _philox_one_pass(key, hi, range((1 << 32) - 2, (1 << 32) + 3))[:19])


@pytest.mark.parametrize("chunk", [2, 6, 1 << 16])
def test_initializer_streams_do_not_depend_on_the_chunk(monkeypatch, chunk):
    want = np.load(ROOT / "tests" / "reference_data" / "init_random" / "raw.npz")  # real MindSpore's streams
    monkeypatch.setattr(init_random, "_CHUNK", chunk)
    monkeypatch.setattr(philox, "CHUNK", max(1, chunk // 2))
    for k, fn in RAW.items():
        np.testing.assert_array_equal(fn(99, 1025), want[f"{k}|1025|99"])


def test_initializer_fills_a_parameter_in_place_with_the_same_numbers():
    from ms_compat.common import initializer as I
    ms.set_seed(4)
    drawn = I.initializer(I.HeUniform(), (64, 33), ms.float32).asnumpy()  # a plain float32 CPU tensor: in place
    ms.set_seed(4)
    arr = np.zeros((64, 33), np.float64)
    I.HeUniform()(arr)  # a numpy float64 array: drawn apart, then copied
    np.testing.assert_array_equal(drawn, arr.astype(np.float32))

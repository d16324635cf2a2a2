"""MindSpore 2.10's initializer random streams, reproduced in numpy.

MindSpore's initializers draw a 63-bit seed from numpy's global generator (``_numpy_seed``; ``set_seed``
seeds that generator) and fill a float32 array with the C++ functions ``_random_uniform``,
``_random_normal`` and ``_truncated_normal`` (``mindspore/ccsrc/include/common/random.h``):

* the engine is Philox-4x32-10 with key ``(seed_lo, seed_hi)`` and counter ``(n_lo, n_hi, seed_lo,
  seed_hi)`` for block ``n``; block ``n`` gives the uint32 words ``4n .. 4n+3``;
* uniform: word ``u`` -> ``(b - a) * (u / 2**32) + a`` in double (``a``, ``b`` as float32), stored as
  float32; one word per element;
* normal: words ``u1, u2`` -> mantissa floats ``f = bits(0x3f800000 | u & 0x7fffff) - 1`` (at least
  1e-7), ``x = sqrt(-2 ln f1) * sigma``, ``y = 2 * 3.1415926f * f2``; element pair
  ``(mean + x cos y, mean + x sin y)``, computed in double, stored as float32;
* truncated normal: inverse CDF, ``p = Phi(alpha) + (u / 2**32) * (Phi(beta) - Phi(alpha))``,
  ``mean + sigma * sqrt2f * erfinv(2p - 1)`` in double (sqrt2f = 1.4142135f, as MindSpore).

MindSpore splits large arrays across threads, but each thread skips the generator by its start
element, so the result does not depend on the thread count (checked with sizes up to 100003, and up to
300007 in ``tests/test_random_large.py``).

Cost: the Philox words come from ``common.philox`` (cache-sized chunks) and the transforms run over chunks of
``_CHUNK`` elements into the destination (a plain float32 CPU parameter is filled in place); the double
``log``/``cos``/``sin`` of the normal stream (numpy's, as before) are most of what remains.
"""
from __future__ import annotations

import math

import numpy as np
import torch

import ms_compat.common.philox as philox

__all__ = ["numpy_seed", "random_uniform", "random_normal", "truncated_normal"]

_CHUNK = 1 << 16  # elements per transform pass (even: a normal pair never straddles two chunks)
_TWO32 = 4294967296.0
_SQRT2F = float(np.float32(1.4142135))
_PIF = float(np.float32(3.1415926))
_THRESHOLD = float(np.float32(1.0e-7))
_Z_MIN = float(np.nextafter(np.float32(0), np.float32(2)))
_Z_MAX = float(np.nextafter(np.float32(2), np.float32(0)))


def numpy_seed():
    """MindSpore's ``initializer._numpy_seed``: one draw from numpy's global generator."""
    return int(np.random.randint(low=1, high=(1 << 63), dtype=np.int64))


def _philox_words(seed, count):
    """The first ``count`` uint32 words of MindSpore's ``random::Philox(seed)`` stream."""
    return philox.stream_words(seed, seed, 0, count)


def _f32(value):
    return float(np.float32(value))


def _in_chunks(count, fill, out=None):
    """A float32 array of ``count`` elements (``out``, flat, if given) written by ``fill(start, stop,
    out_slice)`` over even-sized chunks: each pass's temporaries stay in the CPU's cache (the numbers do not
    depend on the chunking)."""
    out = np.empty(count, np.float32) if out is None else out.reshape(-1)
    for start in range(0, count, _CHUNK):
        stop = min(start + _CHUNK, count)
        fill(start, stop, out[start:stop])
    return out


def random_uniform(seed, shape, a, b, out=None):
    """``mindspore._c_expression._random_uniform(seed, arr, a, b)`` on a new float32 array of ``shape`` (or
    into the contiguous float32 array ``out``)."""
    n = math.prod(shape)
    words = _philox_words(seed, n)
    a, b = _f32(a), _f32(b)
    scale = (b - a) / _TWO32  # exact (a power of two): (b - a) * (u / 2**32) rounds once, as this product

    def fill(start, stop, out):
        s = words[start:stop].astype(np.float64)
        s *= scale
        s += a
        out[...] = s
    return _in_chunks(n, fill, out).reshape(shape)


def random_normal(seed, shape, mean, sigma, out=None):
    """``mindspore._c_expression._random_normal(seed, arr, mean, sigma)`` on a new float32 array (or into the
    contiguous float32 array ``out``)."""
    n = math.prod(shape)
    m = n + (n & 1)
    words = _philox_words(seed, m)
    sigma, mean = _f32(sigma), _f32(mean)

    def fill(start, stop, out):
        w = words[start:stop]
        f = (((w & 0x7FFFFF) | 0x3F800000).view(np.float32) - np.float32(1)).astype(np.float64)
        f = np.maximum(f, _THRESHOLD)
        x = np.sqrt(-2.0 * np.log(f[0::2])) * sigma
        y = 2.0 * _PIF * f[1::2]
        out[0::2] = mean + x * np.cos(y)
        out[1::2] = mean + x * np.sin(y)
    if n == m:
        return _in_chunks(n, fill, out).reshape(shape)
    whole = _in_chunks(m, fill)[:n]
    if out is None:
        return whole.reshape(shape)
    out.reshape(-1)[...] = whole
    return out


def truncated_normal(seed, shape, a, b, mean, sigma):
    """``mindspore._c_expression._truncated_normal(seed, arr, a, b, mean, sigma)`` on a new float32 array."""
    if sigma <= 0:
        raise RuntimeError(f"TruncatedNormal: invalid sigma {sigma}.")
    n = math.prod(shape)
    a, b, mean, sigma = _f32(a), _f32(b), _f32(mean), _f32(sigma)
    cdf_a = math.erfc(-((a - mean) / sigma / _SQRT2F)) / 2.0
    cdf_b = math.erfc(-((b - mean) / sigma / _SQRT2F)) / 2.0
    u = _philox_words(seed, n).astype(np.float64) / _TWO32
    z = 2.0 * (cdf_a + u * (cdf_b - cdf_a))
    z = np.where(z <= 0.0, _Z_MIN, np.where(z >= 2.0, _Z_MAX, z))  # MindSpore's float clamps of erfc_inv
    x = -torch.erfinv(torch.from_numpy(1.0 - z)).numpy()
    return (mean + (x * _SQRT2F) * sigma).astype(np.float32).reshape(shape)

"""The Philox-4x32-10 engine of MindSpore's random streams, computed in cache-sized numpy chunks.

MindSpore draws its initializers (``random::Philox``) and several CPU kernels (``random::PhiloxRandom``:
``RandomGamma``, ``Bernoulli``, ``MultinomialWithReplacement``, ...) from Philox-4x32-10: block ``b`` of key
``(k0, k1)`` and counter high words ``(c2, c3)`` is ten rounds over the counter ``(b_lo, b_hi, c2, c3)``; a
round is ``hi, lo = mulhilo(0xD2511F53, c0)``, ``hi', lo' = mulhilo(0xCD9E8D57, c2)``, then
``(hi' ^ c1 ^ k0, lo', hi ^ c3 ^ k1, lo)``, and the key steps by ``(0x9E3779B9, 0xBB67AE85)``. The block's words
are the four counter words after round ten.

The rounds run on uint64 numpy arrays (the 32x32-bit product is exact there) of at most ``CHUNK`` blocks, in
preallocated buffers: every array stays in the CPU's cache across the forty-odd passes of the ten rounds,
which is about eight times faster than whole-array passes at ten million words (``benchmarks/RESULTS.md``).
The numbers do not depend on the chunk size: each block is a function of its number alone.
"""
from __future__ import annotations

import numpy as np

__all__ = ["CHUNK", "round_keys", "blocks_words", "stream_words"]

CHUNK = 1 << 14  # blocks per pass: six uint64 buffers of 128 KiB
_M0, _M1 = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
_LOW, _SHIFT = np.uint64(0xFFFFFFFF), np.uint64(32)
_MASK64 = (1 << 64) - 1


def round_keys(key):
    """The ten round keys ``(k0, k1)`` of the 64-bit ``key`` (low word first), as numpy uint64 pairs."""
    key = int(key) & _MASK64
    k0, k1 = key & 0xFFFFFFFF, key >> 32
    out = []
    for _ in range(10):
        out.append((np.uint64(k0), np.uint64(k1)))
        k0, k1 = (k0 + 0x9E3779B9) & 0xFFFFFFFF, (k1 + 0xBB67AE85) & 0xFFFFFFFF
    return out


def _rounds(keys, c0, c1, c2, c3, t0, t1):
    """Ten rounds in place on the counter words ``c0 .. c3`` (uint64 arrays; ``t0``, ``t1``: scratch)."""
    for k0, k1 in keys:
        np.multiply(c0, _M0, out=t0)
        np.multiply(c2, _M1, out=t1)
        np.right_shift(t1, _SHIFT, out=c0)
        np.bitwise_xor(c0, c1, out=c0)
        np.bitwise_xor(c0, k0, out=c0)
        np.right_shift(t0, _SHIFT, out=c2)
        np.bitwise_xor(c2, c3, out=c2)
        np.bitwise_xor(c2, k1, out=c2)
        np.bitwise_and(t1, _LOW, out=c1)
        np.bitwise_and(t0, _LOW, out=c3)


def blocks_words(key, counter_hi, blocks):
    """The four words of each block number in ``blocks`` (a uint64 array, any order), concatenated, as
    uint32: block ``b`` is Philox-4x32-10 of key ``key`` on the counter ``(b_lo, b_hi, counter_hi_lo,
    counter_hi_hi)`` (``key`` and ``counter_hi`` are 64-bit ints)."""
    blocks = np.asarray(blocks, np.uint64).reshape(-1)
    return _words(key, counter_hi, blocks.size, lambda start, count: blocks[start:start + count])


def stream_words(key, counter_hi, first_block, count):
    """Words ``4 * first_block .. 4 * first_block + count - 1`` of the stream of consecutive blocks (see
    ``blocks_words``), as uint32."""
    nblocks = (count + 3) // 4
    first = int(first_block)
    return _words(key, counter_hi, nblocks,
                  lambda start, size: np.arange(first + start, first + start + size, dtype=np.uint64))[:count]


def _words(key, counter_hi, nblocks, block_numbers):
    keys = round_keys(key)
    counter_hi = int(counter_hi) & _MASK64
    hi_lo, hi_hi = np.uint64(counter_hi & 0xFFFFFFFF), np.uint64(counter_hi >> 32)
    out = np.empty((nblocks, 2), "<u8")  # little-endian: (c0 | c1 << 32, c2 | c3 << 32) hold the words in order
    size = min(CHUNK, nblocks)
    buffers = [np.empty(size, np.uint64) for _ in range(6)]
    for start in range(0, nblocks, CHUNK):
        m = min(CHUNK, nblocks - start)
        c0, c1, c2, c3, t0, t1 = buffers if m == size else [b[:m] for b in buffers]
        number = block_numbers(start, m)
        np.bitwise_and(number, _LOW, out=c0)
        np.right_shift(number, _SHIFT, out=c1)
        c2.fill(hi_lo)
        c3.fill(hi_hi)
        _rounds(keys, c0, c1, c2, c3, t0, t1)
        np.left_shift(c1, _SHIFT, out=c1)
        np.bitwise_or(c0, c1, out=out[start:start + m, 0])
        np.left_shift(c3, _SHIFT, out=c3)
        np.bitwise_or(c2, c3, out=out[start:start + m, 1])
    return out.view("<u4").reshape(-1).astype(np.uint32, copy=False)

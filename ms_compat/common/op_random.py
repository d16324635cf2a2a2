"""MindSpore 2.10's CPU random-op kernels (``StandardNormal``, ``UniformReal``, ``UniformInt``, ``Dropout``,
``StandardLaplace``, ``RandomGamma``, ...), reproduced in numpy.

Facts from MindSpore's CPU kernel sources (``random_cpu_kernel.cc``, ``philox_random.cc``, ...), checked bit for
bit against 2.10 (``tests/ops/test_random_ops_numbers.py``); where 2.10 differs from the published source, its
observed behaviour is what is reproduced:

* seed: a kernel built with attributes ``seed``, ``seed2`` seeds its engines once with
  ``GetSeed(seed, seed2)`` = the first two words of one Philox-4x32-10 block, counter
  ``(seed_lo, seed_hi, seed2_lo, seed2_hi)``, key ``(0x3ec8f720, 0x02461e29)``, as ``hi << 32 | lo``;
  ``(0, 0)`` means a nondeterministic seed;
* the engines live as long as the Primitive: calling the same Primitive again continues them;
* ``UniformReal``: ``std::mt19937`` (seeded with the low 32 bits), ``uniform_real_distribution<double>``
  (libstdc++: two words ``w0 + w1 * 2**32`` over ``2**64``), stored as float32;
* ``UniformInt``: the same ``std::mt19937``; libstdc++'s ``uniform_int_distribution<int>(lo, hi - 1)`` by
  division with rejection (``scaling = 0xffffffff // range``; words ``>= range * scaling`` are dropped);
* ``RandomShuffle`` (``ops.shuffle``): ``std::default_random_engine`` and libstdc++'s ``std::shuffle`` of
  ``0 .. n-1`` along dim 0 (swap positions drawn two at a time from one ``uniform_int_distribution`` while
  ``n * n`` fits the engine's range); ``RandpermV2`` (``ops.randperm``): the same ``std::shuffle`` with a
  ``std::mt19937`` seeded by ``offset`` if nonzero, else ``seed`` (no global seed involved);
* ``Dropout`` (``ops.dropout``, ``nn.Dropout``): ``std::default_random_engine``; element ``i`` is kept when
  ``uniform_real_distribution<float>`` (one engine output ``w``: ``float(w - 1) / 2**31``) is below the float
  keep probability; kept values are ``mask * x * float(1 / keep_prob)`` in the input's dtype (float16:
  ``mask * half(float(x) * scale)``);
* ``Multinomial`` (``ops.multinomial``, with replacement): ``std::default_random_engine``; per row the
  cumulative sums (in the input's dtype) over their total, and for each sample the first index whose
  cumulative value exceeds one float draw (as ``Dropout``'s); without replacement ``ops.multinomial`` is
  ``top_k(log(UniformReal) / (p + 1e-6))``;
* ``Bernoulli`` (``ops.bernoulli``, op seed only): ``random::PhiloxRandom(seed, 0)`` restarted every launch
  after the previous launch's leftover words; element ``i`` is 1 unless ``Uint32ToFloat(w) > p``; the
  Primitive's ``offset`` does not enter the draws, and all its instances with the same attributes and input
  signature share one kernel (apart from the function's);
* ``StandardNormal``: ``std::default_random_engine`` (``minstd_rand0``, ``x <- 16807 x mod 2**31 - 1``,
  seeded with the 64-bit seed mod ``2**31 - 1``) and a new ``normal_distribution<float>`` per launch:
  Marsaglia's polar method in float, each accepted pair giving ``y * m`` then ``x * m``; an odd count
  drops the saved half. ``m`` uses the C library's ``logf``: glibc's algorithm is reproduced here (``logf``;
  checked equal to glibc's on 2.6 million inputs), as a correctly rounded log differs in the last bit;
* ``StandardLaplace`` (``ops.standard_laplace``, ``ops.laplace``): ``std::default_random_engine``; per element
  ``u = uniform_real_distribution<float>(nextafter(-1, 0), 1)`` (``Dropout``'s float draw ``c``, then
  ``c * (1 - lo) + lo`` in float) and ``-sign(u) * log(1.0 - |u|)`` in double, stored as float32;
* ``RandomCategorical`` (``ops.random_categorical``): every launch a fresh ``std::default_random_engine``
  seeded with ``GetSeed(0, seed)`` (the op's ``seed`` input alone; 0: nondeterministic); one
  ``uniform_real_distribution<double>`` draw per sample (two engine outputs, as ``Dropout2D``'s), rounded to
  float and shared by every row; per row the running sums of ``exp(logit - float(row max))`` in the logits'
  dtype, and the sample is the first index whose sum is not below ``float(total * draw)``;
* ``MultinomialWithReplacement`` (``ops.multinomial_with_replacement``, seed and offset inputs): the function
  builds a fresh kernel per call, drawing from ``PhiloxRandom(seed, offset)``'s first words (a Primitive keeps
  a kernel per input shape and dtype: see ``MultinomialWithReplacementKernel``); one ``Uint32ToFloat`` per sample
  (rounded to the input's dtype); per row the running sums in double of the nonzero weights (zero weights
  keep 0), and a sample is the last index holding the smallest sum not below ``draw * total``; without
  replacement the picked weight is zeroed and the sums rebuilt, and past the nonzero
  count the zero-weight indices follow in order;
* ``RandomGamma`` (``ops.random_gamma``): TensorFlow's sampler on ``PhiloxRandom(seed, seed2)`` (the two
  attributes as key and counter, no ``GetSeed``): a launch reserves 256 blocks per output (a kernel's next launch
  starts after them); output ``i`` (alpha-major) starts at block ``256 * i``; doubles from two words (the first one
  the high mantissa bits), two per block, used last first; normals by Box-Muller (``u1`` at least ``1e-7``);
  ``alpha == 1``: ``-log(1 - u)``; otherwise Marsaglia-Tsang on ``alpha - 1/3`` (``alpha + 2/3`` and a final
  ``u ** (1 / alpha)`` below 1), all in double;
* ``RandomChoiceWithMask`` (``ops.choice_with_mask``): ``std::default_random_engine``; each launch
  ``std::shuffle``s ``0 .. k-1`` (``k`` True elements, in flat order) and takes the first ``count``;
* ``RandomPoisson`` (``ops.random_poisson``): see ``common/poisson_kernel.py``;
* ``TruncatedNormal`` (the Primitive): ``std::default_random_engine`` seeded once with ``GetSeed(seed, seed2)``
  per kernel (MindSpore keeps one per output shape and dtypes; it continues call after call) and a new
  ``normal_distribution<double>`` per launch (the polar method in double on ``generate_canonical<double, 53>``,
  two engine outputs per uniform); values outside ``[-2, 2]`` are dropped and the double is cast to the output
  dtype (float32 and float16 outputs are the float64 numbers rounded);
* ``ParameterizedTruncatedNormal``: the same engine as ``TruncatedNormal`` (seeded once per kernel with
  ``GetSeed(seed, seed2)``), per batch row one of three samplers in the output's precision: normals of a
  ``normal_distribution<double>`` (new per row) kept when inside the bounds, uniforms on the bounds accepted
  against ``exp((max(min, 0)**2 - z**2) / 2)``, or exponential proposals (two ``uniform_real_distribution<double>``
  draws each, as ``generate_canonical<double, 53>``);
* ``UniformCandidateSampler`` / ``LogUniformCandidateSampler``: see ``ops/operations/candidate_sampler_ops.py``;
* ``Dropout2D``/``Dropout3D`` (``ops.dropout1d/2d/3d``, ``nn.Dropout1d/2d/3d``): no seed at all — one
  default-constructed ``std::default_random_engine`` (seed 1) per kernel, and MindSpore keeps one kernel per
  (Primitive name, ``keep_prob``, input shape, dtype) for the whole process, whatever the Primitive instance
  and the global seed; channel ``c`` (over ``N * C``) is kept when ``bernoulli_distribution(keep_prob)``
  (``generate_canonical<double, 53>``: two engine outputs ``((w0 - 1) + (w1 - 1) * r) / r**2``,
  ``r = 2**31 - 2``) is true; kept values are ``float(x) * float(1 / keep_prob)`` cast back to the input's dtype.

MindSpore's kernels run these loops in one thread, so the numbers do not depend on the thread count — except
``Dropout``, whose kernel may split a large tensor across threads that share one engine; on the 2-core
machine the references were made on its masks follow the one-thread order (checked up to 100000 elements,
and at 300007 in ``tests/test_random_large.py``), which is what ms_compat draws. On a loaded machine
MindSpore's own masks are not reproducible even for small tensors: from about an instance's 6th call the two
halves sometimes come out swapped, at a call that changes from run to run (measured; migration_guides/ops.md).

Cost (``benchmarks/bench_random_cost.py``): ``std::mt19937`` words come from numpy's ``MT19937`` bit generator
(``random_raw``), the Philox kernels from ``common.philox``; the polar method and glibc's ``logf`` run in
cache-sized passes of in-place numpy operations; ``std::shuffle`` draws its swap positions vectorised (runs of
engine words up to each rejection) and only the swaps run in a Python loop.
"""
from __future__ import annotations

import contextlib
import math
import threading
import weakref

import numpy as np

import ms_compat.common.op_seed as op_seed
import ms_compat.common.philox as philox

__all__ = ["get_seed", "Mt19937", "MinStd", "uniform_real", "uniform_int", "standard_normal", "shuffle_permutation",
           "dropout_keep", "multinomial", "logf", "philox_words", "mantissa_float", "Bernoulli", "RandomKernel",
           "KernelCache", "snapshot", "restore", "checkpoint_context_fn", "kernel_seeds", "mindspore_dropout",
           "DropoutNd", "DROPOUT_ND", "mindspore_dropout_nd", "standard_laplace",
           "random_categorical", "multinomial_with_replacement", "random_gamma", "philox_blocks",
           "MultinomialWithReplacementKernel", "truncated_normal", "parameterized_truncated_normal"]

_MINSTD_M = 2147483647
_MINSTD_A = 16807
_CHUNK = 1 << 16


def philox_words(seed, offset, start, n):
    """Words ``start .. start + n - 1`` of MindSpore's ``random::PhiloxRandom(seed, offset)`` (key ``seed``,
    counter ``(block, 0, offset_lo, offset_hi)``), as uint32."""
    first = start // 4
    return philox.stream_words(seed, offset, first, start - 4 * first + n)[start - 4 * first:]


def philox_blocks(seed, offset, blocks):
    """The four words of each block number in ``blocks`` (uint64 array) of ``PhiloxRandom(seed, offset)``,
    concatenated, as uint32."""
    return philox.blocks_words(seed, offset, blocks)


def mantissa_float(words):
    """MindSpore's ``Uint32ToFloat``: ``bits(0x3f800000 | w & 0x7fffff) - 1`` (float32 in [0, 1))."""
    return ((words & np.uint32(0x7FFFFF)) | np.uint32(0x3F800000)).view(np.float32) - np.float32(1)


class Bernoulli:
    """The ``Bernoulli`` CPU kernel for op seed ``seed`` (its ``offset`` attribute plays no part in the draws):
    every launch restarts ``PhiloxRandom(seed, 0)``,
    but first uses the words left over from the last block of the previous launch (the kernel keeps them)."""

    def __init__(self, seed):
        self._seed, self._left = seed, np.empty(0, np.uint32)
        _LIVE.add(self)

    def _state(self):
        return self._left

    @staticmethod
    def _initial_state():
        return np.empty(0, np.uint32)

    def _set_state(self, state):
        self._left = state

    def draws(self, n):
        """``n`` floats of one launch."""
        take = self._left[:n]
        fresh = n - take.size
        blocks = (fresh + 3) // 4
        words = philox_words(self._seed, 0, 0, 4 * blocks)
        self._left = np.concatenate([self._left[take.size:], words[fresh:]])
        return mantissa_float(np.concatenate([take, words[:fresh]]))


def _smallest_sum_at_least(cdf, total, rr):
    """The kernel's search: the last index holding the smallest running sum in ``[rr, total]``."""
    inside = cdf[(cdf >= rr) & (cdf <= total)]
    return int(np.flatnonzero(cdf == (inside.min() if inside.size else total))[-1])


def _running_sums(weights):
    cdf = weights.astype(np.float64)
    total = 0.0
    for j in np.flatnonzero(cdf):  # sequential, as the kernel's loop; zero weights keep 0
        total += cdf[j]
        cdf[j] = total
    return cdf, total


def multinomial_with_replacement(x, seed, offset, numsamples, replacement, words=None):
    """MindSpore's ``MultinomialWithReplacement`` kernel (a fresh one, or the Philox ``words`` a kept one draws)
    on a 1-D or 2-D numpy array of weights: int64 indices of shape ``(rows, numsamples)`` (1-D input: one row)."""
    rows = x.reshape(-1, x.shape[-1])
    if words is None:
        words = philox_words(seed, offset, 0, rows.shape[0] * numsamples)
    draws = mantissa_float(words).astype(x.dtype).astype(np.float64)
    out = np.empty((rows.shape[0], numsamples), np.int64)
    for i, row in enumerate(rows):
        rand = draws[i * numsamples:(i + 1) * numsamples]
        weight = row.copy()
        cdf, total = _running_sums(weight)
        zeros = np.flatnonzero(cdf == 0)
        for j in range(numsamples):
            if replacement or j < row.size - zeros.size:
                out[i, j] = _smallest_sum_at_least(cdf, total, rand[j] * total)
                if not replacement:
                    weight[out[i, j]] = 0
                    cdf, total = _running_sums(weight)
            else:
                out[i, j] = zeros[j - row.size + zeros.size]
    return out


class MultinomialWithReplacementKernel:
    """The kernel a ``MultinomialWithReplacement`` Primitive keeps per input signature: its
    ``PhiloxRandom(seed, offset)`` and the words left of the block it last drew. A call with the previous call's
    ``(seed, offset)`` continues the stream; other values restart Philox from them, but the words left of the old
    stream's last block come first (the kernel keeps its word buffer across the restart)."""

    def __init__(self):
        self._key, self._block, self._left = None, 0, np.empty(0, np.uint32)
        _LIVE.add(self)

    def _state(self):
        return self._key, self._block, self._left

    @staticmethod
    def _initial_state():
        return None, 0, np.empty(0, np.uint32)

    def _set_state(self, state):
        self._key, self._block, self._left = state

    def words(self, seed, offset, n):
        """The next ``n`` words for inputs ``(seed, offset)``."""
        if self._key != (seed, offset):
            self._key, self._block = (seed, offset), 0
        take = self._left[:n]
        fresh = n - take.size
        blocks = (fresh + 3) // 4
        new = philox_words(seed, offset, 4 * self._block, 4 * blocks)
        self._block += blocks
        self._left = np.concatenate([self._left[take.size:], new[fresh:]])
        return np.concatenate([take, new[:fresh]])

    def __call__(self, x, seed, offset, numsamples, replacement):
        """As ``multinomial_with_replacement``, continuing this kernel."""
        n = x.reshape(-1, x.shape[-1]).shape[0] * numsamples
        return multinomial_with_replacement(x, seed, offset, numsamples, replacement, self.words(seed, offset, n))


def _word_doubles(words):
    """TensorFlow's ``Uint64ToDouble`` of word pairs (high 20 mantissa bits from the first word): [0, 1)."""
    w = words.astype(np.uint64)
    bits = (np.uint64(1023 << 52) | ((w[0::2] & np.uint64(0xFFFFF)) << np.uint64(32)) | w[1::2])
    return bits.view(np.float64) - 1.0


_GAMMA_PREFETCH = 4  # Philox blocks computed ahead per output (most outputs need one or two)


def _gamma_sample(seed, seed2, block, alpha, doubles):
    """One ``RandomGamma`` output whose draws start at Philox block ``block`` (see the module notes);
    ``doubles``: the doubles of its first ``_GAMMA_PREFETCH`` blocks, computed ahead (consumed here)."""
    at = [block + _GAMMA_PREFETCH]

    def take_block():
        if not doubles:
            doubles.extend(_word_doubles(philox_words(seed, seed2, 4 * at[0], 16)).tolist())
            at[0] += 4
        return doubles.pop(0), doubles.pop(0)

    def uniform():
        return list(take_block())

    def normal():
        u1, v1 = take_block()
        u2, v1 = math.sqrt(-2.0 * math.log(max(u1, 1e-7))), 2 * math.pi * v1
        return [math.sin(v1) * u2, math.cos(v1) * u2]

    if alpha == 1.0:
        return -math.log(1.0 - uniform()[1])
    less = alpha < 1
    su = alpha + (2.0 / 3 if less else -1.0 / 3)
    cut = 1.0 / 3 / math.sqrt(su)
    norms, unis = [], []
    while True:
        if not norms:
            norms = normal()
        x = norms.pop()
        v = 1 + cut * x
        if v <= 0:
            continue
        v = v * v * v
        if not unis:
            unis = uniform()
        u = unis.pop()
        if u < 1 - 0.0331 * (x * x) * (x * x) or math.log(u) < 0.5 * x * x + su * (1 - v + math.log(v)):
            res = su * v
            if less:
                if not unis:
                    unis = uniform()
                res *= math.pow(unis.pop(), 1 / alpha)
            return res


def random_gamma(seed, seed2, first_block, alphas, per_alpha):
    """MindSpore's ``RandomGamma`` kernel: ``per_alpha`` samples for each value of the 1-D float64 ``alphas``, as
    a float64 array of shape ``(per_alpha, alphas.size)``, drawn from Philox block ``first_block`` on."""
    count = alphas.size * per_alpha
    starts = first_block + 256 * np.arange(count, dtype=np.uint64)
    blocks = (starts[:, None] + np.arange(_GAMMA_PREFETCH, dtype=np.uint64)).reshape(-1)
    ahead = _word_doubles(philox_blocks(seed, seed2, blocks)).reshape(count, -1).tolist()
    out = np.empty((per_alpha, alphas.size), np.float64)
    for a, alpha in enumerate(alphas.tolist()):
        for i in range(per_alpha):
            k = a * per_alpha + i
            out[i, a] = _gamma_sample(seed, seed2, first_block + 256 * k, alpha, ahead[k])
    return out


def _round_keys(k0, k1):
    out = []
    for _ in range(10):
        out.append((k0, k1))
        k0, k1 = (k0 + 0x9E3779B9) & 0xFFFFFFFF, (k1 + 0xBB67AE85) & 0xFFFFFFFF
    return tuple(out)


_GET_SEED_KEYS = _round_keys(0x3EC8F720, 0x02461E29)  # GetSeed's fixed key, per round


def get_seed(seed, seed2):
    """MindSpore's ``random::GetSeed(seed, seed2)`` for a kernel's two seed attributes (not both 0): one
    Philox-4x32-10 block, counter ``(seed, seed2)`` as four words, GetSeed's fixed key (round keys precomputed)."""
    seed, seed2 = int(seed) & ((1 << 64) - 1), int(seed2) & ((1 << 64) - 1)
    c0, c1, c2, c3 = seed & 0xFFFFFFFF, seed >> 32, seed2 & 0xFFFFFFFF, seed2 >> 32
    for k0, k1 in _GET_SEED_KEYS:
        t0, t1 = 0xD2511F53 * c0, 0xCD9E8D57 * c2
        c0, c1, c2, c3 = (t1 >> 32) ^ c1 ^ k0, t1 & 0xFFFFFFFF, (t0 >> 32) ^ c3 ^ k1, t0 & 0xFFFFFFFF
    return (c1 << 32) | c0


class Mt19937:
    """``std::mt19937`` seeded with ``seed`` (low 32 bits, as ``mt19937::seed(uint_fast32_t)``).

    numpy's ``MT19937`` bit generator with its legacy seeding (``init_genrand``) is the same engine
    (``random_raw`` gives its 32-bit words; ``RandomState.randint`` costs fifteen times more per call for the
    same words). Building one costs far more than seeding one, so every engine shares one scratch
    ``MT19937``: an engine is its seed and position, and the scratch is re-seeded (and skipped to the
    position) whenever another engine used it in between."""

    min, max = 0, 0xFFFFFFFF

    def __init__(self, seed):
        self._seed, self._pos, self._token = int(seed) & 0xFFFFFFFF, 0, object()

    def _draw(self, n):
        """The next ``n`` outputs as uint32 (the position is not moved)."""
        global _SCRATCH, _SCRATCH_AT
        with _SCRATCH_LOCK:
            if _SCRATCH is None:
                _SCRATCH = np.random.MT19937(0)
            if _SCRATCH_AT[0] is not self._token or _SCRATCH_AT[1] != self._pos:
                _SCRATCH._legacy_seeding(self._seed)
                for done in range(0, self._pos, _CHUNK * 16):
                    _SCRATCH.random_raw(min(_CHUNK * 16, self._pos - done), output=False)
            out = _SCRATCH.random_raw(n).astype(np.uint32)
            _SCRATCH_AT = (self._token, self._pos + n)
        return out

    def words(self, n):
        """The next ``n`` 32-bit outputs (consumed), as uint64."""
        return self.words32(n).astype(np.uint64)

    def words32(self, n):
        """The next ``n`` 32-bit outputs (consumed), as uint32."""
        out = self._draw(n)
        self._pos += n
        return out

    def peek(self, n):
        """The next ``n`` outputs without consuming them."""
        return self._draw(n).astype(np.uint64)

    def skip(self, n):
        self._pos += n


_SCRATCH = None
_SCRATCH_AT = (None, 0)
_SCRATCH_LOCK = threading.Lock()


class MinStd:
    """``std::minstd_rand0`` (libstdc++'s ``default_random_engine``) seeded with ``seed``."""

    min, max = 1, _MINSTD_M - 1

    _powers = None

    def __init__(self, seed):
        x = int(seed) % _MINSTD_M
        self.state = x if x else 1

    @classmethod
    def _table(cls):
        if cls._powers is None:
            p = np.empty(_CHUNK, np.uint64)
            p[0] = _MINSTD_A
            filled = 1
            while filled < _CHUNK:  # a**(k + filled) = a**k * a**filled, doubling the table
                step = min(filled, _CHUNK - filled)
                p[filled:filled + step] = p[:step] * p[filled - 1] % np.uint64(_MINSTD_M)
                filled += step
            cls._powers = p
        return cls._powers

    def peek(self, n):
        """The next ``n`` outputs without consuming them (``state * a**k mod m``)."""
        table = self._table()
        out = np.empty(n, np.uint64)
        x = self.state
        for start in range(0, n, _CHUNK):
            m = min(_CHUNK, n - start)
            out[start:start + m] = np.uint64(x) * table[:m] % np.uint64(_MINSTD_M)
            x = int(out[start + m - 1])
        return out

    def skip(self, n):
        if n:
            self.state = self.state * pow(_MINSTD_A, n, _MINSTD_M) % _MINSTD_M


_BELOW_ONE = np.nextafter(1.0, 0.0)
_PASS = 1 << 14  # elements per pass of the float pipelines here: their temporaries stay in the CPU's cache


def uniform_real(engine, n):
    """``n`` float32 draws of MindSpore's ``UniformReal`` kernel from ``engine`` (``Mt19937``), ``_PASS`` at a
    time: ``(w0 + w1 * 2**32) / 2**64`` as ``w1 * 2**-32 + w0 * 2**-64`` (both products exact, the sum rounded
    once: the double of the exact 64-bit sum), kept below 1, stored as float32."""
    out = np.empty(n, np.float32)
    for start in range(0, n, _PASS):
        pair = engine.words32(2 * (min(n, start + _PASS) - start))
        u = pair[1::2].astype(np.float64)
        u *= 2.0 ** -32
        low = pair[0::2].astype(np.float64)
        low *= 2.0 ** -64
        u += low
        np.minimum(u, _BELOW_ONE, out=u)
        out[start:start + _PASS] = u
    return out


def uniform_int(engine, n, low, high):
    """``n`` int32 draws in ``[low, high)`` of MindSpore's ``UniformInt`` kernel from ``engine`` (``Mt19937``)."""
    span = high - low  # libstdc++'s urange + 1
    scaling = 0xFFFFFFFF // span
    past = span * scaling
    parts, have = [], 0
    while have < n:  # each round draws exactly the values still missing: rejected words are consumed too
        w = engine.words32(n - have)
        w = w[w < np.uint32(past)]
        parts.append(w)
        have += w.size
    words = parts[0] if len(parts) == 1 else np.concatenate(parts) if parts else np.empty(0, np.uint32)
    # low + word // scaling lies in int32: computed modulo 2**32, read as int32
    out = words // np.uint32(scaling)
    out += np.uint32(low & 0xFFFFFFFF)
    return out.view(np.int32)


_LOGF_TAB = np.array([  # glibc"s __logf_data: (invc, logc) per 16ths of the octave
    (float.fromhex("0x1.661ec79f8f3bep+0"), float.fromhex("-0x1.57bf7808caadep-2")),
    (float.fromhex("0x1.571ed4aaf883dp+0"), float.fromhex("-0x1.2bef0a7c06ddbp-2")),
    (float.fromhex("0x1.49539f0f010bp+0"), float.fromhex("-0x1.01eae7f513a67p-2")),
    (float.fromhex("0x1.3c995b0b80385p+0"), float.fromhex("-0x1.b31d8a68224e9p-3")),
    (float.fromhex("0x1.30d190c8864a5p+0"), float.fromhex("-0x1.6574f0ac07758p-3")),
    (float.fromhex("0x1.25e227b0b8eap+0"), float.fromhex("-0x1.1aa2bc79c81p-3")),
    (float.fromhex("0x1.1bb4a4a1a343fp+0"), float.fromhex("-0x1.a4e76ce8c0e5ep-4")),
    (float.fromhex("0x1.12358f08ae5bap+0"), float.fromhex("-0x1.1973c5a611cccp-4")),
    (float.fromhex("0x1.0953f419900a7p+0"), float.fromhex("-0x1.252f438e10c1ep-5")),
    (1.0, 0.0),
    (float.fromhex("0x1.e608cfd9a47acp-1"), float.fromhex("0x1.aa5aa5df25984p-5")),
    (float.fromhex("0x1.ca4b31f026aap-1"), float.fromhex("0x1.c5e53aa362eb4p-4")),
    (float.fromhex("0x1.b2036576afce6p-1"), float.fromhex("0x1.526e57720db08p-3")),
    (float.fromhex("0x1.9c2d163a1aa2dp-1"), float.fromhex("0x1.bc2860d22477p-3")),
    (float.fromhex("0x1.886e6037841edp-1"), float.fromhex("0x1.1058bc8a07ee1p-2")),
    (float.fromhex("0x1.767dcf5534862p-1"), float.fromhex("0x1.4043057b6ee09p-2"))])
_LOGF_LN2 = float.fromhex("0x1.62e42fefa39efp-1")
_LOGF_POLY = [float.fromhex("-0x1.00ea348b88334p-2"), float.fromhex("0x1.5575b0be00b6ap-2"),
              float.fromhex("-0x1.ffffef20a4123p-2")]


_LOGF_INVC = np.ascontiguousarray(_LOGF_TAB[:, 0])
_LOGF_LOGC = np.ascontiguousarray(_LOGF_TAB[:, 1])


def logf(x):
    """glibc's ``logf`` (the table-driven algorithm of glibc 2.28+, which MindSpore's kernels call), bit for bit,
    on a float32 array of positive finite values."""
    x = np.asarray(x, np.float32)
    if x.size <= _PASS:
        return _logf(x.reshape(-1)).reshape(x.shape)
    flat, out = x.reshape(-1), np.empty(x.size, np.float32)
    for start in range(0, x.size, _PASS):
        out[start:start + _PASS] = _logf(flat[start:start + _PASS])
    return out.reshape(x.shape)


def _logf(x):
    ix = x.view(np.uint32)
    sub = ix < np.uint32(0x00800000)
    if sub.any():  # subnormals: normalise as glibc does
        ix = ix.copy()
        ix[sub] = (x[sub] * np.float32(2.0 ** 23)).view(np.uint32) - np.uint32(23 << 23)
    tmp = ix - np.uint32(0x3F330000)
    i = ((tmp >> np.uint32(19)) & np.uint32(15)).astype(np.intp)
    y0 = (tmp.view(np.int32) >> np.int32(23)).astype(np.float64)  # k
    tmp &= np.uint32(0xFF800000)
    r = (ix - tmp).view(np.float32).astype(np.float64)  # z
    r *= _LOGF_INVC.take(i)
    r -= 1.0  # r = z * invc - 1
    y0 *= _LOGF_LN2
    y0 += _LOGF_LOGC.take(i)  # y0 = logc + k * ln2
    r2 = r * r
    y = _LOGF_POLY[1] * r
    y += _LOGF_POLY[2]
    r2p = _LOGF_POLY[0] * r2
    y += r2p  # y = P0 * r2 + (P1 * r + P2)
    y *= r2
    y0 += r
    y += y0  # y * r2 + (y0 + r)
    return y.astype(np.float32)


def standard_normal(engine, n):
    """``n`` float32 draws of MindSpore's ``StandardNormal`` kernel (one launch) from ``engine`` (``MinStd``),
    at most ``_PASS`` candidate pairs per pass."""
    pairs = (n + 1) // 2
    out = np.empty(2 * pairs, np.float32)
    have = 0
    while have < pairs:
        want = pairs - have
        w = engine.peek(2 * min(want + want // 3 + 8, _PASS))  # the polar method keeps pi/4 of the pairs
        v = _canonical_float(w)
        v *= np.float32(2)
        v -= np.float32(1)  # 2u - 1 in float (the kernel's double difference is exact, rounded once to float)
        x, y = v[0::2], v[1::2]
        r2 = x * x + y * y
        ok = np.flatnonzero((r2 <= 1.0) & (r2 != 0.0))[:want]
        engine.skip(2 * (int(ok[-1]) + 1) if ok.size == want else w.size)
        r2 = r2[ok]
        mult = np.sqrt((np.float32(-2) * logf(r2)) / r2)
        stop = have + ok.size
        out[2 * have:2 * stop:2] = y[ok] * mult
        out[2 * have + 1:2 * stop:2] = x[ok] * mult
        have = stop
    return out[:n]


def truncated_normal(engine, n):
    """``n`` float64 draws of MindSpore's ``TruncatedNormal`` kernel (one launch) from ``engine`` (``MinStd``):
    the polar method in double, each accepted pair giving ``y * m`` then ``x * m``, values outside ``[-2, 2]``
    dropped; the half left over when the launch ends is dropped with its distribution."""
    parts, have = [], 0
    while have < n:
        want = n - have
        pairs = want // 2 + want // 8 + 8
        w = (engine.peek(4 * pairs) - np.uint64(1)).astype(np.float64)
        r = float(_MINSTD_M - 1)
        u = np.minimum((w[0::2] + w[1::2] * r) / (r * r), np.nextafter(1.0, 0.0))
        x, y = 2.0 * u[0::2] - 1.0, 2.0 * u[1::2] - 1.0
        r2 = x * x + y * y
        ok = ~((r2 > 1.0) | (r2 == 0.0))
        with np.errstate(divide="ignore", invalid="ignore"):
            mult = np.sqrt(-2.0 * np.log(np.where(ok, r2, 0.5)) / np.where(ok, r2, 0.5))
        values = np.stack([y * mult, x * mult], axis=1)  # per pair, in draw order
        keep = ok[:, None] & (values >= -2.0) & (values <= 2.0)
        flat, kept = values.reshape(-1), keep.reshape(-1)
        count = np.cumsum(kept)
        if count.size and count[-1] >= want:
            last = int(np.searchsorted(count, want))  # the value that completes the launch
            engine.skip(4 * (last // 2 + 1))
            parts.append(flat[:last + 1][kept[:last + 1]])
            have = n
        else:
            engine.skip(4 * pairs)
            parts.append(flat[kept])
            have += int(kept.sum())
    return np.concatenate(parts) if parts else np.empty(0, np.float64)


def parameterized_truncated_normal(engine, rows, size, params, dtype):
    """MindSpore's ``ParameterizedTruncatedNormal`` kernel (one launch) from ``engine`` (``MinStd``): ``rows``
    batch rows of ``size`` samples; ``params``: ``(mean, stddev, minval, maxval)`` per row (numpy scalars of
    ``dtype``, float32 or float64, in which the kernel computes)."""
    t = np.dtype(dtype).type

    def exp(v):  # glibc's expf / exp are correctly rounded here
        return t(math.exp(float(v)))

    def log(v):
        return logf(np.array([v], np.float32))[0] if t is np.float32 else t(math.log(float(v)))

    def uniform():
        return t(_canonical_double(engine, 1)[0])

    out = np.empty((rows, size), dtype)
    for row, (mean, stddev, lo, hi) in enumerate(params):
        if (np.isinf(lo) and lo < 0) or hi < mean:
            lo, hi, stddev = hi, lo, -stddev
        norm_min = (lo - mean) / (stddev if stddev != 0 else t(1))
        norm_max = (hi - mean) / (stddev if stddev != 0 else t(1))
        root = np.sqrt(norm_min * norm_min + t(4))
        cutoff = t(2) * exp(t(0.5) + (norm_min * (norm_min - root)) / t(4)) / (norm_min + root)
        if (norm_min < t(-1.3) and norm_max >= 0) or (norm_max > t(1.3) and norm_min <= 0):
            saved, i = [], 0
            while i < size:
                if not saved:
                    saved = list(standard_normal_double(engine, 2))[::-1]
                z = t(saved.pop())
                if norm_min <= z <= norm_max:
                    out[row, i] = z * stddev + mean
                    i += 1
        elif norm_max - norm_min < cutoff:
            plus = t(0) if norm_min < 0 else norm_min * norm_min
            for i in range(size):
                while True:
                    z = uniform() * (norm_max - norm_min) + norm_min
                    if uniform() <= exp((plus - z * z) / t(2)):
                        break
                out[row, i] = z * stddev + mean
        else:
            alpha = (norm_min + np.sqrt(norm_min * norm_min + t(4))) / t(2)
            for i in range(size):
                while True:
                    z = -log(uniform()) / alpha + norm_min
                    x = alpha - z if norm_min < alpha else norm_min - alpha
                    if uniform() <= exp(-x * x / t(2)) and z < norm_max:
                        break
                out[row, i] = z * stddev + mean
    return out


def standard_normal_double(engine, n):
    """``n`` draws (``n`` even) of a new libstdc++ ``normal_distribution<double>`` on ``engine`` (``MinStd``): the
    polar method on ``generate_canonical<double, 53>``, each accepted pair giving ``y * m`` then ``x * m``."""
    out = []
    while len(out) < n:
        u = _canonical_double(engine, 2)
        x, y = 2.0 * u[0] - 1.0, 2.0 * u[1] - 1.0
        r2 = x * x + y * y
        if r2 > 1.0 or r2 == 0.0:
            continue
        m = math.sqrt(-2.0 * math.log(r2) / r2)
        out += [y * m, x * m]
    return np.array(out[:n])


def standard_laplace(engine, n):
    """``n`` float32 draws of MindSpore's ``StandardLaplace`` kernel from ``engine`` (``MinStd``)."""
    lo = np.nextafter(np.float32(-1), np.float32(0))
    u = _canonical_float(engine.peek(n)) * (np.float32(1) - lo) + lo
    engine.skip(n)
    return (-np.copysign(1.0, u).astype(np.float64) * np.log(1.0 - np.abs(u.astype(np.float64)))).astype(np.float32)


def _canonical_double(engine, n):
    """``n`` draws of libstdc++'s ``generate_canonical<double, 53>`` from ``minstd_rand0`` (two outputs each:
    ``((w0 - 1) + (w1 - 1) * r) / r**2``, ``r = 2**31 - 2``, kept below 1)."""
    w = (engine.peek(2 * n) - np.uint64(1)).astype(np.float64)
    engine.skip(2 * n)
    r = float(_MINSTD_M - 1)
    return np.minimum((w[0::2] + w[1::2] * r) / (r * r), np.nextafter(1.0, 0.0))


def random_categorical(logits, num_sample, seed):
    """MindSpore's ``RandomCategorical`` kernel on 2-D numpy ``logits`` (float32 or float64) with a nonzero op
    ``seed``: int64 class indices of shape ``(rows, num_sample)``."""
    t = logits.dtype.type
    row_max = logits.max(axis=1, keepdims=True).astype(np.float32).astype(logits.dtype)
    if t == np.float32:  # expf: the float64 exp rounded once is glibc's (correctly rounded) expf
        e = np.exp((logits - row_max).astype(np.float64)).astype(np.float32)
    else:
        e = np.exp(logits - row_max)
    cdf = np.cumsum(e, axis=1, dtype=logits.dtype)  # sequential, as the kernel's loop
    draws = _canonical_double(MinStd(get_seed(0, seed)), num_sample).astype(np.float32).astype(logits.dtype)
    to_find = (cdf[:, -1:] * draws[None, :]).astype(np.float32).astype(logits.dtype)
    idx = (cdf[:, None, :] < to_find[:, :, None]).sum(-1)  # cdf rises: count below = first index not below
    return np.minimum(idx, logits.shape[1] - 1).astype(np.int64)


class _Words:
    """Scalar draws from an engine (``Mt19937`` or ``MinStd``), fetched in consumed batches; ``close()`` moves
    the engine back to exactly what was used (each batch continues the engine where the last one ended:
    no batch recomputes the words before it)."""

    _BATCH = 1024

    def __init__(self, engine):
        self._engine, self._buf, self._pos, self._used = engine, [], 0, 0
        self._mark = engine.state if isinstance(engine, MinStd) else engine._pos

    def __call__(self):
        if self._pos == len(self._buf):
            self._buf, self._pos = self._engine.peek(self._BATCH).tolist(), 0
            self._engine.skip(self._BATCH)
        self._pos += 1
        self._used += 1
        return self._buf[self._pos - 1]

    def close(self):
        if isinstance(self._engine, MinStd):
            self._engine.state = self._mark
        else:
            self._engine._pos = self._mark
        self._engine.skip(self._used)


def dropout_keep(engine, n, keep_prob):
    """The ``Dropout`` kernel's keep mask (bool, ``n`` elements) from ``engine`` (``MinStd``)."""
    w = engine.peek(n)
    engine.skip(n)
    return _canonical_float(w) < np.float32(keep_prob)


def multinomial(engine, probs, num_samples):
    """The ``Multinomial`` kernel (with replacement) on a 2-D numpy array of weights, row by row: cumulative
    sums in the input's dtype, normalised by the row total, one float draw per sample located by binary
    search; int64 indices of shape ``(rows, num_samples)``."""
    out = np.empty((probs.shape[0], num_samples), np.int64)
    for i, row in enumerate(probs):
        cum = np.cumsum(row, dtype=row.dtype)  # sequential, as the kernel's loop
        if cum[-1] != 0:
            cum = cum / cum[-1]
        u = _canonical_float(engine.peek(num_samples)).astype(row.dtype)
        engine.skip(num_samples)
        out[i] = np.searchsorted(cum[:-1], u, side="right")
    return out


def _canonical_float(w):
    """libstdc++'s ``generate_canonical<float, 24>`` of ``minstd_rand0`` outputs: ``float(w - 1) / 2**31``,
    kept below 1."""
    u = (w - np.uint64(1)).astype(np.float32) / np.float32(2147483648.0)
    return np.minimum(u, np.float32(np.nextafter(np.float32(1), np.float32(0))))


def _uniform_int_one(g, gmin, grange, low, high):
    """libstdc++'s ``uniform_int_distribution(low, high)(g)`` (inclusive) for an engine range below 2**32."""
    span = high - low
    if grange == span:
        return low + g() - gmin
    uerange = span + 1
    scaling = grange // uerange
    past = uerange * scaling
    r = g() - gmin
    while r >= past:
        r = g() - gmin
    return low + r // scaling


def _uniform_ints(engine, spans):
    """libstdc++'s ``uniform_int_distribution(0, span)(engine)`` for each ``span`` of the uint64 array
    ``spans`` in turn (an engine range below 2**32), vectorised: runs of draws are taken from a window of
    engine words up to the first rejected word; the engine moves on by exactly the words used."""
    gmin, grange = engine.min, engine.max - engine.min
    uerange = spans + np.uint64(1)
    scaling = np.uint64(grange) // uerange
    past = uerange * scaling
    whole = spans == np.uint64(grange)  # the engine's own range: the word itself, never rejected
    scaling[whole], past[whole] = 1, grange + 1
    out = np.empty(spans.size, np.uint64)
    mark = engine.state if isinstance(engine, MinStd) else engine._pos
    buf, pos, used, k, window = np.empty(0, np.uint64), 0, 0, 0, 1024
    while k < spans.size:
        m = min(spans.size - k, window)
        if pos + m > buf.size:
            fetch = max(m, spans.size - k) + 64
            fresh = engine.peek(fetch) - np.uint64(gmin)
            engine.skip(fetch)
            buf, pos = np.concatenate([buf[pos:], fresh]), 0
        w = buf[pos:pos + m]
        bad = w >= past[k:k + m]
        j = int(bad.argmax()) if bad.any() else m
        out[k:k + j] = w[:j] // scaling[k:k + j]
        k, pos, used = k + j, pos + j + (j < m), used + j + (j < m)
    if isinstance(engine, MinStd):
        engine.state = mark
    else:
        engine._pos = mark
    engine.skip(used)
    return out


def shuffle_permutation(engine, n):
    """libstdc++'s ``std::shuffle`` of ``[0, n)`` with ``engine``: the permutation, as int64. The swap
    positions are drawn vectorised (``_uniform_ints``); the swaps run in order."""
    perm = list(range(n))
    if n <= 1:
        return np.asarray(perm, np.int64)
    grange = engine.max - engine.min
    if grange // n >= n:  # two swap positions per draw
        first = 2 if n % 2 == 0 else 1
        starts = np.arange(first, n, 2, dtype=np.uint64)
        spans = (starts + np.uint64(1)) * (starts + np.uint64(2)) - np.uint64(1)
        if first == 2:
            spans = np.concatenate([np.ones(1, np.uint64), spans])
        draws = _uniform_ints(engine, spans)
        if first == 2:
            j = int(draws[0])
            perm[1], perm[j] = perm[j], perm[1]
            draws = draws[1:]
        b1 = starts + np.uint64(2)
        # positions i and i + 1 are untouched (hold i, i + 1) until their step: each swap is two stores
        for i, a, b in zip(starts.tolist(), (draws // b1).tolist(), (draws % b1).tolist()):
            perm[i] = perm[a]
            perm[a] = i
            perm[i + 1] = perm[b]
            perm[b] = i + 1
    else:
        draws = _uniform_ints(engine, np.arange(1, n, dtype=np.uint64)).tolist()
        for i, j in zip(range(1, n), draws):
            perm[i] = perm[j]
            perm[j] = i
    return np.asarray(perm, np.int64)


class RandomKernel:
    """One MindSpore random kernel's engines for attributes ``(seed, seed2)``: what a Primitive keeps
    between calls (``mtrng_`` for the uniform kernels, ``dfrng_`` for ``StandardNormal``)."""

    def __init__(self, seed, seed2):
        self._seed = get_seed(seed, seed2)
        self._mt = self._minstd = None  # a function's one-call kernel is not tracked; KernelCache tracks kept ones

    def _state(self):
        return (None if self._mt is None else self._mt._pos, None if self._minstd is None else self._minstd.state)

    @staticmethod
    def _initial_state():
        return None, None

    def _set_state(self, state):
        mt_pos, minstd = state
        if mt_pos is None:
            self._mt = None
        else:
            self._mt = self._mt if self._mt is not None else Mt19937(self._seed)
            self._mt._pos = mt_pos
        if minstd is None:
            self._minstd = None
        else:
            self._minstd = self._minstd if self._minstd is not None else MinStd(self._seed)
            self._minstd.state = minstd

    def _mt19937(self):
        if self._mt is None:
            self._mt = Mt19937(self._seed)
        return self._mt

    def uniform_real(self, shape):
        return uniform_real(self._mt19937(), math.prod(shape)).reshape(shape)

    def uniform_int(self, shape, low, high):
        if high <= low:
            raise ValueError(f"For 'Random', invalid min/max values: ({low}/{high})")
        return uniform_int(self._mt19937(), math.prod(shape), low, high).reshape(shape)

    def _default_engine(self):
        if self._minstd is None:
            self._minstd = MinStd(self._seed)
        return self._minstd

    def standard_normal(self, shape):
        return standard_normal(self._default_engine(), math.prod(shape)).reshape(shape)

    def truncated_normal(self, shape):
        """``TruncatedNormal``'s float64 draws for one launch (continues this kernel's engine)."""
        return truncated_normal(self._default_engine(), math.prod(shape)).reshape(shape)

    def parameterized_truncated_normal(self, rows, size, params, dtype):
        """``ParameterizedTruncatedNormal``'s draws for one launch (continues this kernel's engine)."""
        return parameterized_truncated_normal(self._default_engine(), rows, size, params, dtype)

    def standard_laplace(self, shape):
        return standard_laplace(self._default_engine(), math.prod(shape)).reshape(shape)

    def choose(self, nonzero, count):
        """``RandomChoiceWithMask``'s picks: up to ``count`` of the flat indices ``nonzero``, in random order."""
        return nonzero[shuffle_permutation(self._default_engine(), nonzero.size)[:count]]

    def dropout_keep(self, shape, keep_prob):
        """``Dropout``'s keep mask for an input of ``shape`` (continues this kernel's engine)."""
        return dropout_keep(self._default_engine(), math.prod(shape), keep_prob).reshape(shape)

    def multinomial(self, probs, num_samples):
        """``Multinomial``'s samples for 2-D weights ``probs`` (continues this kernel's engine)."""
        return multinomial(self._default_engine(), probs, num_samples)

    def shuffle(self, n):
        """``RandomShuffle``'s permutation of dim 0 (length ``n``)."""
        return shuffle_permutation(self._default_engine(), n)


class KernelCache:
    """A random Primitive's kernels: MindSpore builds one per input signature (shape, dtype), each seeded
    alike from ``(seed, seed2)`` and continuing its own engines call after call."""

    def __init__(self, seed, seed2):
        self._seeds, self._kernels = (seed, seed2), {}

    def get(self, signature):
        kernel = self._kernels.get(signature)
        if kernel is None:
            kernel = self._kernels[signature] = RandomKernel(*self._seeds)
            _LIVE.add(kernel)
        return kernel


_LIVE = weakref.WeakSet()  # the kernels a Primitive or layer keeps (their engines are random state)


def snapshot():
    """All MindSpore random state outside torch: the op-seed counters and every kept kernel's engines."""
    return dict(op_seed.counters()), [(k, k._state()) for k in list(_LIVE)]


def restore(state):
    """Back to a ``snapshot()``; kernels built since then go back to their first draw."""
    counters, kernels = state
    op_seed.set_counters(counters)
    known = set()
    for kernel, kernel_state in kernels:
        kernel._set_state(kernel_state)
        known.add(id(kernel))
    for kernel in list(_LIVE):
        if id(kernel) not in known:
            kernel._set_state(kernel._initial_state())


def checkpoint_context_fn(user_context_fn=None):
    """A ``context_fn`` for ``torch.utils.checkpoint`` (non-reentrant): the recomputation draws the same
    MindSpore random numbers as the forward did (dropout masks, seeded ops) and leaves the streams where the
    forward left them — what ``preserve_rng_state`` does for torch's generator. Wraps ``user_context_fn``."""
    def context_fn():
        shared = {}

        @contextlib.contextmanager
        def forward():
            shared["before"] = snapshot()
            yield

        @contextlib.contextmanager
        def recompute():
            after = snapshot()
            restore(shared["before"])
            try:
                yield
            finally:
                restore(after)

        if user_context_fn is None:
            return forward(), recompute()
        user_forward, user_recompute = user_context_fn()
        return _both(forward(), user_forward), _both(recompute(), user_recompute)
    return context_fn


@contextlib.contextmanager
def _both(first, second):
    with first, second:
        yield


class DropoutNd:
    """One ``Dropout2D``/``Dropout3D`` kernel: a ``minstd_rand0`` seeded with 1 and a channel keep mask per
    launch (see the module notes). ``DROPOUT_ND`` holds them for the process, as MindSpore's kernel cache."""

    def __init__(self):
        self._engine = MinStd(1)
        _LIVE.add(self)

    def _state(self):
        return self._engine.state

    @staticmethod
    def _initial_state():
        return 1

    def _set_state(self, state):
        self._engine.state = state

    def keep(self, channels, keep_prob):
        """The keep mask (bool) of ``channels`` channels for one launch."""
        return _canonical_double(self._engine, channels) < float(np.float32(keep_prob))


DROPOUT_ND = {}  # (kernel name, keep_prob, shape, dtype) -> DropoutNd, for the whole process


def mindspore_dropout_nd(name, input, keep_prob):
    """MindSpore's ``Dropout2D``/``Dropout3D`` CPU kernel (``name``) on a 4-D/5-D ``input``: ``(output, mask)``,
    whole channels kept with probability ``keep_prob`` and scaled by ``float(1 / keep_prob)`` (the product in
    float32 whatever the dtype: float64 inputs lose precision, integers truncate, as MindSpore's); the engine
    of the process-wide kernel for this signature continues."""
    import torch
    if keep_prob == 0:  # the kernel writes zeros and draws nothing
        return torch.zeros_like(input), torch.zeros(input.shape, dtype=torch.bool, device=input.device)
    key = (name, float(keep_prob), tuple(input.shape), input.dtype)
    kernel = DROPOUT_ND.get(key)
    if kernel is None:
        kernel = DROPOUT_ND[key] = DropoutNd()
    channels = int(input.shape[0]) * int(input.shape[1])
    keep = torch.from_numpy(kernel.keep(channels, keep_prob)).to(input.device)
    mask = keep.reshape(tuple(input.shape[:2]) + (1,) * (input.dim() - 2)).expand(input.shape).contiguous()
    scale = np.float32(1) / np.float32(keep_prob)  # the product in float32 for every dtype, cast back
    out = (input.float() * torch.tensor(scale, device=input.device) * mask.float()).to(input.dtype)
    return out, mask


def kernel_seeds(seed, name):
    """MindSpore's ``_get_seed(seed, name)`` (advances the call counter); ``None``: use torch's generator."""
    global _global_seed
    if _global_seed is None:  # the context sits above the ground floor: looked up once, on first use
        from ..context import get_seed as _global_seed
    return op_seed.graph_seed(seed, name, _global_seed())


_global_seed = None


def mindspore_dropout(kernel, input, keep_prob, with_mask=False):
    """MindSpore's ``Dropout`` kernel on ``input`` with ``kernel``'s engine: ``mask * input * (1/keep_prob)``
    (and the mask in the input's dtype with ``with_mask``). Here, on the ground floor, so that ``nn.Dropout``
    reaches it without importing ``ops`` (two threads importing ``nn`` and ``ops`` at once deadlocked on that)."""
    import torch
    mask = torch.from_numpy(kernel.dropout_keep(tuple(input.shape), keep_prob)).to(input.device, input.dtype)
    scale = float(np.float32(1) / np.float32(keep_prob))
    if input.dtype == torch.float16:
        out = mask * (input.float() * scale).to(input.dtype)
    elif input.dtype in (torch.float32, torch.float64):  # the float scale is exact in either: a Python scalar
        out = mask * input * scale
    else:
        out = mask * input * torch.tensor(scale, dtype=input.dtype, device=input.device)
    return (out, mask) if with_mask else out

"""The C++ standard library's random engine and distributions as MindSpore's data pipeline calls them.

MindSpore's ``minddata`` (samplers, ``shuffle``, random vision transforms) draws from ``std::mt19937``
through libstdc++'s ``std::shuffle``, ``std::uniform_int_distribution``,
``std::uniform_real_distribution`` and ``std::bernoulli_distribution``. Those algorithms are fixed by
libstdc++'s source, so the same seed gives the same numbers here:

* ``std::mt19937(seed)``: numpy's ``MT19937`` with its legacy (``init_genrand``) seeding is the same
  engine; words are taken one at a time, so a stream can be shared by several consumers exactly as the
  C++ engine is;
* ``uniform_int_distribution(a, b)`` with a 32-bit engine: libstdc++'s downscaling (the method before
  GCC 11, which MindSpore 2.10's build uses — checked against it): ``scaling = (2**32 - 1) // range``,
  words ``>= range * scaling`` are rejected, the result is ``a + word // scaling``; ranges wider than
  32 bits use libstdc++'s upscaling (a recursive draw for the high part, one word for the low 32 bits);
* ``std::shuffle`` of ``n`` elements: when ``n * n`` fits in the engine's range it draws the swap
  positions two at a time (one ``uniform_int(0, (i+1)(i+2) - 1)`` gives the positions for ``i`` and
  ``i + 1``, after a single ``uniform_int(0, 1)`` first when ``n`` is even), else one per element;
* ``std::sample`` (``sample``): libstdc++'s selection sampling, two decisions per draw while they fit;
* ``uniform_real_distribution<float/double>(a, b)``: ``generate_canonical`` — one word for float
  (``word / 2**32``), two for double (``(w0 + w1 * 2**32) / 2**64``), pulled back below 1 when rounding
  reaches it, then ``a + (b - a) * c``;
* ``bernoulli_distribution(p)``: ``generate_canonical<double>() < p``;
* ``exponential_distribution(l)``: ``-log(1 - generate_canonical<double>()) / l``;
* ``discrete_distribution(w)``: ``lower_bound`` of a ``generate_canonical<double>()`` in the running sums of
  ``w / sum(w)`` (the last one set to 1);
* ``normal_distribution<float>``: the Marsaglia polar method on ``2 * generate_canonical<float>() - 1`` pairs,
  in float32, the second value of each pair kept for the next call (``NormalFloat``);
* ``gamma_distribution<float>(alpha)``: Marsaglia and Tsang's method over the distribution's own ``NormalFloat``
  (its saved second value used by the next draw of the same object), with libstdc++'s mix of float and double
  arithmetic (``GammaFloat``). ``logf``/``powf`` are glibc's, as libstdc++ calls them on Linux (``logf`` bit for
  bit from ``common.op_random``; ``powf`` as double ``pow`` rounded once).
"""
from __future__ import annotations

import bisect
import math

import numpy as np

from ...common import op_random

__all__ = ["Mt19937", "Mt19937_64", "discrete_table", "NormalFloat", "GammaFloat", "libstdcxx_shuffle"]

_TWO32 = 4294967296
_BLOCK = 624


def libstdcxx_shuffle(items, below, engine_range):
    """libstdc++'s ``std::shuffle`` of the list ``items`` in place, over an engine whose ``max() - min()`` is
    ``engine_range`` and whose ``uniform_int_distribution`` draw in ``[0, span)`` is ``below(span)``: where the
    engine's range holds two indices at once, each draw places two items."""
    n = len(items)
    if n < 2:
        return items
    if engine_range // n >= n:
        i = 1
        if n % 2 == 0:
            j = below(2)
            items[1], items[j] = items[j], items[1]
            i = 2
        while i < n:
            b1 = i + 2
            x = below((i + 1) * b1)
            j, k = x // b1, x % b1
            items[i], items[j] = items[j], items[i]
            items[i + 1], items[k] = items[k], items[i + 1]
            i += 2
        return items
    for i in range(1, n):
        j = below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


class Mt19937:
    """``std::mt19937`` seeded with ``seed``, and the libstdc++ distributions over it."""

    __slots__ = ("_bits", "_buf", "_pos", "held")

    def __init__(self, seed=5489):
        self.seed(seed)
        self.held = {}  # distribution objects an operation keeps beside its engine (e.g. a normal's saved value)

    def seed(self, seed):
        """``engine.seed(seed)``: restart the stream from ``seed`` (taken modulo 2**32, as ``uint32_t``)."""
        self._bits = np.random.MT19937(0)
        self._bits._legacy_seeding(int(seed) & 0xFFFFFFFF)
        self._buf, self._pos = [], 0

    def word(self):
        """``engine()``: the next 32-bit output."""
        if self._pos == len(self._buf):
            self._buf, self._pos = self._bits.random_raw(_BLOCK).tolist(), 0
        w = self._buf[self._pos]
        self._pos += 1
        return w

    def words(self, count):
        """The next ``count`` outputs of ``engine()`` as a uint64 array (the same stream as ``word()``)."""
        held = self._buf[self._pos:self._pos + count]
        self._pos += len(held)
        rest = count - len(held)
        tail = self._bits.random_raw(rest) if rest > 0 else np.empty(0, np.uint64)
        return np.concatenate([np.asarray(held, np.uint64), tail.astype(np.uint64)])

    def canonical_doubles(self, count):
        """``count`` draws of ``canonical_double`` as a float64 array."""
        w = self.words(2 * count).astype(np.float64)
        c = (w[0::2] + w[1::2] * 4294967296.0) / 18446744073709551616.0
        return np.where(c >= 1.0, np.nextafter(1.0, 0.0), c)

    def canonical_floats(self, count):
        """``count`` draws of ``canonical_float`` as a float32 array."""
        c = self.words(count).astype(np.float32) / np.float32(_TWO32)
        return np.where(c >= 1.0, np.nextafter(np.float32(1.0), np.float32(0.0)), c).astype(np.float32)

    def discard(self, count):
        """``engine.discard(count)``."""
        for _ in range(count):
            self.word()

    def _below(self, span):
        """A uniform integer in ``[0, span)`` by libstdc++'s method for ``span`` up to 2**64."""
        if span <= _TWO32:
            if span == _TWO32:
                return self.word()
            scaling = 4294967295 // span
            past = span * scaling
            w = self.word()
            while w >= past:
                w = self.word()
            return w // scaling
        urange = span - 1  # upscaling: high part from a recursive draw, low 32 bits from one word
        while True:
            tmp = _TWO32 * self._below(urange // _TWO32 + 1)
            ret = tmp + self.word()
            if ret <= urange and ret >= tmp:
                return ret

    def uniform_int(self, a, b):
        """``std::uniform_int_distribution<>(a, b)(engine)``: an integer in ``[a, b]``."""
        return a + self._below(b - a + 1)

    def shuffle(self, items):
        """``std::shuffle(items.begin(), items.end(), engine)`` in place (libstdc++'s algorithm)."""
        return libstdcxx_shuffle(items, self._below, _TWO32 - 1)

    def sample(self, population, k):
        """``std::sample`` of ``k`` of ``population`` (random-access) elements, in their order: libstdc++'s
        selection sampling, two decisions per ``uniform_int(0, n (n - 1) - 1)`` while ``n * n`` fits the
        engine's range, then one ``uniform_int(0, n - 1)`` each."""
        out, i = [], 0
        left = len(population)
        k = min(k, left)
        if left and (_TWO32 - 1) // left >= left:
            while k and left >= 2:
                b0, b1 = left, left - 1
                x = self._below(b0 * b1)
                first, second = x // b1, x % b1
                left -= 1
                if first < k:
                    out.append(population[i])
                    k -= 1
                i += 1
                if not k:
                    break
                left -= 1
                if second < k:
                    out.append(population[i])
                    k -= 1
                i += 1
        while k:
            left -= 1
            if self.uniform_int(0, left) < k:
                out.append(population[i])
                k -= 1
            i += 1
        return out

    def canonical_float(self):
        """``std::generate_canonical<float, 24>(engine)``: one word."""
        c = np.float32(self.word()) / np.float32(_TWO32)
        if c >= 1.0:
            c = np.nextafter(np.float32(1.0), np.float32(0.0))
        return float(c)

    def canonical_double(self):
        """``std::generate_canonical<double, 53>(engine)``: two words, the first the low one."""
        w0 = self.word()
        w1 = self.word()
        c = (float(w0) + float(w1) * 4294967296.0) / 18446744073709551616.0
        if c >= 1.0:
            c = float(np.nextafter(1.0, 0.0))
        return c

    def uniform_float(self, a, b):
        """``std::uniform_real_distribution<float>(a, b)(engine)`` in float32 arithmetic."""
        a32, b32 = np.float32(a), np.float32(b)
        return float(np.float32(np.float32(self.canonical_float()) * (b32 - a32)) + a32)

    def uniform_double(self, a, b):
        """``std::uniform_real_distribution<double>(a, b)(engine)``."""
        return self.canonical_double() * (b - a) + a

    def bernoulli(self, p):
        """``std::bernoulli_distribution(p)(engine)``."""
        return self.canonical_double() < p

    def exponential(self, lam=1.0):
        """``std::exponential_distribution<double>(lam)(engine)``: ``-log(1 - canonical) / lam``."""
        return -math.log(1.0 - self.canonical_double()) / lam

    def discrete(self, cumulative):
        """``std::discrete_distribution`` with libstdc++'s cumulative table (see ``discrete_table``): the first
        index whose cumulative probability is not below a ``canonical_double``."""
        return bisect.bisect_left(cumulative, self.canonical_double())


def discrete_table(weights):
    """libstdc++'s ``discrete_distribution`` table: the weights divided by their sum, summed in order, the last
    entry set to 1.0."""
    total = 0.0
    for w in weights:
        total += float(w)
    out, acc = [], 0.0
    for w in weights:
        acc += float(w) / total
        out.append(acc)
    if out:
        out[-1] = 1.0
    return out


_M64 = 0xFFFFFFFFFFFFFFFF


class Mt19937_64:
    """``std::mt19937_64`` (the engine of MindSpore's ``ShuffleOp``): ``word()`` is ``engine()``. The state is
    regenerated 312 words at a time in numpy (the recurrence split where it reads words already regenerated)."""

    __slots__ = ("_mt", "_buf", "_pos")

    def __init__(self, seed=5489):
        mt = [int(seed) & _M64]
        for i in range(1, 312):
            prev = mt[-1]
            mt.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & _M64)
        self._mt = np.array(mt, dtype=np.uint64)
        self._buf, self._pos = [], 0

    def _twist(self):
        mt = self._mt
        upper, lower, matrix = np.uint64(0xFFFFFFFF80000000), np.uint64(0x7FFFFFFF), np.uint64(0xB5026F5AA96619E9)
        one = np.uint64(1)

        def step(cur, nxt, far):
            x = (cur & upper) | (nxt & lower)
            return far ^ (x >> one) ^ ((x & one) * matrix)
        mt[:156] = step(mt[:156], mt[1:157], mt[156:312])  # reads words 156.. not yet regenerated
        mt[156:311] = step(mt[156:311], mt[157:312], mt[0:155])  # reads the words just regenerated
        mt[311:] = step(mt[311:], mt[:1], mt[155:156])
        y = mt.copy()
        y ^= (y >> np.uint64(29)) & np.uint64(0x5555555555555555)
        y ^= (y << np.uint64(17)) & np.uint64(0x71D67FFFEDA60000)
        y ^= (y << np.uint64(37)) & np.uint64(0xFFF7EEE000000000)
        y ^= y >> np.uint64(43)
        self._buf, self._pos = y.tolist(), 0

    def word(self):
        """``engine()``: the next 64-bit output."""
        if self._pos == len(self._buf):
            self._twist()
        w = self._buf[self._pos]
        self._pos += 1
        return w


def _logf(x):
    """The C library's ``logf`` on one float (glibc's algorithm, bit for bit: ``common.op_random.logf``)."""
    return float(op_random.logf(np.float32(x))) if x > 0 else -math.inf


def _powf(x, y):
    """The C library's ``powf`` on two floats: glibc 2.28+ evaluates it in double precision and rounds once, which
    the double ``pow`` rounded to float reproduces (checked on every MixUpBatch reference case)."""
    return float(np.float32(float(np.float32(x)) ** float(np.float32(y))))


def _cmath():
    return _logf, _powf


def _f(x):
    return float(np.float32(x))


class NormalFloat:
    """One ``std::normal_distribution<float>(mean, stddev)`` object (libstdc++): ``draw(engine)``."""

    __slots__ = ("mean", "stddev", "_saved")

    def __init__(self, mean=0.0, stddev=1.0):
        self.mean, self.stddev, self._saved = _f(mean), _f(stddev), None

    def draw(self, engine):
        if self._saved is not None:
            ret, self._saved = self._saved, None
        else:
            logf, _ = _cmath()
            while True:
                x = _f(_f(2.0 * engine.canonical_float()) - 1.0)
                y = _f(_f(2.0 * engine.canonical_float()) - 1.0)
                r2 = _f(_f(x * x) + _f(y * y))
                if not (r2 > 1.0 or r2 == 0.0):
                    break
            mult = _f(math.sqrt(_f(_f(-2.0 * logf(r2)) / r2)))
            self._saved = _f(x * mult)
            ret = _f(y * mult)
        return _f(_f(ret * self.stddev) + self.mean)


class GammaFloat:
    """One ``std::gamma_distribution<float>(alpha, beta)`` object (libstdc++): ``draw(engine)``."""

    __slots__ = ("alpha", "beta", "_malpha", "_a2", "_nd")

    def __init__(self, alpha, beta=1.0):
        self.alpha, self.beta = _f(alpha), _f(beta)
        self._malpha = _f(self.alpha + 1.0) if self.alpha < 1.0 else self.alpha
        third = _f(1.0 / 3.0)
        self._a2 = _f(1.0 / _f(math.sqrt(_f(9.0 * _f(self._malpha - third)))))
        self._nd = NormalFloat()

    def draw(self, engine):
        logf, powf = _cmath()
        a1 = _f(self._malpha - _f(1.0 / 3.0))
        while True:
            while True:
                n = self._nd.draw(engine)
                v = _f(1.0 + _f(self._a2 * n))
                if v > 0.0:
                    break
            v = _f(_f(v * v) * v)
            u = engine.canonical_float()
            if not (u > 1.0 - 0.0331 * n * n * n * n
                    and logf(u) > 0.5 * n * n + a1 * (1.0 - v + logf(v))):
                break
        if self.alpha == self._malpha:
            return _f(_f(a1 * v) * self.beta)
        u = engine.canonical_float()
        while u == 0.0:
            u = engine.canonical_float()
        return _f(_f(_f(powf(u, _f(1.0 / self.alpha)) * a1) * v) * self.beta)

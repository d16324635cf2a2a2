"""MindSpore 2.10's ``RandomPoisson`` CPU kernel (``ops.random_poisson``, ``ops.RandomPoisson``), reproduced in
numpy and plain Python.

Facts from the kernel (``random_poisson_cpu_kernel.cc``; checked bit for bit against 2.10 by
``tests/ops/test_random_poisson_numbers.py``):

* engine: one ``std::mt19937`` per kernel, seeded once (low 32 bits) with
  ``GetSeed(seed, seed2) * 6364136223846793005 + 0xda3e39cb94b95bdb`` (mod ``2**64``; ``op_random.get_seed``);
  ``(0, 0)`` means a nondeterministic seed;
* uniform draws: ``uniform_real_distribution<double>(0, 1)`` (libstdc++: two words ``w0 + w1 * 2**32`` over
  ``2**64``, below 1);
* the ``R`` rates in flat order, and for rate ``i`` the outputs ``i, i + R, i + 2R, ...`` (the output has shape
  ``shape + rate.shape``), drawn one after the other from the one engine;
* rate ``< 10`` (negative rates included): Knuth's method in double (multiply draws until the product is at most
  ``exp(-rate)``; the count of draws before that one); ``+inf``: ``inf`` (``0`` for an integer output) with no
  draw; otherwise the transformed rejection of TensorFlow's ``random_poisson_op.cc`` (Hörmann's PTRS) in double,
  two draws per try, with the C library's ``log`` and ``lgamma``;
* the value is cast to the output dtype (``static_cast``).

MindSpore's kernel never returns on a NaN rate (it loops for ever); ms_compat raises a ValueError instead.
The rejection test runs in numpy (numpy's ``log``, CPython's ``lgamma``: both within a few ulps of glibc's); a try
within those ulps of the bound is decided again with ``math.log`` (the C library's) and the C library's
``lgamma`` (through ``_torch_seam.c_library_function``) — bit for bit glibc's on Linux; elsewhere ``math.lgamma`` stands in for it.
"""
from __future__ import annotations

import math

import numpy as np

from .. import _torch_seam
from . import op_random

__all__ = ["PoissonKernel", "poisson_samples"]

_PCG_MULT = 6364136223846793005
_PCG_INC = 0xDA3E39CB94B95BDB


class _Uniforms:
    """``uniform_real_distribution<double>(0, 1)`` draws from an ``Mt19937`` (libstdc++: two words
    ``w0 + w1 * 2**32`` over ``2**64``, below 1), with the ones computed ahead but not yet used kept in order."""

    def __init__(self, engine):
        self.engine, self.ahead = engine, np.empty(0, np.float64)

    def peek(self, n):
        """The next ``n`` draws, not consumed."""
        if self.ahead.size < n:
            w = self.engine.words(2 * (n - self.ahead.size))
            u = (w[0::2] | (w[1::2] << np.uint64(32))).astype(np.float64) * (1.0 / 18446744073709551616.0)
            self.ahead = np.concatenate([self.ahead, np.minimum(u, np.nextafter(1.0, 0.0))])
        return self.ahead[:n]

    def skip(self, n):
        """Consume ``n`` draws (already peeked)."""
        self.ahead = self.ahead[n:]


def _knuth_ends(u, limit):
    """For every start ``p`` in ``u``, the index of the draw that ends Knuth's loop begun at ``p`` (the running
    product, left to right as the kernel's, first at most ``limit``), or -1 past the end of ``u``: whole-array
    passes while many starts are open, then passes over the open ones."""
    n = u.size
    ends = np.full(n, -1, np.int64)
    prod, open_, step = u.copy(), np.ones(n, bool), 0
    while True:  # prod[p]: u[p] * ... * u[p + step]
        hit = np.flatnonzero(open_ & (prod <= limit))
        ends[hit] = hit + step
        open_[hit] = False
        step += 1
        if step >= n or np.count_nonzero(open_[:n - step]) * 8 < n:
            break
        prod, open_ = prod[:-1] * u[step:], open_[:-1]
    at = np.flatnonzero(open_[:n - step])
    prod = prod[at] * u[at + step] if at.size else prod[:0]
    while at.size:
        done = prod <= limit
        ends[at[done]] = at[done] + step
        at, prod, step = at[~done], prod[~done], step + 1
        inside = at + step < n
        at, prod = at[inside], prod[inside]
        prod *= u[at + step]
    return ends


def _chain(ends):
    """The starts visited from 0 when each start ``p`` jumps to ``ends[p] + 1`` (ascending, so in order), found by
    pointer doubling; a start whose end is unknown (-1) is the last."""
    n = ends.size
    if n <= 512:  # a short walk is cheaper in Python
        walk, at, path = ends.tolist(), 0, []
        while at < n:
            path.append(at)
            if walk[at] < 0:
                break
            at = walk[at] + 1
        return np.array(path, np.int64)
    jump = np.append(np.where(ends >= 0, ends + 1, n), n)  # n: past the end, a fixed point
    jump = np.minimum(jump, n)
    on = np.zeros(n + 1, bool)
    on[0] = True
    while True:
        reached = jump[on]
        if on[reached].all():
            break
        on[reached] = True
        jump = jump[jump]
    return np.flatnonzero(on[:n])


def _knuth(uniforms, rate, count):
    """``count`` Knuth samples for ``rate < 10``, consuming the draws used."""
    limit, parts, have, ahead = math.exp(-rate), [], 0, 64
    while have < count:
        left = count - have
        ends = _knuth_ends(uniforms.peek(int(left * (max(rate, 0.0) + 1.0) * 1.25) + ahead), limit)
        starts = _chain(ends)
        starts = starts[ends[starts] >= 0][:left]
        parts.append(ends[starts] - starts)
        have += starts.size
        if starts.size:
            uniforms.skip(int(ends[starts[-1]] + 1))
        else:  # one sample longer than the draws computed ahead
            ahead *= 4
    return np.concatenate(parts)


def _rejection_tries(u, rate):
    """TensorFlow's transformed rejection on the draw pairs ``(u[2i], u[2i + 1])``: ``(accepted, k)`` per pair, the
    arithmetic in the kernel's order (``lgamma`` from ``math``; the C library's ``log`` (``math.log``) wherever
    numpy's could decide the test differently)."""
    log_rate, sqrt_rate = math.log(rate), math.sqrt(rate)
    b = 0.931 + 2.53 * sqrt_rate
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2)
    uu, v = u[0::2] - 0.5, u[1::2]
    us = 0.5 - np.abs(uu)
    with np.errstate(divide="ignore", invalid="ignore"):
        k = np.floor((2 * a / us + b) * uu + rate + 0.43)
        accepted = (us >= 0.07) & (v <= vr) & np.isfinite(k)
        test = ~accepted & np.isfinite(k) & (k >= 0) & ~((us < 0.013) & (v > us))
        idx = np.flatnonzero(test)
        if idx.size:
            arg = v[idx] * inv_alpha / (a / (us[idx] * us[idx]) + b)
            kt = k[idx]
            ks, at = np.unique(kt, return_inverse=True)  # whole numbers: few distinct lgamma calls
            lg = np.array([math.lgamma(x + 1) for x in ks.tolist()])[at.reshape(-1)]
            t = -rate + kt * log_rate - lg
            s = np.log(arg)
            # numpy's log and CPython's lgamma are within a few ulps of the C library's: redo the close calls
            close = np.flatnonzero(np.abs(s - t) <= 1e-12 * (1 + np.abs(s) + rate + np.abs(kt * log_rate) + lg))
            if close.size:
                c_lgamma = _c_lgamma()
                s[close] = [math.log(x) for x in arg[close].tolist()]
                t[close] = -rate + kt[close] * log_rate - np.array([c_lgamma(x + 1) for x in kt[close].tolist()])
            accepted[idx] = s <= t
    return accepted, k


def _c_lgamma():
    """The C library's ``lgamma`` (glibc's, which MindSpore's Linux build calls), found through the seam, else
    CPython's ``math.lgamma`` (within 3 ulps of glibc's)."""
    return _torch_seam.c_library_function("m", "lgamma", 1) or math.lgamma


def _transformed_rejection(uniforms, rate, count):
    """``count`` samples for a finite ``rate >= 10``, consuming the draws used: every try takes the next two draws,
    so an element's tries continue where the previous element's accepted one ended."""
    parts, have = [], 0
    while have < count:
        left = count - have
        accepted, k = _rejection_tries(uniforms.peek(2 * (int(left * 1.25) + 32)), rate)
        tries = np.flatnonzero(accepted)[:left]
        parts.append(k[tries])
        have += tries.size
        uniforms.skip(2 * int(tries[-1] + 1) if tries.size == left else 2 * accepted.size)
    return np.concatenate(parts)


def poisson_samples(uniforms, rates, per_rate):
    """``per_rate`` samples for each rate of the 1-D float64 ``rates``, drawn from ``uniforms`` (``_Uniforms``) in
    the kernel's order, as a float64 array of shape ``(per_rate, rates.size)`` (``inf`` for a ``+inf`` rate)."""
    values = rates.tolist()
    if any(math.isnan(r) for r in values):
        raise ValueError("For 'RandomPoisson', 'rate' must not contain NaN (MindSpore 2.10's CPU kernel never "
                         "returns on a NaN rate).")
    out = np.empty((per_rate, len(values)), np.float64)
    for i, rate in enumerate(values):
        if per_rate == 0:
            break
        if rate < 10.0:
            out[:, i] = _knuth(uniforms, rate, per_rate)
        elif math.isinf(rate):
            out[:, i] = math.inf
        else:
            out[:, i] = _transformed_rejection(uniforms, rate, per_rate)
    return out


class PoissonKernel:
    """One ``RandomPoisson`` kernel for attributes ``(seed, seed2)`` (not both 0): its ``std::mt19937``, continued
    by every ``samples`` call (a Primitive keeps one per input signature; the function builds one per call)."""

    def __init__(self, seed, seed2):
        seed = (op_random.get_seed(seed, seed2) * _PCG_MULT + _PCG_INC) & ((1 << 64) - 1)
        self._uniforms = _Uniforms(op_random.Mt19937(seed))

    def keep(self):
        """Track this kernel's engine as random state (``op_random.snapshot``/``restore``); returns ``self``."""
        op_random._LIVE.add(self)
        return self

    def _state(self):
        return self._uniforms.engine._pos, self._uniforms.ahead

    @staticmethod
    def _initial_state():
        return 0, np.empty(0, np.float64)

    def _set_state(self, state):
        self._uniforms.engine._pos, self._uniforms.ahead = state

    def samples(self, rates, per_rate):
        """As ``poisson_samples`` with this kernel's engine."""
        return poisson_samples(self._uniforms, rates, per_rate)

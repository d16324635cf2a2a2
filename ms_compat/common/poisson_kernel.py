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
``math.log`` is the C library's; ``math.lgamma`` is CPython's own, which can differ from glibc's in the last
bits: only a draw landing within those bits of the acceptance bound would differ (none seen in the references).
"""
from __future__ import annotations

import math

import numpy as np

from . import op_random

__all__ = ["PoissonKernel", "poisson_samples"]

_PCG_MULT = 6364136223846793005
_PCG_INC = 0xDA3E39CB94B95BDB
def _uniforms(engine, n):
    """The next ``n`` ``uniform_real_distribution<double>(0, 1)`` draws of ``engine`` (``Mt19937``), not consumed."""
    w = engine.peek(2 * n)
    u = (w[0::2] | (w[1::2] << np.uint64(32))).astype(np.float64) * (1.0 / 18446744073709551616.0)
    return np.minimum(u, np.nextafter(1.0, 0.0))


def _knuth_ends(u, limit):
    """For every start ``p`` in ``u``, the index of the draw that ends Knuth's loop begun at ``p`` (the running
    product, left to right as the kernel's, first at most ``limit``), or -1 past the end of ``u``."""
    ends = np.full(u.size, -1, np.int64)
    at, prod, step = np.arange(u.size), u.copy(), 0
    while at.size:
        done = prod <= limit
        ends[at[done]] = at[done] + step
        at, prod, step = at[~done], prod[~done], step + 1
        inside = at + step < u.size
        at, prod = at[inside], prod[inside]
        prod *= u[at + step]
    return ends


def _knuth(engine, rate, count):
    """``count`` Knuth samples for ``rate < 10``, consuming the draws used."""
    limit, out = math.exp(-rate), []
    while len(out) < count:
        left = count - len(out)
        u = _uniforms(engine, int(left * (max(rate, 0.0) + 1.0) * 1.25) + 64)
        ends, p = _knuth_ends(u, limit).tolist(), 0
        while len(out) < count and ends[p] >= 0:
            out.append(ends[p] - p)
            p = ends[p] + 1
            if p >= len(ends):
                break
        engine.skip(2 * p)
    return out


def _rejection_tries(u, rate):
    """TensorFlow's transformed rejection on the draw pairs ``(u[p], u[p + 1])`` for every start ``p``:
    ``(accepted, k)``, the arithmetic in the kernel's order (``log``/``lgamma`` from ``math``: the C library's
    ``log``)."""
    log_rate, sqrt_rate = math.log(rate), math.sqrt(rate)
    b = 0.931 + 2.53 * sqrt_rate
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2)
    uu, v = u[:-1] - 0.5, u[1:]
    us = 0.5 - np.abs(uu)
    with np.errstate(divide="ignore", invalid="ignore"):
        k = np.floor((2 * a / us + b) * uu + rate + 0.43)
        accepted = (us >= 0.07) & (v <= vr) & np.isfinite(k)
        test = ~accepted & np.isfinite(k) & (k >= 0) & ~((us < 0.013) & (v > us))
        idx = np.flatnonzero(test)
        if idx.size:
            arg = v[idx] * inv_alpha / (a / (us[idx] * us[idx]) + b)
            s = np.array([math.log(x) for x in arg.tolist()])
            lg = np.array([math.lgamma(x + 1) for x in k[idx].tolist()])
            accepted[idx] = s <= -rate + k[idx] * log_rate - lg
    return accepted, k


def _transformed_rejection(engine, rate, count):
    """``count`` samples for a finite ``rate >= 10``, consuming the draws used."""
    out = []
    while len(out) < count:
        left = count - len(out)
        accepted, k = _rejection_tries(_uniforms(engine, int(left * 2.5) + 64), rate)
        accepted, k, p = accepted.tolist(), k.tolist(), 0
        while len(out) < count and p < len(accepted):
            if accepted[p]:
                out.append(k[p])
            p += 2
        engine.skip(2 * p)
    return out


def poisson_samples(engine, rates, per_rate):
    """``per_rate`` samples for each rate of the 1-D float64 ``rates``, drawn from ``engine`` (``Mt19937``) in
    the kernel's order, as a float64 array of shape ``(per_rate, rates.size)`` (``inf`` for a ``+inf`` rate)."""
    values = rates.tolist()
    if any(math.isnan(r) for r in values):
        raise ValueError("For 'RandomPoisson', 'rate' must not contain NaN (MindSpore 2.10's CPU kernel never "
                         "returns on a NaN rate).")
    out = np.empty((per_rate, len(values)), np.float64)
    for i, rate in enumerate(values):
        if rate < 10.0:
            out[:, i] = _knuth(engine, rate, per_rate)
        elif math.isinf(rate):
            out[:, i] = math.inf
        else:
            out[:, i] = _transformed_rejection(engine, rate, per_rate)
    return out


class PoissonKernel:
    """One ``RandomPoisson`` kernel for attributes ``(seed, seed2)`` (not both 0): its ``std::mt19937``, continued
    by every ``samples`` call (a Primitive keeps one per input signature; the function builds one per call)."""

    def __init__(self, seed, seed2):
        self._seed = (op_random.get_seed(seed, seed2) * _PCG_MULT + _PCG_INC) & ((1 << 64) - 1)
        self._engine = op_random.Mt19937(self._seed)

    def keep(self):
        """Track this kernel's engine as random state (``op_random.snapshot``/``restore``); returns ``self``."""
        op_random._LIVE.add(self)
        return self

    def _state(self):
        return self._engine._pos

    @staticmethod
    def _initial_state():
        return 0

    def _set_state(self, state):
        self._engine._pos = state

    def samples(self, rates, per_rate):
        """As ``poisson_samples`` with this kernel's engine."""
        return poisson_samples(self._engine, rates, per_rate)

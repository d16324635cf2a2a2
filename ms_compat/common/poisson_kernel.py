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
_FIRST, _CHUNK = 64, 4096  # doubles computed ahead from the engine: first, then doubling up to


class _Uniforms:
    """``uniform_real_distribution<double>(0, 1)`` draws from an ``Mt19937``, computed a chunk ahead; ``close()``
    moves the engine past the draws taken."""

    def __init__(self, engine):
        self._engine, self._buf, self._at, self._ahead = engine, [], 0, _FIRST

    def __call__(self):
        if self._at == len(self._buf):
            self._engine.skip(2 * len(self._buf))
            w = self._engine.peek(2 * self._ahead)
            self._ahead = min(2 * self._ahead, _CHUNK)
            u = (w[0::2] | (w[1::2] << np.uint64(32))).astype(np.float64) * (1.0 / 18446744073709551616.0)
            self._buf, self._at = np.minimum(u, np.nextafter(1.0, 0.0)).tolist(), 0
        self._at += 1
        return self._buf[self._at - 1]

    def close(self):
        self._engine.skip(2 * self._at)
        self._buf, self._at = [], 0


def _knuth(uniform, rate):
    limit, prod, x = math.exp(-rate), 1.0, 0
    while True:
        prod *= uniform()
        if prod <= limit:
            return float(x)
        x += 1


def _transformed_rejection(uniform, rate):
    log_rate, sqrt_rate = math.log(rate), math.sqrt(rate)
    b = 0.931 + 2.53 * sqrt_rate
    a = -0.059 + 0.02483 * b
    inv_alpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2)
    while True:
        u = uniform() - 0.5
        v = uniform()
        us = 0.5 - abs(u)
        k = math.floor((2 * a / us + b) * u + rate + 0.43)
        if us >= 0.07 and v <= vr:
            return float(k)
        if k < 0 or (us < 0.013 and v > us):
            continue
        s = math.log(v * inv_alpha / (a / (us * us) + b))
        t = -rate + k * log_rate - math.lgamma(k + 1)
        if s <= t:
            return float(k)


def poisson_samples(engine, rates, per_rate):
    """``per_rate`` samples for each rate of the 1-D float64 ``rates``, drawn from ``engine`` (``Mt19937``) in
    the kernel's order, as a float64 array of shape ``(per_rate, rates.size)`` (``inf`` for a ``+inf`` rate)."""
    values = rates.tolist()
    if any(math.isnan(r) for r in values):
        raise ValueError("For 'RandomPoisson', 'rate' must not contain NaN (MindSpore 2.10's CPU kernel never "
                         "returns on a NaN rate).")
    out = np.empty((per_rate, len(values)), np.float64)
    uniform = _Uniforms(engine)
    try:
        for i, rate in enumerate(values):
            if rate < 10.0:
                column = [_knuth(uniform, rate) for _ in range(per_rate)]
            elif math.isinf(rate):
                column = [math.inf] * per_rate
            else:
                column = [_transformed_rejection(uniform, rate) for _ in range(per_rate)]
            out[:, i] = column
    finally:
        uniform.close()
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

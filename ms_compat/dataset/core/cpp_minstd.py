"""``std::default_random_engine`` (libstdc++: ``std::minstd_rand0``) and ``std::shuffle`` over it, as MindRecord's
``ShardShuffle`` (``MindDataset``'s shuffles) draws.

``minstd_rand0``: ``x = 16807 * x mod (2**31 - 1)``, seeded ``seed mod (2**31 - 1)`` (0 becomes 1); its outputs
lie in ``[1, 2**31 - 2]``, so libstdc++'s distributions see a range of ``2**31 - 3`` above ``min() = 1``.
``std::shuffle`` is ``cpp_random.libstdcxx_shuffle`` (positions two at a time while ``n * n``
fits that range), its ``uniform_int_distribution`` the downscaling method on ``engine() - 1``.
"""
from __future__ import annotations

from .cpp_random import libstdcxx_shuffle

__all__ = ["MinstdRand0"]

_M = 2147483647
_RANGE = _M - 3  # max() - min()


class MinstdRand0:
    """``std::minstd_rand0(seed)`` and ``std::shuffle`` with it."""

    __slots__ = ("_x",)

    def __init__(self, seed=1):
        s = int(seed) % _M
        self._x = s or 1

    def word(self):
        """``engine() - engine.min()``."""
        self._x = self._x * 16807 % _M
        return self._x - 1

    def _below(self, span):
        """A uniform integer in ``[0, span)`` (``span`` at most the engine's range + 1), libstdc++'s downscaling."""
        if span == _RANGE + 1:
            return self.word()
        scaling = _RANGE // span
        past = span * scaling
        w = self.word()
        while w >= past:
            w = self.word()
        return w // scaling

    def shuffle(self, items):
        """``std::shuffle(items.begin(), items.end(), engine)`` in place."""
        return libstdcxx_shuffle(items, self._below, _RANGE)

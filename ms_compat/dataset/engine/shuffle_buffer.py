"""MindSpore 2.10's ``ShuffleOp`` draw for draw: the buffer behind ``Dataset.shuffle(buffer_size)``, the
row shuffle of the file readers (``Shuffle.GLOBAL``) and ``split(randomize=True)`` of a pipeline.

It fills a buffer of ``size`` rows, then repeatedly sends slot ``engine() % rows_in_buffer``
(``std::mt19937_64``), moves the last slot into it and puts the next input row in the last slot; once the
input is spent, the buffer drains the same way.
"""
from __future__ import annotations

import itertools

__all__ = ["shuffled_rows"]

_END = object()


def shuffled_rows(rows, size, engine):
    """One epoch of ``rows`` (an iterable) through a ``size``-row ``ShuffleOp`` drawing from ``engine``
    (a ``cpp_random.Mt19937_64``; the caller keeps or reseeds it between epochs, as MindSpore does)."""
    src = iter(rows)
    buf = list(itertools.islice(src, size))
    active = len(buf) == size
    last = len(buf) - 1
    while last >= 0:
        j = engine.word() % (last + 1)
        out = buf[j]
        buf[j] = buf[last]
        if active:
            nxt = next(src, _END)
            if nxt is _END:
                active = False
            else:
                buf[last] = nxt
        if not active:
            last -= 1
        yield out

"""``mindspore.multiprocessing``: Python's ``multiprocessing`` with tensor sharing — here
``torch.multiprocessing``.

MindSpore 2.10's module re-exports ``multiprocessing`` (``Process``, ``Pool``, ``Queue``, ``Manager``,
``get_context``…) with its own fork callbacks and tensor reductions; PyTorch's ``torch.multiprocessing`` is
the same design on PyTorch (it registers its reductions with ``multiprocessing``'s pickler). Every name here is
``torch.multiprocessing``'s. Difference: a MindSpore Tensor sent through a ``Queue``/``Pipe`` arrives as a copy
(PyTorch shares the memory of plain ``torch.Tensor`` objects only); ``.as_subclass(torch.Tensor)`` before
sending shares it.
"""
from __future__ import annotations

import multiprocessing as _mp

import torch.multiprocessing as _tmp
from torch.multiprocessing import *  # noqa: F401,F403

from ..porting._missing import module_getattr as _mg

__all__ = list(_mp.__all__)
globals().update({n: getattr(_tmp, n) for n in __all__ if hasattr(_tmp, n)})
# MindSpore's Pool is a ``multiprocessing.pool.Pool`` class (``context=None`` included), not the context's method
from multiprocessing.pool import Pool  # noqa: E402

_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

"""``mindspore.ops.operations.UniformCandidateSampler`` / ``LogUniformCandidateSampler`` (and the
``ops.uniform_candidate_sampler`` / ``ops.log_uniform_candidate_sampler`` functions): candidate sampling for
sampled softmax (TensorFlow's candidate samplers, which MindSpore's kernels follow), drawing MindSpore 2.10's
numbers: ``UniformCandidateSampler`` with a nonzero ``seed`` draws from a ``std::default_random_engine`` seeded
with ``GetSeed(seed, 0)`` (libstdc++'s ``uniform_int_distribution``); ``LogUniformCandidateSampler``
draws from ``PhiloxRandom(87654321, seed)`` (any seed, 0 included), each call of a kernel reserving
``2048 * num_sampled`` words, a double from two words (the first one the high mantissa bits). The functions
build a fresh kernel per call, a Primitive keeps its own. ``UniformCandidateSampler`` with ``seed=0``
(MindSpore: the clock) draws from torch's generator."""
from __future__ import annotations

import math
import warnings

import numpy as np
import torch

import ms_compat.common.op_random as op_random

from ...common.tensor import to_torch
from .._utils import wrap
from ..primitive import Primitive

__all__ = ["UniformCandidateSampler", "LogUniformCandidateSampler"]


def _expected(p, tries, num_sampled):
    """Expected count of a class of probability ``p`` (rounded to float32, as the kernels pass it) among the
    draws: ``p * num_sampled`` when no draw was rejected, else ``1 - (1 - p) ** tries`` (float32)."""
    p = torch.as_tensor(p).to(torch.float32)
    if tries == num_sampled:
        return p * num_sampled
    return (-torch.expm1(tries * torch.log1p(-p.double()))).to(torch.float32)


def _check_int(op, name, v, low):
    if isinstance(v, bool) or not isinstance(v, int):
        raise TypeError(f"For '{op}', the '{name}' must be int, but got {type(v).__name__}.")
    if v < low:
        raise ValueError(f"For '{op}', the value of {name} should be >= {low}, but got {v}.")


class _CandidateSampler(Primitive):
    _true_dtypes = (torch.int32, torch.int64)

    def __init__(self, num_true, num_sampled, unique, range_max, seed, remove_accidental_hits):
        op = type(self).__name__
        super().__init__(op)
        _check_int(op, "num_true", num_true, 1)
        _check_int(op, "num_sampled", num_sampled, 1)
        _check_int(op, "range_max", range_max, 1)
        _check_int(op, "seed", seed, 0)
        for n, v in (("unique", unique), ("remove_accidental_hits", remove_accidental_hits)):
            if not isinstance(v, bool):
                raise TypeError(f"For '{op}', the '{n}' must be bool, but got {type(v).__name__}.")
        if unique and num_sampled > range_max:
            raise ValueError(f"For '{op}', the value of num_sampled should be <= value of range_max: {range_max}, "
                             f"but got {num_sampled}.")
        for k, v in (("num_true", num_true), ("num_sampled", num_sampled), ("unique", unique),
                     ("range_max", range_max), ("seed", seed), ("remove_accidental_hits", remove_accidental_hits)):
            self.add_prim_attr(k, v)
        self._launches = 0

    def _drawer(self):
        """One call's draws: a function returning the next class."""
        raise NotImplementedError

    def _prob(self, classes):
        raise NotImplementedError

    def __call__(self, true_classes):
        op = type(self).__name__
        if not isinstance(true_classes, torch.Tensor):
            raise TypeError(f"For '{op}', the 'true_classes' must be a Tensor, but got {type(true_classes).__name__}.")
        if true_classes.dtype not in self._true_dtypes:
            raise TypeError(f"For primitive[{op}], the input argument[true_classes] must be a type of "
                            f"{[str(d) for d in self._true_dtypes]}, but got {true_classes.dtype}.")
        if true_classes.ndim != 2 or true_classes.shape[1] != self.num_true:
            raise ValueError(f"For '{op}', the 'true_classes' must have shape (batch_size, num_true={self.num_true}), "
                             f"but got {tuple(true_classes.shape)}.")
        true = to_torch(true_classes)
        hits = set(true.flatten().tolist()) if self.remove_accidental_hits else set()
        if hits and self.num_sampled + len(hits) > self.range_max:
            warnings.warn(f"For '{op}', the parameter 'range_max' can not be less than the sum of 'num_sampled' and "
                          f"the num of unrepeat elements of input 'true_classes',  set remove_accidental_hits = "
                          f"false.", stacklevel=2)
            hits = set()
        draw = self._drawer()
        picked, seen, tries = [], set(), 0
        while len(picked) < self.num_sampled:  # as the kernels: only ``unique`` sampling rejects draws
            v = draw()
            tries += 1
            if self.unique and (v in seen or v in hits):
                continue
            picked.append(v)
            seen.add(v)
        if hasattr(draw, "close"):
            draw.close()  # the engine moves on by exactly the words used
        sampled = torch.tensor(picked, dtype=true.dtype)
        true_exp = _expected(self._prob(true.to(torch.float64)), tries, self.num_sampled)
        sampled_exp = _expected(self._prob(sampled.to(torch.float64)), tries, self.num_sampled)
        return wrap(sampled), wrap(true_exp), wrap(sampled_exp)


class _UniformDraws:
    """libstdc++'s ``uniform_int_distribution(0, range_max - 1)`` on a ``MinStd`` engine, one class per call;
    ``close()`` consumes exactly the engine words used."""

    def __init__(self, engine, range_max):
        self._engine, self._words, self._high = engine, op_random._Words(engine), range_max - 1

    def __call__(self):
        return op_random._uniform_int_one(self._words, self._engine.min, self._engine.max - self._engine.min, 0,
                                          self._high)

    def close(self):
        self._words.close()


class UniformCandidateSampler(_CandidateSampler):
    """Mirrors ``ops.UniformCandidateSampler(num_true, num_sampled, unique, range_max, seed=0,
    remove_accidental_hits=False)`` (deprecated in MindSpore 2.10, still callable): ``true_classes`` int32/int64
    ``(batch, num_true)`` → ``(sampled_candidates (num_sampled,), true_expected_count (batch, num_true),
    sampled_expected_count (num_sampled,))``. Classes are drawn uniformly from ``[0, range_max)``; ``unique``
    rejects repeats, ``remove_accidental_hits`` rejects the true classes; each class's expected count is
    ``num_sampled / range_max`` when nothing was rejected, else ``1 - (1 - 1 / range_max) ** tries``. MindSpore's
    draws for a nonzero ``seed`` (an instance's calls continue one engine, as its kernel); with ``seed=0``
    (MindSpore: seeded from the clock) torch's generator."""

    def __init__(self, num_true, num_sampled, unique, range_max, seed=0, remove_accidental_hits=False):
        super().__init__(num_true, num_sampled, unique, range_max, seed, remove_accidental_hits)

    def _drawer(self):
        if not self.seed:  # MindSpore: seeded from the clock; here torch's global generator
            return lambda: int(torch.randint(0, self.range_max, ()))
        engine = self.__dict__.get("_engine")
        if engine is None:  # the kernel's engine: kept by the instance, continued call after call
            engine = self._engine = op_random.MinStd(op_random.get_seed(self.seed, 0))
        return _UniformDraws(engine, self.range_max)

    def _prob(self, classes):
        return torch.full_like(classes, float(np.float32(1.0) / np.float32(self.range_max)))


class LogUniformCandidateSampler(_CandidateSampler):
    """Mirrors ``ops.LogUniformCandidateSampler(num_true=1, num_sampled=5, unique=True, range_max=5, seed=0)``
    (deprecated in MindSpore 2.10, still callable): as :class:`UniformCandidateSampler` with the log-uniform (Zipf)
    distribution ``P(c) = log((c + 2) / (c + 1)) / log(range_max + 1)`` (a draw is
    ``floor(exp(u * log(range_max + 1))) - 1``); ``true_classes`` must be int64. MindSpore's draws for every
    ``seed`` (0 included): its kernel's Philox stream, each call of an instance moving on by
    ``2048 * num_sampled`` words."""

    _true_dtypes = (torch.int64,)

    def __init__(self, num_true=1, num_sampled=5, unique=True, range_max=5, seed=0):
        super().__init__(num_true, num_sampled, unique, range_max, seed, False)

    def _drawer(self):
        reserve = 4 * ((2048 * self.num_sampled + 3) // 4)
        start, self._launches = self._launches * reserve, self._launches + 1
        log_range, state = math.log1p(self.range_max), {"at": start, "buf": []}

        def draw():
            if not state["buf"]:
                state["buf"] = op_random.philox_words(87654321, self.seed, state["at"], 512).tolist()[::-1]
                state["at"] += 512
            hi, lo = state["buf"].pop(), state["buf"].pop()
            bits = np.array([(1023 << 52) | ((hi & 0xFFFFF) << 32) | lo], np.uint64)
            d = float(bits.view(np.float64)[0]) - 1.0
            return (int(math.exp(d * log_range)) - 1) % self.range_max
        return draw

    def _prob(self, classes):
        return torch.log((classes + 2.0) / (classes + 1.0)) / math.log1p(self.range_max)


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=0,
                              remove_accidental_hits=False):
    """Mirrors ``mindspore.ops.uniform_candidate_sampler(...)``: :class:`UniformCandidateSampler` as a function."""
    return UniformCandidateSampler(num_true, num_sampled, unique, range_max, seed, remove_accidental_hits)(
        true_classes)


def log_uniform_candidate_sampler(true_classes, num_true=1, num_sampled=5, unique=True, range_max=5, seed=0):
    """Mirrors ``mindspore.ops.log_uniform_candidate_sampler(...)``: :class:`LogUniformCandidateSampler` as a
    function."""
    return LogUniformCandidateSampler(num_true, num_sampled, unique, range_max, seed)(true_classes)

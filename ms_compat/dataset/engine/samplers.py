"""Mirrors ``mindspore.dataset`` samplers: which rows of a random-access dataset are read, in what order.

A sampler turns the row count ``n`` of a source into a list of row indices for one epoch
(``_indices(n, rng)``). Orders without randomness are MindSpore's exactly (``DistributedSampler``
pads by wrapping around: shard ``k`` of ``s`` reads rows ``(s*i + k) % n``). ``RandomSampler`` (so the
``shuffle=True`` of every random-access source) and ``DistributedSampler(shuffle=True)`` draw MindSpore
2.10's orders for the same seed, epoch after epoch, as its C++ samplers do:

* ``RandomSampler``: when an iterator is made, seed ``s`` = ``GetSeed()`` (``config.cpp_seed``: the
  dataset seed, or a fresh random one when none is set); epoch ``e`` (from 0) reseeds ``std::mt19937``
  with ``s + e`` and ``std::shuffle``s the previous epoch's order (with replacement: ``num_samples``
  draws of ``uniform_int_distribution(0, n - 1)`` instead);
* ``DistributedSampler``: seed = ``dataset.config.get_seed()`` when the sampler is made, plus 1 (so
  every shard shuffles alike even with no seed set: 5489 + 1); epoch ``e`` reseeds with that ``+ e`` and
  shuffles the previous order, then shard ``k`` reads its rows of it.

``SubsetRandomSampler`` and ``WeightedRandomSampler`` reseed with ``GetSeed()`` every epoch (see each).
Every new iterator starts again from epoch 0 (``_reset_run``), as MindSpore builds a new C++ tree per
iterator. ``PKSampler``: see it. A child sampler (``add_child``) picks first; the parent then samples positions
``0 .. n-1`` of the child's picks, ``n`` the child's count as MindSpore's C++ sampler keeps it (``_declared``: a
``DistributedSampler`` child counts the rows before sharding, so a parent reaching past the shard raises
MindSpore's ``Not a valid index``). ``check_source_arguments``: a source's sampling arguments checked as
MindSpore 2.10's validators, by the source's read path.
"""
from __future__ import annotations

import math

import numpy as np

from ..core import config
from ..core.cpp_random import Mt19937, discrete_table
from ..core.init_args import RecordsInit

__all__ = ["BuiltinSampler", "Sampler", "SequentialSampler", "RandomSampler", "SubsetRandomSampler",
           "SubsetSampler", "WeightedRandomSampler", "DistributedSampler", "PKSampler"]


def _mode_name(shuffle):
    """A shuffle mode as MindSpore's messages print it (``Shuffle.FALSE``)."""
    from .datasets import Shuffle
    names = {v: k for k, v in vars(Shuffle).items() if k.isupper()}
    return f"Shuffle.{names[shuffle]}" if isinstance(shuffle, str) and shuffle in names else repr(shuffle)


def _check_num_samples(num_samples):
    if num_samples is not None:
        if not isinstance(num_samples, int) or isinstance(num_samples, bool):
            raise TypeError(f"num_samples must be an integer, but got {type(num_samples)}.")
        if num_samples < 0:
            raise ValueError(f"num_samples exceeds the boundary between 0 and 9223372036854775807(INT64_MAX)!")
    return num_samples or None


class BuiltinSampler(RecordsInit):
    """Base of the built-in samplers (mirrors ``mindspore.dataset.BuiltinSampler``)."""

    def __init__(self, num_samples=None):
        self.num_samples = _check_num_samples(num_samples)
        self.child_sampler = None
        self._run = None  # the C++ sampler's state within one iterator (seed, order), for the exact samplers

    def add_child(self, sampler):
        """Mirrors ``BuiltinSampler.add_child``: ``sampler`` picks first, this one samples its picks."""
        if self.child_sampler is not None:
            raise RuntimeError("Cannot add child sampler, this sampler already has a child.")
        self.child_sampler = sampler

    def get_child(self):
        return self.child_sampler

    def get_num_samples(self):
        return self.num_samples

    def _own(self, n, rng, labels):  # indices into range(n)
        raise NotImplementedError

    def _needs_labels(self):
        return False

    def _indices(self, n, rng, labels=None):
        self._rows_in = n
        if self.child_sampler is not None:
            child = self.child_sampler
            base = child._indices(n, rng, labels)
            # MindSpore's SamplerRT: the parent samples positions 0 .. child.num_samples_ - 1 of the child's ids,
            # a count that can exceed the ids the child gives (a DistributedSampler child counts all the rows)
            rows = child._declared(len(base))
            self._rows_in = rows
            sub_labels = None if labels is None else [labels[i] for i in base if i < len(labels)]
            picked = self._own(rows, rng, sub_labels)
            if any(i >= len(base) for i in picked):
                raise RuntimeError(f"Not a valid index\n{type(self).__name__} picked position "
                                   f"{max(picked)} of its child {type(child).__name__}, which gives {len(base)} "
                                   f"rows but counts {rows} (as MindSpore 2.10 chains them)")
            return [base[i] for i in picked]
        return self._own(n, rng, labels)

    def _declared(self, given):
        """The rows a parent sampler samples among this one's ``given`` ids (MindSpore's ``num_samples_`` once the
        C++ sampler is initialised)."""
        return given

    def _reset_run(self):
        """A new iterator: MindSpore builds new C++ samplers, which start again from their first epoch."""
        self._run = None
        if self.child_sampler is not None:
            self.child_sampler._reset_run()

    def _chain(self):
        s = self
        while s is not None:
            yield s
            s = s.child_sampler

    def _count(self, n, labels=None):
        saved = [(s, getattr(s, "_run", None)) for s in self._chain()]  # counting is not an epoch
        try:
            return len(self._indices(n, np.random.default_rng(0), labels))
        except RuntimeError:  # a chain failing when read: counted as MindSpore's CalculateNumSamples
            if self.child_sampler is None:
                raise
            c = self.child_sampler._count(n, labels)
            return min(c, self.num_samples) if self.num_samples else c
        finally:
            for s, run in saved:
                s._run = run

    def _cap(self, k):
        return k if self.num_samples is None else min(k, self.num_samples)

    def parse(self):  # the C++ sampler object in MindSpore; kept for code that calls it
        return self


class SequentialSampler(BuiltinSampler):
    """Mirrors ``mindspore.dataset.SequentialSampler(start_index=None, num_samples=None)``."""

    def __init__(self, start_index=None, num_samples=None):
        super().__init__(num_samples)
        if start_index is not None and (not isinstance(start_index, int) or start_index < 0):
            raise ValueError(f"start_index should be a non-negative integer, but got {start_index}.")
        self.start_index = start_index or 0

    def _own(self, n, rng, labels):
        if n and self.start_index >= n:
            raise RuntimeError(f"Invalid parameter, start_index should be less than the dataset size {n}, "
                               f"but got {self.start_index}.")
        return list(range(self.start_index, self.start_index + self._cap(n - self.start_index)))


class RandomSampler(BuiltinSampler):
    """Mirrors ``mindspore.dataset.RandomSampler(replacement=False, num_samples=None, shuffle=Shuffle.GLOBAL)`` (at
    most ``n`` rows, as MindSpore: a larger ``num_samples`` is capped to the dataset size). The attribute
    ``reshuffle_each_epoch`` (MindSpore's; ``split`` sets it False) False keeps the first epoch's seed and order.
    ``shuffle`` (any ``Shuffle`` mode but ``FALSE``) is a ``MindDataset``'s shuffle mode; the other sources refuse
    a mode other than ``GLOBAL`` when an iterator is made (``check_shuffle_modes``), as MindSpore 2.10's."""

    def __init__(self, replacement=False, num_samples=None, shuffle="global"):
        from .datasets import Shuffle
        super().__init__(num_samples)
        if not isinstance(replacement, bool):
            raise TypeError(f"replacement should be a boolean value, but got {type(replacement)}.")
        if shuffle not in (Shuffle.ADAPTIVE, Shuffle.GLOBAL, Shuffle.PARTIAL, Shuffle.FILES, Shuffle.INFILE):
            raise TypeError(f"shuffle must be valid shuffle mode but was: {_mode_name(shuffle)}.")
        self.shuffle = shuffle
        self.replacement = replacement
        self.reshuffle_each_epoch = True

    def _own(self, n, rng, labels):
        if not n:
            return []
        k = self._cap(n)
        run = getattr(self, "_run", None)
        reshuffle = True
        if run is None or run[2] != n:  # the first epoch of an iterator: MindSpore's InitSampler
            seed, order = config.cpp_seed(), list(range(n))
        elif self.reshuffle_each_epoch:  # ResetSampler: the next seed, and the previous order shuffled again
            seed, order = (run[0] + 1) & 0xFFFFFFFF, list(run[1])
        else:  # ResetSampler without reshuffle: the same seed, the same order
            seed, order, reshuffle = run[0], list(run[1]), False
        engine = Mt19937(seed)
        if self.replacement:
            self._run = (seed, order, n)
            return [engine.uniform_int(0, n - 1) for _ in range(k)]
        if reshuffle:
            engine.shuffle(order)
        self._run = (seed, order, n)
        return order[:k]

    def _count(self, n, labels=None):
        return self._cap(n) if self.child_sampler is None else super()._count(n, labels)


def _in_bounds(ids, n):
    """``ids`` as MindSpore's ``SubsetSamplerRT`` reads them: the first outside ``[0, n)`` (a negative one too) is a
    ``RuntimeError``."""
    for i in ids:
        if not 0 <= i < n:
            raise RuntimeError(f"Sample ID ({i}) is out of bound, expected range [0, {n - 1}]")
    return list(ids)


class SubsetSampler(BuiltinSampler):
    """Mirrors ``mindspore.dataset.SubsetSampler(indices, num_samples=None)``: the first ``num_samples`` of the given
    rows, in order; an index outside ``[0, rows)`` (negative too) raises MindSpore's ``RuntimeError("Sample ID (i)
    is out of bound, expected range [0, n-1]")`` (a ``MindDataset`` reads ``i`` modulo its rows instead)."""

    def __init__(self, indices, num_samples=None):
        super().__init__(num_samples)
        if isinstance(indices, int):
            indices = [indices]
        self.indices = [int(i) for i in indices]

    def _own(self, n, rng, labels):
        return _in_bounds(self.indices[:self._cap(len(self.indices))], n)


class SubsetRandomSampler(SubsetSampler):
    """Mirrors ``mindspore.dataset.SubsetRandomSampler(indices, num_samples=None)``: the first ``num_samples`` of
    the given rows, shuffled, with MindSpore's draws — every epoch reseeds ``std::mt19937`` with ``GetSeed()``
    and shuffles the previous epoch's order again; the first index out of bounds in that order is the error."""

    def _own(self, n, rng, labels):
        run = getattr(self, "_run", None)
        order = list(self.indices[:self._cap(len(self.indices))]) if run is None or run[2] != n else list(run[1])
        Mt19937(config.cpp_seed()).shuffle(order)
        self._run = (None, order, n)
        return _in_bounds(order, n)


class WeightedRandomSampler(BuiltinSampler):
    """Mirrors ``mindspore.dataset.WeightedRandomSampler(weights, num_samples=None, replacement=True)``: row ``i``
    is drawn with probability ``weights[i] / sum(weights)``, with MindSpore's draws — each epoch reseeds
    ``std::mt19937`` with ``GetSeed()`` (so a seeded pipeline draws the same rows every epoch, as MindSpore's);
    with replacement ``std::discrete_distribution``, without it the one-pass method (``exponential(1) / w``,
    the smallest ``num_samples`` keys)."""

    def __init__(self, weights, num_samples=None, replacement=True):
        super().__init__(num_samples)
        w = np.asarray(weights, np.float64)
        if w.ndim != 1 or not len(w):
            raise ValueError("weights size should not be 0")
        if (w < 0).any():
            raise ValueError("weights should not contain negative numbers.")
        if not w.sum() > 0:
            raise ValueError("elements of weights should not be all zeros.")
        self.weights, self.replacement = w, replacement

    def _own(self, n, rng, labels):
        k = min(self.num_samples or n, n)
        if len(self.weights) > n:
            raise RuntimeError("Invalid parameter, size of sample weights must be less than or equal to num of data, "
                               "otherwise might cause generated id out of bound or other errors, but got weight "
                               f"size: {len(self.weights)}, num of data: {n}")
        engine = Mt19937(config.cpp_seed())
        weights = self.weights.tolist()
        if self.replacement:
            table = discrete_table(weights)
            return [engine.discrete(table) for _ in range(k)]
        if len(weights) < k:
            raise RuntimeError("Invalid parameter, without replacement, weight size must be greater than or equal "
                               f"to num_samples, but got weight size: {len(weights)}, num_samples: {k}")
        keys = []
        for i, w in enumerate(weights):
            e = engine.exponential()
            keys.append((e / w if w else math.inf, i))
        return [i for _, i in sorted(keys)[:k]]


class DistributedSampler(BuiltinSampler):
    """Mirrors ``mindspore.dataset.DistributedSampler(num_shards, shard_id, shuffle=True, num_samples=None,
    offset=-1)``: shard ``shard_id`` of ``num_shards`` reads ``ceil(n / num_shards)`` rows
    ``(num_shards*i + shard_id) % n`` of the (shuffled, with ``shuffle``) row order — the wrap-around
    pads the last shards as MindSpore does, so every shard has the same size. ``shuffle`` may be a ``Shuffle``
    mode, as in MindSpore 2.10 (a ``MindDataset``'s; the other sources take ``GLOBAL``/``FALSE`` only). With
    ``offset=k`` the rows are dealt as if ``k`` rows came before the first (MindSpore's ``DistributedSamplerRT``):
    shard ``j`` reads positions ``num_shards*i + j - k`` (those before row 0 skipped), so shards differ in size
    and nothing wraps; not reproduced for a ``MindDataset`` (MindRecord's own sharding)."""

    def __init__(self, num_shards, shard_id, shuffle=True, num_samples=None, offset=-1):
        super().__init__(num_samples)
        if not isinstance(num_shards, int) or num_shards < 1:
            raise ValueError(f"num_shards is not within the required interval of [1, 2147483647], but got "
                             f"{num_shards}.")
        if not isinstance(shard_id, int) or not 0 <= shard_id < num_shards:
            raise ValueError(f"Input shard_id is not within the required interval of [0, {num_shards - 1}].")
        from .datasets import Shuffle
        if not isinstance(shuffle, bool) and shuffle not in (Shuffle.FALSE, Shuffle.ADAPTIVE, Shuffle.GLOBAL,
                                                             Shuffle.PARTIAL, Shuffle.FILES, Shuffle.INFILE):
            raise TypeError(f"shuffle must be a boolean value or valid shuffle mode but was: {shuffle}.")
        # MindSpore 2.10 takes a Shuffle mode too (a MindDataset's ShardShuffle mode; True: GLOBAL)
        self._mode = shuffle if isinstance(shuffle, str) else (Shuffle.GLOBAL if shuffle else Shuffle.FALSE)
        shuffle = shuffle != Shuffle.FALSE if isinstance(shuffle, str) else bool(shuffle)
        self.num_shards, self.shard_id, self.shuffle, self.offset = num_shards, shard_id, shuffle, offset
        # MindSpore reads the dataset seed here and hands ``seed + 1`` to its C++ sampler (UINT32_MAX there
        # means "take GetSeed()"): every rank shuffles alike, even with no seed set (5489 + 1)
        self._seed = config.get_seed()

    def _own(self, n, rng, labels):
        if not n:
            return []
        if self.shuffle:
            run = getattr(self, "_run", None)
            if run is None or run[2] != n:
                seed = self._seed + 1
                seed = config.cpp_seed() if seed == 0xFFFFFFFF else seed & 0xFFFFFFFF
                order = list(range(n))
            else:
                seed, order = (run[0] + 1) & 0xFFFFFFFF, list(run[1])
            Mt19937(seed).shuffle(order)
            self._run = (seed, order, n)
        else:
            order = list(range(n))
        if self.offset == -1:
            per = math.ceil(n / self.num_shards)
            return [order[(self.num_shards * i + self.shard_id) % n] for i in range(self._cap(per))]
        # MindSpore's DistributedSamplerRT with an offset: the rows dealt as if ``offset`` rows came first (the
        # first shards' share shrinks by one); a position before row 0 is skipped, the shard taking the next
        limit, cnt, out = self._cap(self._offset_share(n)), 0, []
        while cnt < limit:
            middle = self.num_shards * cnt + self.shard_id - self.offset
            if middle < 0:
                limit, cnt = limit + 1, cnt + 1
                middle = self.num_shards * cnt + self.shard_id - self.offset
            out.append(order[middle % n])
            cnt += 1
        return out

    def _declared(self, given):  # MindSpore's DistributedSamplerRT counts every row, not the shard's
        rows = getattr(self, "_rows_in", None) or given
        return min(self.num_samples, rows) if self.num_samples else rows

    def _offset_share(self, n):
        """The rows shard ``shard_id`` reads with an ``offset`` (MindSpore's ``samples_per_buffer_``)."""
        share = (n + self.offset) // self.num_shards
        return share + (self.shard_id < (n + self.offset) % self.num_shards) - (self.shard_id < self.offset)

    def _count(self, n, labels=None):
        if not n or self.child_sampler is not None:
            return super()._count(n, labels)
        if self.offset == -1:
            return self._cap(math.ceil(n / self.num_shards))
        return self._cap(max(self._offset_share(n), 1))  # MindSpore counts an empty shard as one row


class PKSampler(BuiltinSampler):
    """Mirrors ``mindspore.dataset.PKSampler(num_val, num_class=None, shuffle=False, class_column='label',
    num_samples=None)``: ``num_val`` rows of every class, class by class in label order (random class order
    with ``shuffle``); as in MindSpore the rows of a class are drawn at random with replacement either way.
    Needs a dataset with a label column (``ImageFolderDataset`` and the other labelled sources).

    MindSpore's draws: when an iterator is made, seed ``s`` = ``GetSeed()``; the first epoch seeds
    ``std::mt19937`` with ``s``, ``std::shuffle``s the labels (with ``shuffle``; the order is then kept for
    every epoch) and draws each row as ``uniform_int_distribution(0, rows_of_class - 1)``; epoch ``e``
    reseeds with ``s + e`` and draws again."""

    def __init__(self, num_val, num_class=None, shuffle=False, class_column="label", num_samples=None):
        super().__init__(num_samples)
        if num_class is not None:
            raise NotImplementedError("Not supported to specify num_class for PKSampler.")
        if not isinstance(num_val, int) or num_val < 1:
            raise ValueError(f"num_val is not within the required interval of [1, 2147483647], but got {num_val}.")
        self.num_val, self.shuffle, self.class_column = num_val, bool(shuffle), class_column

    def _needs_labels(self):
        return True

    def _indices(self, n, rng, labels=None):
        if self.child_sampler is not None:  # MindSpore 2.10's PKSampler samples class ids, never a child's ids
            self._own(n, rng, labels)
            raise RuntimeError("Trying to get associated child id, but there are no child ids!\n(a PKSampler takes "
                               "no child sampler in MindSpore 2.10: add_sampler(PKSampler) / add_child fail there)")
        return super()._indices(n, rng, labels)

    def _own(self, n, rng, labels):
        if labels is None:
            raise RuntimeError("GetClassIds needs to be override to support PK.\n(PKSampler needs a dataset with a "
                               "label column, e.g. ImageFolderDataset.)")
        groups = {}
        for i, lab in enumerate(labels):
            groups.setdefault(int(lab), []).append(i)
        run = getattr(self, "_run", None)
        if run is None or run[2] != n:  # InitSampler: the labels in order (a std::map), shuffled once
            seed, keys = config.cpp_seed(), sorted(groups)
            engine = Mt19937(seed)
            if self.shuffle:
                engine.shuffle(keys)
        else:  # ResetSampler: the next seed, the same label order
            seed, keys = (run[0] + 1) & 0xFFFFFFFF, list(run[1])
            engine = Mt19937(seed)
        self._run = (seed, keys, n)
        out = []
        for k in keys[:math.ceil(self._cap(self.num_val * len(keys)) / self.num_val)]:
            ids = groups[k]
            out.extend(ids[engine.uniform_int(0, len(ids) - 1)] for _ in range(self.num_val))
        return out[:self._cap(len(out))]

    def _count(self, n, labels=None):
        if labels is None or self.child_sampler is not None:
            return super()._count(n, labels)
        return self._cap(self.num_val * len({int(x) for x in labels}))


class Sampler(BuiltinSampler):
    """Mirrors ``mindspore.dataset.Sampler``: a user sampler — subclass it and define ``__iter__`` yielding
    row indices (``self.dataset_size`` is set before iterating)."""

    def __init__(self, num_samples=None):
        super().__init__(num_samples)
        self.dataset_size = 0

    def _own(self, n, rng, labels):
        self.dataset_size = n
        out = [int(i) for i in self.__iter__()]
        return out[:self._cap(len(out))]

    def __iter__(self):
        raise NotImplementedError("A user Sampler must define __iter__.")


class _IterableSampler(BuiltinSampler):
    """Any iterable of indices (a ``torch.utils.data.Sampler``, an object with ``__iter__``) given as ``sampler=``
    (MindSpore's ``IterSampler``). A one-pass iterator (``iter(x)`` is ``x``) is read up by MindSpore 2.10's count
    of the samples before the first epoch reads it: the empty epoch is its ``RuntimeError``, raised here too."""

    def __init__(self, iterable):
        super().__init__(None)
        self._it = iterable

    def _own(self, n, rng, labels):
        if iter(self._it) is self._it:
            raise RuntimeError("Python sampler should return index of type integer, but got: float64\n(a one-pass "
                               "iterator given as sampler= is read up by MindSpore 2.10's count before the epoch: "
                               "give an object whose __iter__ starts afresh)")
        return [int(i) for i in self._it]


def check_shuffle_modes(sampler):
    """MindSpore 2.10's ``parse`` of a ``RandomSampler``/``DistributedSampler`` for a source other than
    ``MindDataset``: a ``Shuffle`` mode other than ``GLOBAL`` (or ``FALSE``, for the ``DistributedSampler``) is a
    ``RuntimeError`` when the iterator is made."""
    from .datasets import Shuffle
    for s in sampler._chain():
        mode = s.shuffle if type(s) is RandomSampler else getattr(s, "_mode", None) \
            if type(s) is DistributedSampler else None
        if mode not in (None, Shuffle.GLOBAL) and not (type(s) is DistributedSampler and mode == Shuffle.FALSE):
            raise RuntimeError(f"The shuffle mode: {_mode_name(mode)} is not supported with current dataset.")


def _shuffle_members():
    from .datasets import Shuffle
    return tuple(v for k, v in vars(Shuffle).items() if k.isupper())


def check_source_arguments(path, shuffle, sampler, num_samples, num_shards, shard_id, refuses_pk=None):
    """MindSpore 2.10's checks of a source's sampling arguments, by the source's read path (``path``, a source
    class's ``_sampling_path``): the file readers and ``MindDataset`` (``"reader"``, ``"mindrecord"``) take a
    ``Shuffle`` mode as ``shuffle``, the random-access sources a bool only (``TypeError`` naming ``shuffle``);
    the C++ random-access sources check a sampler given with ``shuffle``/sharding/``num_samples`` and the
    sharding pair as ``check_sampler_shuffle_shard_options`` (``RuntimeError``); the Python sources
    (``"generator"``) as ``GeneratorDataset``'s validator and ``select_sampler`` (``ValueError``, ``PKSampler``
    refused); ``refuses_pk``: the name of a source MindSpore's validator refuses a ``PKSampler`` for."""
    members = _shuffle_members()
    is_mode = isinstance(shuffle, str) and shuffle in members
    if shuffle is not None and not isinstance(shuffle, bool):
        if path not in ("reader", "mindrecord"):
            kind = "<enum 'Shuffle'>" if is_mode else str(type(shuffle))
            raise TypeError(f"Argument shuffle with value {_mode_name(shuffle)} is not of type [<class 'bool'>], "
                            f"but got {kind}.")
        if not is_mode:
            raise TypeError("shuffle must be of boolean or enum of 'Shuffle' values like 'Shuffle.ADAPTIVE' or "
                            "'Shuffle.GLOBAL' or 'Shuffle.PARTIAL' or 'Shuffle.FILES' or 'Shuffle.INFILE'.")
    if path == "generator":
        if (num_shards is None) != (shard_id is None):
            raise ValueError("num_shards and shard_id need to be passed in together.")
        if num_shards is not None and isinstance(num_shards, int) and isinstance(shard_id, int) and \
                shard_id >= num_shards > 0:
            raise ValueError("shard_id should be less than num_shards.")
        if isinstance(sampler, PKSampler):
            raise ValueError("GeneratorDataset doesn't support PKSampler.")
        if isinstance(sampler, BuiltinSampler) and any(a is not None for a in (num_shards, shard_id, shuffle,
                                                                               num_samples)):
            raise ValueError(f"Conflicting arguments during sampler assignments. num_samples: {num_samples}, "
                             f"num_shards: {num_shards}, shard_id: {shard_id}, shuffle: {shuffle}.")
        return
    if refuses_pk and isinstance(sampler, PKSampler):
        raise ValueError(f"{refuses_pk} doesn't support PKSampler.")
    if sampler is not None:
        if shuffle is not None:
            raise RuntimeError("sampler and shuffle cannot be specified at the same time.")
        if num_shards is not None or shard_id is not None:
            raise RuntimeError("sampler and sharding cannot be specified at the same time.")
        if num_samples is not None:
            raise RuntimeError("sampler and num_samples cannot be specified at the same time.")
    if num_shards is not None and shard_id is None:
        raise RuntimeError("num_shards is specified and currently requires shard_id as well.")
    if num_shards is None and shard_id is not None:
        raise RuntimeError("shard_id is specified but num_shards is not.")


def select_sampler(num_samples, sampler, shuffle, num_shards, shard_id):
    """The sampler a source dataset uses for its arguments (MindSpore's ``select_sampler``)."""
    if sampler is not None:
        if shuffle is not None or num_shards is not None:
            raise RuntimeError("sampler and shuffle/num_shards cannot be specified at the same time.")
        if isinstance(sampler, BuiltinSampler):
            return sampler
        if isinstance(sampler, (list, tuple)):
            return SubsetSampler(sampler, num_samples)
        if hasattr(sampler, "__iter__"):
            return _IterableSampler(sampler)
        raise TypeError(f"Unsupported sampler object of type ({type(sampler)})")
    if shuffle is None:
        shuffle = True
    if num_shards is not None:
        if shard_id is None:
            raise RuntimeError("num_shards is specified and currently requires shard_id as well.")
        return DistributedSampler(num_shards, shard_id, shuffle=bool(shuffle), num_samples=num_samples)
    if shard_id is not None:
        raise RuntimeError("shard_id is specified but num_shards is not.")
    if shuffle:  # MindSpore 2.10: a shuffled source with num_samples draws with replacement
        return RandomSampler(replacement=num_samples is not None, num_samples=num_samples)
    return SequentialSampler(num_samples=num_samples)

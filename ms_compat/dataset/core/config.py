"""Mirrors ``mindspore.dataset.config``: pipeline-wide settings (seed, workers, prefetch, ...).

``set_seed`` makes shuffles, samplers and random transforms reproducible (``mindspore.set_seed`` sets it
too, as in MindSpore). The samplers, ``Dataset.shuffle`` and the random transforms draw MindSpore's numbers:
each takes its C++ seed as MindSpore's ``GetSeed()`` does (``cpp_seed``; per ``map`` worker and per eager
call, ``op_engine``) and runs libstdc++'s algorithms (``cpp_random``); MindSpore's Python transforms draw from
Python's ``random`` where that is reproducible (``py_random``). Other random draws (the samplers not yet
reproduced, transforms in worker processes) come from a ``numpy.random.Generator`` derived from this seed: same
distributions, other numbers than MindSpore's.
"""
from __future__ import annotations

import os
import random
import threading
from enum import IntEnum

import numpy as np

__all__ = ["set_seed", "get_seed", "set_num_parallel_workers", "get_num_parallel_workers", "set_prefetch_size",
           "get_prefetch_size", "set_monitor_sampling_interval", "get_monitor_sampling_interval",
           "set_callback_timeout", "get_callback_timeout", "set_auto_num_workers", "get_auto_num_workers",
           "set_enable_shared_mem", "get_enable_shared_mem", "set_numa_enable", "get_numa_enable",
           "set_error_samples_mode", "get_error_samples_mode", "ErrorSamplesMode", "set_debug_mode",
           "get_debug_mode", "set_multiprocessing_timeout_interval", "get_multiprocessing_timeout_interval",
           "set_enable_autotune", "get_enable_autotune", "set_sending_batches", "load"]

_UINT32_MAX = 4294967295
_state = {"seed": None, "workers": min(8, os.cpu_count() or 1), "prefetch": 16, "monitor": 1000,
          "callback_timeout": 60, "auto_workers": False,
          "shared_mem": True, "numa": False, "debug": False, "mp_timeout": 300, "autotune": False,
          "error_mode": 0}
_lock = threading.Lock()
_rng_state = {"gen": None, "key": None}


def _int_check(name, value, lo, hi):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} with value {value!r} is not of type [<class 'int'>], but got {type(value)}.")
    if not lo <= value <= hi:
        raise ValueError(f"{name} {value} is not within the required interval of [{lo}, {hi}].")


def set_seed(seed):
    """Mirrors ``mindspore.dataset.config.set_seed``: seeds every random draw of the input pipelines."""
    _int_check("seed", seed, 0, _UINT32_MAX)
    from ... import context
    _state["seed"], _state["seed_after"] = seed, context._seed_calls
    _rng_state["gen"] = None
    random.seed(seed)  # as MindSpore: Python's and numpy's global generators are seeded too
    np.random.seed(seed)


DEFAULT_SEED = 5489  # std::mt19937::default_seed, what MindSpore reports before any set_seed


def get_seed():
    """Mirrors ``mindspore.dataset.config.get_seed``: the dataset seed (``mindspore.set_seed``'s when only that
    one was set; 5489 — ``std::mt19937::default_seed``, as MindSpore — when none was)."""
    s = _seed_or_none()
    return DEFAULT_SEED if s is None else s


def _seed_or_none():
    # as in MindSpore, where mindspore.set_seed sets the dataset seed too: the later of the two calls wins
    from ... import context
    if _state["seed"] is not None and _state.get("seed_after", 0) == context._seed_calls:
        return _state["seed"]
    ms_seed = context.get_seed()
    return _state["seed"] if ms_seed is None else ms_seed


def cpp_seed():
    """The seed a MindSpore pipeline operation takes when it is built (minddata's ``GetSeed()``): the dataset
    seed, or a fresh random one while it is ``std::mt19937::default_seed`` (5489: none set — or 5489 set
    explicitly, which MindSpore cannot tell apart)."""
    seed = get_seed()
    if seed == DEFAULT_SEED:
        return int.from_bytes(os.urandom(4), "little")
    return seed


_local = threading.local()


class row_rng:
    """Context: inside it, ``rng()`` (in this thread) is the generator of one row of one ``map`` epoch."""

    def __init__(self, *salt):
        self._gen = new_rng(*salt)

    def __enter__(self):
        self._prev = getattr(_local, "gen", None)
        _local.gen = self._gen
        return self._gen

    def __exit__(self, *exc):
        _local.gen = self._prev


class op_streams:
    """Context: inside it (in this thread), random transforms that reproduce MindSpore's draws take their engine
    from ``table`` for virtual worker ``worker`` of a ``map`` of ``copies`` workers (see ``op_engine``)."""

    def __init__(self, table, worker, copies=1):
        self._ctx = (table, worker, copies)

    def __enter__(self):
        self._prev = getattr(_local, "streams", None)
        _local.streams = self._ctx

    def __exit__(self, *exc):
        _local.streams = self._prev


class eager_ops:
    """Context: the transforms called inside it run as MindSpore runs a C++ transform called from a Python one
    (``RandomOrder``, ...): eagerly, a fresh operation per call, seeded ``GetSeed()``."""

    def __enter__(self):
        self._prev = getattr(_local, "streams", None), getattr(_local, "gen", None)
        _local.streams = _local.gen = None

    def __exit__(self, *exc):
        _local.streams, _local.gen = self._prev


def py_random():
    """Python's global ``random``, which MindSpore's Python transforms (``RandomErasing``, ``RandomOrder``, ...)
    draw from — seeded by ``set_seed`` — when their draws follow the rows' order: called directly, or in a
    ``map`` run by one worker. None in a ``map`` of several workers (MindSpore's threads then take the numbers
    in the order they happen to run) or in worker processes: there the row's ``rng()`` is used."""
    ctx = getattr(_local, "streams", None)
    if ctx is None:
        return None if getattr(_local, "gen", None) is not None else random
    return random if ctx[2] == 1 else None


class nested_ops:
    """Context: the transforms called inside it belong to a compound transform (``RandomApply``, ``RandomChoice``,
    ...). MindSpore builds those inner C++ operations with ``GetSeed()`` in every worker's copy of the ``map``
    (no ``+ w``; checked against MindSpore 2.10), so each worker's inner engines start alike."""

    def __enter__(self):
        _local.nested = getattr(_local, "nested", 0) + 1

    def __exit__(self, *exc):
        _local.nested -= 1


def op_engine(op):
    """The ``std::mt19937`` MindSpore's C++ copy of the random transform ``op`` draws from in the current ``map``
    worker: each worker ``w`` of a ``map`` holds its own copy of the operation, seeded ``GetSeed() + w`` when
    the iterator is made (``GetSeed()`` inside a compound transform, see ``nested_ops``), and keeps drawing from
    it epoch after epoch. Called eagerly, outside any pipeline,
    MindSpore builds a fresh C++ operation per call, seeded ``GetSeed()``: a fresh engine here too (so with a
    seed set every call draws the same numbers, as MindSpore's). None in a seeded ``map`` whose rows cannot share
    the engines (worker processes): the transform then draws from the row's ``rng()``."""
    ctx = getattr(_local, "streams", None)
    if ctx is None:
        if getattr(_local, "gen", None) is not None:
            return None
        from .cpp_random import Mt19937
        return Mt19937(cpp_seed())
    table, worker = ctx[0], ctx[1]
    key = (id(op), worker)
    engine = table.get(key)
    if engine is None:
        from .cpp_random import Mt19937
        offset = 0 if getattr(_local, "nested", 0) else worker
        engine = table[key] = Mt19937((cpp_seed() + offset) & _UINT32_MAX)
    return engine


def rng():
    """The generator random transforms draw from: the current row's inside a seeded ``map``, else the
    pipeline's shared one (re-created when the seed changes)."""
    gen = getattr(_local, "gen", None)
    if gen is not None:
        return gen
    key = _seed_or_none()
    with _lock:
        if _rng_state["gen"] is None or _rng_state["key"] != key:
            _rng_state["gen"] = np.random.default_rng(None if key is None else [key, 0x5EED])
            _rng_state["key"] = key
        return _rng_state["gen"]


def new_rng(*salt):
    """A generator for one node and epoch: reproducible under a seed, fresh entropy without one."""
    key = _seed_or_none()
    if key is None:
        return np.random.default_rng()
    return np.random.default_rng([key, *[int(s) & 0xFFFFFFFF for s in salt]])


def set_num_parallel_workers(num):
    """Mirrors ``mindspore.dataset.config.set_num_parallel_workers`` (default worker count of the file readers
    and ``map``; MindSpore's default: ``min(8, CPU count)``)."""
    _int_check("num_parallel_workers", num, 1, 512)
    _state["workers"] = num


def get_num_parallel_workers():
    return _state["workers"]


def set_prefetch_size(size):
    """Mirrors ``mindspore.dataset.config.set_prefetch_size``: rows queued ahead per parallel operation."""
    _int_check("size", size, 1, 2147483647)
    _state["prefetch"] = size


def get_prefetch_size():
    return _state["prefetch"]


def set_monitor_sampling_interval(interval):
    _int_check("interval", interval, 0, 2147483647)
    _state["monitor"] = interval


def get_monitor_sampling_interval():
    return _state["monitor"]


def set_callback_timeout(timeout):
    _int_check("timeout", timeout, 1, 2147483647)
    _state["callback_timeout"] = timeout


def get_callback_timeout():
    return _state["callback_timeout"]


def set_auto_num_workers(enable):
    _state["auto_workers"] = bool(enable)


def get_auto_num_workers():
    return _state["auto_workers"]


def set_enable_shared_mem(enable):
    _state["shared_mem"] = bool(enable)


def get_enable_shared_mem():
    return _state["shared_mem"]


def set_numa_enable(numa_enable):
    _state["numa"] = bool(numa_enable)


def get_numa_enable():
    return _state["numa"]


def set_debug_mode(debug_mode_flag, debug_hook_list=None):
    _state["debug"] = bool(debug_mode_flag)


def get_debug_mode():
    return _state["debug"]


def set_multiprocessing_timeout_interval(interval):
    _int_check("interval", interval, 1, 2147483647)
    _state["mp_timeout"] = interval


def get_multiprocessing_timeout_interval():
    return _state["mp_timeout"]


def set_enable_autotune(enable, filepath_prefix=None):
    _state["autotune"] = bool(enable)


def get_enable_autotune():
    return _state["autotune"]


def set_sending_batches(batch_num):
    _int_check("batch_num", batch_num, 0, 2147483647)


class ErrorSamplesMode(IntEnum):
    """Mirrors ``mindspore.dataset.config.ErrorSamplesMode`` (only ``RETURN`` — errors raise — is honoured)."""
    RETURN = 0
    REPLACE = 1
    SKIP = 2


def set_error_samples_mode(error_samples_mode):
    _state["error_mode"] = error_samples_mode


def get_error_samples_mode():
    return _state["error_mode"]


def load(file):
    """Mirrors ``mindspore.dataset.config.load``: reads the settings from a JSON file."""
    import json
    with open(file) as f:
        cfg = json.load(f)
    if "seed" in cfg:
        set_seed(cfg["seed"])
    if "numParallelWorkers" in cfg:
        set_num_parallel_workers(cfg["numParallelWorkers"])
    if "opConnectorSize" in cfg:
        set_prefetch_size(cfg["opConnectorSize"])

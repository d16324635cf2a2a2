"""``mindspore.runtime``: memory and synchronisation queries for the current device, on PyTorch.

Mirrors MindSpore 2.10's ``mindspore.runtime`` memory functions (no ``device_target`` argument: they use
the target set by ``set_context``/``set_device``), implemented by :mod:`ms_compat.hal`. On the CPU
``memory_stats()`` returns MindSpore's all-zero pool dictionary, as MindSpore's CPU build does. Streams and
events (``Stream``, ``Event``, ``StreamCtx``, ``current_stream``…) are ms_compat/_streams.py. Ascend-only
settings (stream/device core limits, ``MemPool``/``PluggableAllocator``, ``memory_replay``) and MindSpore
runtime-thread settings (``dispatch_threads_num``, ``set_cpu_affinity``, ``set_kernel_launch_group``,
``set_kernel_launch_capture``) are *will not* names (``python -m ms_compat coverage mindspore.runtime.X`` gives
the PyTorch alternative).
"""
from __future__ import annotations

import os
import re
import warnings

import torch

from . import hal
from .porting._missing import module_getattr as _mg
from ._streams import (Event, Stream, StreamCtx, communication_stream, current_stream, default_stream,  # noqa: F401
                       set_cur_stream)

__all__ = ["memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved", "memory_stats",
           "memory_summary", "reset_peak_memory_stats", "reset_max_memory_allocated", "reset_max_memory_reserved",
           "empty_cache", "synchronize", "Stream", "Event", "StreamCtx", "current_stream", "default_stream",
           "communication_stream", "set_cur_stream", "launch_blocking", "set_memory"]

def memory_allocated():
    """Mirrors ``mindspore.runtime.memory_allocated``."""
    return hal.memory_allocated()


def max_memory_allocated():
    """Mirrors ``mindspore.runtime.max_memory_allocated``."""
    return hal.max_memory_allocated()


def memory_reserved():
    """Mirrors ``mindspore.runtime.memory_reserved``."""
    return hal.memory_reserved()


def max_memory_reserved():
    """Mirrors ``mindspore.runtime.max_memory_reserved``."""
    return hal.max_memory_reserved()


def memory_stats():
    """Mirrors ``mindspore.runtime.memory_stats``: the pool totals (zeros on the CPU) plus MindSpore's
    ``common_mem_pool_stats``/``persistent_mem_pool_stats`` (PyTorch has one caching allocator: the
    block details are not reported)."""
    keys = ("total_reserved_memory", "total_allocated_memory", "total_idle_memory", "total_eager_free_memory",
            "max_reserved_memory", "max_allocated_memory")
    stats = hal.memory_stats()
    out = {k: stats.get(k, 0) for k in keys}
    out["common_mem_pool_stats"] = {"block_unit_size": 0, "block_counts": 0, "blocks_info": {}}
    out["persistent_mem_pool_stats"] = {"block_counts": 0, "block_unit_size": 0, "blocks_info": {}}
    return out


def memory_summary():
    """Mirrors ``mindspore.runtime.memory_summary`` (MindSpore's text table)."""
    return hal.memory_summary()


def reset_peak_memory_stats():
    """Mirrors ``mindspore.runtime.reset_peak_memory_stats``."""
    hal.reset_peak_memory_stats()


def reset_max_memory_allocated():
    """Mirrors ``mindspore.runtime.reset_max_memory_allocated``."""
    hal.reset_peak_memory_stats()


def reset_max_memory_reserved():
    """Mirrors ``mindspore.runtime.reset_max_memory_reserved``."""
    hal.reset_peak_memory_stats()


def empty_cache():
    """Mirrors ``mindspore.runtime.empty_cache``."""
    hal.empty_cache()


def synchronize():
    """Mirrors ``mindspore.runtime.synchronize``."""
    hal.synchronize()


def launch_blocking():
    """Mirrors ``mindspore.runtime.launch_blocking()``: device kernels run synchronously, so an error points at
    the op that raised it — PyTorch's ``CUDA_LAUNCH_BLOCKING=1``. CUDA reads it when it starts: called after the
    first CUDA op, it warns that it no longer takes effect. Nothing to do on the CPU (already synchronous)."""
    os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        warnings.warn("launch_blocking(): CUDA is already initialised in this process, so CUDA_LAUNCH_BLOCKING "
                      "takes effect only in processes started from now on.", UserWarning, stacklevel=2)


_MEMORY_REGEX = r"[1-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB"
_RESERVE_REGEX = r"[0-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB"
_memory_set = []


def _check_memory(value, regex=_MEMORY_REGEX):
    """MindSpore's check (``Validator.check_str_by_regular``: ``re.match``) and message."""
    if not isinstance(value, str) or re.match(regex, value, flags=re.ASCII) is None:
        raise ValueError(f"The '{value}' is illegal, it must be match regular'{regex}' by flags're.ASCII.'")
    return float(value[:-2])


def set_memory(init_size="2GB", increase_size="2GB", max_size="1024GB", optimize_level="O0",
               huge_page_reserve_size="0GB"):
    """Mirrors ``mindspore.runtime.set_memory`` (same checks; once per process). On a GPU ``max_size`` caps the
    memory PyTorch's caching allocator may hold (``torch.cuda.set_per_process_memory_fraction``); the caching
    allocator grows by request, so ``init_size``/``increase_size``/``optimize_level``/``huge_page_reserve_size``
    (MindSpore's pool growth steps) have no counterpart and are only checked. Nothing to set on the CPU."""
    if _memory_set:
        raise RuntimeError("The 'set_memory' can not be set repeatedly.")
    _check_memory(init_size)
    _check_memory(increase_size)
    max_gb = _check_memory(max_size)
    _check_memory(huge_page_reserve_size, _RESERVE_REGEX)
    if optimize_level not in ("O0", "O1"):
        raise ValueError(f"The optimize_level must be one of ['O0', 'O1'], but got {optimize_level}.")
    _memory_set.append((init_size, increase_size, max_size, optimize_level, huge_page_reserve_size))
    if hal._gpu("GPU"):
        total = torch.cuda.get_device_properties(torch.cuda.current_device()).total_memory
        torch.cuda.set_per_process_memory_fraction(min(1.0, max_gb * 1024 ** 3 / total))


def __getattr__(name):
    return _mg(__name__, name, {})

"""``mindspore.runtime``: memory and synchronisation queries for the current device, on PyTorch.

Mirrors MindSpore 2.10's ``mindspore.runtime`` memory functions (no ``device_target`` argument: they use
the target set by ``set_context``/``set_device``), implemented by :mod:`ms_compat.hal`. On the CPU
``memory_stats()`` returns MindSpore's all-zero pool dictionary, as MindSpore's CPU build does. Memory-pool
tuning (``set_memory``, ``MemPool``, ``PluggableAllocator``), stream limits and kernel-launch settings are not
provided yet (placeholders).
"""
from __future__ import annotations

from . import _missing, hal

__all__ = ["memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved", "memory_stats",
           "memory_summary", "reset_peak_memory_stats", "reset_max_memory_allocated", "reset_max_memory_reserved",
           "empty_cache", "synchronize"]

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


def __getattr__(name):
    return _missing.module_getattr(__name__, name, {})

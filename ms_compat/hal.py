"""``mindspore.hal``: device and memory queries, on ``torch.cuda`` (GPU) and the CPU.

Mirrors MindSpore 2.10's ``mindspore.hal`` device/memory functions. ``device_target`` is ``"CPU"``,
``"GPU"`` or ``"Ascend"`` (default: the target set by ``set_context``/``set_device``). GPU numbers come from
PyTorch's CUDA caching allocator (``torch.cuda.memory_stats``); on the CPU, where neither MindSpore nor
PyTorch keeps a device memory pool, the memory queries return 0 / ``{}`` as MindSpore's CPU build does.
``Ascend`` is never available here; asking for a backend that is not available raises ``ValueError`` with
MindSpore's message. Streams and events (``Stream``, ``Event``, ``StreamCtx``, ``current_stream``…) are those of
``mindspore.runtime`` (ms_compat/_streams.py: ``torch.cuda`` streams on a GPU, one synchronous stream on the CPU).
"""
from __future__ import annotations

import torch

from .porting._missing import module_getattr as _mg
from ._streams import (Event, Stream, StreamCtx, communication_stream, current_stream, default_stream,  # noqa: F401
                       set_cur_stream)

__all__ = ["device_count", "is_available", "is_initialized", "get_device_name", "get_device_capability",
           "get_device_properties", "get_arch_list", "memory_allocated", "max_memory_allocated",
           "memory_reserved", "max_memory_reserved", "memory_stats", "memory_summary", "reset_peak_memory_stats",
           "reset_max_memory_allocated", "reset_max_memory_reserved", "empty_cache", "synchronize",
           "Stream", "Event", "StreamCtx", "current_stream", "default_stream", "communication_stream",
           "set_cur_stream"]

_TARGETS = ("CPU", "GPU", "Ascend")


def _target(device_target, api):
    if device_target is None:
        from .context import get_context
        device_target = get_context("device_target")
    if not isinstance(device_target, str) or device_target not in _TARGETS:
        raise ValueError(f"For 'hal.{api}', the argument 'device_target' must be one of {list(_TARGETS)}, but got "
                         f"{device_target}.")
    return device_target


def _available(target: str) -> bool:
    return target == "CPU" or (target == "GPU" and torch.cuda.is_available())


def _require(target: str) -> str:
    if not _available(target):
        raise ValueError(f"{target} backend is not available for this MindSpore package.You can call "
                         "hal.is_available to check the reason.")
    return target


def is_available(device_target):
    """Mirrors ``mindspore.hal.is_available``: CPU always, GPU when PyTorch sees CUDA, Ascend never."""
    return _available(_target(device_target, "is_available"))


def is_initialized(device_target):
    """Mirrors ``mindspore.hal.is_initialized``: whether the device backend has been started (CUDA: its context
    exists). MindSpore's CPU build answers False for the CPU; so does this."""
    target = _target(device_target, "is_initialized")
    return target == "GPU" and torch.cuda.is_available() and torch.cuda.is_initialized()


def device_count(device_target=None):
    """Mirrors ``mindspore.hal.device_count``: 1 for the CPU, ``torch.cuda.device_count()`` for the GPU."""
    target = _require(_target(device_target, "device_count"))
    return 1 if target == "CPU" else torch.cuda.device_count()


def get_device_name(device_id, device_target=None):
    """Mirrors ``mindspore.hal.get_device_name``: ``"CPU"``, or the CUDA device name."""
    target = _require(_target(device_target, "get_device_name"))
    return "CPU" if target == "CPU" else torch.cuda.get_device_name(device_id)


def get_device_capability(device_id, device_target=None):
    """Mirrors ``mindspore.hal.get_device_capability``: None on the CPU, ``(major, minor)`` on a GPU."""
    target = _require(_target(device_target, "get_device_capability"))
    return None if target == "CPU" else torch.cuda.get_device_capability(device_id)


def get_device_properties(device_id, device_target=None):
    """Mirrors ``mindspore.hal.get_device_properties``: None on the CPU; on a GPU PyTorch's
    ``torch.cuda.get_device_properties`` object (fields ``name``, ``major``, ``minor``, ``total_memory``,
    ``multi_processor_count``, as MindSpore's)."""
    target = _require(_target(device_target, "get_device_properties"))
    return None if target == "CPU" else torch.cuda.get_device_properties(device_id)


def get_arch_list(device_target=None):
    """Mirrors ``mindspore.hal.get_arch_list``: None on the CPU, the CUDA architectures PyTorch was built for."""
    target = _require(_target(device_target, "get_arch_list"))
    return None if target == "CPU" else torch.cuda.get_arch_list()


def _gpu(target) -> bool:
    return target == "GPU" and torch.cuda.is_available() and torch.cuda.is_initialized()


def _stats(target) -> dict:
    """MindSpore's memory-pool statistics from PyTorch's CUDA caching allocator (zeros on the CPU)."""
    if not _gpu(target):
        return {}
    s = torch.cuda.memory_stats()
    reserved = s.get("reserved_bytes.all.current", 0)
    allocated = s.get("allocated_bytes.all.current", 0)
    return {"total_reserved_memory": reserved, "total_allocated_memory": allocated,
            "total_idle_memory": reserved - allocated, "total_eager_free_memory": 0,
            "max_reserved_memory": s.get("reserved_bytes.all.peak", 0),
            "max_allocated_memory": s.get("allocated_bytes.all.peak", 0)}


def memory_stats(device_target=None):
    """Mirrors ``mindspore.hal.memory_stats``: ``{}`` on the CPU (as MindSpore's CPU build); on a GPU the
    pool totals (``total_reserved_memory``, ``total_allocated_memory``, ``total_idle_memory``,
    ``max_reserved_memory``, ``max_allocated_memory``…) from PyTorch's caching allocator."""
    return _stats(_target(device_target, "memory_stats"))


def memory_allocated(device_target=None):
    """Mirrors ``mindspore.hal.memory_allocated``: bytes held by tensors (``torch.cuda.memory_allocated``)."""
    return torch.cuda.memory_allocated() if _gpu(_target(device_target, "memory_allocated")) else 0


def max_memory_allocated(device_target=None):
    """Mirrors ``mindspore.hal.max_memory_allocated`` (``torch.cuda.max_memory_allocated``)."""
    return torch.cuda.max_memory_allocated() if _gpu(_target(device_target, "max_memory_allocated")) else 0


def memory_reserved(device_target=None):
    """Mirrors ``mindspore.hal.memory_reserved`` (``torch.cuda.memory_reserved``)."""
    return torch.cuda.memory_reserved() if _gpu(_target(device_target, "memory_reserved")) else 0


def max_memory_reserved(device_target=None):
    """Mirrors ``mindspore.hal.max_memory_reserved`` (``torch.cuda.max_memory_reserved``)."""
    return torch.cuda.max_memory_reserved() if _gpu(_target(device_target, "max_memory_reserved")) else 0


def reset_peak_memory_stats(device_target=None):
    """Mirrors ``mindspore.hal.reset_peak_memory_stats`` (``torch.cuda.reset_peak_memory_stats``)."""
    if _gpu(_target(device_target, "reset_peak_memory_stats")):
        torch.cuda.reset_peak_memory_stats()


def reset_max_memory_allocated(device_target=None):
    """Mirrors ``mindspore.hal.reset_max_memory_allocated``."""
    reset_peak_memory_stats(device_target)


def reset_max_memory_reserved(device_target=None):
    """Mirrors ``mindspore.hal.reset_max_memory_reserved``."""
    reset_peak_memory_stats(device_target)


def empty_cache():
    """Mirrors ``mindspore.hal.empty_cache``: releases cached, unused device memory (``torch.cuda.empty_cache``)."""
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        torch.cuda.empty_cache()


def synchronize():
    """Mirrors ``mindspore.hal.synchronize``: waits for queued device work (a no-op on the CPU)."""
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        torch.cuda.synchronize()


def _format_size(sz, pref_sz):
    prefixes = ["B  ", "KB", "MB", "GB", "TB", "PB"]
    prefix = prefixes[0]
    for new_prefix in prefixes[1:]:
        if pref_sz < 768 * 1024:
            break
        prefix = new_prefix
        sz //= 1024
        pref_sz /= 1024
    return f"{sz:6d} {prefix}"


def memory_summary(device_target=None):
    """Mirrors ``mindspore.hal.memory_summary``: the pool statistics as MindSpore's text table."""
    stats = _stats(_target(device_target, "memory_summary"))
    rows = [("total_reserved_memory", "Reserved memory"), ("total_allocated_memory", "Allocated memory"),
            ("total_idle_memory", "Idle memory"), ("total_eager_free_memory", "Eager free memory"),
            ("max_reserved_memory", "Max reserved memory"), ("max_allocated_memory", "Max allocated memory")]
    lines = ["=" * 45, " {:^43} ".format("Memory summary"), "=" * 45, " {:<20} | {:<20} ".format("Metric", "Data")]
    for key, name in rows:
        lines.append("-" * 45)
        data = stats.get(key, 0)
        lines.append(" {:<20} | {:<20} ".format(name, _format_size(data, data)))
    lines.append("=" * 45)
    return "|" + "|\n|".join(lines) + "|\n"


def __getattr__(name):
    return _mg(__name__, name, {})

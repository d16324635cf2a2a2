"""``mindspore.parallel._utils``: the private parallel-context queries real MindSpore packages call
(mindformers, mindone): the answers come from ``get_auto_parallel_context``."""
from __future__ import annotations

from ..context import get_auto_parallel_context

__all__ = ["_get_parallel_mode", "_is_sharding_propagation", "_is_in_auto_parallel_mode",
           "_get_enable_parallel_optimizer", "_get_pipeline_stages", "_get_device_num"]


def _get_parallel_mode():
    """The parallel mode (``'stand_alone'``, ``'data_parallel'``, ``'semi_auto_parallel'``, ``'auto_parallel'``)."""
    return get_auto_parallel_context("parallel_mode")


def _is_sharding_propagation():
    """True when the strategy search mode is ``'sharding_propagation'``."""
    return get_auto_parallel_context("search_mode") == "sharding_propagation"


def _is_in_auto_parallel_mode():
    """True in ``semi_auto_parallel`` or ``auto_parallel`` mode."""
    return _get_parallel_mode() in ("semi_auto_parallel", "auto_parallel")


def _get_enable_parallel_optimizer():
    return get_auto_parallel_context("enable_parallel_optimizer")


def _get_pipeline_stages():
    return get_auto_parallel_context("pipeline_stages")


def _get_device_num():
    """Mirrors ``mindspore.parallel._utils._get_device_num()``: 1 in stand-alone mode, else the ``device_num`` set in
    the auto-parallel context, else the communication group size."""
    from .data_parallel import get_device_num
    return get_device_num()


def __getattr__(name):
    from ..porting._missing import module_getattr
    return module_getattr(__name__, name, {})

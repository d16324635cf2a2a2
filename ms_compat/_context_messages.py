"""The lines MindSpore 2.10's ``set_context`` logs (WARNING, ``mindspore.log``'s format) for its deprecated
keys: ``deprecation_lines(key)``. The table is MindSpore's own (``mindspore/context.py``,
``_check_context_deprecated`` and ``set_context``), checked against real MindSpore's output by
tests/test_context_messages.py (tests/reference_data/utils/context_messages.json, gen_context_messages.py).
"""
from __future__ import annotations

__all__ = ["deprecation_lines"]

# key -> what to use instead ('' : nothing named); MindSpore 2.10's _check_context_deprecated table
_DEPRECATED = \
{
    'save_graphs': 'env MS_DEV_SAVE_GRAPHS',
    'save_graphs_path': 'env MS_DEV_SAVE_GRAPHS_PATH',
    'check_bprop': '',
    'max_call_depth': 'api mindspore.set_recursion_limit()',
    'enable_compile_cache': 'env MS_COMPILER_CACHE_ENABLE',
    'enable_cache_path': 'env MS_COMPILER_CACHE_PATH',
    'debug_level': '',
    'device_target': 'api mindspore.set_device()',
    'device_id': 'api mindspore.set_device()',
    'deterministic': 'api mindspore.set_deterministic()',
    'inter_op_parallel_num': 'api mindspore.runtime.dispatch_threads_num()',
    'pynative_synchronize': 'api mindspore.runtime.launch_blocking()',
    'max_device_memory': 'api mindspore.runtime.set_memory()',
    'variable_memory_max_size': 'api mindspore.runtime.set_memory()',
    'mempool_block_size': 'api mindspore.runtime.set_memory()',
    'memory_optimize_level': 'api mindspore.runtime.set_memory()',
    'ascend_config': 'api mindspore.device_context.ascend.op_precision.precision_mode(),\n                                                       mindspore.device_context.ascend.op_precision.op_precision_mode(),\n                                                       mindspore.device_context.ascend.op_precision.matmul_allow_hf32(),\n                                                       mindspore.device_context.ascend.op_precision.conv_allow_hf32(),\n                                                       mindspore.device_context.ascend.op_tuning.op_compile()',
    'aoe_tune_mode': 'api mindspore.device_context.ascend.op_tuning.aoe_tune_mode()',
    'aoe_config': 'api mindspore.device_context.ascend.op_tuning.aoe_job_type()',
    'op_timeout': 'api mindspore.device_context.ascend.op_debug.execute_timeout()',
    'op_debug_option': 'api mindspore.device_context.ascend.op_debug.debug_option()',
    'gpu_config': 'api mindspore.device_context.gpu.op_precision.conv_allow_tf32(),\n                                                     mindspore.device_context.gpu.op_precision.matmul_allow_tf32(),\n                                                     mindspore.device_context.gpu.op_precision.conv_fprop_algo(),\n                                                     mindspore.device_context.gpu.op_precision.conv_wgrad_algo(),\n                                                     mindspore.device_context.gpu.op_precision.conv_dgrad_algo()',
    'runtime_num_threads': 'api mindspore.device_context.cpu.op_tuning.threads_num()',
}

_PREFIX = "For 'context.set_context', "
_REMOVED_NEXT = "parameter is deprecated, and will be removed in the next version."
# keys set_context warns about in its own words (after the table's line, if any)
_OWN_WORDS = {
    "enable_sparse": _REMOVED_NEXT,
    "auto_tune_mode": _REMOVED_NEXT,
    "enable_auto_mixed_precision": "parameter is deprecated. For details, please see the interface parameter API "
                                   "comments",
    "print_file_path": "parameter is deprecated due to changes in the behavior of the print operator. Recommend not "
                       "using this parameter and directly viewing the screen output.",
    "reserve_class_name_in_scope": _REMOVED_NEXT,
    "env_config_path": _REMOVED_NEXT,
    "enable_graph_kernel": _REMOVED_NEXT + " Please use jit_config={'jit_level': 'O1'} instead.",
    "graph_kernel_flags": _REMOVED_NEXT + " Please use environ variable 'MS_DEV_GRAPH_KERNEL_FLAGS' instead.",
}


def deprecation_lines(key: str) -> list:
    """The WARNING lines MindSpore 2.10 logs for ``set_context(key=...)``, in its order (none for a
    current key)."""
    lines = []
    if key in _DEPRECATED:
        line = f"{_PREFIX}the parameter '{key}' will be deprecated and removed in a future version."
        if _DEPRECATED[key]:
            line += f" Please use the {_DEPRECATED[key]} instead."
        lines.append(line)
    if key in _OWN_WORDS:
        lines.append(f"{_PREFIX}'{key}' {_OWN_WORDS[key]}")
    return lines

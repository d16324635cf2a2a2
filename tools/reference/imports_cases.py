"""Cases for the module-level facts of issue 16 (mindspore.version, log, hal, runtime, constants, private
helpers real packages import). Each case is a snippet run with ``import mindspore as ms`` under real
MindSpore 2.10 (tools/reference/gen_imports.py) and under ms_compat.install()
(tests/test_module_facts.py); the snippet sets ``out`` to a JSON-able value. An exception is recorded as
``[type name, first line of the message]``.
"""

CASES = {
    "version": "import mindspore.version as v\nout = v.__version__",
    "constants": "out = [ms.STRICT, ms.COMPATIBLE, ms.LAX]",
    "correct_fan": ("from mindspore.common.initializer import _calculate_correct_fan as f\n"
                    "out = [f(s, m) for s in [(3, 4), (8, 3, 5, 5), (2, 3, 4), (6, 2, 3, 3, 3)] "
                    "for m in ('fan_in', 'FAN_OUT', 'Fan_In')]"),
    "fan_in_out": ("from mindspore.common.initializer import _calculate_fan_in_and_fan_out as f\n"
                   "out = [list(f(s)) for s in [(3, 4), (8, 3, 5, 5), (2, 3, 4)]]"),
    "correct_fan_bad_mode": "from mindspore.common.initializer import _calculate_correct_fan as f\nf((3, 4), 'fan_avg')",
    "correct_fan_1d": "from mindspore.common.initializer import _calculate_correct_fan as f\nf((3,), 'fan_in')",
    "amp_black_list": "from mindspore.train.amp import AMP_BLACK_LIST\nout = [c.__name__ for c in AMP_BLACK_LIST]",
    "amp_white_list_cells": ("from mindspore.train.amp import AMP_WHITE_LIST\nimport mindspore.nn as nn\n"
                             "out = [c.__name__ for c in AMP_WHITE_LIST if issubclass(c, nn.Cell)]"),
    "amp_get_black_list_is_copy": ("from mindspore.train.amp import AMP_BLACK_LIST\n"
                                   "out = [ms.amp.get_black_list() == AMP_BLACK_LIST, "
                                   "ms.amp.get_black_list() is AMP_BLACK_LIST]"),
    "log_level": "out = [ms.log.get_level(), ms.get_level(), ms.log.get_log_config(), ms.get_log_config()]",
    "hal_cpu": ("h = ms.hal\nout = [h.device_count(), h.device_count('CPU'), h.is_available('CPU'), "
                "h.is_available('Ascend'), h.is_initialized('CPU'), h.get_device_name(0, 'CPU'), "
                "h.get_device_capability(0, 'CPU'), h.get_device_properties(0, 'CPU'), h.get_arch_list('CPU'), "
                "h.memory_allocated(), h.max_memory_allocated(), h.memory_reserved(), h.max_memory_reserved(), "
                "h.memory_stats(), h.reset_peak_memory_stats(), h.empty_cache(), h.synchronize()]"),
    "hal_memory_summary": "out = ms.hal.memory_summary()",
    "hal_ascend_count": "ms.hal.device_count('Ascend')",
    "hal_bad_target": "ms.hal.is_available('TPU')",
    "runtime_cpu": ("r = ms.runtime\nout = [r.memory_allocated(), r.max_memory_allocated(), r.memory_reserved(), "
                    "r.max_memory_reserved(), r.memory_stats(), r.memory_summary(), r.synchronize(), "
                    "r.empty_cache(), r.reset_peak_memory_stats()]"),
    "row_tensor": ("import numpy as np\nr = ms.RowTensor(ms.Tensor([0, 2, 0], ms.int32), "
                   "ms.Tensor(np.arange(6).reshape(3, 2).astype(np.float32)), (4, 2))\n"
                   "r2 = ms.RowTensor(row_tensor=r)\n"
                   "out = [r.indices.asnumpy().tolist(), r.values.asnumpy().tolist(), list(r.dense_shape), "
                   "type(r.dense_shape).__name__, list(r2.dense_shape), r.values.dtype == ms.float32]"),
    "row_tensor_bad_copy": ("import numpy as np\nr = ms.RowTensor(ms.Tensor([0], ms.int32), ms.Tensor(np.ones((1, 2), "
                            "np.float32)), (3, 2))\nms.RowTensor(ms.Tensor([0], ms.int32), row_tensor=r)"),
    "log_action_once": ("import io, logging\nfrom mindspore.log import _LogActionOnce\n"
                        "class L:\n    def __init__(self): self.seen = []\n"
                        "    def warning(self, m): self.seen.append(m)\n"
                        "lg = L()\n"
                        "@_LogActionOnce(logger=lg, key='k')\ndef f(i): lg.warning(f'w{i}')\n"
                        "@_LogActionOnce(logger=lg, key='k')\ndef g(i): lg.warning(f'g{i}')\n"
                        "@_LogActionOnce(logger=lg, key='other', no_warning=True)\ndef h(i): lg.warning(f'h{i}')\n"
                        "f(1); f(2); g(3); h(4)\nout = lg.seen"),
    "log_module_has_logging": "import logging\nout = ms.log.logging is logging",
    'checkparam_00': "import mindspore._checkparam as C\nr = C.check_positive_int(3)\nout = getattr(r, '__name__', r)",
    'checkparam_01': "import mindspore._checkparam as C\nr = C.check_positive_int(0, 'num_heads', 'Attention')\nout = getattr(r, '__name__', r)",
    'checkparam_02': "import mindspore._checkparam as C\nr = C.check_positive_int(True)\nout = getattr(r, '__name__', r)",
    'checkparam_03': "import mindspore._checkparam as C\nr = C.check_positive_int(2.0, 'n')\nout = getattr(r, '__name__', r)",
    'checkparam_04': "import mindspore._checkparam as C\nr = C.check_positive_int(float('nan'))\nout = getattr(r, '__name__', r)",
    'checkparam_05': "import mindspore._checkparam as C\nr = C.check_non_negative_int(0)\nout = getattr(r, '__name__', r)",
    'checkparam_06': "import mindspore._checkparam as C\nr = C.check_non_negative_int(-1, 'k')\nout = getattr(r, '__name__', r)",
    'checkparam_07': "import mindspore._checkparam as C\nr = C.check_positive_float(0.0, 'eps', 'Norm')\nout = getattr(r, '__name__', r)",
    'checkparam_08': "import mindspore._checkparam as C\nr = C.check_positive_float(1e-5)\nout = getattr(r, '__name__', r)",
    'checkparam_09': "import mindspore._checkparam as C\nr = C.check_non_negative_float(-0.5, 'p')\nout = getattr(r, '__name__', r)",
    'checkparam_10': "import mindspore._checkparam as C\nr = C.check_non_negative_float(3, 'p')\nout = getattr(r, '__name__', r)",
    'checkparam_11': "import mindspore._checkparam as C\nr = C.check_int(5, 3, C.GT, 'x')\nout = getattr(r, '__name__', r)",
    'checkparam_12': "import mindspore._checkparam as C\nr = C.check_int(2, 3, C.GE, 'x', 'Prim')\nout = getattr(r, '__name__', r)",
    'checkparam_13': "import mindspore._checkparam as C\nr = C.check_float(0.5, 1.0, C.LT)\nout = getattr(r, '__name__', r)",
    'checkparam_14': "import mindspore._checkparam as C\nr = C.check_float(2.0, 1.0, C.LE, 'f')\nout = getattr(r, '__name__', r)",
    'checkparam_15': "import mindspore._checkparam as C\nr = C.check_value_type('x', 1.5, [float])\nout = getattr(r, '__name__', r)",
    'checkparam_16': "import mindspore._checkparam as C\nr = C.check_value_type('x', True, [int])\nout = getattr(r, '__name__', r)",
    'checkparam_17': "import mindspore._checkparam as C\nr = C.check_value_type('x', True, [bool, int])\nout = getattr(r, '__name__', r)",
    'checkparam_18': "import mindspore._checkparam as C\nr = C.check_value_type('x', 1, (int, float), 'Prim')\nout = getattr(r, '__name__', r)",
    'checkparam_19': "import mindspore._checkparam as C\nr = C.check_value_type('x', 0.12345678, [int, float])\nout = getattr(r, '__name__', r)",
    'checkparam_20': "import mindspore._checkparam as C\nr = C.check_value_type('x', 'a', [int, float], 'Prim')\nout = getattr(r, '__name__', r)",
    'checkparam_21': "import mindspore._checkparam as C\nr = C.check_value_type('x', 'a', int)\nout = getattr(r, '__name__', r)",
    'checkparam_22': "import mindspore._checkparam as C\nr = C.check_value_type('x', 0.12345678, [int])\nout = getattr(r, '__name__', r)",
    'checkparam_23': "import mindspore._checkparam as C\nr = C.check_bool(True)\nout = getattr(r, '__name__', r)",
    'checkparam_24': "import mindspore._checkparam as C\nr = C.check_bool(1, 'flag', 'P')\nout = getattr(r, '__name__', r)",
    'checkparam_25': "import mindspore._checkparam as C\nr = C.check_bool(None)\nout = getattr(r, '__name__', r)",
    'checkparam_26': "import mindspore._checkparam as C\nr = C.check_float_range(0.5, 0.0, 1.0, C.INC_BOTH, 'p')\nout = getattr(r, '__name__', r)",
    'checkparam_27': "import mindspore._checkparam as C\nr = C.check_float_range(1.0, 0.0, 1.0, C.INC_LEFT, 'p', 'Dropout')\nout = getattr(r, '__name__', r)",
    'checkparam_28': "import mindspore._checkparam as C\nr = C.check_float_range(1, 0.0, 1.0, C.INC_BOTH)\nout = getattr(r, '__name__', r)",
    'checkparam_29': "import mindspore._checkparam as C\nr = C.check_float_range(0.0, 0.0, 1.0, C.INC_NEITHER)\nout = getattr(r, '__name__', r)",
    'checkparam_30': "import mindspore._checkparam as C\nr = C.check_int_range(3, 0, 3, C.INC_LEFT, 'axis')\nout = getattr(r, '__name__', r)",
    'checkparam_31': "import mindspore._checkparam as C\nr = C.check_int_range(2, 0, 3, C.INC_BOTH)\nout = getattr(r, '__name__', r)",
    'checkparam_32': "import mindspore._checkparam as C\nr = C.check('a', 3, 'b', 4, C.EQ, 'P')\nout = getattr(r, '__name__', r)",
    'checkparam_33': "import mindspore._checkparam as C\nr = C.check('a', 3, 'b', 4, C.LT, 'P')\nout = getattr(r, '__name__', r)",
    'checkparam_34': "import mindspore._checkparam as C\nr = C.check('shape of x', (2, 3), 'shape of y', (2, 4))\nout = getattr(r, '__name__', r)",
    'checkparam_35': "import mindspore._checkparam as C\nr = C.check('a', 1, 'set', [2, 3], C.IN, None, TypeError)\nout = getattr(r, '__name__', r)",
    'checkparam_36': "import mindspore._checkparam as C\nr = C.check_number('a', 3, 4, C.GE, 'P')\nout = getattr(r, '__name__', r)",
    'checkparam_37': "import mindspore._checkparam as C\nr = C.check_number('a', 5, 4, C.GE, 'P')\nout = getattr(r, '__name__', r)",
    'checkparam_38': "import mindspore._checkparam as C\nr = C.check_string('x', ['a', 'b'], 'mode', 'P')\nout = getattr(r, '__name__', r)",
    'checkparam_39': "import mindspore._checkparam as C\nr = C.check_string('a', ['a', 'b'])\nout = getattr(r, '__name__', r)",
    'checkparam_40': "import mindspore._checkparam as C\nr = C.check_string(1, ('a',))\nout = getattr(r, '__name__', r)",
    'checkparam_41': "import mindspore._checkparam as C\nr = C.check_type_name('t', int, [int, float], 'P')\nout = getattr(r, '__name__', r)",
    'checkparam_42': "import mindspore._checkparam as C\nr = C.check_type_name('t', str, [int, float], 'P')\nout = getattr(r, '__name__', r)",
    'checkparam_43': "import mindspore._checkparam as C\nr = C.check_type_name('t', str, int, 'P')\nout = getattr(r, '__name__', r)",
    'checkparam_44': "import mindspore._checkparam as C\nr = [C.EQ, C.NE, C.LT, C.LE, C.GT, C.GE, C.INC_NEITHER, C.INC_LEFT, C.INC_RIGHT, C.INC_BOTH, C.IN, C.NOT_IN]\nout = getattr(r, '__name__', r)",
    "ops_partial": "f = ms.ops.partial(lambda a, b, c=1: a - b * c, 5)\nout = [f(2), f(2, 3), f(b=1)]",
    "bool_dtype": "out = [ms.bool is ms.bool_, ms.bool == ms.bool_]",
    "type_class": ("out = [isinstance(ms.float32, ms.Type), isinstance(ms.int8, ms.Type), isinstance(ms.bool_, ms.Type), "
                   "isinstance(ms.float_, ms.Type), isinstance(1, ms.Type), isinstance('float32', ms.Type), "
                   "isinstance(ms.Tensor([1.0]).dtype, ms.Type)]"),
    "parallel_utils": ("from mindspore.parallel._utils import _get_parallel_mode, _is_sharding_propagation, "
                       "_is_in_auto_parallel_mode, _get_enable_parallel_optimizer, _get_pipeline_stages\n"
                       "f = lambda: [_get_parallel_mode(), _is_sharding_propagation(), _is_in_auto_parallel_mode(), "
                       "_get_enable_parallel_optimizer(), _get_pipeline_stages()]\n"
                       "a = f()\nms.set_auto_parallel_context(parallel_mode='auto_parallel', "
                       "search_mode='sharding_propagation')\nb = f()\n"
                       "ms.set_auto_parallel_context(parallel_mode='data_parallel', search_mode='recursive_programming')\n"
                       "c = f()\nms.reset_auto_parallel_context()\nout = [a, b, c, f()]"),
    "get_cache_prim": ("import numpy as np\nfrom mindspore.ops._primitive_cache import _get_cache_prim\n"
                       "from mindspore.ops import operations as P\n"
                       "a = _get_cache_prim(P.ReduceSum)(keep_dims=True)\nb = _get_cache_prim(P.ReduceSum)(keep_dims=True)\n"
                       "c = _get_cache_prim(P.ReduceSum)(keep_dims=False)\n"
                       "x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))\n"
                       "out = [a is b, a is c, a(x, 1).asnumpy().tolist(), c(x, 1).asnumpy().tolist()]"),
    "checkparam_args_type_check": ("import mindspore._checkparam as C\n"
                                   "@C.args_type_check(x=int, mode=str)\ndef f(x, mode=None, **kwargs): return x\n"
                                   "out = [f(3), f(4, mode='a'), f(5, None)]\nf('a')"),
    "checkparam_args_type_check_kwargs": ("import mindspore._checkparam as C\n"
                                          "@C.args_type_check(device_id=int)\ndef g(**kwargs): return sorted(kwargs)\n"
                                          "out = g(device_id=1, other='x')\ng(device_id='1')"),
}

# cases run in a child process with these environment variables (GLOG_v is read when the logger is made)
ENV_CASES = {
    "log_level_glog_v0": ({"GLOG_v": "0"}, "out = [ms.log.get_level(), ms.log.get_log_config()]"),
    "log_level_glog_v1": ({"GLOG_v": "1", "GLOG_stderrthreshold": "2"},
                          "out = [ms.log.get_level(), ms.log.get_log_config()]"),
}


def run_case(src, ms_module):
    """Run one snippet with ``ms`` bound to ``ms_module``; the JSON-able result or [error type, first line]."""
    ns = {"ms": ms_module, "out": None}
    try:
        exec(src, ns)
    except Exception as e:  # noqa: BLE001 - recording what is raised
        text = str(e).strip()
        return {"error": [type(e).__name__, text.splitlines()[0] if text else ""]}
    return {"out": ns["out"]}

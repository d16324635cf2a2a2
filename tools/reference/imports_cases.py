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

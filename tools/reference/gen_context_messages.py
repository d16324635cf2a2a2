"""``set_context(key=value)`` for each key under real MindSpore 2.10 (a fresh interpreter per key): the lines
MindSpore logs at WARNING, and the error if it raises, for tests/test_context_messages.py:
tests/reference_data/utils/context_messages.json (with the value used for each key)."""
import json
import os
import subprocess
import sys

import refutil

VALUES = {
    "mode": 1, "device_target": "CPU", "device_id": 0, "deterministic": "OFF", "pynative_synchronize": False,
    "runtime_num_threads": 2, "jit_config": {"jit_level": "O0"}, "save_graphs": False, "save_graphs_path": "./g",
    "check_bprop": False, "max_call_depth": 1000, "enable_compile_cache": False, "compile_cache_path": "./c",
    "inter_op_parallel_num": 1, "max_device_memory": "1GB", "variable_memory_max_size": "1GB",
    "mempool_block_size": "1GB", "memory_optimize_level": "O0", "op_timeout": 900, "enable_graph_kernel": False,
    "graph_kernel_flags": "--opt_level=1", "print_file_path": "./p", "reserve_class_name_in_scope": True,
    "enable_reduce_precision": True, "jit_syntax_level": 0, "jit_level": "O0", 
    "aoe_tune_mode": "online", "gpu_config": {"conv_allow_tf32": True}, "ascend_config": {"precision_mode": "force_fp16"},
    "enable_profiling": False, "disable_format_transform": False, "infer_boost": "off",
    "auto_tune_mode": "NO_TUNE", "enable_sparse": False, "enable_auto_mixed_precision": False,
}

PROBE = r"""
import json, logging, sys
import mindspore as ms
from mindspore import log
key, value = sys.argv[1], json.loads(sys.argv[2])
seen = []
class H(logging.Handler):
    def emit(self, record):
        if record.levelno >= logging.WARNING:
            seen.append(record.getMessage())
log._get_logger().addHandler(H())
try:
    ms.set_context(**{key: value})
    err = None
except Exception as e:
    err = [type(e).__name__, str(e).strip().splitlines()[0]]
print(json.dumps({"warnings": seen, "error": err}))
"""

out = {}
for key, value in VALUES.items():
    r = subprocess.run([sys.executable, "-c", PROBE, key, json.dumps(value)], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, GLOG_v="2"))  # WARNING lines are logged
    out[key] = dict(json.loads(r.stdout.strip().splitlines()[-1]), value=value)
refutil.save_json("utils", "context_messages", out)
print("recorded", len(out), "keys")

"""``mindspore.context`` / ``mindspore.set_context``: execution mode, device target, seeds.

Mirrors ``mindspore.set_context``/``get_context``. ``device_target='CPU'`` runs on the CPU,
``'GPU'`` on ``cuda:device_id``; ``'Ascend'`` raises ``ValueError`` (no PyTorch backend here).
``mode=GRAPH_MODE`` makes every Cell call go through ``torch.compile`` (see migration_guides/graph-mode.md);
``PYNATIVE_MODE`` (the default) runs eagerly.
"""
from __future__ import annotations

import random
import warnings

import numpy as np
import torch

import ms_compat.common.op_seed as op_seed  # not `from .common import`: that asks the package's __getattr__

__all__ = ["GRAPH_MODE", "PYNATIVE_MODE", "set_context", "get_context", "set_seed", "get_seed",
           "ParallelMode", "set_auto_parallel_context", "get_auto_parallel_context",
           "reset_auto_parallel_context"]

GRAPH_MODE = 0
PYNATIVE_MODE = 1

_ctx = {
    "mode": PYNATIVE_MODE,
    "device_target": "CPU",
    "device_id": 0,
    "max_call_depth": 1000,
    "save_graphs": False,
    "save_graphs_path": ".",
    "deterministic": "OFF",
    "pynative_synchronize": False,
    "jit_config": None,
    "max_device_memory": "1024GB",
    "runtime_num_threads": None,
}
_device = None  # torch.device for new tensors, None = torch's default (cpu)
_seed = None
_seed_calls = 0

# Keys that only mean something on Ascend/graph compilers: stored, warned once, no effect.
_NO_EFFECT_KEYS = {
    "save_graphs", "save_graphs_path", "enable_graph_kernel", "graph_kernel_flags", "variable_memory_max_size",
    "enable_reduce_precision", "print_file_path", "env_config_path", "precompile_only", "enable_compile_cache",
    "compile_cache_path", "inter_op_parallel_num", "memory_optimize_level", "memory_offload", "ascend_config",
    "gpu_config", "jit_syntax_level", "op_timeout", "aoe_tune_mode", "aoe_config", "enable_profiling",
    "mempool_block_size", "max_call_depth", "check_bprop", "auto_tune_mode", "reserve_class_name_in_scope",
    "disable_format_transform", "jit_level", "infer_boost", "enable_sparse", "enable_auto_mixed_precision",
}
_warned = set()


def _warn_once(key, msg):
    if key not in _warned:
        _warned.add(key)
        warnings.warn(msg, UserWarning, stacklevel=3)


def _resolve_device(target, device_id=0) -> torch.device:
    if isinstance(target, torch.device):
        return target
    t = str(target)
    low = t.lower()
    if low in ("cpu",):
        return torch.device("cpu")
    if low in ("gpu", "cuda") or low.startswith("cuda"):
        if low.startswith("cuda:"):
            return torch.device(low)
        return torch.device("cuda", device_id)
    if low.startswith("ascend") or low == "npu":
        raise ValueError("For 'set_context', device_target 'Ascend' is not supported by ms_compat: "
                         "it runs on PyTorch's CPU and CUDA backends. Use 'CPU' or 'GPU'.")
    raise ValueError(f"For 'set_context', the argument 'device_target' must be one of ['CPU', 'GPU', 'Ascend'], "
                     f"but got '{t}'.")


def _default_device():
    return _device


_mode_listeners = []  # called with True/False when set_context switches to/from GRAPH_MODE


def _add_mode_listener(fn):
    """Register ``fn(graph_mode_on)`` (the floors above the context, e.g. nn/, register here; the context does
    not import them)."""
    if fn not in _mode_listeners:
        _mode_listeners.append(fn)


def set_context(**kwargs):
    """Mirrors ``mindspore.set_context(**kwargs)``. A deprecated key logs MindSpore 2.10's deprecation line
    (WARNING, through ``mindspore.log``); a key with no PyTorch counterpart is stored and logged at INFO
    (``GLOG_v=1``) as having no effect."""
    global _device
    from . import log as _log
    from ._context_messages import deprecation_lines
    for key, value in kwargs.items():
        for line in deprecation_lines(key):
            _log.warning(line)
        if key == "mode":
            if value not in (GRAPH_MODE, PYNATIVE_MODE):
                raise ValueError(f"For 'set_context', the argument 'mode' should be context.GRAPH_MODE (0) "
                                 f"or context.PYNATIVE_MODE (1), but got {value}.")
            if value != _ctx["mode"]:
                for listener in _mode_listeners:  # nn/graph_mode.py (the context does not import nn/)
                    listener(value == GRAPH_MODE)
            _ctx["mode"] = value
        elif key == "device_target":
            if not isinstance(value, str):
                raise TypeError(f"For 'set_context', the argument 'device_target' must be str, but got {type(value)}.")
            dev = _resolve_device(value, _ctx["device_id"])
            if dev.type == "cuda" and not torch.cuda.is_available():
                raise RuntimeError(f"Unsupported device target {value}. This process only supports one of the "
                                   "['CPU']. (ms_compat runs 'GPU' on CUDA, and torch.cuda.is_available() is "
                                   "False: install a CUDA build of torch on a machine with an NVIDIA GPU.)")
            _ctx["device_target"] = "GPU" if dev.type == "cuda" else "CPU"
            _device = None if dev.type == "cpu" else dev
        elif key == "device_id":
            if not isinstance(value, int) or value < 0:
                raise ValueError(f"For 'set_context', the argument 'device_id' must be int >= 0, but got {value}.")
            _ctx["device_id"] = value
            if _device is not None and _device.type == "cuda":
                _device = torch.device("cuda", value)
        elif key == "runtime_num_threads":
            _ctx[key] = value
            if value:
                torch.set_num_threads(int(value))
        elif key == "deterministic":
            if value not in ("ON", "OFF"):
                raise ValueError(f"For 'set_context', 'deterministic' must be 'ON' or 'OFF', but got {value}.")
            _ctx[key] = value
            torch.use_deterministic_algorithms(value == "ON", warn_only=True)
        elif key == "pynative_synchronize":
            _ctx[key] = bool(value)
        elif key == "jit_config":
            _ctx[key] = value
        elif key in _ctx or key in _NO_EFFECT_KEYS:
            _ctx[key] = value
            if key in _NO_EFFECT_KEYS:
                _log.info(f"set_context({key}=...) has no effect in ms_compat (a MindSpore compiler/Ascend "
                          "setting with no PyTorch counterpart); the value is stored only.")
        else:
            raise ValueError(f"For 'set_context', the keyword argument {key} is not recognized! "
                             "For detailed usage of 'set_context', please refer to the Mindspore official website.")


def get_context(attr_key):
    """Mirrors ``mindspore.get_context(attr_key)``."""
    if attr_key in _ctx:
        return _ctx[attr_key]
    raise ValueError(f"For 'get_context', the argument {attr_key} is not recognized! For detailed usage of "
                     "'get_context', please refer to the Mindspore official website.")


def set_seed(seed):
    """Mirrors ``mindspore.set_seed``: seeds torch (CPU and CUDA), numpy and random."""
    global _seed
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"The argument 'seed' must be type of int, but got {type(seed)}.")
    if seed < 0:
        raise ValueError(f"The argument 'seed' must be greater than or equal to 0, but got {seed}.")
    _seed = seed
    op_seed.reset()
    torch.manual_seed(seed)
    np.random.seed(seed)
    random.seed(seed)
    global _seed_calls
    _seed_calls += 1  # the dataset seed follows the later of this and dataset.config.set_seed, as in MindSpore


def get_seed():
    """Mirrors ``mindspore.get_seed``."""
    return _seed


class ParallelMode:
    """Mirrors ``mindspore.ParallelMode`` (the mode names)."""
    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"
    MODE_LIST = [STAND_ALONE, DATA_PARALLEL, HYBRID_PARALLEL, SEMI_AUTO_PARALLEL, AUTO_PARALLEL]


_auto_parallel_defaults = {
    "parallel_mode": ParallelMode.STAND_ALONE, "device_num": 1, "global_rank": 0,
    "gradients_mean": False, "gradient_fp32_sync": True, "full_batch": False, "dataset_strategy": "data_parallel",
    "search_mode": "recursive_programming", "enable_parallel_optimizer": False, "pipeline_stages": 1,
    "strategy_ckpt_load_file": "", "strategy_ckpt_save_file": "", "parameter_broadcast": False,
    "auto_parallel_search_mode": "recursive_programming", "comm_fusion": None, "grad_accumulation_step": 1,
    # optimizer parallel (ms_compat/parallel/optimizer_shard.py)
    "parallel_optimizer_config": {"gradient_accumulation_shard": False, "parallel_optimizer_threshold": -1,
                                  "optimizer_weight_shard_size": -1, "optimizer_level": "level1"},
    "optimizer_weight_shard_size": -1,
}
_auto_parallel_defaults.update({  # pipeline parallel (ms_compat/parallel/pipeline.py)
    "pipeline_config": {"pipeline_interleave": False, "pipeline_scheduler": "1f1b"},
    "pipeline_result_broadcast": False, "pipeline_segments": 1,
    # strategy files (ms_compat/parallel/strategy_file.py); save_file/load_file mirror the two older keys
    "strategy_ckpt_config": {"load_file": "", "save_file": "", "only_trainable_params": True},
})
_auto_parallel = dict(_auto_parallel_defaults)


def set_auto_parallel_context(**kwargs):
    """Mirrors ``mindspore.set_auto_parallel_context``; see migration_guides/parallel.md for what each key does."""
    for k, v in kwargs.items():
        if k not in _auto_parallel_defaults:
            raise ValueError(f"For 'set_auto_parallel_context', the keyword argument {k} is not recognized!")
        if k == "parallel_mode" and v not in ParallelMode.MODE_LIST:
            raise ValueError(f"For 'set_auto_parallel_context', the argument 'parallel_mode' must be in "
                             f"{ParallelMode.MODE_LIST}, but got {v}.")
        if k in _CHECKS:
            v = _CHECKS[k](v)
        _auto_parallel[k] = v
        if k == "strategy_ckpt_config":
            _auto_parallel["strategy_ckpt_load_file"] = v["load_file"]
            _auto_parallel["strategy_ckpt_save_file"] = v["save_file"]
        elif k in ("strategy_ckpt_load_file", "strategy_ckpt_save_file"):
            _auto_parallel["strategy_ckpt_config"] = dict(_auto_parallel["strategy_ckpt_config"],
                                                          **{k[len("strategy_ckpt_"):]: v})


def _check_pipeline_stages(v):
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"For 'set_auto_parallel_context', the argument 'pipeline_stages' must be int, but got the "
                        f"type : {type(v)}.")
    if v <= 0:
        raise ValueError("For 'set_auto_parallel_context', the argument 'pipeline_stages' should be greater or "
                         f"equal 1, but got the value of stages : {v}.")
    return v


def _check_pipeline_config(cfg):
    """MindSpore's checks of ``pipeline_config`` (keys ``pipeline_interleave``, ``pipeline_scheduler``)."""
    if not isinstance(cfg, dict):
        raise TypeError("For 'set_pipeline_config', the argument 'pipeine_config' must be dict, but got the type : "
                        f"{type(cfg)}.")
    unknown = [k for k in cfg if k not in ("pipeline_interleave", "pipeline_scheduler")]
    if unknown:
        raise ValueError(f"Unknown config: {unknown}")
    interleave = cfg["pipeline_interleave"]
    if not isinstance(interleave, bool):
        raise TypeError(f"For 'pipeline_interleave', the type of 'pipeline_interleave' must be bool, but got "
                        f"{type(interleave).__name__}.")
    sched = cfg["pipeline_scheduler"]
    allowed = ("1f1b", "gpipe", "seqpipe", "seqvpp", "seqsmartvpp", "zero_bubble_v")
    if sched not in allowed:
        raise ValueError(f"For 'pipeline_scheduler', the 'pipeline_scheduler' should be in {list(allowed)}, "
                         f"but got {sched}.")
    if not interleave and sched != "1f1b":
        raise TypeError(f"When pipeline_interleave is False, {sched!r} is not supported, only '1f1b' is allowed.")
    return dict(cfg)


def _check_bool(key):
    def check(v):
        if not isinstance(v, bool):
            raise TypeError(f"For 'set_auto_parallel_context().set_{key}', the argument '{key}' must be bool, "
                            f"but got the type : {type(v)}.")
        return v
    return check


def _check_strategy_ckpt_config(cfg):
    """MindSpore's checks of ``strategy_ckpt_config``; the keys not given keep their defaults."""
    if not isinstance(cfg, dict):
        raise TypeError("For 'set_auto_parallel_context', the argument 'strategy_ckpt_config' must be dict, but got "
                        f"the type : {type(cfg)}.")
    unknown = [k for k in cfg if k not in ("load_file", "save_file", "only_trainable_params")]
    if unknown:
        raise ValueError(f"Unknown config: {unknown}")
    for key, typ, tname in (("load_file", str, "str"), ("save_file", str, "str"),
                            ("only_trainable_params", bool, "bool")):
        if key in cfg and not isinstance(cfg[key], typ):
            raise TypeError(f"For 'set_auto_parallel_context().set_strategy_ckpt_config', the argument '{key}' must "
                            f"be {tname}, but got the type : {type(cfg[key])} .")
    return {"load_file": "", "save_file": "", "only_trainable_params": True, **cfg}


def _check_enable_parallel_optimizer(v):
    if not isinstance(v, bool):
        raise TypeError(f"The parameter 'enable_parallel_optimizer' must be {bool}, but got {type(v)}")
    return v


def _check_weight_shard_size(v, stored=None):
    """MindSpore's ``set_optimizer_weight_shard_size``: an int; ≤ 1 is ignored with a warning."""
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"The type of optimizer_weight_shard_size must be int,                 but got {type(v)}.")
    if v <= 1:
        import warnings
        warnings.warn("The setting 'optimizer_weight_shard_size' is invalid. Please use the integer larger than 1.")
        return _auto_parallel["optimizer_weight_shard_size"] if stored is None else stored
    return v


def _check_parallel_optimizer_config(cfg):
    """MindSpore 2.10's checks of ``parallel_optimizer_config`` (keys ``gradient_accumulation_shard``,
    ``parallel_optimizer_threshold``, ``optimizer_weight_shard_size``, ``optimizer_level``); keys not given
    keep their current values, as MindSpore sets each one on its context."""
    if not isinstance(cfg, dict):
        raise TypeError(f"The parameter 'parallel_optimizer_config' must be {dict}, but got {type(cfg)}")
    for k in cfg:
        if k not in ("gradient_accumulation_shard", "parallel_optimizer_threshold", "optimizer_weight_shard_size",
                     "optimizer_level"):
            raise ValueError(f"Unknown config: {[k]}")
    out = dict(_auto_parallel["parallel_optimizer_config"])
    level = cfg.get("optimizer_level")
    if "gradient_accumulation_shard" in cfg:
        v = cfg["gradient_accumulation_shard"]
        if not isinstance(v, bool):
            raise TypeError("For 'gradient_accumulation_shard', the 'gradient_accumulation_shard' must be a bool, "
                            f"but got {type(v).__name__}.")
        out["gradient_accumulation_shard"] = v
        if level is not None and level != "level2":
            raise ValueError(f"The optimizer_level is set as {level}, thus cannot set grad_accumulation_shard as True.")
    if "parallel_optimizer_threshold" in cfg:
        v = cfg["parallel_optimizer_threshold"]
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"For 'parallel_optimizer_threshold', the input value must be int, but got "
                            f"'{type(v).__name__}'")
        if v < 0:
            raise ValueError(f"For 'parallel_optimizer_threshold', the input value must be int and must >= 0, but got "
                             f"'{v}' with type 'int'.")
        out["parallel_optimizer_threshold"] = v
    if "optimizer_weight_shard_size" in cfg:
        v = cfg["optimizer_weight_shard_size"]
        if v != -1:
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'optimizer_weight_shard_size', the input value must be int, but got "
                                f"'{type(v).__name__}'")
            if v <= 0:
                raise ValueError(f"For 'optimizer_weight_shard_size', the input value must be int and must > 0, but "
                                 f"got '{v}' with type 'int'.")
            out["optimizer_weight_shard_size"] = _check_weight_shard_size(v, out["optimizer_weight_shard_size"])
    if level is not None:
        if level not in ("level1", "level2", "level3"):
            raise ValueError(f"Optimizer level should in ['level1', 'level2', 'level3'], but got {level}")
        if out["gradient_accumulation_shard"] and level != "level2":
            raise ValueError("The grad_accumulation shard is set, thus cannot set optimizer_level != 'level2'")
        out["optimizer_level"] = level
        if level == "level2":
            out["gradient_accumulation_shard"] = True
        elif level == "level3":
            out["gradient_accumulation_shard"] = False
    return out


_CHECKS = {"strategy_ckpt_config": _check_strategy_ckpt_config, "pipeline_stages": _check_pipeline_stages,
           "pipeline_config": _check_pipeline_config,
           "pipeline_result_broadcast": _check_bool("pipeline_result_broadcast"),
           "enable_parallel_optimizer": _check_enable_parallel_optimizer,
           "parallel_optimizer_config": _check_parallel_optimizer_config,
           "optimizer_weight_shard_size": _check_weight_shard_size}


def get_auto_parallel_context(attr_key):
    """Mirrors ``mindspore.get_auto_parallel_context``."""
    if attr_key not in _auto_parallel:
        raise ValueError(f"For 'get_auto_parallel_context', the argument {attr_key} is not recognized!")
    return _auto_parallel[attr_key]


def reset_auto_parallel_context():
    """Mirrors ``mindspore.reset_auto_parallel_context``."""
    _auto_parallel.clear()
    _auto_parallel.update(_auto_parallel_defaults)

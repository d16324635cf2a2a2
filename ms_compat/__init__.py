"""ms_compat: the MindSpore API on top of PyTorch.

``import ms_compat as mindspore`` for one file, or ``ms_compat.install()`` so that unchanged
``import mindspore`` code resolves to this package (see README.md).
"""
from __future__ import annotations

# ``mindspore.__version__`` under install(): the MindSpore version whose API and behaviour ms_compat follows
# (real packages gate features on it); ms_compat's own version is ``__ms_compat_version__``.
__version__ = "2.10.0"
__ms_compat_version__ = "0.1.0"

from .common import dtype
from .common.dtype import (bfloat16, bool_, complex64, complex128, double, float16, float32, float64, float_,
                           half, int8, int16, int32, int64, int_, number, single, string, tensor_type, type_none, uint,
                           uint8, uint16, uint32, uint64, dtype_to_nptype, pytype_to_dtype)
from .common.parameter import Parameter, ParameterTuple
from .common.tensor import Tensor, tensor, is_tensor
from . import _tensor_op_methods  # noqa: F401,E402  (Tensor methods built on ops, installed lazily)
from .context import (GRAPH_MODE, PYNATIVE_MODE, ParallelMode, get_auto_parallel_context, get_context, get_seed,
                      reset_auto_parallel_context, set_auto_parallel_context, set_context, set_seed)
from . import context
from .porting._missing import module_getattr as _mg

globals()["float"] = float32  # mindspore.float / mindspore.int
globals()["int"] = int32
globals()["bool"] = bool_  # mindspore.bool (MindSpore 2.10's name for bool_)

# jit_syntax_level values (set_context(jit_syntax_level=mindspore.STRICT)); they select how MindSpore's graph
# compiler treats Python syntax, which has no effect here (set_context stores them with a warning).
STRICT, COMPATIBLE, LAX = 0, 1, 2

_LAZY = {
    "nn": "ms_compat.nn", "ops": "ms_compat.ops", "amp": "ms_compat.amp", "train": "ms_compat.train",
    "common": "ms_compat.common", "communication": "ms_compat.communication", "parallel": "ms_compat.parallel",
    "numpy": "ms_compat.numpy", "dataset": "ms_compat.dataset", "testing": "ms_compat.testing",
    "experimental": "ms_compat.experimental", "mint": "ms_compat.mint",
    "save_checkpoint": "ms_compat.train.serialization:save_checkpoint",
    "load_checkpoint": "ms_compat.train.serialization:load_checkpoint",
    "load_param_into_net": "ms_compat.train.serialization:load_param_into_net",
    "load_checkpoint_async": "ms_compat.train.serialization:load_checkpoint_async",
    "get_ckpt_path_with_strategy": "ms_compat.train.ckpt_strategy_path:get_ckpt_path_with_strategy",
    "restore_group_info_list": "ms_compat.parallel.group_info:restore_group_info_list",
    "MsDispatchMode": "ms_compat.utils.ms_dispatch:MsDispatchMode",  # real 2.10 has it; its name list omits it
    "async_ckpt_thread_status": "ms_compat.train.serialization:async_ckpt_thread_status",
    "ckpt_to_safetensors": "ms_compat.train.serialization:ckpt_to_safetensors",
    "safetensors_to_ckpt": "ms_compat.train.serialization:safetensors_to_ckpt",
    "Model": "ms_compat.train.model:Model",
    "LossMonitor": "ms_compat.train.callback:LossMonitor", "TimeMonitor": "ms_compat.train.callback:TimeMonitor",
    "Callback": "ms_compat.train.callback:Callback", "RunContext": "ms_compat.train.callback:RunContext",
    "ModelCheckpoint": "ms_compat.train.callback:ModelCheckpoint",
    "CheckpointConfig": "ms_compat.train.callback:CheckpointConfig",
    "EarlyStopping": "ms_compat.train.callback:EarlyStopping",
    "ReduceLROnPlateau": "ms_compat.train.callback:ReduceLROnPlateau",
    "History": "ms_compat.train.callback:History",
    "LambdaCallback": "ms_compat.train.callback:LambdaCallback",
    "LearningRateScheduler": "ms_compat.train.callback:LearningRateScheduler",
    "BackupAndRestore": "ms_compat.train.callback:BackupAndRestore",
    "OnRequestExit": "ms_compat.train.callback:OnRequestExit",
    "TrainFaultTolerance": "ms_compat.train.callback:TrainFaultTolerance",
    "SummaryCollector": "ms_compat.train.callback:SummaryCollector",
    "SummaryRecord": "ms_compat.train.summary:SummaryRecord",
    "Accuracy": "ms_compat.train.metrics:Accuracy",
    "jit": "ms_compat.common.jit:jit", "JitConfig": "ms_compat.common.jit:JitConfig",
    "jit_class": "ms_compat.common.jit:jit_class", "ms_class": "ms_compat.common.jit:ms_class",
    "_no_grad": "ms_compat.common.jit:_no_grad",
    "lazy_inline": "ms_compat.common.jit:lazy_inline", "no_inline": "ms_compat.common.jit:no_inline",
    "grad": "ms_compat.ops.function.grad_func:grad",
    "value_and_grad": "ms_compat.ops.function.grad_func:value_and_grad",
    "shard": "ms_compat.parallel.function_shard:shard",
    "Layout": "ms_compat.parallel.layout:Layout",
    **{n: "ms_compat.parallel.checkpoint_transform:" + n for n in (  # distributed checkpoints
        "load_distributed_checkpoint", "transform_checkpoints", "transform_checkpoint_by_rank",
        "merge_sliced_parameter", "build_searched_strategy")},
    "install": "ms_compat.porting.alias:install", "uninstall": "ms_compat.porting.alias:uninstall",
    "LossScaleManager": "ms_compat.amp.loss_scale_manager:LossScaleManager",
    "FixedLossScaleManager": "ms_compat.amp.loss_scale_manager:FixedLossScaleManager",
    "DynamicLossScaleManager": "ms_compat.amp.loss_scale_manager:DynamicLossScaleManager",
    "build_train_network": "ms_compat.amp.build_train:build_train_network",
    "recompute": "ms_compat.nn.recompute:recompute",
    "saved_tensors_hooks": "torch.autograd.graph:saved_tensors_hooks",
    "RowTensor": "ms_compat.common.sparse_tensor:RowTensor",
    "get_level": "ms_compat.log:get_level", "get_log_config": "ms_compat.log:get_log_config",
    "load": "ms_compat.train.mindir.load:load", "load_mindir": "ms_compat.train.mindir.load:load_mindir",  # MindIR
    "export": "ms_compat.train.mindir.export:export", "save_mindir": "ms_compat.train.mindir.load:save_mindir",
}


for _n in ("byte", "ubyte", "short", "ushort", "intc", "uintc", "intp", "uintp", "long", "cfloat", "cdouble",
           "float8_e4m3fn", "float8_e5m2", "dtype_to_pytype", "Type"):  # dtype aliases (coverage engineer)
    _LAZY.setdefault(_n, f"ms_compat.common.dtype_aliases:{_n}")
for _n in ("Int", "TensorType", "list_", "tuple_", "get_py_obj_dtype", "QuantDtype"):  # dtype kinds
    _LAZY.setdefault(_n, f"ms_compat.common.dtype_kinds:{_n}")
for _n in ("Stream", "Event", "StreamCtx", "current_stream", "default_stream", "communication_stream",
           "set_cur_stream"):  # device streams (mindspore.runtime)
    _LAZY.setdefault(_n, f"ms_compat._streams:{_n}")
for _n in ("memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved", "memory_stats",
           "memory_summary", "reset_peak_memory_stats", "reset_max_memory_allocated", "reset_max_memory_reserved",
           "empty_cache", "launch_blocking", "set_memory"):  # memory functions (mindspore.runtime)
    _LAZY.setdefault(_n, f"ms_compat.runtime:{_n}")
for _n, _t in (("DeviceCtx", "ms_compat.common.device_ctx"), ("_Function", "ms_compat.common._grad_function"),
               ("frombuffer", "ms_compat.common.tensor_memory"), ("swap_tensors", "ms_compat.common.tensor_memory"),
               ("vmap", "ms_compat.ops.function.func_transforms"), ("UntypedStorage", "torch")):
    _LAZY.setdefault(_n, f"{_t}:{_n}")
_LAZY.setdefault("diagnostics", "ms_compat._torch_seam:diagnostics")  # ms_compat's own: what it changed in PyTorch
_LAZY.setdefault("register_saved_tensors_hooks", "ms_compat.nn.saved_tensors:saved_tensors_hooks_decorator")
for _n in ("manual_seed", "seed", "initial_seed", "get_rng_state", "set_rng_state", "default_generator",
           "Generator"):
    _LAZY.setdefault(_n, f"ms_compat.common.random_state:{_n}")
for _n in ("set_device", "get_current_device", "synchronize", "run_check", "mutable", "from_numpy",
           "set_deterministic"):
    _LAZY.setdefault(_n, f"ms_compat.device:{_n}")


def __getattr__(name):
    # MindSpore re-exports mindspore.train's public names (Model, callbacks, metrics, loss scale managers)
    if name not in _LAZY and not name.startswith("_"):
        from .train import _LAZY as _train
        if name in _train:
            return _mg("ms_compat.train", name, _train)
    return _mg(__name__, name, _LAZY)

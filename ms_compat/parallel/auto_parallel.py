"""``mindspore.parallel.auto_parallel.AutoParallel``: MindSpore 2.10's per-network parallel configuration.

MindSpore compiles the wrapped network (or training function) with the configuration set through the
methods below instead of the global ``set_auto_parallel_context``. ms_compat has no compilation step:
while an ``AutoParallel`` object runs its network, the auto-parallel context holds its configuration
(semi-auto parallel mode, ``pipeline_stages`` and ``pipeline_config``, ``gradients_mean``, dataset
strategy, strategy files), and the previous context comes back afterwards — so ``PipelineCell``,
gradient reducers and checkpoint functions called inside see it.
"""
from __future__ import annotations

import contextlib

from ..nn.cell import Cell

__all__ = ["AutoParallel"]

_MODES = ["semi_auto", "sharding_propagation", "recursive_programming"]


def _check_str(api, name, value):
    if not isinstance(value, str):
        raise TypeError(f"the argument '{name}' must be str, but got the type : {type(value)} .")


class AutoParallel(Cell):
    """Mirrors ``AutoParallel(network, parallel_mode="semi_auto")``.

    ``parallel_mode``: ``'semi_auto'`` (strategies from ``shard``), ``'sharding_propagation'`` and
    ``'recursive_programming'`` (MindSpore searches strategies; ms_compat uses the ones given and
    DTensor's propagation, as ``AUTO_PARALLEL`` — see migration_guides/parallel.md). ``network`` may
    be a Cell or a function (the training step of the functional style).

    Kept configuration: ``pipeline(stages, output_broadcast, interleave, scheduler)``,
    ``dataset_strategy``, ``save_param_strategy_file``/``load_param_strategy_file`` (the
    ``strategy_ckpt_config`` files; the save file is written after the first call, when MindSpore
    compiles), ``enable_gradients_mean``, ``hsdp`` (sets
    ``enable_parallel_optimizer``). Stored without effect (as with the context keys of the same
    meaning): ``comm_fusion``, ``transformer_opt``, ``no_init_parameters_in_compile``,
    ``enable_fp32_communication``, ``disable_gradient_fp32_sync``, ``disable_loss_repeated_mean``,
    the local-norm switches, ``set_group_ckpt_save_file``, the operator strategy files.
    """

    def __init__(self, network, parallel_mode="semi_auto"):
        super().__init__(auto_prefix=False)
        if parallel_mode not in _MODES:
            raise ValueError(f"the argument 'parallel_mode' must be one of {_MODES}, but got the value : "
                             f"{parallel_mode} .")
        if isinstance(network, Cell):
            self.network = network
        else:
            self.__dict__["_fn"] = network
        from ..communication.management import get_group_size, get_rank
        self._parallel_mode = parallel_mode
        self._global_rank = get_rank()
        self._device_num = get_group_size()
        self._init_param_in_compile = True
        self._load_strategy_file_path = ""
        self._save_strategy_file_path = ""
        self._only_trainable_params = True
        self._load_operator_strategy_file = ""
        self._save_operator_strategy_file = ""
        self._dataset_strategy_config = "data_parallel"
        self._full_batch = False
        self._enable_parallel_optimizer = False
        self._optimizer_weight_shard_size = -1
        self._parallel_optimizer_threshold = 64
        self._optimizer_level = "level1"
        self._pipeline_stages = 1
        self._pipeline_result_broadcast = False
        self._pipeline_interleave = False
        self._pipeline_scheduler = "1f1b"
        self._comm_fusion_config = {}
        self._force_fp32_communication = False
        self._group_ckpt_save_file = ""
        self._dump_local_norm = False
        self._dump_local_norm_path = ""
        self._dump_device_local_norm = False
        self._gradients_mean = False
        self._gradient_fp32_sync = True
        self._loss_repeated_mean = True
        self._transformer_opt_config = None

    # ------------------------------------------------------------------------------------------ settings
    def no_init_parameters_in_compile(self):
        self._init_param_in_compile = False

    def load_param_strategy_file(self, file_path):
        _check_str("load_param_strategy_file", "file_path", file_path)
        self._load_strategy_file_path = file_path

    def save_param_strategy_file(self, file_path):
        _check_str("save_param_strategy_file", "file_path", file_path)
        self._save_strategy_file_path = file_path

    def disable_strategy_file_only_for_trainable_params(self):
        self._only_trainable_params = False

    def save_operator_strategy_file(self, file_path):
        _check_str("save_operator_strategy_file", "file_path", file_path)
        self._save_operator_strategy_file = file_path

    def load_operator_strategy_file(self, file_path):
        _check_str("load_operator_strategy_file", "file_path", file_path)
        self._load_operator_strategy_file = file_path

    def dataset_strategy(self, config):
        if config is None:
            raise ValueError("dataset_strategy is none in config!")
        if isinstance(config, str):
            if config not in ("full_batch", "data_parallel"):
                raise ValueError("For 'AutoParallel.dataset_strategy', the argument 'config' must be 'full_batch' or "
                                 f"'data_parallel', but got the value : {config}.")
            self._full_batch = config == "full_batch"
            self._dataset_strategy_config = config
            return
        if not isinstance(config, tuple):
            raise TypeError("For 'AutoParallel.dataset_strategy', the argument 'config' must be str or tuple type, "
                            f"but got the type : {type(config)}.")
        for ele in config:
            if isinstance(ele, tuple):
                for dim in ele:
                    if not isinstance(dim, int):
                        raise TypeError("For 'AutoParallel.dataset_strategy', the element of argument 'config' "
                                        f"must be int type, but got the type : {type(dim)} .")
            elif type(ele).__name__ != "Layout":
                raise TypeError("For 'AutoParallel.dataset_strategy', the element of argument 'config' must be "
                                f"tuple or Layout, but got the type : {type(ele)} .")
        self._dataset_strategy_config = config

    def hsdp(self, shard_size=-1, threshold=64, optimizer_level="level1"):
        self._enable_parallel_optimizer = True
        if not isinstance(shard_size, int) or (shard_size <= 0 and shard_size != -1):
            raise ValueError(f"shard_size must be a positive integer or -1, but got {shard_size}.")
        self._optimizer_weight_shard_size = shard_size
        if not isinstance(threshold, int) or threshold < 0:
            raise ValueError(f"threshold must be a positive integer or 0, but got {threshold}.")
        self._parallel_optimizer_threshold = threshold
        if optimizer_level not in ["level1", "level2", "level3"]:
            raise ValueError(f"Optimizer level should in ['level1', 'level2', 'level3'], but got {optimizer_level}")
        self._optimizer_level = optimizer_level

    def pipeline(self, stages=1, output_broadcast=False, interleave=False, scheduler="1f1b"):
        if not isinstance(stages, int):
            raise TypeError("For 'AutoParallel.pipeline', the argument 'stages' must be int type, but got the type "
                            f": {type(stages)}.")
        if stages <= 0:
            raise ValueError(f"For 'AutoParallel.pipeline', the argument 'stages' must be larger than zero, but got "
                             f"value: {stages}.")
        for name, v in (("output_broadcast", output_broadcast), ("interleave", interleave)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'AutoParallel.pipeline', the argument '{name}' must be bool type, but got the "
                                f"type : {type(v)}.")
        if not isinstance(scheduler, str):
            raise TypeError("For 'AutoParallel.pipeline', the argument 'scheduler' must be str type, but got the "
                            f"type : {type(scheduler)}.")
        if scheduler not in ("1f1b", "gpipe", "seqpipe", "seqvpp", "seqsmartvpp", "zero_bubble_v"):
            raise ValueError("For 'AutoParallel.pipeline', the argument 'scheduler' must be "
                             f"'1f1b'/'gpipe'/'seqpipe'/'seqvpp'/'seqsmartvpp'/'zero_bubble_v' , but got the value : "
                             f"{scheduler}.")
        self._pipeline_stages = stages
        self._pipeline_result_broadcast = output_broadcast
        self._pipeline_interleave = interleave
        self._pipeline_scheduler = scheduler

    def comm_fusion(self, config):
        if not isinstance(config, dict):
            raise TypeError(f"For 'comm_fusion', the 'config' must be dict, but got the type : {type(config)}.")
        self._comm_fusion_config = config

    def enable_fp32_communication(self):
        self._force_fp32_communication = True

    def set_group_ckpt_save_file(self, file_path):
        _check_str("set_group_ckpt_save_file", "file_path", file_path)
        self._group_ckpt_save_file = file_path

    def print_local_norm(self):
        self._dump_local_norm = True

    def dump_local_norm(self, file_path):
        _check_str("dump_local_norm", "file_path", file_path)
        self._dump_local_norm = True
        self._dump_local_norm_path = file_path

    def enable_device_local_norm(self):
        self._dump_device_local_norm = True

    def enable_gradients_mean(self):
        self._gradients_mean = True

    def disable_gradient_fp32_sync(self):
        self._gradient_fp32_sync = False

    def disable_loss_repeated_mean(self):
        self._loss_repeated_mean = False

    def get_pipeline_stages(self):
        return self._pipeline_stages

    def transformer_opt(self, file_path):
        self._transformer_opt_config = file_path

    # ------------------------------------------------------------------------------------------ running
    @contextlib.contextmanager
    def _context(self):
        from ..context import ParallelMode, _auto_parallel
        saved = dict(_auto_parallel)
        # pipeline_config's own check refuses gpipe without interleave; AutoParallel.pipeline does not
        _auto_parallel.update({
            "parallel_mode": ParallelMode.SEMI_AUTO_PARALLEL if self._parallel_mode == "semi_auto"
            else ParallelMode.AUTO_PARALLEL,
            "search_mode": self._parallel_mode if self._parallel_mode != "semi_auto" else saved["search_mode"],
            "pipeline_stages": self._pipeline_stages,
            "pipeline_config": {"pipeline_interleave": self._pipeline_interleave,
                                "pipeline_scheduler": self._pipeline_scheduler},
            "pipeline_result_broadcast": self._pipeline_result_broadcast,
            "gradients_mean": self._gradients_mean, "full_batch": self._full_batch,
            "dataset_strategy": self._dataset_strategy_config,
            "enable_parallel_optimizer": self._enable_parallel_optimizer,
            "strategy_ckpt_load_file": self._load_strategy_file_path,
            "strategy_ckpt_save_file": self._save_strategy_file_path,
            "strategy_ckpt_config": {"load_file": self._load_strategy_file_path,
                                     "save_file": self._save_strategy_file_path,
                                     "only_trainable_params": self._only_trainable_params},
        })
        try:
            yield
        finally:
            _auto_parallel.clear()
            _auto_parallel.update(saved)

    def construct(self, *args, **kwargs):
        with self._context():
            fn = self.__dict__.get("_fn")
            out = fn(*args, **kwargs) if fn is not None else self.network(*args, **kwargs)
            if self._save_strategy_file_path and not self.__dict__.get("_strategy_written"):
                # MindSpore writes the strategy file when it compiles (the first call)
                from .strategy_file import maybe_write_strategy_file
                maybe_write_strategy_file()
                self.__dict__["_strategy_written"] = True
            return out

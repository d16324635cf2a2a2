"""``mindspore.parallel``: ``shard`` and ``Layout`` on DTensor, data-parallel gradient reduction on
torch.distributed, pipeline parallel on torch.distributed.pipelining (``parallel.nn``, ``auto_parallel``),
distributed checkpoints (``checkpoint_transform``; ``sharded_checkpoint`` on torch.distributed.checkpoint)
and the ``msrun`` launcher on torchrun (``cluster.run``). See migration_guides/parallel.md."""
from __future__ import annotations

from ..porting._missing import module_getattr as _mg
# imported eagerly: the function ``shard`` must win over the submodule of the same name (as in MindSpore)
from .function_shard import shard

__all__ = ["shard", "DistributedGradReducer"]

_LAZY = {
    "DistributedGradReducer": "ms_compat.parallel.data_parallel:DistributedGradReducer",
    "data_parallel": "ms_compat.parallel.data_parallel",
    "DistributedDataParallel": "ms_compat.parallel.distributed:DistributedDataParallel",
    "nn": "ms_compat.parallel.nn", "pipeline": "ms_compat.parallel.pipeline",
    "auto_parallel": "ms_compat.parallel.auto_parallel",
    "Layout": "ms_compat.parallel.layout:Layout", "layout": "ms_compat.parallel.layout",
    "function": "ms_compat.parallel.function", "cluster": "ms_compat.parallel.cluster",
    "checkpoint_transform": "ms_compat.parallel.checkpoint_transform",
    "sharded_checkpoint": "ms_compat.parallel.sharded_checkpoint",
    **{n: "ms_compat.parallel.checkpoint_transform:" + n for n in (
        "load_distributed_checkpoint", "transform_checkpoints", "transform_checkpoint_by_rank",
        "merge_sliced_parameter", "build_searched_strategy", "rank_list_for_transform")},
    "checkpoint_convert": "ms_compat.parallel.checkpoint_convert",
    **{n: "ms_compat.parallel.checkpoint_convert:" + n for n in (
        "rank_list_for_convert", "convert_checkpoint_by_rank", "convert_checkpoints")},
    "parameter_broadcast": "ms_compat.parallel.param_broadcast:parameter_broadcast",
    "sync_pipeline_shared_parameters": "ms_compat.parallel.pipeline_shared:sync_pipeline_shared_parameters",
    "load_segmented_checkpoints": "ms_compat.parallel.segmented_checkpoint:load_segmented_checkpoints",
    "merge_pipeline_strategys": "ms_compat.parallel.strategy_merge:merge_pipeline_strategys",
    "restore_group_info_list": "ms_compat.parallel.group_info:restore_group_info_list",
}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

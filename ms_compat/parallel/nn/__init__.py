"""``mindspore.parallel.nn``: the pipeline / micro-batch wrappers and ``PipelineGradReducer``
(see ms_compat/parallel/pipeline.py and migration_guides/parallel.md)."""
from __future__ import annotations

from .parallel_cell_wrapper import GradAccumulation, MicroBatchInterleaved, Pipeline, PipelineCell
from .parallel_grad_reducer import PipelineGradReducer

__all__ = ["PipelineCell", "Pipeline", "MicroBatchInterleaved", "GradAccumulation", "PipelineGradReducer"]


def __getattr__(name):  # missing names raise MissingAPIError naming the MindSpore API
    from ms_compat.porting._missing import module_getattr
    return module_getattr(__name__, name, {})

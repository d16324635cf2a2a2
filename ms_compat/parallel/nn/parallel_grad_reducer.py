"""``mindspore.parallel.nn.PipelineGradReducer`` (= ``mindspore.nn.PipelineGradReducer``)."""
from __future__ import annotations

import numpy as np
import torch

from ...common.parameter import Parameter
from ...common.tensor import Tensor, as_ms, to_torch
from ...nn.cell import Cell

__all__ = ["PipelineGradReducer"]


class PipelineGradReducer(Cell):
    """Mirrors ``PipelineGradReducer(parameters, scale_sense=1.0, opt_shard=None)``.

    ``construct(grads)`` returns the gradients of a pipeline step divided by ``scale_sense`` (a
    Parameter named ``'scale_sense'``, as in MindSpore). In MindSpore the pipeline pass accumulates the
    micro-batch gradients into ``accu_grads`` and this cell reads and clears them; in ms_compat the
    gradients given are already summed over the micro-batches (``PipelineCell``'s schedule did it), so
    they are only scaled — no ``accu_grads`` copies of the parameters are kept. ``opt_shard``
    (default: ``enable_parallel_optimizer``) is stored.
    """

    def __init__(self, parameters, scale_sense=1.0, opt_shard=None):
        super().__init__(auto_prefix=False)
        from ...context import get_auto_parallel_context
        self.__dict__["_num_params"] = len(tuple(parameters))
        self.scale_sense = Parameter(Tensor(np.array(scale_sense, np.float32)), name="scale_sense")
        self.opt_shard = get_auto_parallel_context("enable_parallel_optimizer") if opt_shard is None else opt_shard

    def construct(self, *args, **kwargs):
        grads = args[0] if len(args) == 1 and isinstance(args[0], (tuple, list)) else args
        n = self.__dict__["_num_params"]
        if len(grads) != n:
            raise ValueError(f"For 'PipelineGradReducer', got {len(grads)} gradients for {n} parameters.")
        scale = to_torch(self.scale_sense).detach()
        return tuple(as_ms(to_torch(g) * torch.reciprocal(scale).to(g.dtype)) for g in grads)

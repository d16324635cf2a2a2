"""``mindspore.nn.GradAccumulationCell``: run a network on ``micro_size`` slices of the batch and sum the
outputs, so one backward accumulates the micro-batch gradients."""
from __future__ import annotations

import torch

from .cell import Cell

__all__ = ["GradAccumulationCell"]


class GradAccumulationCell(Cell):
    """Mirrors ``nn.GradAccumulationCell(network, micro_size)``: every tensor input is split along axis 0 into
    ``micro_size`` equal slices; the output is the sum of ``network`` on each slice. Built with
    ``auto_prefix=False`` as MindSpore, so the network's parameter names are unchanged."""

    def __init__(self, network, micro_size):
        super().__init__(auto_prefix=False)
        if not isinstance(network, torch.nn.Module):
            raise TypeError("For 'GradAccumulationCell', the argument 'network' must cell type, but got the type : "
                            f"{type(network)}.")
        if not isinstance(micro_size, int) or isinstance(micro_size, bool):
            raise TypeError("For 'GradAccumulationCell', the argument 'micro_size' must be integer, but got the "
                            f"type : {type(micro_size)}.")
        if micro_size <= 0:
            raise ValueError(f"For 'GradAccumulationCell', the argument 'micro_size' must be large than 0, but got "
                             f"{micro_size}.")
        self.network = network
        self.micro_size = micro_size

    def construct(self, *inputs):
        ret = None
        for i in range(self.micro_size):
            micro = []
            for x in inputs:
                if isinstance(x, torch.Tensor) and x.dim() > 0:
                    step = x.shape[0] // self.micro_size
                    x = x[i * step:(i + 1) * step]
                micro.append(x)
            out = self.network(*micro)
            ret = out if ret is None else ret + out
        return ret

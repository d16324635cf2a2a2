"""``nn.MicroBatchInterleaved`` (run a network on equal slices of the batch and add the outputs) and
``nn.ParameterUpdate`` (a Cell that assigns its input to a Parameter)."""
from __future__ import annotations

import torch

from ...common.parameter import Parameter
from ...common.tensor import to_torch
from ..cell import Cell

__all__ = ["MicroBatchInterleaved", "ParameterUpdate"]


class MicroBatchInterleaved(Cell):
    """Mirrors ``nn.MicroBatchInterleaved(network, interleave_num=2)``: every input is cut along axis 0 into
    ``interleave_num`` equal slices, ``network`` runs on each slice in turn and the outputs are added. (MindSpore
    interleaves the slices' communication under model parallelism; the result is the same.)"""

    def __init__(self, network, interleave_num=2):
        super().__init__(auto_prefix=False)
        if isinstance(interleave_num, bool) or not isinstance(interleave_num, int):
            raise TypeError("For 'MicroBatchInterleaved', the argument 'interleave_num' must be integer, but got the "
                            f"type : {type(interleave_num)}.")
        if interleave_num <= 0:
            raise ValueError("For 'MicroBatchInterleaved', the argument 'interleave_num' must be large than 0, but "
                             f"got {interleave_num}.")
        self.network = network
        self.interleave_num = interleave_num

    def construct(self, *inputs):
        n = self.interleave_num
        for x in inputs:
            if x.shape[0] % n != 0:
                raise ValueError(f"For 'MicroBatchInterleaved', the batch size {x.shape[0]} must be divisible by "
                                 f"interleave_num {n}.")
        output = 0.0
        for i in range(n):
            output = output + self.network(*[x[(x.shape[0] // n) * i:(x.shape[0] // n) * (i + 1)] for x in inputs])
        return output


class ParameterUpdate(Cell):
    """Mirrors ``nn.ParameterUpdate(param)``: ``cell(x)`` assigns ``x`` to ``param`` and returns ``x``."""

    def __init__(self, param):
        super().__init__(auto_prefix=False)
        if not isinstance(param, Parameter):
            raise TypeError(f"For 'ParameterUpdate', 'param' must be 'Parameter', but got {type(param)}.")
        self._param = param

    def construct(self, x):
        with torch.no_grad():
            to_torch(self._param).copy_(to_torch(x))
        return x

"""``mindspore.parallel.nn.PipelineCell`` / ``Pipeline`` / ``MicroBatchInterleaved`` / ``GradAccumulation``
(also ``mindspore.nn.PipelineCell`` and ``nn.MicroBatchInterleaved``)."""
from __future__ import annotations

import torch

from ...nn.cell import Cell
from ...nn.grad_accumulation import GradAccumulationCell
from .. import pipeline as _pp

__all__ = ["PipelineCell", "Pipeline", "MicroBatchInterleaved", "GradAccumulation"]


def _check_network_and_size(api, network, size, what):
    if not isinstance(network, Cell):
        raise TypeError(f"For '{api}', the argument 'network' must cell type, but got the type : {type(network)}.")
    if not isinstance(size, int):
        raise TypeError(f"For '{api}', the argument '{what}' must be integer, but got the type : {type(size)}.")
    if size <= 0:
        raise ValueError(f"For '{api}', the argument '{what}' must be large than 0, but got {size}.")


def _micro_slices(inputs, n, i):
    out = []
    for x in inputs:
        step = x.shape[0] // n
        out.append(x[i * step:(i + 1) * step])
    return out


class PipelineCell(Cell):
    """Mirrors ``mindspore.parallel.nn.PipelineCell(network, micro_size, stage_config=None,
    segment_config=None)`` (= ``mindspore.nn.PipelineCell``).

    Every input is cut along axis 0 into ``micro_size`` micro-batches and the result is the sum of
    ``network`` on each (MindSpore: the loss of a step is the sum of the micro-batch losses). With
    ``pipeline_stages > 1`` in semi-auto/auto parallel mode and the processes initialised, the
    micro-batches run as a pipeline over the stages given by ``cell.pipeline_stage`` on
    ``torch.distributed.pipelining`` (1F1B or GPipe, ``pipeline_config``): see
    ``ms_compat/parallel/pipeline.py``. Otherwise they run one after the other, which is the same
    computation. ``stage_config`` (``{cell name: stage}``) sets ``pipeline_stage`` on the named cells;
    ``segment_config`` sets ``pipeline_segment`` (stored: virtual-pipeline segments are not used).

    Differences: every rank of the pipeline gets the summed loss (broadcast from the last stage); the
    gradients of the step are computed inside the call (the schedule runs forward and backward of every
    micro-batch) and handed out by the backward of the returned loss, so the loss may be scaled
    (``sens``) but not transformed non-linearly before differentiation.
    """

    _api = "PipelineCell"

    def __init__(self, network, micro_size, stage_config=None, segment_config=None):
        super().__init__(auto_prefix=False)
        self.network = network
        self.micro_size = micro_size
        _check_network_and_size(self._api, network, micro_size, "micro_size")
        if stage_config is not None:
            self._config(stage_config, "pipeline_stage", "stage_config")
        if segment_config is not None:
            self._config(segment_config, "pipeline_segment", "segment_config")
        if _pp.pipeline_active():  # this rank keeps only its stage's weights (stage_local.py)
            try:
                _pp.release_stage(network)
            except ValueError:  # the stages are not all set yet: the first pipeline step checks and releases
                pass

    def _config(self, config, attr, what):
        left = dict(config)
        for name, cell in self.network.cells_and_names():
            if name and name in left:
                setattr(cell, attr, left.pop(name))
        if str(self.network) in left:
            setattr(self.network, attr, left.pop(str(self.network)))
        if left:
            raise KeyError(f"For 'PipelineCell', the argument '{what}' : {left} is not found in 'network' : "
                           f"{self.network}")

    def shard(self, in_strategy, out_strategy=None, parameter_plan=None, device="Ascend", level=0):
        raise ValueError("For 'PipelineCell', no 'shard' on 'PipelineCell' is allowed.")

    def construct(self, *inputs):
        _pp._check_inputs(inputs, self.micro_size)
        if _pp.pipeline_active():
            return _pp.run_pipeline(self, self.network, self.micro_size, inputs)
        ret = None
        for i in range(self.micro_size):
            out = self.network(*_micro_slices(inputs, self.micro_size, i))
            ret = out if ret is None else ret + out
        return ret


class Pipeline(PipelineCell):
    """Mirrors ``mindspore.parallel.nn.Pipeline(network, micro_size, stage_config=None, segment_config=None)``
    (the 2.10 name of :class:`PipelineCell`)."""


class MicroBatchInterleaved(Cell):
    """Mirrors ``mindspore.parallel.nn.MicroBatchInterleaved(network, interleave_num=2)``
    (= ``nn.MicroBatchInterleaved``): every input is cut along axis 0 into ``interleave_num`` slices and the output is ``0.0 +`` the sum of
    ``network`` on each slice. MindSpore uses the slices to overlap one slice's communication with the
    next one's computation; ms_compat runs them one after the other (same values)."""

    def __init__(self, network, interleave_num=2):
        super().__init__(auto_prefix=False)
        if not isinstance(interleave_num, int):
            raise TypeError("For 'MicroBatchInterleaved', the argument 'interleave_num' must be integer, "
                            f"but got the type : {type(interleave_num)}.")
        if interleave_num <= 0:
            raise ValueError("For 'MicroBatchInterleaved', the argument 'interleave_num' must be large than 0, "
                             f"but got {interleave_num}.")
        self.network = network
        self.interleave_num = interleave_num

    def construct(self, *inputs):
        _pp._check_inputs(inputs, self.interleave_num)
        output = 0.0
        for i in range(self.interleave_num):
            output = output + self.network(*_micro_slices(inputs, self.interleave_num, i))
        if not isinstance(output, torch.Tensor):  # interleave_num slices of a non-tensor output
            raise TypeError("For 'MicroBatchInterleaved', the output of 'network' should be a Tensor.")
        return output


class GradAccumulation(GradAccumulationCell):
    """Mirrors ``mindspore.parallel.nn.GradAccumulation(network, micro_size)`` (the 2.10 name of
    ``nn.GradAccumulationCell``): the sum of ``network`` on ``micro_size`` slices of the batch."""

    def __init__(self, network, micro_size):
        _check_network_and_size("GradAccumulation", network, micro_size, "micro_size")
        super().__init__(network, micro_size)

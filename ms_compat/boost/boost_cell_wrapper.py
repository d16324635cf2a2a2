"""``mindspore.boost.BoostTrainOneStepCell`` / ``BoostTrainOneStepWithLossScaleCell``: ``nn.TrainOneStepCell`` /
``nn.TrainOneStepWithLossScaleCell`` with the boost algorithms' hooks.

The hooks, as in MindSpore 2.10: a :class:`~ms_compat.boost.grad_freeze.FreezeOpt` optimizer makes each step run
the training cell of the group ``train_strategy[step]`` (gradient freezing). Gradient accumulation, dimension
reduction and AdaSum are switched on only by ``AutoBoost``'s configuration (``boost_level`` O1/O2, Ascend-only in
MindSpore 2.10 and not provided here), so without it these cells step exactly like the ``nn`` ones; an optimizer
marked ``dim_reduce`` / ``adasum`` by hand raises ``ValueError`` here (MindSpore fails reading the missing
AutoBoost settings). Use :class:`~ms_compat.boost.dim_reduce.DimReduce` directly for dimension reduction.

MindSpore 2.10 quirk kept: ``BoostTrainOneStepCell`` built without ``sens`` (and without ``FreezeOpt``) trains
but returns ``None`` (its ``_no_sens_impl`` has no ``return``); pass ``sens=1.0`` to get the loss.
"""
from __future__ import annotations

import torch

from ..common import dtype as mstype
from ..common.parameter import Parameter
from ..common.tensor import Tensor, as_ms, to_torch
from ..nn.cell import Cell
from ..nn.wrap.cell_wrapper import TrainOneStepCell
from ..nn.wrap.loss_scale import TrainOneStepWithLossScaleCell, _grads
from ..ops.composite import HyperMap
from ..ops.function.grad_func import GradOperation
from .grad_freeze import FreezeOpt, freeze_cell

__all__ = ["BoostTrainOneStepCell", "BoostTrainOneStepWithLossScaleCell"]


class BoostTrainOneStepCell(TrainOneStepCell):
    """Mirrors ``mindspore.boost.BoostTrainOneStepCell(network, optimizer, sens=None)`` (see the module
    docstring): one step = forward, gradients (sensitivity ``sens``), ``grad_reducer``, optimizer; with a
    ``FreezeOpt`` the step is that of the group ``optimizer.train_strategy[step]`` (``step`` cycles over the
    strategy). Returns the loss (``None`` without ``sens``, as MindSpore 2.10)."""

    def __init__(self, network, optimizer, sens=None):
        super().__init__(network, optimizer, sens)
        self.grad = GradOperation(get_by_list=True, sens_param=True)
        self.grad_no_sens = GradOperation(get_by_list=True)
        self.hyper_map = HyperMap()
        self.freeze = isinstance(optimizer, FreezeOpt)
        self.train_strategy = getattr(self.optimizer, "train_strategy", None)
        self.use_grad_accumulation = False  # AutoBoost's "grad_accumulation" setting
        self.max_accumulation_step = 1
        self.accumulation_step = Parameter(Tensor(0, dtype=mstype.int32), name="accumulation_step",
                                           requires_grad=False)
        self.enable_dim_reduce = self.check_dim_reduce_enable()
        if self.enable_dim_reduce:
            raise ValueError("BoostTrainOneStepCell: the optimizer is marked 'dim_reduce', which needs AutoBoost's "
                             "dimension-reduction settings (local_pca_mat_path, rho, gamma, alpha, sigma, "
                             "n_components; boost_level O1/O2, Ascend-only in MindSpore 2.10): build "
                             "mindspore.boost.DimReduce yourself and call it after the gradients.")
        self.freeze_nets = None
        self.step = Parameter(Tensor(0, dtype=mstype.int32), name="step", requires_grad=False)
        if self.freeze:
            if self.reducer_flag:
                from ..context import get_auto_parallel_context
                from ..parallel.data_parallel import get_device_num
                self.mean = get_auto_parallel_context("gradients_mean")
                self.degree = get_device_num()
            else:
                self.mean = None
                self.degree = None
            self.freeze_nets = freeze_cell(self.reducer_flag, self.network, self.optimizer, self.sens, self.grad,
                                           self.use_grad_accumulation, self.mean, self.degree,
                                           self.max_accumulation_step)
        self.enable_adasum = self.check_adasum_enable()
        if self.enable_adasum:
            raise ValueError("BoostTrainOneStepCell: the optimizer is marked 'adasum'; MindSpore's AdaSum is "
                             "Ascend-only (Send/Receive over hccl_world_group): use DistributedDataParallel.")
        self.sync_tensor = Parameter(Tensor(0, dtype=mstype.int32), name="sync_tensor", requires_grad=False)

    def construct(self, *inputs):
        if self.freeze:
            return self.gradient_freeze_process(*inputs)
        loss, grads = self.compute_loss_and_grads(*inputs)
        grads = self.grad_reducer(grads)
        self.optimizer(grads)
        if not self.sense_flag:
            return None  # MindSpore 2.10's _no_sens_impl returns nothing
        return loss

    def gradient_freeze_process(self, *inputs):
        """Run the freeze cell of this step's group and advance ``step``; returns the loss."""
        step = int(to_torch(self.step))
        if self.train_strategy is None:
            index, max_index = step, len(self.freeze_nets)
        else:
            index, max_index = int(to_torch(self.train_strategy)[step]), len(self.train_strategy)
        loss = self.freeze_nets[index](*inputs)
        with torch.no_grad():
            to_torch(self.step).fill_(0 if step + 1 >= max_index else step + 1)
        return loss

    def check_adasum_enable(self):
        """True when the optimizer is marked ``adasum`` and gradients are reduced (data parallel) over more than
        one group of 8 devices, a power of two — MindSpore's condition."""
        if not getattr(self.optimizer, "adasum", None) or not self.reducer_flag:
            return False
        from ..communication import get_group_size
        groups = get_group_size() // 8
        return bool(groups > 1 and groups & (groups - 1) == 0)

    def check_dim_reduce_enable(self):
        """True when the optimizer is marked ``dim_reduce`` (AutoBoost sets it)."""
        return bool(getattr(self.optimizer, "dim_reduce", None))


class BoostTrainOneStepWithLossScaleCell(BoostTrainOneStepCell):
    """Mirrors ``mindspore.boost.BoostTrainOneStepWithLossScaleCell(network, optimizer, scale_sense)``.

    ``scale_sense`` is an update Cell (``DynamicLossScaleUpdateCell`` / ``FixedLossScaleUpdateCell``) or a Tensor
    of shape ``()`` / ``(1,)``. One step: forward; gradients with sensitivity ``scale_sense``, divided by it;
    ``grad_reducer``; overflow = any inf/nan in the gradients (all-reduced under data parallel: MindSpore's GPU
    path); the update cell adjusts the scale; the optimizer runs unless the step overflowed. Returns
    ``(loss, overflow, loss_scale)``. MindSpore 2.10 supports it on Ascend and GPU only (on CPU it fails looking
    for ``NPUGetFloatStatusV2``); ms_compat runs it on any device. AutoBoost's grouped loss scale
    (``loss_scale_group``) is not reachable without AutoBoost."""

    def __init__(self, network, optimizer, scale_sense):
        super().__init__(network, optimizer, sens=None)
        self.enable_enhanced_amp = False
        self.loss_scaling_manager = None
        if isinstance(scale_sense, Cell):
            self.loss_scaling_manager = scale_sense
            self.scale_sense = Parameter(Tensor(scale_sense.get_loss_scale(), dtype=mstype.float32),
                                         name="scale_sense", requires_grad=False)
        elif isinstance(scale_sense, torch.Tensor):
            if tuple(scale_sense.shape) in ((1,), ()):
                self.scale_sense = Parameter(Tensor(scale_sense), name="scale_sense", requires_grad=False)
            else:
                raise ValueError(f"The shape of scale_sense must be (1,) or (), but got {tuple(scale_sense.shape)}")
        else:
            raise TypeError(f"The scale_sense must be Cell or Tensor, but got {type(scale_sense)}")

    def construct(self, *inputs):
        scale = to_torch(self.scale_sense).detach()
        with torch.enable_grad():
            loss = self.network(*inputs)
            t_loss = to_torch(loss)
            grads = _grads(loss, self.weights, torch.ones_like(t_loss) * scale.to(t_loss.dtype))
        inv = torch.reciprocal(scale)
        grads = tuple(as_ms(to_torch(g) * inv.to(g.dtype)) for g in grads)
        grads = self.grad_reducer(grads)
        status, _ = self._start_overflow_check(loss, None)
        cond = self._get_overflow_status(status, grads)
        overflow = self._process_loss_scale(cond)
        if not bool(overflow):
            self.optimizer(grads)
        return as_ms(t_loss.detach()), cond, as_ms(to_torch(self.scale_sense).detach().clone())

    def _set_sense_scale(self, sens):
        """Set a new loss scale (a Tensor like the original ``scale_sense``)."""
        if self.scale_sense is not None and isinstance(sens, torch.Tensor):
            self.scale_sense.set_data(sens)
        else:
            raise TypeError(f"The input type must be Tensor, but got {type(sens)}")

    # the same overflow machinery as nn.TrainOneStepWithLossScaleCell (MindSpore's boost cell has its own copies
    # under underscored names; the behaviour is the same)
    _start_overflow_check = TrainOneStepWithLossScaleCell.start_overflow_check
    _get_overflow_status = TrainOneStepWithLossScaleCell.get_overflow_status
    _process_loss_scale = TrainOneStepWithLossScaleCell.process_loss_scale

"""``mindspore.nn`` loss-scale training: DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell,
TrainOneStepWithLossScaleCell.

Same step as MindSpore 2.10: forward; gradients with output sensitivity ``scale_sense``; gradients
divided by the scale; ``grad_reducer``; overflow check (any inf/nan in the gradients, all-reduced
across processes under data parallel); the update cell adjusts the scale; the optimizer step is
skipped when the step overflowed; returns ``(loss, overflow, loss_scale)``.

Differences: MindSpore 2.10 has no CPU kernel for its overflow status ops, so this cell cannot run
there; ms_compat runs it on any device (the check is ``torch.isfinite``). The returned
``loss_scale`` is a snapshot of the scale after this step's update (MindSpore returns the live
Parameter). The optimizer skip reads the overflow flag on the host (one sync per step).
"""
from __future__ import annotations

import torch

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor, as_ms, to_torch
from ..cell import Cell
from .cell_wrapper import TrainOneStepCell

__all__ = ["DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell", "TrainOneStepWithLossScaleCell"]


class DynamicLossScaleUpdateCell(Cell):
    """Mirrors ``nn.DynamicLossScaleUpdateCell(loss_scale_value, scale_factor, scale_window)``.

    ``construct(loss_scale, overflow)`` updates the ``loss_scale`` Parameter in place and returns
    ``overflow``: overflow → ``max(scale / factor, 1)``; no overflow for ``scale_window`` iterations
    since the last overflow (or growth) → ``scale * factor``. State Parameters
    ``current_iterator_step`` / ``last_overflow_iterator_step`` (int32) as in MindSpore.
    """

    def __init__(self, loss_scale_value, scale_factor, scale_window):
        super().__init__()
        self.scale_window = int(scale_window)
        self.scale_factor = float(scale_factor)
        self.loss_scale_value = loss_scale_value
        self.cur_iter = Parameter(Tensor(1, dtype=mstype.int32), name="current_iterator_step", requires_grad=False)
        self.last_overflow_iter = Parameter(Tensor(0, dtype=mstype.int32), name="last_overflow_iterator_step",
                                            requires_grad=False)

    def get_loss_scale(self):
        return self.loss_scale_value

    @torch.no_grad()
    def construct(self, loss_scale, overflow):
        ov = torch.as_tensor(to_torch(overflow) if isinstance(overflow, torch.Tensor) else overflow,
                             dtype=torch.bool, device=loss_scale.device)
        scale = to_torch(loss_scale).detach()
        factor = torch.tensor(self.scale_factor, dtype=scale.dtype, device=scale.device)
        on_overflow = torch.where(ov, torch.clamp(scale * torch.reciprocal(factor), min=1.0), scale)
        cur, last = to_torch(self.cur_iter).detach(), to_torch(self.last_overflow_iter).detach()
        should_inc = (cur - last) >= self.scale_window
        self.last_overflow_iter.copy_(torch.where(ov | should_inc, cur, last))
        new_scale = torch.where(should_inc & ~ov, on_overflow * factor, on_overflow)
        loss_scale.copy_(new_scale.reshape(loss_scale.shape))
        self.cur_iter.copy_(cur + 1)
        return overflow


class FixedLossScaleUpdateCell(Cell):
    """Mirrors ``nn.FixedLossScaleUpdateCell(loss_scale_value)``: the scale never changes; returns ``overflow``."""

    def __init__(self, loss_scale_value):
        super().__init__()
        self.loss_scale_value = loss_scale_value

    def get_loss_scale(self):
        return self.loss_scale_value

    def construct(self, _, overflow):
        return overflow


def _grads(loss, weights, sens):
    targets = [w for w in weights]
    need = [i for i, w in enumerate(targets) if w.requires_grad]
    out = [None] * len(targets)
    t_loss = to_torch(loss)
    if need and t_loss.requires_grad:
        from ...parallel.ddp_reducer import engine_grad  # data parallel: DDP's reducer during the backward
        got = engine_grad([t_loss], [targets[i] for i in need], [sens])
        for i, g in zip(need, got):
            out[i] = g
    return tuple(as_ms(g) if g is not None else as_ms(torch.zeros_like(to_torch(w))) for g, w in zip(out, targets))


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    """Mirrors ``nn.TrainOneStepWithLossScaleCell(network, optimizer, scale_sense)``.

    ``scale_sense`` is a Cell (``DynamicLossScaleUpdateCell`` / ``FixedLossScaleUpdateCell``, kept as
    ``loss_scaling_manager``) or a Tensor of shape ``()`` / ``(1,)`` (fixed; change it with
    ``set_sense_scale``). Returns ``(loss, overflow, loss_scale)``; see the module docstring.
    """

    def __init__(self, network, optimizer, scale_sense):
        super().__init__(network, optimizer, sens=None)
        self.loss_scaling_manager = None
        if isinstance(scale_sense, Cell):
            self.loss_scaling_manager = scale_sense
            self.scale_sense = Parameter(Tensor(scale_sense.get_loss_scale(), dtype=mstype.float32),
                                         name="scale_sense", requires_grad=False)
        elif isinstance(scale_sense, torch.Tensor):
            if tuple(scale_sense.shape) in ((1,), ()):
                self.scale_sense = Parameter(Tensor(scale_sense), name="scale_sense", requires_grad=False)
            else:
                raise ValueError("For 'TrainOneStepWithLossScaleCell', the shape of 'scale_sense' must be (1,) or (), "
                                 f"but got {tuple(scale_sense.shape)}.")
        else:
            raise TypeError("For 'TrainOneStepWithLossScaleCell', the 'scale_sense' must be Cell or Tensor, but got "
                            f"'scale_sense' type: {type(scale_sense)}.")

    def construct(self, *inputs):
        weights = self.weights
        scaling_sens = to_torch(self.scale_sense).detach()
        with torch.enable_grad():
            loss = self.network(*inputs)
            t_loss = to_torch(loss)
            sens = torch.ones_like(t_loss) * scaling_sens.to(t_loss.dtype)
            grads = _grads(loss, weights, sens)
        inv = torch.reciprocal(scaling_sens)
        # MindSpore unscales, then reduces; reducing first lets the reducer use what DDP reduced during the
        # backward (the same values: the scale is a factor of every term)
        grads = self.grad_reducer(grads)
        grads = tuple(as_ms(to_torch(g) * inv.to(g.dtype)) for g in grads)
        status, _ = self.start_overflow_check(loss, None)
        cond = self.get_overflow_status(status, grads)
        overflow = self.process_loss_scale(cond)
        if not bool(overflow):
            self.optimizer(grads)
        return as_ms(t_loss.detach()), cond, as_ms(to_torch(self.scale_sense).detach().clone())

    def set_sense_scale(self, sens):
        """Set a new loss scale (a Tensor like the original ``scale_sense``)."""
        if self.scale_sense is not None and isinstance(sens, torch.Tensor):
            self.scale_sense.set_data(sens)
        else:
            raise TypeError("For 'TrainOneStepWithLossScaleCell', the type of 'sens' must be Tensor, but got "
                            f"{type(sens)}")

    def start_overflow_check(self, pre_cond, compute_input):
        """MindSpore clears the NPU overflow register here; PyTorch has none. Returns
        ``(status, compute_input)`` for code that passes them on to :meth:`get_overflow_status`."""
        return as_ms(torch.zeros(8, dtype=torch.int32)), compute_input

    def get_overflow_status(self, status, compute_output):
        """0-d bool Tensor: any inf/nan in ``compute_output`` (all-reduced across processes when the
        gradients are reduced for data parallel)."""
        tensors = [to_torch(t) for t in compute_output if isinstance(t, torch.Tensor)]
        if tensors:
            flag = torch.stack([~torch.isfinite(t).all() for t in tensors]).any()
        else:
            flag = torch.tensor(False)
        if getattr(self, "reducer_flag", False) and torch.distributed.is_available() \
                and torch.distributed.is_initialized():
            f = flag.to(torch.float32)
            torch.distributed.all_reduce(f)
            flag = f > 0
        return as_ms(flag)

    def process_loss_scale(self, overflow):
        """Call the update cell (if any) with the scale Parameter and ``overflow``; returns ``overflow``."""
        if self.loss_scaling_manager is not None:
            return self.loss_scaling_manager(self.scale_sense, overflow)
        return overflow

"""``mindspore.boost.GradientAccumulation`` and its two hyper-map functions ``gradient_accumulation_op`` /
``gradient_clear_op``."""
from __future__ import annotations

import torch

from ..common.parameter import Parameter
from ..common.tensor import Tensor, to_torch
from ..nn.cell import Cell
from ..nn.optim.optimizer import _zeros_like_state
from ..ops.composite import MultitypeFuncGraph

__all__ = ["GradientAccumulation", "gradient_accumulation_op", "gradient_clear_op"]

gradient_accumulation_op = MultitypeFuncGraph("gradient_accumulation_op")
gradient_clear_op = MultitypeFuncGraph("gradient_clear_op")


@gradient_accumulation_op.register("Number", "Tensor", "Tensor")  # MindSpore: "Int64"
def _accumulate(accumulation_step, cumulative_grad, grad):
    """``cumulative_grad += grad / accumulation_step`` in place; returns ``cumulative_grad``."""
    with torch.no_grad():
        to_torch(cumulative_grad).add_(to_torch(grad) / accumulation_step)
    return cumulative_grad


@gradient_clear_op.register("Tensor")
def _clear(cumulative_grad):
    """Zeros ``cumulative_grad`` in place; returns it."""
    with torch.no_grad():
        to_torch(cumulative_grad).zero_()
    return cumulative_grad


class GradientAccumulation(Cell):
    """Mirrors ``mindspore.boost.GradientAccumulation(max_accumulation_step, optimizer)``: ``net(loss, grads)`` adds
    ``grads / max_accumulation_step`` to ``grad_accumulation.<name>`` Parameters and, every
    ``max_accumulation_step``-th call, runs ``optimizer`` on the sums and clears them; returns ``loss``."""

    def __init__(self, max_accumulation_step, optimizer):
        super().__init__()
        self._max_accumulation_step = max_accumulation_step
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self._grad_accumulation = _zeros_like_state(self.weights, "grad_accumulation")
        self._accumulation_step = Parameter(Tensor(0, torch.int32), name="accumulation_step")

    def construct(self, loss, grads):
        for acc, g in zip(self._grad_accumulation, grads):
            _accumulate(self._max_accumulation_step, acc, g)
        step = to_torch(self._accumulation_step)
        with torch.no_grad():
            step.add_(1)
        if int(step) >= self._max_accumulation_step:
            self.optimizer(self._grad_accumulation)
            with torch.no_grad():
                step.zero_()
        if int(step) == 0:
            for acc in self._grad_accumulation:
                _clear(acc)
        return loss

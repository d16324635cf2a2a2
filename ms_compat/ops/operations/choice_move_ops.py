"""``RandomChoiceWithMask`` (and ``ops.choice_with_mask``), ``MoveTo`` and ``TensorToTuple`` Primitives."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from .._utils import wrap

__all__ = ["RandomChoiceWithMask", "MoveTo", "TensorToTuple"]


def _choice(input_x, count, generator=None):
    if count <= 0:
        raise ValueError(f"For 'RandomChoiceWithMask', 'count' must be greater than 0, but got {count}.")
    x = torch.Tensor.as_subclass(input_x, torch.Tensor)
    if x.dtype != torch.bool:
        raise TypeError(f"For 'RandomChoiceWithMask', the dtype of 'input_x' must be bool, but got {x.dtype}.")
    if not 1 <= x.dim() <= 5:
        raise ValueError(f"For 'RandomChoiceWithMask', the rank of 'input_x' must be in [1, 5], but got {x.dim()}.")
    nz = torch.nonzero(x)
    nz = nz[torch.randperm(nz.shape[0], generator=generator)][:count]
    index = torch.zeros((count, x.dim()), dtype=torch.int32)
    mask = torch.zeros((count,), dtype=torch.bool)
    index[:nz.shape[0]] = nz.to(torch.int32)
    mask[:nz.shape[0]] = True
    return wrap(index), wrap(mask)


def _generator(seed):
    if not seed:
        return None
    g = torch.Generator()
    g.manual_seed(int(seed))
    return g


class RandomChoiceWithMask(Primitive):
    """Mirrors ``ops.RandomChoiceWithMask(count=256, seed=0, seed2=0)``: ``(input_x)`` (bool) → ``(index, mask)``:
    up to ``count`` positions of True elements in random order, int32 of shape (count, rank), the rows past the
    number of True elements zero and their ``mask`` False. Draws use torch's generator (a fixed one when a seed is
    given), so the order differs from MindSpore's."""

    def __init__(self, count=256, seed=0, seed2=0):
        super().__init__("RandomChoiceWithMask")
        if not isinstance(count, int) or count <= 0:
            raise ValueError(f"For 'RandomChoiceWithMask', 'count' must be a positive int, but got {count}.")
        self.count, self.seed, self.seed2 = count, seed, seed2

    def __call__(self, input_x):
        return _choice(input_x, self.count, _generator(self.seed or self.seed2))


def choice_with_mask(input_x, count=256, seed=None):
    """Mirrors ``ops.choice_with_mask(input_x, count=256, seed=None)`` (``RandomChoiceWithMask``)."""
    return _choice(input_x, count, _generator(seed))


class MoveTo(Primitive):
    """Mirrors ``ops.MoveTo()``: ``(input, to='CPU', blocking=True)`` = ``ops.move_to``."""

    def __init__(self):
        super().__init__("MoveTo")

    def __call__(self, input, to="CPU", blocking=True):  # noqa: A002
        from ..tensor_methods import move_to
        return move_to(input, to, blocking)


class TensorToTuple(Primitive):
    """Mirrors ``ops.TensorToTuple()``: ``(x)`` → the 1-D tensor's elements as a tuple of Python numbers."""

    def __init__(self):
        super().__init__("TensorToTuple")

    def __call__(self, x):
        return tuple(torch.Tensor.as_subclass(x, torch.Tensor).tolist())

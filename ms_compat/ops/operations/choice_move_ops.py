"""``RandomChoiceWithMask`` (and ``ops.choice_with_mask``), ``MoveTo`` and ``TensorToTuple`` Primitives."""
from __future__ import annotations

import numpy as np
import torch

import ms_compat.common.op_random as op_random

from ..primitive import Primitive
from .._utils import wrap

__all__ = ["RandomChoiceWithMask", "MoveTo", "TensorToTuple"]


def _choice(input_x, count, kernel=None):
    if count <= 0:
        raise ValueError(f"For 'RandomChoiceWithMask', 'count' must be greater than 0, but got {count}.")
    x = torch.Tensor.as_subclass(input_x, torch.Tensor)
    if x.dtype != torch.bool:
        raise TypeError(f"For 'RandomChoiceWithMask', the dtype of 'input_x' must be bool, but got {x.dtype}.")
    if not 1 <= x.dim() <= 5:
        raise ValueError(f"For 'RandomChoiceWithMask', the rank of 'input_x' must be in [1, 5], but got {x.dim()}.")
    flat = np.flatnonzero(x.detach().cpu().numpy())
    if kernel is not None:  # MindSpore's kernel: a shuffle of the True elements' flat indices
        chosen = kernel.choose(flat, count)
    else:
        chosen = flat[torch.randperm(flat.size).numpy()[:count]]
    nz = torch.from_numpy(_kernel_coordinates(chosen, tuple(x.shape)))
    index = torch.zeros((count, x.dim()), dtype=torch.int32)
    mask = torch.zeros((count,), dtype=torch.bool)
    index[:nz.shape[0]] = nz.to(torch.int32)
    mask[:nz.shape[0]] = True
    return wrap(index.to(x.device)), wrap(mask.to(x.device))


def _kernel_coordinates(flat, shape):
    """The coordinates MindSpore 2.10's CPU kernel writes for flat indices: ``(i // (n / shape[0]), 0, ..., 0,
    i % (n / shape[0]))`` — right for rank 1 and 2; from rank 3 on the middle coordinates are 0 and the last one
    is the offset within the first axis (its kernel divides by the same stride at every axis)."""
    out = np.zeros((flat.size, len(shape)), np.int64)
    if len(shape) == 1:
        out[:, 0] = flat
    else:
        column = int(np.prod(shape[1:]))
        out[:, 0], out[:, -1] = flat // column, flat % column
    return out


class RandomChoiceWithMask(Primitive):
    """Mirrors ``ops.RandomChoiceWithMask(count=256, seed=0, seed2=0)``: ``(input_x)`` (bool) → ``(index, mask)``:
    up to ``count`` positions of True elements in random order, int32 of shape (count, rank), the rows past the
    number of True elements zero and their ``mask`` False. MindSpore's numbers for nonzero seeds (calls with the
    same input shape continue one stream, as its kernel); torch's generator when both seeds are 0 (MindSpore:
    nondeterministic). For rank >= 3 inputs the coordinates are MindSpore 2.10 CPU's:
    ``(i0, 0, ..., 0, offset in the first axis)`` (see ``_kernel_coordinates``)."""

    def __init__(self, count=256, seed=0, seed2=0):
        super().__init__("RandomChoiceWithMask")
        if not isinstance(count, int) or count <= 0:
            raise ValueError(f"For 'RandomChoiceWithMask', 'count' must be a positive int, but got {count}.")
        self.count, self.seed, self.seed2 = count, seed, seed2

    def __call__(self, input_x):
        kernel = None
        if self.seed or self.seed2:
            cache = self.__dict__.get("_random_kernels")
            if cache is None:
                cache = self.__dict__["_random_kernels"] = op_random.KernelCache(self.seed, self.seed2)
            kernel = cache.get((tuple(input_x.shape), input_x.dtype))
        return _choice(input_x, self.count, kernel)


def choice_with_mask(input_x, count=256, seed=None):
    """Mirrors ``ops.choice_with_mask(input_x, count=256, seed=None)`` (``RandomChoiceWithMask``): MindSpore's
    numbers with a global or op seed (seeds from ``_get_seed(seed, "choice_with_mask")``, a fresh kernel per
    call); torch's generator with neither."""
    seeds = op_random.kernel_seeds(seed, "choice_with_mask")
    return _choice(input_x, count, op_random.RandomKernel(*seeds) if seeds is not None else None)


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

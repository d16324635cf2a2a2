"""MindSpore 2.10's top-level random-state API on PyTorch's default generator.

Mirrors ``mindspore.manual_seed``, ``seed``, ``initial_seed``, ``get_rng_state``, ``set_rng_state``,
``default_generator`` and ``Generator``. Difference: the state is torch's (a ``torch.ByteTensor``), so a
state saved by MindSpore cannot be restored here.
"""
from __future__ import annotations

import torch

__all__ = ["manual_seed", "seed", "initial_seed", "get_rng_state", "set_rng_state", "default_generator",
           "Generator"]

default_generator = torch.default_generator
Generator = torch.Generator


def manual_seed(seed):
    """Seed the default generator (and CUDA's); returns the generator."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"For 'manual_seed', the argument 'seed' must be int, but got {type(seed)}.")
    return torch.manual_seed(seed)


def seed():
    """Seed the default generator from a non-deterministic source; returns the seed."""
    return torch.seed()


def initial_seed():
    return torch.initial_seed()


def get_rng_state():
    return torch.get_rng_state()


def set_rng_state(state):
    torch.set_rng_state(state)

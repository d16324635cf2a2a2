"""``mindspore.utils.from_dlpack`` / ``to_dlpack`` on ``torch.utils.dlpack``."""
from __future__ import annotations

import torch
import torch.utils.dlpack as _dl

from ..common.tensor import Tensor, to_torch

__all__ = ["from_dlpack", "to_dlpack"]


def from_dlpack(dlpack):
    """Mirrors ``mindspore.utils.from_dlpack(dlpack)``: a Tensor sharing the memory of a DLPack capsule (or of an
    object with ``__dlpack__``, e.g. a NumPy array or another framework's tensor)."""
    return _dl.from_dlpack(dlpack).as_subclass(Tensor)


def to_dlpack(tensor):
    """Mirrors ``mindspore.utils.to_dlpack(tensor)``: a DLPack capsule sharing the Tensor's memory."""
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f"For 'to_dlpack', the input must be a Tensor, but got {type(tensor).__name__}.")
    return _dl.to_dlpack(to_torch(tensor))

"""``mindspore.frombuffer`` and ``mindspore.swap_tensors``: Tensors over existing memory, on PyTorch's
``torch.frombuffer`` / ``torch.utils.swap_tensors``."""
from __future__ import annotations

import torch

from .dtype import to_torch_dtype
from .tensor import Tensor

__all__ = ["frombuffer", "swap_tensors"]


def frombuffer(buffer, dtype, count=-1, offset=0):
    """Mirrors ``mindspore.frombuffer(buffer, dtype, count=-1, offset=0)``: a 1-D Tensor sharing the memory of an
    object with the buffer interface. Bad sizes/offsets raise ``RuntimeError`` as in MindSpore (PyTorch raises
    ``ValueError``)."""
    dt = to_torch_dtype(dtype, where="frombuffer")
    try:
        out = torch.frombuffer(buffer, dtype=dt, count=count, offset=offset)
    except ValueError as e:
        text = str(e)  # PyTorch's checks are MindSpore's, worded the same (MindSpore ends some with a period)
        raise RuntimeError(text if text.endswith(".") or "must not be 0" in text else text + ".") from None
    return out.as_subclass(Tensor)


def swap_tensors(t1, t2):
    """Mirrors ``mindspore.swap_tensors(t1, t2)``: exchanges the contents (data, dtype, shape, class and
    attributes) of two Tensors in place (``torch.utils.swap_tensors``)."""
    if not isinstance(t1, torch.Tensor) or not isinstance(t2, torch.Tensor):
        raise TypeError(f"For 'swap_tensors', both inputs must be Tensor, but got {type(t1)} and {type(t2)}.")
    torch.utils.swap_tensors(t1, t2)

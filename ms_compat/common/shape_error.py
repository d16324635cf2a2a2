"""MindSpore's ``ValueError`` for shape mismatches that PyTorch reports as ``RuntimeError`` / ``IndexError``.

MindSpore raises ``ValueError`` when operands do not broadcast, a reshape does not fit, or an axis is
out of range; PyTorch raises ``RuntimeError`` (``IndexError`` for a dimension). The Tensor's
``__torch_function__`` maps these on the failure path only (no cost when the op succeeds). The mapped
exceptions are instances of both types — ``ValueError`` for MindSpore code, ``RuntimeError`` /
``IndexError`` for PyTorch code (and ms_compat's own ``except RuntimeError`` fallbacks) — and keep
PyTorch's message.
"""
from __future__ import annotations

__all__ = ["ShapeMismatchError", "AxisRangeError", "as_mindspore_error"]


class ShapeMismatchError(ValueError, RuntimeError):
    """Operands whose shapes do not fit (broadcast, reshape/view): MindSpore's ValueError."""


class AxisRangeError(ValueError, IndexError):
    """An axis/dimension out of range: MindSpore's ValueError."""


# message heads of torch's shape errors (ATen's wording, stable across 2.x)
_MISMATCH = ("must match the size of tensor", "is invalid for input of size", "The expanded size of the tensor",
             "start_dim cannot come after end_dim")


def as_mindspore_error(err: BaseException):
    """The MindSpore-typed exception for a torch shape error ``err``, or None to re-raise ``err``."""
    if isinstance(err, ValueError):
        return None
    text = str(err)
    if isinstance(err, IndexError):
        if text.startswith("Dimension out of range"):
            return AxisRangeError(text)
        return None
    if isinstance(err, RuntimeError) and any(m in text for m in _MISMATCH):
        return ShapeMismatchError(text)
    return None

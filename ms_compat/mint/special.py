"""``mindspore.mint.special``: on ``torch.special`` (same names and meaning)."""
from __future__ import annotations

from ._thin import define_all as _define_all

_TABLE = r"""
erfc(input) : torch.special.erfc(input)
expm1(input) : torch.special.expm1(input)
exp2(input) : torch.special.exp2(input)
round(input) : torch.special.round(input)
sinc(input) : torch.special.sinc(input)
log1p(input) : torch.special.log1p(input)
log_softmax(input, dim=None, *, dtype=None) : torch.special.log_softmax(input, _softmax_dim(input, dim), dtype=dtype)
"""

from .nn.functional import _softmax_dim  # noqa: E402

__all__ = _define_all(_TABLE, globals(), __name__)

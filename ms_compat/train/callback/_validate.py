"""MindSpore's ``_checkparam`` checks the callbacks use (same exception types and messages)."""
from __future__ import annotations

from ...nn.optim._validate import check_bool, check_number, float_range, positive_int, value_type

__all__ = ["check_bool", "positive_int", "non_negative_int", "float_range", "value_type"]


def non_negative_int(v, name=None, prim=None):
    """``check_non_negative_int``."""
    return check_number(v, 0, "ge", int, name, prim)

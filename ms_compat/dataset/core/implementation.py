"""Mirrors ``mindspore.dataset.Implementation``: which implementation (C++ ``C`` or Python ``PY``) a transform
runs. ms_compat runs every transform in Python on numpy/OpenCV; the value is kept on the transform objects
that read it and changes nothing."""
from __future__ import annotations

from enum import Enum

__all__ = ["Implementation"]


class Implementation(Enum):
    """Mirrors ``mindspore.dataset.Implementation`` (``C`` = 0, ``PY`` = 1)."""
    C = 0
    PY = 1

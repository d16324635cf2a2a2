"""``mindspore.parallel.function``: ``reshard`` (see ms_compat/parallel/layout.py)."""
from __future__ import annotations

from ..layout import reshard

__all__ = ["reshard"]

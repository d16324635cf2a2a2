"""``mindspore.parallel.function``: ``reshard`` (see ms_compat/parallel/layout.py)."""
from __future__ import annotations

from ..layout import reshard

__all__ = ["reshard"]


def __getattr__(name):  # missing names raise MissingAPIError naming the MindSpore API
    from ms_compat.porting._missing import module_getattr
    return module_getattr(__name__, name, {})

"""Mirrors ``mindspore.dataset.transforms``: transforms for any data (``Compose``, ``TypeCast``, ``OneHot``,
``RandomApply``, ``RandomChoice``, ...)."""
from ...porting._missing import module_getattr as _mg
from . import transforms  # noqa: F401
from .transforms import *  # noqa: F401,F403
from .transforms import __all__ as _t_all

from .transforms import not_random  # noqa: E402,F401 - MindSpore has one in both packages (vision: ``func``)

__all__ = list(_t_all) + ["not_random"]


def __getattr__(name):
    return _mg(__name__, name, {})

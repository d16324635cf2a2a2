"""Mirrors ``mindspore.dataset.text``: ``Vocab``, ``Lookup``, ``ToNumber`` and the simple tokenizers on numpy
string arrays (ICU/Jieba/BERT tokenizers are not provided: MissingAPIError when used)."""
from ..._missing import module_getattr as _mg
from . import transforms, utils  # noqa: F401
from .transforms import *  # noqa: F401,F403
from .transforms import __all__ as _t_all
from .utils import *  # noqa: F401,F403
from .utils import __all__ as _u_all

__all__ = list(_t_all) + list(_u_all)


def __getattr__(name):
    return _mg(__name__, name, {})

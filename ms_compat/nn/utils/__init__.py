"""``mindspore.nn.utils``."""
from ...porting._missing import module_getattr as _mg
from .init import no_init_parameters

_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

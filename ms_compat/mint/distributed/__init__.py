"""``mindspore.mint.distributed`` (see ``distributed.py``)."""
from .distributed import *  # noqa: F401,F403
from .distributed import __all__, _group  # noqa: F401


def __getattr__(name):
    from ...porting._missing import module_getattr
    return module_getattr(__name__, name, {})

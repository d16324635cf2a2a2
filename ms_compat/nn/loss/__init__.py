"""``mindspore.nn.loss``: loss cells."""
from .loss import *  # noqa: F401,F403
from .loss import __all__  # noqa: F401


def __getattr__(name):  # missing names raise MissingAPIError naming the MindSpore API
    from ms_compat.porting._missing import module_getattr
    return module_getattr(__name__, name, {})

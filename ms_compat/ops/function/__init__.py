"""``mindspore.ops.function``: the functional API, one module per family."""
from .array_func import *  # noqa: F401,F403
from .math_func import *  # noqa: F401,F403
from .nn_func import *  # noqa: F401,F403
from .random_func import *  # noqa: F401,F403
from .grad_func import *  # noqa: F401,F403
from . import array_func, math_func, nn_func, random_func, grad_func

__all__ = (array_func.__all__ + [n for n in math_func.__all__ if n != "relu"] + nn_func.__all__
           + random_func.__all__ + grad_func.__all__)


def __getattr__(name):  # missing names raise MissingAPIError naming the MindSpore API
    from ms_compat._missing import module_getattr
    return module_getattr(__name__, name, {})

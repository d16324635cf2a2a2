"""``mindspore.ops.function``: the functional API, one module per family."""
from .array_func import *  # noqa: F401,F403
from .math_func import *  # noqa: F401,F403
from .nn_func import *  # noqa: F401,F403
from .random_func import *  # noqa: F401,F403
from .grad_func import *  # noqa: F401,F403
from . import array_func, math_func, nn_func, random_func, grad_func

__all__ = (array_func.__all__ + [n for n in math_func.__all__ if n != "relu"] + nn_func.__all__
           + random_func.__all__ + grad_func.__all__)

# widened API coverage (scatter/segment/extra math/array/linalg/nn families); never shadows a name above
from . import scatter_func, segment_func, math_extra_func, array_extra_func, linalg_func, nn_extra_func  # noqa: E402
from . import misc_extra_func, func_transforms, sequence_prims_func, inplace_ext_func  # noqa: E402
from . import fft_hermitian_func, fused_norm_func, moe_permute_func, rope_func, linalg_cond_func  # noqa: E402
from . import fractional_pool_func, flash_attention_func, conv3d_transpose_func, roi_stft_func  # noqa: E402
for _m in (scatter_func, segment_func, math_extra_func, array_extra_func, linalg_func, nn_extra_func, misc_extra_func,
           func_transforms, sequence_prims_func, inplace_ext_func, fft_hermitian_func, fused_norm_func,
           moe_permute_func, rope_func, linalg_cond_func, fractional_pool_func, flash_attention_func,
           conv3d_transpose_func, roi_stft_func):
    for _n in _m.__all__:
        if _n not in __all__ and _n not in globals():
            globals()[_n] = getattr(_m, _n)
            __all__.append(_n)
del _m, _n


def __getattr__(name):  # missing names raise MissingAPIError naming the MindSpore API
    from ms_compat.porting._missing import module_getattr
    return module_getattr(__name__, name, {})

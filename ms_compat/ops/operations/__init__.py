"""``mindspore.ops.operations`` (usually imported as ``P``): the Primitive classes.

Primitives are plain callable objects, not Cells: ``P.Transpose()(x, perm)`` runs the op eagerly.
"""
from ..primitive import Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register  # noqa: F401
from .array_ops import *  # noqa: F401,F403
from .math_ops import *  # noqa: F401,F403
from .nn_ops import *  # noqa: F401,F403
from .other_ops import *  # noqa: F401,F403
from . import array_ops, math_ops, nn_ops, other_ops
from ...porting._missing import module_getattr as _mg

__all__ = array_ops.__all__ + math_ops.__all__ + nn_ops.__all__ + other_ops.__all__ + ["Primitive", "PrimitiveWithInfer",
                                                                   "PrimitiveWithCheck", "prim_attr_register"]
# widened API coverage: scatter/segment, extra math, linalg and nn Primitives (never shadows a name above)
from . import scatter_ops, math_extra_ops, linalg_ops, nn_extra_ops, misc_extra_ops, image_ops, optim_ops  # noqa: E402
from . import pool_resize_ops, small_ops, loop_ops, prim_forms_ops, format_bitpack_ops, choice_move_ops  # noqa: E402
from . import wide_misc_ops, image_adjust_ops, optim_update_ops, roi_crop_ops, ctc_edit_ops, morph_patch_ops  # noqa: E402
from . import ftrl_adagrad_da_ops, betainc_ops, fft_with_size_ops, no_repeat_ngram_ops, resize_area_ops  # noqa: E402
from . import matrix_logarithm_ops, tensor_dump_ops, fractional_fixed_ksize_ops, combined_nms_ops  # noqa: E402
from . import extract_glimpse_ops, deformable_offsets_ops, reshard_ops, fractional_pool_ops  # noqa: E402
from . import candidate_sampler_ops, fused_sparse_ops, fused_cast_adam_ops  # noqa: E402
from . import scale_and_translate_ops  # noqa: E402
for _m in (scatter_ops, math_extra_ops, linalg_ops, nn_extra_ops, misc_extra_ops, image_ops, optim_ops,
           pool_resize_ops, small_ops, loop_ops, prim_forms_ops, format_bitpack_ops, choice_move_ops, wide_misc_ops,
           image_adjust_ops, optim_update_ops, roi_crop_ops, ctc_edit_ops, morph_patch_ops, ftrl_adagrad_da_ops,
           betainc_ops, fft_with_size_ops, no_repeat_ngram_ops, resize_area_ops, matrix_logarithm_ops, tensor_dump_ops,
           fractional_fixed_ksize_ops, combined_nms_ops, extract_glimpse_ops,
           deformable_offsets_ops, reshard_ops, fractional_pool_ops, candidate_sampler_ops,
           fused_sparse_ops, fused_cast_adam_ops, scale_and_translate_ops):
    for _n in _m.__all__:
        if _n not in __all__ and _n not in globals():
            globals()[_n] = getattr(_m, _n)
            __all__.append(_n)
globals().setdefault("identity", small_ops.identity)
from .lstm_ops import LSTM  # noqa: E402,F401
__all__.append("LSTM")
from .flash_attention_ops import FlashAttentionScore  # noqa: E402,F401  (nn_ops/auto_generate only: not in __all__)  # P.identity only (ops.identity is the function)
del _m, _n
_LAZY = {"GradOperation": "ms_compat.ops.function.grad_func:GradOperation",
         **{n: "ms_compat.ops.operations.comm_ops:" + n
            for n in ("AllReduce", "AllGather", "ReduceScatter", "Broadcast", "ReduceOp", "Reduce", "CollectiveGather",
        "CollectiveScatter", "Barrier", "Send", "Receive", "BatchISendIRecv", "AlltoAll", "AlltoAllV", "AlltoAllVC", "AllGatherV",
        "ReduceScatterV")}}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

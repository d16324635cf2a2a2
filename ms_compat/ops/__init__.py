"""``mindspore.ops``: the functional API (``ops.xxx``), the Primitive classes (``ops.Transpose()``...,
also as ``mindspore.ops.operations``/``P``), ``functional`` (F), ``composite`` (C) and the autograd API
(``ops.grad``, ``ops.value_and_grad``, ``ops.GradOperation``).

Functions are grouped by family under ``ms_compat/ops/function/``; the Primitive classes under
``ms_compat/ops/operations/``.
"""
from .function import *  # noqa: F401,F403
from .function import __all__ as _function_all
from .function.array_func import size, range, slice  # noqa: F401  (shadow builtins as MindSpore does)
from .function.nn_func import relu  # noqa: F401
from .primitive import (Primitive, PrimitiveWithInfer, PrimitiveWithCheck, prim_attr_register,  # noqa: F401
                        constexpr)
from .operations import *  # noqa: F401,F403
from . import operations, function  # noqa: F401
from ..porting._missing import module_getattr as _mg

P = operations

_LAZY = {
    "partial": "functools:partial",  # mindspore.ops.partial(func, *args): a partial function, as functools'
    "functional": "ms_compat.ops.functional",
    "composite": "ms_compat.ops.composite",
    "MultitypeFuncGraph": "ms_compat.ops.composite:MultitypeFuncGraph",
    "HyperMap": "ms_compat.ops.composite:HyperMap",
    "Map": "ms_compat.ops.composite:Map",
    "depend": "ms_compat.ops.functional:depend",
    "scalar_to_tensor": "ms_compat.ops.functional:scalar_to_tensor",
    "tuple_to_array": "ms_compat.ops.functional:tuple_to_array",
    # collective-communication Primitives (parallel engineer: ms_compat/ops/operations/comm_ops.py)
    **{n: "ms_compat.ops.operations.comm_ops:" + n for n in (
        "AllReduce", "AllGather", "ReduceScatter", "Broadcast", "ReduceOp", "Reduce", "CollectiveGather",
        "CollectiveScatter", "Barrier", "Send", "Receive", "BatchISendIRecv", "AlltoAll", "AlltoAllV", "AlltoAllVC", "AllGatherV",
        "ReduceScatterV")},
    "reshard": "ms_compat.parallel.layout:reshard",  # parallel: Layout on DTensor
    # the old operator aliases mindspore.ops re-exports from ops.functional
    **{n: "ms_compat.ops.functional:" + n for n in (
        "tensor_div", "tensor_floordiv", "tensor_ge", "tensor_gt", "tensor_le", "tensor_lt", "tensor_mod",
        "tensor_mul", "tensor_pow", "tensor_sub", "typeof", "isconstant", "shape_")},
    "Tensor": "ms_compat.common.tensor:Tensor",
    "add_flags": "ms_compat.ops.composite:add_flags",
    "choice_with_mask": "ms_compat.ops.operations.choice_move_ops:choice_with_mask",
    "tensordump": "ms_compat.ops.operations.tensor_dump_ops:tensordump",
    "deformable_conv2d": "ms_compat.ops.operations.deformable_offsets_ops:deformable_conv2d",
    **{n: "ms_compat.ops.operations.candidate_sampler_ops:" + n for n in (
        "uniform_candidate_sampler", "log_uniform_candidate_sampler")},
    # mindspore.ops.operations.nn_ops / ops.auto_generate (served by this flat namespace)
    "FlashAttentionScore": "ms_compat.ops.operations.flash_attention_ops:FlashAttentionScore",
    # mindspore.ops' communication functions whose MindSpore 2.10 code is mint.distributed's (checked by
    # tests/ops/test_ops_wide_reference.py): the same objects here
    **{n: "ms_compat.mint.distributed:" + n for n in (
        "get_rank", "get_world_size", "barrier", "destroy_process_group", "get_backend", "get_global_rank",
        "get_group_rank", "get_process_group_ranks", "is_available", "is_initialized", "new_group",
        "init_process_group", "P2POp", "TCPStore")},  # mindspore.ops.Tensor is mindspore.Tensor
}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)

"""MindSpore 2.10's exceptions for the common mistakes with the common ops: operands of different dtypes
(``MatMulExt``, ``Conv2D``), an integer input to a float-only kernel (``Softmax``), a channel count that does
not match the weight (``Conv2D``/``Conv3D``), an input of the wrong rank.

PyTorch words these differently (``expected m1 and m2 to have the same dtype``, ``"softmax_lastdim_kernel_impl"
not implemented for 'Long'``, ``Given groups=1, weight of size ...``) or promotes silently; MindSpore's types
and messages are recorded by tools/reference/gen_op_errors.py. Each function here is called only after torch
refused the call (in an ``except``), so the success path pays nothing; it returns the MindSpore exception, or
None when the failure is another one (out of memory, devices that differ), which then stays PyTorch's own.
"""
from __future__ import annotations

from . import dtype as mstype

__all__ = ["same_dtype_error", "matmul_dtype_error", "float_only_error", "conv_error", "conv_rank_error"]

_FLOATS = "{BFloat16, Float16, Float32, Float64}"


def same_dtype_error(prim, x1, x2):
    """``For 'MatMulExt', the type of 'x2' should be same as 'x1', ...`` (TypeError), or None when the dtypes
    are the same."""
    if x1.dtype == x2.dtype:
        return None
    return TypeError(f"For '{prim}', the type of 'x2' should be same as 'x1', but got 'x1' with type "
                     f"Tensor[{mstype.dtype_str(x1.dtype)}] and 'x2' with type Tensor[{mstype.dtype_str(x2.dtype)}].")


def matmul_dtype_error(func, args):
    """``same_dtype_error('MatMulExt', ...)`` for a failed ``torch.matmul`` / ``Tensor.matmul`` / ``@`` (what
    ``Tensor.matmul``, ``x @ y`` and ``mint.matmul`` become), or None for any other function or failure."""
    name = getattr(func, "__name__", "")
    if name not in ("matmul", "__matmul__", "__rmatmul__") or len(args) < 2:
        return None
    x1, x2 = (args[1], args[0]) if name == "__rmatmul__" else (args[0], args[1])
    if not (hasattr(x1, "dtype") and hasattr(x2, "dtype")):
        return None
    return same_dtype_error("MatMulExt", x1, x2)


def float_only_error(prim, x, arg="x"):
    """``For primitive[Softmax], the input argument[x] must be a type of {BFloat16, ...}`` (TypeError), or None
    when ``x`` is a float tensor."""
    if x.dtype.is_floating_point:
        return None
    return TypeError(f"For primitive[{prim}], the input argument[{arg}] must be a type of {_FLOATS}, but got "
                     f"{mstype.dtype_str(x.dtype)}.")


def conv_error(nsp, x, weight, group):
    """MindSpore's error for a failed ``nsp``-d convolution of ``x`` by ``weight`` (``nn.Conv1d`` runs
    ``Conv2D``, as in MindSpore): the dtypes differ (TypeError), or the input's channels divided by
    ``group`` are not the weight's (RuntimeError for Conv2D, ValueError for Conv3D, as MindSpore 2.10 raises
    them); None for any other failure."""
    prim = "Conv3D" if nsp == 3 else "Conv2D"
    if x.dtype != weight.dtype:
        return TypeError(f"For primitive[{prim}], the input type must be same.")
    if x.dim() >= 2 and (x.shape[1] % group or x.shape[1] // group != weight.shape[1]):
        cls = ValueError if nsp == 3 else RuntimeError
        return cls(f"For '{prim}', 'C_in' of input 'x' shape divide by parameter 'group' must be equal to 'C_in' "
                   f"of input 'weight' shape: {weight.shape[1]}, but got 'C_in' of input 'x' shape: {x.shape[1]}, "
                   f"and 'group': {group}.")
    return None


def conv_rank_error(nsp, x):
    """MindSpore's ValueError for an input of the wrong rank to an ``nsp``-d convolution (``nn.Conv1d`` adds
    a dimension and runs ``Conv2D``, so its message counts one more)."""
    prim, want = ("Conv3D", 5) if nsp == 3 else ("Conv2D", 4)
    return ValueError(f"For primitive[{prim}], the x shape size must be equal to {want}, but got "
                      f"{x.dim() + (1 if nsp == 1 else 0)}.")

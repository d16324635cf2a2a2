"""MindSpore's PyNative mutation model on PyTorch's autograd: ``y[i] = v``, ``y.add_(u)``, ``assign_value`` ...

Measured on MindSpore 2.10 (tests/semantics/mutation_forms.py, tools/reference/gen_mutation.py): a mutation of a
tensor that autograd has already used is not an error. The new value is what later ops see, *and* what the
backward of an earlier op that saved the tensor as an *input* sees (``a = y * y; y[0] = 0``: ``a``'s gradient
uses the new ``y``), while an earlier op that saved the tensor as its *output* keeps the old value
(``y = relu(x); y[0] = 0``: ReLU's backward masks with the old ``y``). PyTorch raises instead ("modified by an
inplace operation") when the backward runs.

PyTorch has the pieces to do exactly what MindSpore does, at a copy only where autograd needs one:

* the mutation runs as PyTorch's own in-place op, so autograd records it (``CopySlices``, ``AddBackward`` ...)
  and gradients reach the written values and the unwritten part;
* before it, a non-leaf tensor that requires grad gets fresh storage holding the same values
  (``Tensor.data = clone``, which keeps the tensor object, its autograd history and its version counter): an
  op that saved it as its output holds the old storage (PyTorch saves outputs as a separate alias), an op that
  saved it as an input holds the tensor itself and sees the write;
* after it, the tensor's version counter is set back (``torch._C._autograd._unsafe_set_version_counter``, the
  one private function used here, found at import; without it mutations behave as in plain PyTorch), so the
  backward of the ops that saved it does not refuse to run.

A tensor that autograd does not need (grad mode off, or neither it nor anything holding it records gradients)
takes PyTorch's in-place op directly: no copy, no version change. A leaf that requires grad (the input of
``ms.grad``) raises PyTorch's ``RuntimeError``, as MindSpore raises ``RuntimeError`` ("Can not modify tensor
id of input tensor").
A Parameter is written without autograd history (``write_untracked``), as MindSpore's Parameter writes and
Parameter-updating primitives (``ops.assign``, ``ops.scatter_update`` ...) carry no gradient. A view (``y = b[0]``) is written through to its base, as in MindSpore; it keeps its base's storage.

Under ``torch.compile`` (``ms.jit``) the same three steps are traced (``mutate_traced``): TorchDynamo traces the
fresh storage as ``Tensor.set_`` of a clone under ``no_grad`` (what it emits for ``Tensor.data = ...``), the write
as PyTorch's in-place op, and the version counter reset as its own traceable
``_unsafe_set_version_counter``. AOTAutograd functionalises the writes (the compiled graph holds no in-place op
and no version bookkeeping; the clone is the only cost) and its backward sees what the eager backward sees.
"""
from __future__ import annotations

import torch

from .._torch_seam import DisableTorchFunctionSubclass, set_version_counter

__all__ = ["mutate", "mutate_traced", "write_tracked", "write_tracked_traced", "write_untracked",
           "write_untracked_traced", "traced_base_of_alias", "INPLACE_METHOD_NAMES", "SET_VERSION"]

# MindSpore 2.10's public Tensor methods named ``*_`` that change values (tests/semantics/test_mutation_forms.py
# checks this list against ``dir(mindspore.Tensor)`` as stored by tools/reference/gen_mutation.py).
INPLACE_METHOD_NAMES = ("add_", "addmm_", "bernoulli_", "clamp_", "copy_", "div_", "erfinv_", "exp_",
                        "exponential_", "fill_", "fill_diagonal_", "floor_", "floor_divide_", "index_add_",
                        "index_copy_", "index_fill_", "index_put_", "log_", "masked_fill_", "masked_scatter_",
                        "mul_", "normal_", "put_", "random_", "remainder_", "scatter_", "scatter_add_",
                        "sigmoid_", "sign_", "sub_", "tanh_", "uniform_", "zero_")

SET_VERSION = set_version_counter
_data_set = torch.Tensor.data.__set__
_clone = torch.Tensor.clone
_PlainTensor = torch.Tensor
_version = torch.Tensor._version.__get__
_requires_grad = torch.Tensor.requires_grad.__get__
_is_leaf = torch.Tensor.is_leaf.__get__
_base = torch.Tensor._base.__get__
_use_count = torch.Tensor._use_count


def mutate(t, op, *args):
    """Run the in-place ``op(t, *args)`` (subclass dispatch off) with MindSpore's meaning under autograd
    (module docstring). The caller has checked that grad mode is on and that this is not traced code."""
    if SET_VERSION is None:
        return op(t, *args)
    if _requires_grad(t):
        if _is_leaf(t):
            if isinstance(t, torch.nn.Parameter):
                return write_untracked(t, op, *args)
            return op(t, *args)  # PyTorch's RuntimeError for a leaf that requires grad (MindSpore: RuntimeError)
        ver = _version(t)
        if _base(t) is None:
            with DisableTorchFunctionSubclass():
                _data_set(t, _clone(t.detach()))
        ret = op(t, *args)
    elif _use_count(t) > 1:  # possibly saved by an op for its backward (a constant multiplied by a weight)
        ver = _version(t)
        ret = op(t, *args)
    else:
        return op(t, *args)
    SET_VERSION((t,), (ver,))
    return ret


def mutate_traced(t, op, *args):
    """``mutate`` as TorchDynamo traces it (``torch.compile``, grad mode on): the same steps written with
    what Dynamo can put in a graph (module docstring). ``op`` runs with subclass dispatch off."""
    if SET_VERSION is None:
        return op(t, *args)
    with DisableTorchFunctionSubclass():
        if t.requires_grad and t.is_leaf:
            if isinstance(t, torch.nn.Parameter):
                return write_untracked_traced(t, op, *args)
            return op(t, *args)  # PyTorch's RuntimeError, as eager
        ver = t._version
        if t.requires_grad and traced_base_of_alias(t) is t:  # not a view
            with torch.no_grad():
                t.set_(t.clone())  # ops that saved ``t`` as their output keep the old storage
            SET_VERSION((t,), (ver,))  # ``set_`` counts as a write (``Tensor.data = ...`` does not)
        ret = op(t, *args)
        SET_VERSION((t,), (ver,))
    return ret


def traced_base_of_alias(t):
    """The tensor whose storage ``t`` views, or ``t`` itself, as TorchDynamo can trace it (it refuses
    ``_base`` on a Tensor subclass, not on a plain alias)."""
    with DisableTorchFunctionSubclass():
        return torch.Tensor.view_as(t, t)._base


def write_untracked_traced(t, op, *args):
    """``write_untracked`` as TorchDynamo traces it (``torch.compile``)."""
    with DisableTorchFunctionSubclass():
        ver = t._version
        with torch.no_grad():
            ret = op(t, *args)
        if SET_VERSION is not None:
            SET_VERSION((t,), (ver,))
    return ret


def write_tracked(t, op, *args):
    """``op(t, *args)``, an in-place write into ``t`` that autograd records, on ``t``'s own storage, with ``t``'s
    version counter kept: every op that saved ``t`` for its backward, as its input or as its output, sees the new
    value (MindSpore's ``ops.assign_add``/``assign_sub`` on a Tensor, measured: ``y = relu(x)`` then
    ``assign_sub(y, v)`` masks ReLU's gradient with the new ``y``)."""
    ver = _version(t)
    ret = op(t, *args)
    if SET_VERSION is not None:
        SET_VERSION((t,), (ver,))
    return ret


def write_tracked_traced(t, op, *args):
    """``write_tracked`` as TorchDynamo traces it (``torch.compile``)."""
    with DisableTorchFunctionSubclass():
        ver = t._version
        ret = op(t, *args)
        if SET_VERSION is not None:
            SET_VERSION((t,), (ver,))
    return ret


def write_untracked(t, op, *args):
    """``op(t, *args)``, an in-place write into ``t``, without autograd history, and ``t``'s version counter
    kept, so the backward of ops that saved ``t`` as an input runs and sees the new value (MindSpore's meaning of
    a write into a Parameter and of ``ops.assign``/``ops.scatter_*``, measured)."""
    ver = _version(t)
    with torch.no_grad():
        ret = op(t, *args)
    if SET_VERSION is not None and _version(t) != ver:
        SET_VERSION((t,), (ver,))
    return ret

"""What ``torch.compile`` needs to trace MindSpore ``Tensor`` code faithfully (no MindSpore counterpart).

ms_compat's ``Tensor`` is a ``torch.Tensor`` subclass whose ``__torch_function__`` keeps every op
result a MindSpore ``Tensor``; under ``torch.compile`` TorchDynamo inlines that ``__torch_function__``.
Two places where PyTorch 2.13 gets this wrong are set right here, once, when ms_compat is imported:

* **Functions PyTorch lists as not overridable although they are.** ``torch.overrides`` keeps a set
  of functions "that cannot be overridden by ``__torch_function__``", and TorchDynamo trusts it: a
  function in that set is put into the graph without consulting ``__torch_function__``, so its result
  is a plain ``torch.Tensor``. A few Python-level functions in the set do dispatch in eager mode
  (``F.hardswish``, ``F.hardsigmoid`` call ``handle_torch_function``; ``F.sigmoid``, ``F.tanh`` and
  the ``F.upsample*`` family call Tensor methods or ``interpolate``, which dispatch). Compiled code
  then silently changed meaning after them: ``F.hardswish(x * 3).std()`` gave torch's unbiased std
  under ``torch.compile`` and MindSpore's population std in eager mode. These functions are taken out
  of the ignored set (before TorchDynamo reads it, or added to its own set if it already did), so
  TorchDynamo dispatches them to ``__torch_function__`` exactly as eager mode does.
* **The custom-op aliasing debug check** (``torch._functorch.config.check_custom_op_aliasing``) rejects
  tensor-subclass graph inputs on the first call of a compiled graph ("Multiple dispatch failed for
  aten.mm.out", pytorch/pytorch#193932, fixed upstream by #193968). It is turned off so that plain
  ``torch.compile(cell)`` works with MindSpore Tensors; only that custom-op aliasing warning is lost.
  ``MS_COMPAT_KEEP_ALIAS_CHECK=1`` keeps it (``ms.jit`` and GRAPH_MODE still turn it off when used).

* **Augmented assignment.** MindSpore's ``a += b`` rebinds ``a`` to a new tensor (``Tensor.__iadd__``
  returns ``a + b``). TorchDynamo does not call a subclass's ``__iadd__``: it dispatches ``operator.iadd``
  to ``__torch_function__`` as ``Tensor.add_`` (its table ``BUILTIN_TO_TENSOR_FN_MAP``), which would
  mutate in place and change aliases, and cannot be told apart from a real ``x.add_(b)``. The table's
  entries for the twelve augmented operators are pointed at small functions that do what eager mode
  does: the out-of-place operator for a MindSpore Tensor on the left, the in-place one otherwise. The
  table lives in a module that costs 1 s to import, so it is edited when TorchDynamo imports it.

None replaces a PyTorch function: they edit PyTorch's tables (data) and set a config flag.
"""
from __future__ import annotations

import operator
import os
import sys

import torch

from .after_import import after_import

__all__ = ["dispatching_python_functions", "allow_subclass_graph_inputs", "route_ignored_functions",
           "route_augmented_assignment"]


def dispatching_python_functions() -> set:
    """The functions that ``torch.overrides.get_ignored_functions()`` lists although, in eager mode, a
    call with a MindSpore Tensor reaches ``__torch_function__`` (directly or through the Tensor method
    or functional they call)."""
    F = torch.nn.functional
    names = ("hardswish", "hardsigmoid", "sigmoid", "tanh", "upsample", "upsample_nearest", "upsample_bilinear")
    return {getattr(F, n) for n in names if hasattr(F, n)}


def route_ignored_functions() -> None:
    """Make TorchDynamo dispatch :func:`dispatching_python_functions` to ``__torch_function__``."""
    import torch.overrides as overrides
    funcs = dispatching_python_functions()
    ignored = overrides.get_ignored_functions()  # functools.cache: the one set everybody reads
    for fn in funcs:
        ignored.discard(fn)
    # Already computed before ms_compat was imported (rare): extend the cached results as well.
    computed = getattr(overrides._get_overridable_functions, "cache_info", None)
    if computed is not None and computed().currsize:
        by_namespace = overrides._get_overridable_functions()[0]  # namespace object -> functions
        for fn in funcs:
            listed = by_namespace[torch.nn.functional]
            if fn not in listed:
                listed.append(fn)
    dynamo_torch = sys.modules.get("torch._dynamo.variables.torch")
    if dynamo_torch is not None and hasattr(dynamo_torch, "get_overridable_functions"):
        dynamo_torch.get_overridable_functions().update(funcs)


def allow_subclass_graph_inputs(force: bool = False) -> None:
    """Turn off PyTorch's custom-op aliasing debug check (see the module docstring); with
    ``MS_COMPAT_KEEP_ALIAS_CHECK=1`` only when ``force`` (``ms.jit``/GRAPH_MODE, whose graphs that start
    after a graph break receive MindSpore Tensors as inputs)."""
    if os.environ.get("MS_COMPAT_KEEP_ALIAS_CHECK") and not force:
        return
    try:
        import torch._functorch.config as fconfig
    except ImportError:  # pragma: no cover
        return
    if getattr(fconfig, "check_custom_op_aliasing", False):
        fconfig.check_custom_op_aliasing = False


_AUGMENTED = {operator.iadd: operator.add, operator.isub: operator.sub, operator.imul: operator.mul,
              operator.itruediv: operator.truediv, operator.ifloordiv: operator.floordiv,
              operator.imod: operator.mod, operator.ipow: operator.pow, operator.imatmul: operator.matmul,
              operator.iand: operator.and_, operator.ior: operator.or_, operator.ixor: operator.xor,
              operator.ilshift: operator.lshift, operator.irshift: operator.rshift}
_DYNAMO_BUILTIN = "torch._dynamo.variables.builtin"


def _augmented(inplace, binary, ms_tensor):
    def augmented(a, b):
        return binary(a, b) if isinstance(a, ms_tensor) else inplace(a, b)
    augmented.__name__ = augmented.__qualname__ = f"ms_compat_{inplace.__name__}"
    return augmented


def _patch_builtin_table(module, ms_tensor) -> None:
    module.populate_builtin_to_tensor_fn_map()  # fills the table once; it is not refilled afterwards
    for inplace, binary in _AUGMENTED.items():
        module.BUILTIN_TO_TENSOR_FN_MAP[inplace] = _augmented(inplace, binary, ms_tensor)


def route_augmented_assignment(ms_tensor) -> None:
    """Make compiled ``a += b`` (and the other eleven) on ``ms_tensor`` rebind as in eager mode."""
    after_import(_DYNAMO_BUILTIN, lambda module: _patch_builtin_table(module, ms_tensor),
                 key=("augmented assignment", ms_tensor))

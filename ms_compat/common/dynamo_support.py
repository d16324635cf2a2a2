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

Neither replaces a PyTorch function: the first edits PyTorch's cached override tables (data), the
second sets a config flag.
"""
from __future__ import annotations

import os
import sys

import torch

__all__ = ["dispatching_python_functions", "allow_subclass_graph_inputs", "route_ignored_functions"]


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

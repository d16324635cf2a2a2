"""``set_context(mode=GRAPH_MODE)`` for Cells: while GRAPH_MODE is on, ``Cell.__call__`` runs a top-level call
through the cell's compiled entry (``torch.compile``, see ms_compat/common/jit.py).

It lives in nn/ (it changes ``Cell``); the context (ground floor) does not import it: this module registers
:func:`_set_graph_mode` as a mode listener of :mod:`ms_compat.context` when nn is imported, and applies the
mode already set.
"""
from __future__ import annotations

import sys

import torch

from .. import context
from ..common.grad_scope import call_entry
from ..common.jit import _CompiledCall, _cell_opts, _opts_key, _state

# Cells whose construct is a Python training step (autograd.grad + optimizer updates): in GRAPH_MODE
# they run their step in Python, and the networks they call are compiled as top-level calls (forward,
# and backward through AOTAutograd). TorchDynamo cannot capture autograd.grad nor the optimizers' step
# bookkeeping in one graph.
_EAGER_STEP_CLASSES = ("ms_compat.nn.optim.optimizer:Optimizer", "ms_compat.nn.wrap.cell_wrapper:TrainOneStepCell",
                       "ms_compat.nn.wrap.cell_wrapper:WithGradCell",
                       "ms_compat.nn.wrap.cell_wrapper:ForwardValueAndGrad",
                       "ms_compat.nn.wrap.loss_scale:DynamicLossScaleUpdateCell",
                       "ms_compat.nn.wrap.loss_scale:FixedLossScaleUpdateCell")
_eager_step_cache: dict = {}


def _is_eager_step(cls) -> bool:
    r = _eager_step_cache.get(cls)
    if r is None:
        import importlib
        bases = []
        for spec in _EAGER_STEP_CLASSES:
            mod, _, name = spec.partition(":")
            try:
                bases.append(getattr(importlib.import_module(mod), name))
            except (ImportError, AttributeError):
                continue
        r = _eager_step_cache[cls] = issubclass(cls, tuple(bases)) if bases else False
    return r


def _graph_mode_call(self, *args, **kwargs):
    """``Cell.__call__`` while ``set_context(mode=GRAPH_MODE)``: a top-level call runs the cell through
    its own compiled entry; calls made while compiling (or inside a compiled call) stay plain. Training
    step cells (optimizers, TrainOneStepCell, ...) run in Python and their networks compile."""
    if torch.compiler.is_compiling() or getattr(_state, "depth", 0) or _is_eager_step(type(self)):
        return self._call_impl(*args, **kwargs)
    d = self.__dict__
    opts = _cell_opts(self)
    key = _opts_key(opts)
    entry = d.get("_ms_graph_call")
    if entry is None or entry[0] != key:
        entry = (key, _CompiledCall(self._call_impl, opts, type(self).__name__))
        d["_ms_graph_call"] = entry
    # MindSpore's rule for what records gradients applies at the compiled entry too (common/grad_scope.py)
    return call_entry(entry[1], args, kwargs, sys._getframe(1).f_globals)


_saved_call = []


def _set_graph_mode(on: bool):
    """Called by ``set_context(mode=...)``: GRAPH_MODE swaps ``Cell.__call__`` (a class attribute), so
    PYNATIVE calls keep the plain ``Cell.__call__`` with no graph-mode cost."""
    from ..nn.cell import Cell
    if on:
        if Cell.__dict__.get("__call__") is not _graph_mode_call:
            _saved_call.append(Cell.__dict__.get("__call__"))
            Cell.__call__ = _graph_mode_call
    elif Cell.__dict__.get("__call__") is _graph_mode_call:
        prev = _saved_call.pop() if _saved_call else None
        if prev is None:
            del Cell.__call__
        else:
            Cell.__call__ = prev



def _register():
    from .cell import Cell
    context._add_mode_listener(_set_graph_mode)
    if context.get_context("mode") == context.GRAPH_MODE and Cell.__dict__.get("__call__") is not _graph_mode_call:
        _set_graph_mode(True)

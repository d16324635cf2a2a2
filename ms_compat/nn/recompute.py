"""``Cell.recompute`` and ``Cell.offload`` on PyTorch's engines.

``recompute`` → ``torch.utils.checkpoint.checkpoint`` (non-reentrant) around the cell's forward:
activations computed inside the cell are not kept for backward but recomputed from the cell's
inputs when backward needs them. ``offload`` → ``torch.autograd.graph.save_on_cpu`` around the
cell's forward: the tensors autograd saves inside the cell are moved to (pinned, on CUDA) host
memory and copied back in backward.

MindSpore 2.10 rules kept (``mindspore.nn.Cell.recompute(*, use_reentrant=True,
output_recompute=False, early_stop=True, context_fn=None, **kwargs)``):

* returns ``None``; may be called again;
* configured on a parent it covers every descendant ("the interface can be configured only once":
  a descendant already covered by a recomputed ancestor is not wrapped a second time);
* ``kwargs`` accepts ``mp_comm_recompute`` and ``parallel_optimizer_comm_recompute`` (bool, else
  ``TypeError`` as in MindSpore) and ``recompute_slice_activation``; they concern auto-parallel
  communication operators / activation slicing, which have no counterpart in one PyTorch process:
  they are stored on the cell (``cell._recompute_options``) and otherwise have no effect;
  any other keyword → MindSpore's ``ValueError``;
* ``context_fn`` with ``use_reentrant=True`` → MindSpore's ``ValueError``;
* RNG state — torch's and MindSpore's streams that ms_compat reproduces (``common/op_random.py``) — is
  saved and restored around the recomputation (``preserve_rng_state``), so dropout
  draws the same mask and gradients equal the plain run;
* the cell output is not recomputed (it is the checkpoint's output, kept by whoever consumes it),
  matching MindSpore's "outputs of cell are excluded from recomputation by default".

Mapping of the 2.10 keywords (documented in migration_guides/memory.md):

* ``use_reentrant``: both values use PyTorch's **non-reentrant** checkpoint. MindSpore's reentrant
  form (a custom-bprop cell) still produces parameter gradients when no input requires grad and
  accepts keyword arguments; PyTorch's reentrant checkpoint does neither, so the non-reentrant
  engine is the one that gives MindSpore's results for both settings.
* ``early_stop`` → ``checkpoint(early_stop=...)``; ``context_fn`` → ``checkpoint(context_fn=...)``.
* ``output_recompute=True`` (MindSpore: also do not store the cell output for the next cell) has
  no PyTorch counterpart: accepted, a one-time warning says the output is stored as usual.
* Seed form ``recompute(mode=True)`` (also positional ``recompute(True)``) is accepted;
  ``mode=False`` removes recomputation from the cell and its descendants.

The wrapper is active only while autograd records (``torch.is_grad_enabled()``); inference
calls go straight to ``construct``.
"""
from __future__ import annotations

import functools
import warnings

import torch
from torch.utils.checkpoint import checkpoint

import ms_compat.common.op_random as op_random
from ..common.grad_scope import scoped

__all__ = ["cell_recompute", "cell_offload", "recompute"]

_ALLOWED = ("mp_comm_recompute", "parallel_optimizer_comm_recompute", "recompute_slice_activation")
_warned = set()


def _warn_once(key, msg):
    if key not in _warned:
        _warned.add(key)
        warnings.warn(msg, UserWarning, stacklevel=4)


class _RecomputeFactory:
    """Forward-wrapper factory for ``recompute`` (a class, so recomputed cells stay picklable)."""

    def __init__(self, early_stop, context_fn):
        self.ckpt_kwargs = {"use_reentrant": False, "early_stop": bool(early_stop)}
        self.context_fn = context_fn

    def __call__(self, cell, inner):
        # MindSpore's random streams (dropout masks, seeded ops) replay in the recomputation, as torch's do
        ckpt_kwargs = dict(self.ckpt_kwargs, context_fn=op_random.checkpoint_context_fn(self.context_fn))

        @functools.wraps(inner)
        def forward(*args, **kwargs):
            if not torch.is_grad_enabled():
                return inner(*args, **kwargs)
            # recording: the recomputation runs in backward, after the grad function's scope has closed
            return checkpoint(scoped(inner), *args, **ckpt_kwargs, **kwargs)
        return forward


def _descendants(cell):
    for _, sub in cell.cells_and_names():
        if sub is not cell and hasattr(sub, "_set_forward_wrapper"):
            yield sub


def cell_recompute(cell, *args, use_reentrant=True, output_recompute=False, early_stop=True, context_fn=None,
                   **kwargs):
    """``Cell.recompute`` (see the module docstring); returns ``None``."""
    mode = kwargs.pop("mode", True)
    if args:  # MindSpore 2.10 takes keywords only (the r1.x positional recompute(mode) is rejected there too)
        raise TypeError("too many positional arguments")
    if not isinstance(mode, bool):
        raise TypeError(f"The parameter 'mode' must be {bool}, but got {type(mode)}")
    for key in ("mp_comm_recompute", "parallel_optimizer_comm_recompute"):
        if key in kwargs and not isinstance(kwargs[key], bool):
            raise TypeError(f"The parameter '{key}' must be {bool}, but got {type(kwargs[key])}")
    for key in kwargs:
        if key not in _ALLOWED:
            raise ValueError("For 'recompute', keyword '%s' is not recognized! the key kwargs must be "
                             "'mp_comm_recompute', 'parallel_optimizer_comm_recompute', "
                             "'recompute_slice_activation'" % key)
    if not isinstance(output_recompute, bool):
        raise TypeError(f"The parameter 'output_recompute' must be {bool}, but got {type(output_recompute)}")
    if output_recompute:
        use_reentrant = False  # as in MindSpore
        _warn_once("output_recompute", "Cell.recompute(output_recompute=True): PyTorch's checkpoint has no "
                   "'do not store the cell output' mode; the output is stored as with output_recompute=False.")
    if use_reentrant and context_fn is not None:
        raise ValueError("context_fn is only supported when use_reentrant=False.")

    d = cell.__dict__
    if not mode:
        d.pop("_recompute_options", None)
        cell._set_forward_wrapper("recompute", None)
        for sub in _descendants(cell):
            sub.__dict__.pop("_recompute_covered_by", None)
        return None
    if d.get("_recompute_covered_by"):
        # MindSpore: "when the parent cell is configured, the child cell should not be configured"
        return None
    d["_recompute_options"] = {"use_reentrant": use_reentrant, "output_recompute": output_recompute,
                               "early_stop": early_stop, "context_fn": context_fn, **kwargs}
    for sub in _descendants(cell):
        sub.__dict__["_recompute_covered_by"] = True
        if "recompute" in sub.__dict__.get("_forward_wrappers", {}):
            sub._set_forward_wrapper("recompute", None)  # the ancestor's checkpoint covers it
    cell._set_forward_wrapper("recompute", _RecomputeFactory(early_stop, context_fn))
    return None


class _OffloadFactory:
    """Forward-wrapper factory for ``offload`` (a class, so offloaded cells stay picklable)."""

    def __call__(self, cell, inner):
        @functools.wraps(inner)
        def forward(*args, **kwargs):
            if not torch.is_grad_enabled():
                return inner(*args, **kwargs)
            with torch.autograd.graph.save_on_cpu(pin_memory=torch.cuda.is_available()):
                return inner(*args, **kwargs)
        return forward


def cell_offload(cell, backward_prefetch="Auto"):
    """``Cell.offload(backward_prefetch='Auto')``: keep this cell's saved activations in host memory.

    MindSpore applies it in GRAPH_MODE on Ascend only; here it works in every mode through
    ``torch.autograd.graph.save_on_cpu`` (pinned memory when CUDA is available). On a CPU-only run
    the tensors already live in host memory, so it changes nothing there. ``backward_prefetch``
    is validated as in MindSpore and stored (``cell._offload_backward_prefetch``); PyTorch copies
    each tensor back when backward unpacks it, so there is no prefetch distance to tune.
    Returns ``None``."""
    if isinstance(backward_prefetch, str):
        if backward_prefetch != "Auto":
            raise ValueError(f"For '{type(cell).__name__}', the 'backward_prefetch' must be str and must be in "
                             f"'['Auto']', but got '{backward_prefetch}'.")
    elif isinstance(backward_prefetch, bool) or not isinstance(backward_prefetch, int) or backward_prefetch < 0:
        raise ValueError(f"The input value must be int and must >= 0, but got '{backward_prefetch}' with type "
                         f"'{type(backward_prefetch).__name__}'.")
    cell.__dict__["_offload_backward_prefetch"] = backward_prefetch
    cell._set_forward_wrapper("offload", _OffloadFactory())
    return None


def recompute(block, *args, use_reentrant=True, output_recompute=False, early_stop=True, context_fn=None, **kwargs):
    """``mindspore.recompute(block, *args, ...)``: call ``block(*args, **kwargs)`` under
    ``torch.utils.checkpoint`` (non-reentrant for both ``use_reentrant`` values, as for
    :func:`cell_recompute`); returns the block's output. MindSpore's errors are kept: a non-Cell
    block with ``use_reentrant=True`` → ``TypeError``; ``context_fn`` with ``use_reentrant=True`` →
    ``ValueError``. MindSpore's ``save_rng_state`` keyword (default ``True``) maps to
    ``preserve_rng_state``."""
    from .cell import Cell

    if output_recompute:
        use_reentrant = False
    if use_reentrant and not isinstance(block, Cell):
        raise TypeError("Recompute function now only support block which inherited from Cell when use_reentrant=True!")
    if use_reentrant and context_fn is not None:
        raise ValueError("context_fn is only supported when use_reentrant=False.")
    preserve = kwargs.pop("save_rng_state", True)
    if not torch.is_grad_enabled():
        return block(*args, **kwargs)
    extra = {"context_fn": op_random.checkpoint_context_fn(context_fn)} if preserve else (
        {"context_fn": context_fn} if context_fn is not None else {})
    return checkpoint(block, *args, use_reentrant=False, early_stop=bool(early_stop), preserve_rng_state=preserve,
                      **extra, **kwargs)


# ---- nn.Cell's methods of this feature (installed on Cell by ms_compat/nn/_cell_features.py)
def _recompute(self, *args, **kwargs):
    """Mirrors ``mindspore.nn.Cell.recompute``: activation checkpointing with ``torch.utils.checkpoint``
    (see ``ms_compat/nn/recompute.py``)."""
    return cell_recompute(self, *args, **kwargs)


def _offload(self, backward_prefetch="Auto"):
    """Mirrors ``mindspore.nn.Cell.offload``: keep saved activations on the CPU (see ``ms_compat/nn/recompute.py``)."""
    return cell_offload(self, backward_prefetch)


CELL_METHODS = {"recompute": _recompute, "offload": _offload}

"""Stage-local weights under pipeline parallel: a rank holds only the parameters of its own stage.

MindSpore 2.10 compiles one graph per stage: the Python network still has every ``Parameter`` object (the
same names, shapes and dtypes in ``trainable_params()``, ``get_parameters()``, ``parameters_dict()``),
but only the parameters used by the rank's stage are initialised on the device (``param.sliced``); the
others, and their optimizer state (``moments.<name>``, created by ``ParameterTuple.clone`` with a lazy
initialiser), keep ``has_init`` and take no memory. ``save_checkpoint`` in a parallel graph-mode run skips
them (``not param.sliced or param.has_init``: ``train/serialization.py``
``_convert_cell_param_and_names_to_dict``), so each rank's file holds its stage's parameters under their
usual names, plus the scalars every stage's optimizer uses (``learning_rate``, ``global_step`` ...).

ms_compat does the same on PyTorch's data-less ``meta`` device: :func:`release_other_stages` turns every
parameter that only cells of other stages use into a ``meta`` tensor *in place*
(``torch.utils.swap_tensors``: the ``Parameter`` object, its name and its attributes stay; the memory is
returned), and optimizer state of such a parameter is released the same way (at construction, as
``zeros_like`` of a ``meta`` tensor, or at the first step when the optimizer was built earlier). Which
cells belong to a stage is decided as in ``pipeline.py`` (the tagged cells that cut the execution);
parameters of untagged cells (used by code outside the tagged cells, which runs on every stage) stay on
every rank.

A parameter used by cells of several stages (a tied embedding: the first stage's lookup and the last
stage's head) follows MindSpore's rule: it is held by every stage that uses it; the earliest of them owns
it (its checkpoint has it, its optimizer updates it) and the later ones hold a copy marked as MindSpore's
``param_info.is_pipeline_shared_param``, which their ``save_checkpoint`` and ``load_param_into_net`` skip.
MindSpore sends the owner's value to the later stages in each step and the later stages' gradient back to
the owner (Send/Receive inserted by its compiler); ``pipeline.run_pipeline`` does the same with a broadcast
from the owner at the start of each step and a sum of the gradient over the pipeline group after it.
"""
from __future__ import annotations

import warnings
import weakref

import torch

__all__ = ["release_other_stages", "param_stages", "to_meta", "is_released", "is_shared_copy", "stage_items",
           "held_parameter_bytes", "GENERATION"]

_SHARED = "_ms_pipeline_shared"  # Parameter.__dict__ key on a later stage's copy of a shared parameter
GENERATION = [0]  # bumped at each release: optimizers re-check which of their parameters are held


def is_released(t):
    """Whether ``t`` (a parameter or optimizer state) is another stage's: no data on this rank."""
    return isinstance(t, torch.Tensor) and t.is_meta


def is_shared_copy(p):
    """Whether ``p`` is a later stage's copy of a parameter shared between stages (MindSpore's
    ``is_pipeline_shared_param``): not saved, not loaded, not updated here."""
    return _SHARED in getattr(p, "__dict__", {})


def to_meta(t):
    """Release ``t``'s data in place: it becomes a ``meta`` tensor of the same shape and dtype, the same
    Python object (with its ``__dict__``). Returns ``False`` when PyTorch cannot swap it (weak references)."""
    if t.is_meta:
        return True
    from .strategy_file import register, unregister
    laid_out = unregister(t)  # a weight laid out by Cell.shard for another stage leaves this stage's strategy
    if weakref.getweakrefcount(t):
        if laid_out:
            register(t)
        return False
    kept = dict(t.__dict__)
    empty = torch.empty(tuple(torch.Tensor.size(t)), dtype=t.dtype, device="meta")
    from ..common.parameter import Parameter
    if isinstance(t, Parameter):
        empty = Parameter(empty, name=t.name, requires_grad=t.requires_grad)
    elif isinstance(t, torch.nn.Parameter):
        empty = torch.nn.Parameter(empty, requires_grad=t.requires_grad)
    else:
        empty = empty.as_subclass(type(t))
    torch.utils.swap_tensors(t, empty)
    t.__dict__.clear()
    t.__dict__.update(kept)
    return True


def param_stages(network, num_stages):
    """``{id(param): (param, set of stages whose cells use it)}`` over the cells that cut the execution."""
    from .pipeline import _stage_cells
    owner = {}
    for _, cell in _stage_cells(network, num_stages):
        s = cell.__dict__["_pipeline_stage"]
        for p in cell.get_parameters():
            owner.setdefault(id(p), (p, set()))[1].add(s)
    return owner


def release_other_stages(network, stage, num_stages):
    """Release on this rank (stage ``stage``) the parameters that only other stages use, and mark this rank's
    copies of parameters an earlier stage shares with it; returns the shared parameters as
    ``[(param, sorted stages that hold it)]`` in ``parameters_and_names`` order."""
    owner = param_stages(network, num_stages)
    shared, seen, changed = [], set(), False
    for name, p in network.parameters_and_names():
        if id(p) in seen or id(p) not in owner:
            continue
        seen.add(id(p))
        stages = owner[id(p)][1]
        if len(stages) > 1:
            shared.append((p, sorted(stages)))
            if stage in stages and stage != min(stages) and not is_shared_copy(p):
                p.__dict__[_SHARED] = True
                changed = True
        if stage in stages or p.is_meta:
            continue
        if to_meta(p):
            changed = True
        else:
            warnings.warn(f"For pipeline parallel, the parameter '{name}' of stage(s) {sorted(stages)} stays "
                          "materialised on this rank: a weak reference to it prevents releasing its data.")
    if changed:
        GENERATION[0] += 1  # optimizers built before see it at their next step
    return shared


def stage_items(items):
    """What a stage's ``save_checkpoint`` writes of a Cell's ``{name: value}``: without the released
    parameters and optimizer state (``meta``) and without the later stages' copies of shared parameters."""
    if not any(is_released(v) or is_shared_copy(v) for v in items.values()):
        return items
    return type(items)((k, v) for k, v in items.items() if not (is_released(v) or is_shared_copy(v)))


def held_parameter_bytes(module):
    """Bytes of the parameters ``module`` holds on this rank (released ones count 0), each object once."""
    seen, total = set(), 0
    for p in module.parameters():
        if id(p) in seen or p.is_meta:
            continue
        seen.add(id(p))
        total += p.numel() * p.element_size()
    return total

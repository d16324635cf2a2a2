"""Optimizer parallel: ``enable_parallel_optimizer`` (with ``parallel_optimizer_config`` /
``optimizer_weight_shard_size``) on ``torch.distributed``.

MindSpore 2.10's ``nn.Optimizer`` in data parallel with ``enable_parallel_optimizer=True`` gives the
parameters to the devices round robin (parameter ``i`` to device ``i % dev_num``:
``Optimizer._get_parameter_group_id``), each device updates only its own parameters
(``optim_filter``) and then every device broadcasts the parameters it updated
(``Optimizer.broadcast_params``). ms_compat does the same, with the optimizer's own update rule run
unchanged on the owned parameters, and frees the optimizer state (moments, ...) of the parameters a
process does not own — so each process holds about ``1/dev_num`` of the state (ZeRO stage 1, as
``torch.distributed.optim.ZeroRedundancyOptimizer``; that class is not used because it partitions by
size and drives ``torch.optim`` optimizers, while MindSpore's partition is round robin and its
optimizers are Cells called with the gradients). The broadcasts are ``torch.distributed.broadcast``
of one flattened buffer per owner and dtype.

With ``Cell.shard`` and pipeline stages: a weight cut by ``shard`` holds a different slice on each process,
so every process updates its own slice (``param_rank`` ``-1``: no owner, no broadcast) and only the whole
weights are dealt round robin; with ``pipeline_stages`` the processes of each stage share its optimizer
(``dev_num`` is at most the number of processes of a stage, whose ranks are consecutive), and with one
process per stage there is nothing to shard (``use_parallel`` stays ``False``).

``dev_num`` is ``optimizer_weight_shard_size`` when set (> 1, dividing the number of processes: the
processes are cut into consecutive groups of that size, each holding the whole state once), else the
number of processes. MindSpore's checks are kept: in ``DATA_PARALLEL`` only optimizers with
``_support_parallel_optimizer`` (``Lamb``, ``AdamWeightDecay``, ``AdaFactor``) are accepted;
``STAND_ALONE`` / ``HYBRID_PARALLEL`` raise; fewer parameters than devices raise. In
``SEMI_AUTO_PARALLEL`` / ``AUTO_PARALLEL`` MindSpore's compiler shards every optimizer; here any
optimizer is sharded as above. Differences: MindSpore allows the data-parallel form on Ascend only
(CPU and GPU are accepted here); MindSpore keeps the state of every parameter allocated in data
parallel mode, ms_compat frees what a process does not own (its checkpoint entries become empty).
"""
from __future__ import annotations

import copy

import torch
import torch.distributed as dist

from .._torch_seam import flatten_dense_tensors, unflatten_dense_tensors

__all__ = ["plan_parallel_optimizer", "sharded_step", "optimizer_state_bytes"]

_GROUPS: dict = {}  # (world, size) -> this process's group of `size` consecutive ranks


def _shard_size():
    from ..context import get_auto_parallel_context
    from ..communication.management import get_group_size
    from .pipeline import pipeline_active
    world = get_group_size()
    if pipeline_active():  # each stage shards its optimizer over the processes of the stage
        world //= get_auto_parallel_context("pipeline_stages")
    size = get_auto_parallel_context("parallel_optimizer_config")["optimizer_weight_shard_size"]
    if size == -1:
        size = get_auto_parallel_context("optimizer_weight_shard_size")
    if size in (-1, None) or size >= world:
        return world
    if world % size:
        raise ValueError(f"For 'parallel_optimizer_config', 'optimizer_weight_shard_size' ({size}) must divide the "
                         f"number of processes ({world}).")
    return size


def _block_group(size):
    world = dist.get_world_size()
    if size == world:
        return None
    key = (world, size)
    if key not in _GROUPS:
        mine = None
        for start in range(0, world, size):  # every process makes every group (torch's rule)
            g = dist.new_group(list(range(start, start + size)))
            if start <= dist.get_rank() < start + size:
                mine = g
        _GROUPS[key] = mine
    return _GROUPS[key]


def plan_parallel_optimizer(opt):
    """Mirrors ``Optimizer._use_parallel_optimizer``: sets ``use_parallel``, ``param_rank``, ``optim_filter``
    (and ``dev_num``) on a just-built optimizer."""
    from ..context import ParallelMode, get_auto_parallel_context
    from ..communication.management import _adopt_torch_group, get_group_size, get_rank
    opt.use_parallel = False
    if not get_auto_parallel_context("enable_parallel_optimizer"):
        return
    mode = get_auto_parallel_context("parallel_mode")
    if mode in (ParallelMode.STAND_ALONE, ParallelMode.HYBRID_PARALLEL):
        raise RuntimeError("For 'Optimizer', parallel optimizer is not supported in {}, you should set parallel mode "
                           "to 'data_parallel', 'semi_auto_parallel' or 'auto_parallel'.".format(mode))
    if mode == ParallelMode.DATA_PARALLEL and not opt._support_parallel_optimizer:
        raise RuntimeError("For 'Optimizer', parallel optimizer only support optimizer 'Lamb' and 'AdamWeightDecay' "
                           f"and 'AdaFactor', but got {opt.cls_name}.")
    if not _adopt_torch_group() or get_group_size() == 1:
        return
    dev_num = _shard_size()
    if dev_num == 1:  # one process per pipeline stage: nothing to shard over
        return
    if dev_num > opt.param_length:
        raise RuntimeError(f"Parallel optimizer can not be applied when the number of parameters {opt.param_length} is"
                           f" less than the number of devices {dev_num}")
    from .shard import sharded_layout
    from torch.distributed.tensor import Shard

    def cut(p):
        layout = sharded_layout(p)
        return layout is not None and any(isinstance(pl, Shard) for pl in layout[1])
    opt.use_parallel = True
    opt.dev_num = dev_num
    # weights cut by Cell.shard hold a different slice on each process: every process updates its own slice
    # (param_rank -1, no broadcast); whole weights (replicated ones of a sharded cell too) are dealt round robin
    opt.param_rank = tuple(-1 if cut(p) else i % dev_num for i, p in enumerate(opt._params_tuple))
    me = get_rank() % dev_num
    opt.optim_filter = tuple(r in (me, -1) for r in opt.param_rank)
    opt.__dict__["_shard_group"] = _block_group(dev_num)


def _local_view(opt):
    """A shallow copy of ``opt`` whose per-parameter attributes hold only this process's parameters; the
    state of the others is freed in ``opt``."""
    from ..nn.optim.optimizer import _CellSequence
    from .stage_local import is_released, is_shared_copy, to_meta
    n = opt.param_length
    params = list(opt._params_tuple)
    other_stage = {i for i, p in enumerate(params) if is_released(p) or is_shared_copy(p)}
    owned = [i for i, f in enumerate(opt.optim_filter) if f and i not in other_stage]
    param_ids = {id(p) for p in params}
    local = copy.copy(opt)
    d = local.__dict__
    held = list(opt.__dict__.items()) + list(opt._modules.items())
    held += list(opt.__dict__.get("_params_list", {}).items())  # ParameterTuple attributes of a Cell
    for k, v in held:
        if isinstance(v, _CellSequence) and len(v) == n:
            d[k] = _CellSequence([v[i] for i in owned])
        elif isinstance(v, (tuple, list)) and len(v) == n:
            d[k] = tuple(v[i] for i in owned) if isinstance(v, tuple) else [v[i] for i in owned]
            # optimizer state (one tensor per parameter, of its shape): freed for the parameters of others
            if all(isinstance(s, torch.nn.Parameter) and id(s) not in param_ids for s in v) and \
                    all(tuple(s.shape) == tuple(p.shape) for s, p in zip(v, params)):
                mine = set(owned)
                for i, s in enumerate(v):
                    if i in other_stage:  # another pipeline stage's: no state on this rank (as MindSpore)
                        to_meta(s)
                    elif i not in mine:
                        s.data = torch.empty(0, dtype=s.dtype, device=s.device)
    d["param_length"] = len(owned)
    d["optim_filter"] = (True,) * len(owned)
    d["use_parallel"] = False
    return local, owned


def _broadcast_params(opt):
    """Mirrors ``Optimizer.broadcast_params``: each owner's parameters, from the owner, one flattened
    buffer per owner and dtype."""
    group = opt.__dict__.get("_shard_group")
    base = dist.get_rank() - dist.get_rank() % opt.dev_num
    from .stage_local import is_released
    params = [p.detach().as_subclass(torch.Tensor) for p in opt._params_tuple]
    for root in range(opt.dev_num):
        mine = [p for p, r in zip(params, opt.param_rank) if r == root and not is_released(p)]
        for dtype in dict.fromkeys(p.dtype for p in mine):
            same = [p for p in mine if p.dtype == dtype]
            flat = flatten_dense_tensors(same)
            dist.broadcast(flat, src=base + root, group=group)
            if base + root != dist.get_rank():
                for p, v in zip(same, unflatten_dense_tensors(flat, same)):
                    p.copy_(v)


def sharded_step(opt, construct, gradients):
    """Run ``construct`` (the optimizer's update rule) on this process's parameters, then broadcast."""
    from .stage_local import GENERATION
    view = opt.__dict__.get("_shard_view")
    if view is None or view[0] != GENERATION[0]:  # (again after pipeline stages released parameters)
        view = opt.__dict__["_shard_view"] = (GENERATION[0],) + _local_view(opt)
    _, local, owned = view
    grads = tuple(gradients)
    if len(grads) != opt.param_length:
        opt._check_gradients(grads)
    result = construct(local, tuple(grads[i] for i in owned))
    if opt.use_parallel:
        _broadcast_params(opt)
    return result


def optimizer_state_bytes(opt):
    """Bytes of an optimizer's state tensors (its Parameters other than the parameters it updates, the
    learning rates and the step counter) held by this process."""
    params = {id(p) for p in opt._params_tuple}
    total = 0
    for name, p in opt.named_parameters():
        if id(p) in params or p.numel() <= 1 or p.is_meta:
            continue
        total += p.numel() * p.element_size()
    return total

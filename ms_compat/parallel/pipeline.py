"""Pipeline parallel (``pipeline_stages``, ``Cell.pipeline_stage``, ``nn.PipelineCell``) on
``torch.distributed.pipelining``.

MindSpore compiles the whole network and cuts the graph at the stages given by ``cell.pipeline_stage``;
each rank then runs only its stage, micro-batch after micro-batch, sending activations forward and
gradients back (1F1B or GPipe order). ms_compat keeps the network as Python code and cuts its
*execution* instead (PyTorch's "manual split"): every rank builds the whole network, then releases the
weights of the other stages (``stage_local.py``: data-less ``meta`` tensors, as MindSpore's stage never
initialises them), and a stage module runs the network's ``construct`` in which

* cells tagged with an earlier stage are not run: they return placeholders of the right shape (found by
  running the cell on PyTorch's data-less ``meta`` device) marked so that no value derived from them can
  be used by mistake;
* the first cell of this rank's stage gets, instead of its locally computed inputs, the tensors the
  previous stage sent (the inputs that cell had on the previous rank);
* at the first cell of a later stage the run stops and that cell's tensor inputs are this stage's
  output (sent to the next stage).

Code outside tagged cells runs on every stage (it is usually cheap: masks, reshapes); the loss after the
last tagged cell belongs to the last stage. The stage module is wrapped in ``PipelineStage`` and driven
by ``Schedule1F1B`` or ``ScheduleGPipe`` (``pipeline_config['pipeline_scheduler']``) with
``scale_grads=False``: as in MindSpore the loss of a step is the *sum* of the micro-batch losses and the
gradients are summed over micro-batches.

``PipelineCell`` calls :func:`run_pipeline`, which runs the schedule (forward and backward of every
micro-batch), then returns the summed loss as a tensor whose backward hands out the gradients the
schedule computed: ``TrainOneStepCell``, ``ops.value_and_grad`` and ``loss.backward()`` therefore work
unchanged. Rank ``r`` is in stage ``r // (world / pipeline_stages)``; the ranks at the same position of
every stage form the pipeline group. With several processes per stage, these are data-parallel replicas
of the stage when each passes its own part of the batch: the gradients of the stage's weights are
averaged over the stage's processes during the schedule's backward (``stage_grad_reduce.py``: bucketed
asynchronous all-reduces started as the weights' gradients become final; weights laid out by
``Cell.shard`` are left out, DTensor reduced theirs) and the loss is averaged after it, which then is the global
batch's on every process (with the whole batch on every process, as under ``Cell.shard``, the average
changes nothing). See migration_guides/parallel.md.
"""
from __future__ import annotations

import torch
import torch.distributed as dist
from .._torch_seam import DisableTorchFunctionSubclass, tree_flatten, tree_map, tree_unflatten

from ..common.tensor import EveryOpDispatched, Tensor, as_ms, to_torch

__all__ = ["pipeline_active", "stage_info", "run_pipeline", "install_stage_wrappers"]

_MS_ONLY_SCHEDULERS = ("seqpipe", "seqvpp", "seqsmartvpp", "zero_bubble_v")


class _StageEnd(Exception):
    """Raised inside ``construct`` at the first cell of the next stage; carries its tensor inputs."""

    def __init__(self, tensors):
        super().__init__("pipeline stage end")
        self.tensors = tensors


class _Skipped(Tensor):
    """A value computed by a cell of an earlier stage on this rank (zeros of the right shape): every op on
    it gives a ``_Skipped`` again, so a use of such a value in this stage is detected, never silent."""

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        ret = Tensor.__torch_function__(func, types, args, kwargs or {})
        with DisableTorchFunctionSubclass():
            return tree_map(lambda t: t.as_subclass(_Skipped) if isinstance(t, torch.Tensor)
                            and not isinstance(t, _Skipped) else t, ret)


def _is_skipped(x):
    return any(isinstance(t, _Skipped) for t in tree_flatten(x)[0])


# ------------------------------------------------------------------------------------------------ context
def _ctx(key):
    from ..context import get_auto_parallel_context
    return get_auto_parallel_context(key)


def pipeline_active():
    """True when ``PipelineCell`` runs as a pipeline: ``pipeline_stages > 1`` in semi-auto/auto parallel
    mode with the processes initialised (MindSpore ignores stages in the other modes)."""
    from ..communication.management import _adopt_torch_group
    from ..context import ParallelMode
    if _ctx("pipeline_stages") <= 1:
        return False
    if _ctx("parallel_mode") not in (ParallelMode.SEMI_AUTO_PARALLEL, ParallelMode.AUTO_PARALLEL):
        return False
    return _adopt_torch_group()


_groups: dict = {}


def stage_info():
    """``(stage, num_stages, pipeline ProcessGroup, ranks of that group)`` of this process."""
    stages = _ctx("pipeline_stages")
    world, rank = dist.get_world_size(), dist.get_rank()
    if world % stages:
        raise ValueError(f"For pipeline parallel, the number of processes ({world}) must be divisible by "
                         f"pipeline_stages ({stages}).")
    per_stage = world // stages
    key = (world, stages)
    if key not in _groups:  # every rank creates every pipeline group, in the same order
        import datetime
        from ..communication.management import comm_timeout
        timeout = datetime.timedelta(seconds=comm_timeout())  # a lost stage fails the others, never hangs
        made = {}
        for pos in range(per_stage):
            ranks = [pos + k * per_stage for k in range(stages)]
            made[pos] = (dist.new_group(ranks, timeout=timeout) if per_stage > 1 else dist.group.WORLD, ranks)
        for k in range(stages):  # the processes of one stage: its data-parallel group
            made[("stage", k)] = (dist.new_group(list(range(k * per_stage, (k + 1) * per_stage)), timeout=timeout)
                                  if per_stage > 1 else None)
        _groups[key] = made
    group, ranks = _groups[key][rank % per_stage]
    return rank // per_stage, stages, group, ranks


def stage_group():
    """The process group of this process's stage (its ``world / pipeline_stages`` processes), ``None`` when
    each stage has one process."""
    stage, stages, _, _ = stage_info()
    return _groups[(dist.get_world_size(), stages)][("stage", stage)]


def _scheduler():
    cfg = _ctx("pipeline_config")
    name = cfg.get("pipeline_scheduler", "1f1b")
    if name in _MS_ONLY_SCHEDULERS:
        from ..porting._missing import MissingAPIError
        raise MissingAPIError(f"pipeline_scheduler '{name}' (MindSpore's Ascend scheduler) is not provided by "
                              "ms_compat: use '1f1b' or 'gpipe' (torch.distributed.pipelining Schedule1F1B / "
                              "ScheduleGPipe).", path="mindspore.set_auto_parallel_context")
    from torch.distributed.pipelining import Schedule1F1B, ScheduleGPipe
    return ScheduleGPipe if name == "gpipe" else Schedule1F1B


# ------------------------------------------------------------------------------------------------ stage split
def _stage_cells(network, num_stages):
    """The cells whose ``pipeline_stage`` cuts the execution: tagged cells with no tagged descendant of
    another stage (a tagged container of several stages only groups them)."""
    tagged = [(name, c) for name, c in network.cells_and_names() if "_pipeline_stage" in c.__dict__]
    if not tagged:
        raise ValueError("For pipeline parallel, no cell of the network has 'pipeline_stage' set: set "
                         "cell.pipeline_stage = k on the cells of each stage.")
    out = []
    for name, c in tagged:
        s = c.__dict__["_pipeline_stage"]
        if s >= num_stages:
            raise ValueError(f"For pipeline parallel, cell '{name}' has pipeline_stage {s}, which must be smaller "
                             f"than pipeline_stages ({num_stages}).")
        mixed = any("_pipeline_stage" in d.__dict__ and d.__dict__["_pipeline_stage"] != s
                    for _, d in c.cells_and_names() if d is not c)
        if not mixed:
            out.append((name, c))
    used = {c.__dict__["_pipeline_stage"] for _, c in out}
    missing = sorted(set(range(num_stages)) - used)
    if missing:
        raise ValueError(f"For pipeline parallel, no cell is in stage(s) {missing} of pipeline_stages={num_stages}.")
    return out


def install_stage_wrappers(network, num_stages):
    """Put the stage-cutting wrapper on the cells that cut ``network`` into ``num_stages`` stages (it does
    nothing outside a stage module's call)."""
    for name, c in _stage_cells(network, num_stages):
        c._set_forward_wrapper("pipeline_stage", _make_stage_wrapper(name))


class _Execution:
    """State of one stage-module call (one micro-batch on this rank)."""

    def __init__(self, stage, recv, device):
        self.stage = stage
        self.device = device
        self.recv = recv  # tensors from the previous stage (None on stage 0)
        self.current = 0
        self.started = stage == 0
        self.meta_depth = 0


_active: list = []  # the running _Execution (a stack: one level)


def _meta_outputs(cell, args, kwargs):
    """Zeros shaped like the output of ``cell`` on these inputs (marked ``_Skipped``); the shapes come from
    running the cell on the ``meta`` device (no data), once per input signature."""
    leaves, spec = tree_flatten((args, kwargs))
    key = tuple((tuple(t.shape), t.dtype) if isinstance(t, torch.Tensor) else repr(t) for t in leaves)
    cache = cell.__dict__.setdefault("_ms_pipeline_shapes", {})
    hit = cache.get(key)
    if hit is None:
        meta_leaves = [as_ms(torch.empty(t.shape, dtype=t.dtype, device="meta")) if isinstance(t, torch.Tensor)
                       else t for t in leaves]
        m_args, m_kwargs = tree_unflatten(meta_leaves, spec)
        from .shard import _bypass, sharded_layout
        state = {}
        for k, v in cell.state_dict(keep_vars=True).items():
            lay = sharded_layout(v) if isinstance(v, torch.nn.Parameter) else None
            state[k] = torch.empty(lay[2] if lay else v.shape, dtype=v.dtype, device="meta")  # whole shapes
        ex = _active[-1]
        ex.meta_depth += 1
        _bypass.append(1)  # Cell.shard's DTensor wrappers step aside: plain tensors of whole shape
        try:
            with torch.no_grad():
                out = torch.func.functional_call(cell, state, tuple(m_args), m_kwargs)
        finally:
            _bypass.pop()
            ex.meta_depth -= 1
        o_leaves, o_spec = tree_flatten(out)
        hit = ([(tuple(t.shape), t.dtype) if isinstance(t, torch.Tensor) else ("value", t) for t in o_leaves], o_spec)
        cache[key] = hit
    desc, o_spec = hit
    device = _active[-1].device
    vals = [torch.zeros(d[0], dtype=d[1], device=device).as_subclass(_Skipped) if d[0] != "value" else d[1]
            for d in desc]
    return tree_unflatten(vals, o_spec)


def _make_stage_wrapper(name):
    def factory(cell, inner):
        def pipeline_stage_forward(*args, **kwargs):
            if not _active or _active[-1].meta_depth:
                return inner(*args, **kwargs)
            ex = _active[-1]
            s = cell.__dict__["_pipeline_stage"]
            if s < ex.current:
                raise ValueError(f"For pipeline parallel, cell '{name}' of stage {s} runs after a cell of stage "
                                 f"{ex.current}: the stages must follow the order of execution.")
            ex.current = s
            if s < ex.stage:
                return _meta_outputs(cell, args, kwargs)
            leaves, spec = tree_flatten((args, kwargs))
            tpos = [i for i, t in enumerate(leaves) if isinstance(t, torch.Tensor)]
            if s == ex.stage:
                if not ex.started:
                    if len(tpos) != len(ex.recv):
                        raise RuntimeError(f"For pipeline parallel, cell '{name}' (first of stage {s}) got "
                                           f"{len(tpos)} tensor inputs but the previous stage sent {len(ex.recv)}.")
                    for i, r in zip(tpos, ex.recv):
                        leaves[i] = as_ms(r)
                    args, kwargs = tree_unflatten(leaves, spec)
                    ex.started = True
                elif _is_skipped(leaves):
                    raise ValueError(_cross_stage_msg(name, s))
                return inner(*args, **kwargs)
            # the first cell of a later stage: what it receives is this stage's output
            if not ex.started:
                raise ValueError(f"For pipeline parallel, no cell of stage {ex.stage} ran before cell '{name}' "
                                 f"of stage {s}.")
            tensors = [leaves[i] for i in tpos]
            if any(isinstance(t, _Skipped) for t in tensors):
                raise ValueError(_cross_stage_msg(name, s))
            raise _StageEnd(tuple(to_torch(t).contiguous() for t in tensors))
        return pipeline_stage_forward
    return factory


def _cross_stage_msg(name, s):
    return (f"For pipeline parallel, cell '{name}' of stage {s} uses a value computed by an earlier stage that "
            "is not an input of the first cell of its stage: ms_compat sends to each stage only the tensor "
            "inputs of that stage's first cell. Pass the value as an input of that cell.")


class _StageModule(torch.nn.Module):
    """One stage of the network for ``PipelineStage``: ``forward(*received, **inputs)``."""

    def __init__(self, network, stage, num_inputs):
        super().__init__()
        self.__dict__["network"] = network  # not registered: the network stays the user's
        self.stage = stage
        self.num_inputs = num_inputs

    def forward(self, *recv, **inputs):
        args = [as_ms(inputs[f"in{i}"]) for i in range(self.num_inputs)]
        ex = _Execution(self.stage, recv if self.stage > 0 else None, args[0].device if args else None)
        _active.append(ex)
        try:
            if self.stage > 0:  # values of earlier stages (``_Skipped``) must be seen by every op that uses them
                with EveryOpDispatched():
                    out = self.__dict__["network"](*args)
            else:
                out = self.__dict__["network"](*args)
        except _StageEnd as end:
            return end.tensors
        finally:
            _active.pop()
        if not ex.started:
            raise ValueError(f"For pipeline parallel, no cell of stage {self.stage} ran.")
        if _is_skipped(out):
            raise ValueError("For pipeline parallel, the network's output depends on a value of an earlier stage "
                             "that is not an input of the first cell of the last stage.")
        if not isinstance(out, torch.Tensor):
            raise TypeError(f"For 'PipelineCell', the network must return one Tensor, but got {type(out).__name__}.")
        return to_torch(out).unsqueeze(0)  # micro-batch outputs are stacked, then summed (MindSpore's Add)


def _identity_loss(output, target):
    return output[0]


def release_stage(network):
    """This rank keeps only its stage's weights (``stage_local.py``); returns the parameters shared between
    stages. Called when ``PipelineCell`` is built in a pipeline context (so that an optimizer built after it
    allocates no state for other stages) and again at the first pipeline step."""
    from .stage_local import release_other_stages
    stage, stages, _, _ = stage_info()
    return release_other_stages(network, stage, stages)


class _Runtime:
    def __init__(self, network, micro_size, inputs):
        self.stage, self.num_stages, self.group, self.ranks = stage_info()
        install_stage_wrappers(network, self.num_stages)
        self.shared = release_stage(network)
        from torch.distributed.pipelining import PipelineStage
        device = inputs[0].device if inputs else torch.device("cpu")
        self.module = _StageModule(network, self.stage, len(inputs))
        self.pstage = PipelineStage(self.module, self.stage, self.num_stages, device, group=self.group)
        self.schedule = _scheduler()(self.pstage, micro_size, loss_fn=_identity_loss, scale_grads=False)
        self.micro_size = micro_size
        self.device = device
        self.last_rank = self.ranks[-1]
        self.dp_group = stage_group()
        self.reducer = None  # StageGradReducer over dp_group, made at the first training step


def _check_inputs(inputs, micro_size):
    for x in inputs:
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"For 'PipelineCell', every input must be a Tensor (cut into micro-batches), "
                            f"but got {type(x).__name__}.")
        if x.ndim == 0 or x.shape[0] % micro_size:
            raise ValueError(f"For micro batch initialization, the 0th dimension shape of input"
                             f"({x.shape[0] if x.ndim else x.shape}) must be divided by micro size({micro_size})")


class _PipelineLoss(torch.autograd.Function):
    """The summed loss, connected to the parameters: backward gives ``grad_output × g`` to each parameter,
    ``g`` being the gradient the schedule computed for it (zeros for another stage's parameters)."""

    @staticmethod
    def forward(ctx, loss, grads, *params):
        ctx.grads = grads
        return loss.clone()

    @staticmethod
    def backward(ctx, grad_out):
        return (None, None) + tuple(None if g is None else g * grad_out.to(g.dtype) for g in ctx.grads)


def run_pipeline(owner, network, micro_size, inputs):
    """One pipeline step of ``network`` on ``inputs`` cut into ``micro_size`` micro-batches; the result
    is the sum of the micro-batch outputs on every rank of the pipeline group (broadcast from the last
    stage). With gradients enabled, the backward of the result gives each parameter the gradient the
    schedule computed (forward and backward of all micro-batches run here)."""
    _check_inputs(inputs, micro_size)
    key = tuple((tuple(x.shape), x.dtype) for x in inputs)
    cache = owner.__dict__.setdefault("_ms_pipeline_runtimes", {})
    rt = cache.get(key)
    if rt is None:
        rt = cache[key] = _Runtime(network, micro_size, inputs)
    kwargs = {f"in{i}": to_torch(x) for i, x in enumerate(inputs)}
    params = [p for p in network.parameters() if p.requires_grad]
    training = torch.is_grad_enabled() and bool(params)
    is_last = rt.stage == rt.num_stages - 1
    if rt.shared:
        _send_shared_values(rt)
    if not training:
        out = rt.schedule.eval(target=torch.zeros(micro_size), **kwargs) if is_last else rt.schedule.eval(**kwargs)
        return _broadcast_result(out.sum(0) if is_last else None, rt)
    if rt.dp_group is not None and rt.reducer is None:
        from .stage_grad_reduce import StageGradReducer
        rt.reducer = StageGradReducer(params, rt.dp_group, micro_size)
    saved = [p.grad for p in params]
    for p in params:
        p.grad = None
    try:
        losses = []
        try:
            if rt.reducer is not None:
                rt.reducer.start()  # the stage's replicas average the gradients during the backward
            if is_last:
                rt.schedule.step(target=torch.zeros(micro_size), losses=losses, return_outputs=False, **kwargs)
            else:
                rt.schedule.step(return_outputs=False, **kwargs)
            if rt.reducer is not None:
                rt.reducer.finish()
        except RuntimeError as e:
            if rt.reducer is not None:
                rt.reducer.abandon()
            cause = e.__cause__
            while cause is not None:  # a check of ours inside the stage (PipelineStage wraps it): its own type
                if isinstance(cause, (ValueError, TypeError)):
                    raise cause from e
                cause = cause.__cause__
            raise RuntimeError(f"Pipeline step failed in stage {rt.stage} (rank {dist.get_rank()}; pipeline ranks "
                               f"{rt.ranks}): {e}") from e
        grads = [p.grad for p in params]
    finally:
        for p, g in zip(params, saved):
            p.grad = g
    if rt.shared:
        _gather_shared_grads(rt, params, grads)
    grads = [torch.zeros_like(to_torch(p)) if g is None else to_torch(g) for p, g in zip(params, grads)]
    total = _sum_outputs([to_torch(x).detach() for x in losses]) if is_last else None
    if is_last and rt.dp_group is not None:  # the loss of the global batch: the mean over the replicas
        total = total.to(torch.float32) if total.dtype in (torch.float16, torch.bfloat16) else total.clone()
        dist.all_reduce(total, group=rt.dp_group)
        total = total / dist.get_world_size(rt.dp_group)
    loss = _broadcast_result(total, rt)
    return as_ms(_PipelineLoss.apply(to_torch(loss), grads, *params))


def _shared_buffer(p, rt):
    """``p``'s value as a plain contiguous tensor, or an empty one of its shape where it is released."""
    if p.is_meta:
        return torch.empty(tuple(p.shape), dtype=p.dtype, device=rt.device)
    return to_torch(p).detach().contiguous()


def _send_shared_values(rt):
    """MindSpore's Send/Receive of a shared parameter at the start of a step: the owner's value (the earliest
    stage holding it) to the later stages' copies, over the pipeline group (every rank of it takes part)."""
    with torch.no_grad():
        for p, stages in rt.shared:
            buf = _shared_buffer(p, rt)
            dist.broadcast(buf, src=rt.ranks[stages[0]], group=rt.group)
            if rt.stage in stages[1:]:
                to_torch(p).copy_(buf)


def _gather_shared_grads(rt, params, grads):
    """The gradient of a shared parameter is the sum of its stages' gradients, on its owner (MindSpore sends
    the later stages' gradients back); the later stages' copies get none (their optimizer leaves them)."""
    index = {id(p): i for i, p in enumerate(params)}
    with torch.no_grad():
        for p, stages in rt.shared:
            i = index.get(id(p))
            if i is None:
                continue
            g = grads[i]
            buf = (torch.zeros(tuple(p.shape), dtype=p.dtype, device=rt.device) if g is None
                   else to_torch(g).contiguous())
            dist.all_reduce(buf, group=rt.group)
            grads[i] = as_ms(buf) if rt.stage == stages[0] else None


def _sum_outputs(chunks):
    out = None
    for c in chunks:
        out = c if out is None else out + c
    return out


def _broadcast_result(total, rt):
    """The last stage's result on every rank of the pipeline group (shape and dtype sent first)."""
    if rt.stage == rt.num_stages - 1:
        t = to_torch(total).detach().contiguous()
        meta = [(tuple(t.shape), t.dtype)]
    else:
        meta = [None]
    dist.broadcast_object_list(meta, src=rt.last_rank, group=rt.group)
    if rt.stage != rt.num_stages - 1:
        t = torch.empty(meta[0][0], dtype=meta[0][1], device=rt.device)
    dist.broadcast(t, src=rt.last_rank, group=rt.group)
    return as_ms(t)

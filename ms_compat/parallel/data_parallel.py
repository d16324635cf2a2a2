"""Data parallel training: ``mindspore.nn.DistributedGradReducer`` on ``torch.distributed``.

In ``ParallelMode.DATA_PARALLEL`` (or ``HYBRID_PARALLEL``) each process runs the whole network on
its own part of the batch; ``TrainOneStepCell`` passes the gradients through a
:class:`DistributedGradReducer`, which all-reduces them (sum, then ``× 1/degree`` when ``mean``)
so every process applies the same update. In a job of several processes the reduction is done by
``torch.nn.parallel.DistributedDataParallel``'s reducer during the backward pass (bucketed,
overlapped with the backward; see ``ddp_reducer.py``): the reducer returns what DDP reduced for the
gradients ms_compat's differentiation returned, and all-reduces itself (one flattened buffer, in
float32, cast back) any other gradients it is given. Parameters with ``layerwise_parallel=True`` and
parameters laid out by ``Cell.shard`` / ``set_data_parallel`` (whose gradients DTensor already
reduces to their layout) are left out, as MindSpore leaves out ``is_in_pynative_shard`` parameters.
"""
from __future__ import annotations

import torch
import torch.distributed as dist

from ..communication.management import HCCL_WORLD_COMM_GROUP, _adopt_torch_group, _process_group, get_group_size
from ..nn.cell import Cell

__all__ = ["DistributedGradReducer", "make_grad_reducer", "get_parallel_mode", "get_gradients_mean",
           "get_device_num"]


def get_parallel_mode():
    """The ``parallel_mode`` of the auto-parallel context."""
    from ..context import get_auto_parallel_context
    return get_auto_parallel_context("parallel_mode")


def get_gradients_mean():
    """The ``gradients_mean`` of the auto-parallel context."""
    from ..context import get_auto_parallel_context
    return get_auto_parallel_context("gradients_mean")


def get_device_num():
    """Mirrors MindSpore's ``parallel._utils._get_device_num``: 1 in stand-alone mode, else
    ``device_num`` when it was set (≠ its default 1), else the communication group size."""
    from ..context import ParallelMode, get_auto_parallel_context
    if get_parallel_mode() == ParallelMode.STAND_ALONE:
        return 1
    device_num = get_auto_parallel_context("device_num")
    return device_num if device_num != 1 else get_group_size()


def _is_sharded(p):
    if "_ms_shard_layout" in getattr(p, "__dict__", {}):  # laid out by Cell.shard / set_data_parallel
        return True
    try:
        from torch.distributed.tensor import DTensor
    except ImportError:  # pragma: no cover
        return False
    return isinstance(p, DTensor)


class DistributedGradReducer(Cell):
    """Mirrors ``mindspore.nn.DistributedGradReducer(parameters, mean=None, degree=None, fusion_type=1,
    group=GlobalComm.WORLD_COMM_GROUP)``.

    ``construct(grads)`` takes the gradients in the order of ``parameters`` and returns them reduced:
    all-reduce sum over ``group``, then multiplied by ``1/degree`` when ``mean``. ``mean=None`` reads
    ``gradients_mean`` from the auto-parallel context; ``degree=None`` is the group size.
    ``fusion_type`` is accepted. In a job of several processes the parameters' gradients are reduced
    by DDP's bucketed reducer while ms_compat differentiates w.r.t. them (``ddp_reducer.py``); this
    call then returns those reduced gradients, and all-reduces only gradients it did not see produced
    (one flattened float32 buffer).
    """

    def __init__(self, parameters, mean=None, degree=None, fusion_type=1, group=HCCL_WORLD_COMM_GROUP):
        super().__init__(auto_prefix=False)
        self.mean = get_gradients_mean() if mean is None else mean
        if degree is None:
            degree = get_group_size(group)
        elif not isinstance(degree, int) or isinstance(degree, bool) or degree <= 0:
            raise ValueError("For 'DistributedGradReducer', parameter 'degree' in DistributedGradReducer "
                             f"should large than 0 and be int, degree: {degree}.")
        self.degree = degree
        self.group = group
        self.fusion_type = fusion_type
        parameters = list(parameters)
        self.allreduce_filter = tuple(not getattr(p, "layerwise_parallel", False) and not _is_sharded(p)
                                      for p in parameters)
        self.__dict__["_engine"] = None
        self.__dict__["own_allreduce_count"] = 0  # reductions done here (gradients DDP did not reduce)
        if _adopt_torch_group() and get_group_size(group) > 1:
            from .ddp_reducer import register
            picked = [p for p, f in zip(parameters, self.allreduce_filter)
                      if f and isinstance(p, torch.nn.Parameter) and p.requires_grad]
            if picked:
                self.__dict__["_engine"] = register(picked, self.mean, degree, _process_group(group))

    def construct(self, grads):
        single = isinstance(grads, torch.Tensor)
        seq = (grads,) if single else tuple(grads)
        if len(seq) != len(self.allreduce_filter):
            raise ValueError(f"For 'DistributedGradReducer', got {len(seq)} gradients for "
                             f"{len(self.allreduce_filter)} parameters.")
        picked = [i for i, (g, f) in enumerate(zip(seq, self.allreduce_filter))
                  if f and g is not None and not _is_sharded(g)]
        engine = self.__dict__["_engine"]
        out = list(seq)
        if engine is not None and picked:
            from ..common.tensor import as_ms
            rest = []
            for i in picked:
                red = engine.take_reduced(seq[i])
                if red is None:
                    rest.append(i)
                else:
                    out[i] = as_ms(red)
            engine.clear()
            picked = rest
            if not picked:
                return out[0] if single else tuple(out)
        if not picked or not _adopt_torch_group():
            if picked:
                raise RuntimeError("For 'DistributedGradReducer', distributed communication has not been inited: "
                                   "call ms_compat.communication.init() first.")
            return out[0] if single else tuple(out)
        from ..common.tensor import as_ms, to_torch
        with torch.no_grad():
            flat = torch.cat([to_torch(seq[i]).detach().reshape(-1).to(torch.float32) for i in picked])
            dist.all_reduce(flat, op=dist.ReduceOp.SUM, group=_process_group(self.group))
            self.__dict__["own_allreduce_count"] += 1
            if self.mean:
                flat.mul_(1.0 / self.degree)
        offset = 0
        for i in picked:
            g = seq[i]
            n = g.numel()
            out[i] = as_ms(flat[offset:offset + n].view(g.shape).to(g.dtype))
            offset += n
        return out[0] if single else tuple(out)


class _IdentityReducer(Cell):
    def construct(self, grads):
        return grads


def make_grad_reducer(parameters):
    """What ``TrainOneStepCell`` uses as ``grad_reducer``: a :class:`DistributedGradReducer` with the
    context's ``gradients_mean`` and device number in DATA_PARALLEL / HYBRID_PARALLEL mode, else an
    identity cell (MindSpore's rule)."""
    from ..context import ParallelMode
    if get_parallel_mode() in (ParallelMode.DATA_PARALLEL, ParallelMode.HYBRID_PARALLEL):
        return DistributedGradReducer(parameters, get_gradients_mean(), get_device_num())
    return _IdentityReducer()

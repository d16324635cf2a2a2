"""``mindspore.parallel.distributed.DistributedDataParallel`` on ``torch.distributed``.

MindSpore's PyNative data-parallel wrapper: gradients of the wrapped Cell's parameters are
all-reduced over the data-parallel group during backward and scaled by ``1/group size``. Here the
reduction is ``torch.nn.parallel.DistributedDataParallel``'s C++ reducer (``ddp_reducer.py``, the
engine ``DistributedGradReducer`` uses, in its ``reduced`` form): gradient buckets of
``bucket_cap_mb`` (25 MB by default) are all-reduced asynchronously as soon as each is ready,
overlapping the rest of the backward. The wrapper's forward prepares DDP for the backward of its
outputs, so the reduction happens for ``loss.backward()`` and for ms_compat's differentiation
(``ops.value_and_grad``, ``ops.grad``, ``GradOperation``, ``TrainOneStepCell``), which return the
reduced gradients, as MindSpore's hooks do. ``find_unused_parameters`` is DDP's (a weight left out
of a step with ``False`` makes DDP raise at the next step, as PyTorch's DDP does).

Differences from MindSpore: ``torch.autograd.grad`` called directly on the outputs is not reduced
(DDP's hooks run when gradients are accumulated, as with PyTorch's own DDP) and leaves DDP waiting:
use ``ops.grad`` / ``value_and_grad``, or ``loss.backward()``; ``static_graph`` and ``reducer_mode``
are accepted and stored; ``final_grad_reduce`` does nothing (every reduction has finished when the
backward returns).
"""
from __future__ import annotations

from contextlib import contextmanager

import torch
import torch.distributed as dist

from ...communication.management import _process_group, _require_init
from ...nn.cell import Cell

__all__ = ["DistributedDataParallel"]


class DistributedDataParallel(Cell):
    """Mirrors ``mindspore.parallel.distributed.DistributedDataParallel(module, init_sync=True,
    process_group=None, bucket_cap_mb=None, find_unused_parameters=False, average_in_collective=False,
    static_graph=False, reducer_mode='CppReducer')``.

    ``init_sync`` broadcasts the parameters from the group's first rank; ``average_in_collective=True``
    sums then scales, ``False`` scales then sums (same result up to rounding); ``no_sync()`` skips the
    reduction (gradient accumulation); ``zero_grad()`` clears the parameters' ``.grad``.
    """

    def __init__(self, module, init_sync=True, process_group=None, bucket_cap_mb=None, find_unused_parameters=False,
                 average_in_collective=False, static_graph=False, reducer_mode="CppReducer"):
        super().__init__(auto_prefix=False)
        if not isinstance(module, torch.nn.Module):
            raise TypeError(f"For 'DistributedDataParallel', the 'module' must be a Cell, but got "
                            f"{type(module).__name__}.")
        if reducer_mode not in ("CppReducer", "PythonReducer"):
            raise ValueError(f"For 'DistributedDataParallel', 'reducer_mode' must be 'CppReducer' or 'PythonReducer', "
                             f"but got {reducer_mode!r}.")
        _require_init()
        self.module = module
        self.init_sync = init_sync
        self.process_group = process_group
        self.bucket_cap_mb = bucket_cap_mb
        self.find_unused_parameters = find_unused_parameters
        self.average_in_collective = average_in_collective
        self.static_graph = static_graph
        self.reducer_mode = reducer_mode
        self.sync_enabled = True
        pg = _process_group(process_group)
        self.__dict__["_pg"] = pg
        self.gradient_scaling_factor = 1.0 / dist.get_world_size(pg)
        params = [p for p in module.parameters() if p.requires_grad]
        if init_sync:
            src = dist.get_global_rank(pg, 0) if pg is not dist.group.WORLD else 0
            with torch.no_grad():
                for p in module.parameters():
                    dist.broadcast(p.data, src=src, group=pg)
        from ..ddp_reducer import register
        self.__dict__["_engine"] = register(
            params, True, dist.get_world_size(pg), pg, reduced=True, scale_first=not average_in_collective,
            bucket_cap_mb=bucket_cap_mb, find_unused=bool(find_unused_parameters)) if params else None

    def construct(self, *inputs, **inputs_dict):
        out = self.module(*inputs, **inputs_dict)
        engine = self.__dict__["_engine"]
        if engine is None or not self.sync_enabled or not torch.is_grad_enabled():
            return out
        from ...common.tensor import as_ms
        from ..._torch_seam import tree_map
        # DDP's forward on the outputs: its reducer waits for their backward (returned unchanged)
        return tree_map(lambda t: as_ms(t) if isinstance(t, torch.Tensor) else t, engine.prepare(out))

    def zero_grad(self, set_to_none=True):
        """Clear the gradients accumulated on the wrapped Cell's parameters."""
        self.module.zero_grad(set_to_none=set_to_none)

    def final_grad_reduce(self):
        """Nothing left to reduce: every gradient was all-reduced when it was produced."""
        return None

    @contextmanager
    def no_sync(self):
        """Inside this context gradients are not all-reduced (for gradient accumulation)."""
        self.sync_enabled = False
        engine = self.__dict__["_engine"]
        if engine is not None:
            engine.enabled = False
        try:
            yield
        finally:
            self.sync_enabled = True
            if engine is not None:
                engine.enabled = True

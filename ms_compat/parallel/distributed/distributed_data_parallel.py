"""``mindspore.parallel.distributed.DistributedDataParallel`` on ``torch.distributed``.

MindSpore's PyNative data-parallel wrapper: gradients of the wrapped Cell's parameters are
all-reduced over the data-parallel group during backward and scaled by ``1/group size``. Here each
trainable parameter gets a tensor hook (``Tensor.register_hook``) that all-reduces its gradient, so
the reduction happens both for ``loss.backward()`` and for ``ms_compat.value_and_grad`` /
``torch.autograd.grad`` (which ``torch.nn.parallel.DistributedDataParallel`` does not cover).

Differences from MindSpore: no gradient buckets (one all-reduce per parameter, issued as its gradient
is ready); ``bucket_cap_mb``, ``find_unused_parameters``, ``static_graph`` and ``reducer_mode`` are
accepted and stored; ``final_grad_reduce`` does nothing (every reduction has finished when backward
returns).
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
        self.__dict__["_hook_handles"] = [p.register_hook(self._reduce_grad) for p in params]

    def _reduce_grad(self, grad):
        if not self.sync_enabled or grad is None:
            return grad
        pg = self.__dict__["_pg"]
        g = grad.detach().to(torch.float32 if grad.dtype in (torch.float16, torch.bfloat16) else grad.dtype).clone()
        if not self.average_in_collective:
            g.mul_(self.gradient_scaling_factor)
        dist.all_reduce(g, op=dist.ReduceOp.SUM, group=pg)
        if self.average_in_collective:
            g.mul_(self.gradient_scaling_factor)
        return g.to(grad.dtype)

    def construct(self, *inputs, **inputs_dict):
        return self.module(*inputs, **inputs_dict)

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
        try:
            yield
        finally:
            self.sync_enabled = True

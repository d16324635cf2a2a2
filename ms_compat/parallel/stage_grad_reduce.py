"""The mean of a pipeline stage's gradients over its data-parallel replicas, overlapped with the backward.

With several processes per stage (``world / pipeline_stages``), the stage's weights get the mean of the
replicas' gradients (MindSpore's data-parallel gradient all-reduce inside a stage). The schedule runs the
backward of every micro-batch on this rank; a weight's gradient is final once the backward of the last
micro-batch that uses it has accumulated into ``.grad``. A post-accumulate-grad hook on each weight (PyTorch's
``Tensor.register_post_accumulate_grad_hook``) counts those accumulations: at the ``micro_size``-th the weight
joins the current bucket, and a bucket of :data:`BUCKET_BYTES` (DDP's first-bucket size) — or the last weight —
starts its all-reduce (``async_op=True``, one flattened float32 buffer per bucket) while the backward of the
remaining weights goes on, as DDP's reducer does. After the schedule the buckets are waited for, divided by
the number of replicas and copied back; weights used by fewer micro-batches go in one last bucket then.
Weights laid out by ``Cell.shard`` are left out (DTensor already reduced theirs over the stage) and so are the
other stages' (released) weights. The hooks do nothing outside a pipeline step.
"""
from __future__ import annotations

import torch
import torch.distributed as dist

from ..common.tensor import to_torch

__all__ = ["StageGradReducer", "BUCKET_BYTES"]

BUCKET_BYTES = 1 << 20


class StageGradReducer:
    """Bucketed, overlapped mean of the gradients of ``params`` over ``group`` during a pipeline step."""

    def __init__(self, params, group, micro_size):
        from .data_parallel import _is_sharded
        self.group = group
        self.replicas = dist.get_world_size(group)
        self.micro_size = micro_size
        self.params = [p for p in params if p.requires_grad and not p.is_meta and not _is_sharded(p)]
        self.armed = False
        self.stats = {"buckets": 0, "in_backward": 0}
        self._handles = [p.register_post_accumulate_grad_hook(self._hook) for p in self.params]

    def start(self):
        """Arm the hooks for one step."""
        self.armed = True
        self._counts, self._ready = {}, set()
        self._bucket, self._bytes, self._pending = [], 0, []
        self.stats = {"buckets": 0, "in_backward": 0}

    def _hook(self, p):
        if not self.armed:
            return
        n = self._counts[id(p)] = self._counts.get(id(p), 0) + 1
        if n != self.micro_size or id(p) in self._ready:
            return
        self._ready.add(id(p))
        self._bucket.append(p)
        self._bytes += p.grad.numel() * 4
        if self._bytes >= BUCKET_BYTES or len(self._ready) == len(self.params):
            self.stats["in_backward"] += 1
            self._launch()

    def _launch(self):
        bucket, self._bucket, self._bytes = self._bucket, [], 0
        if not bucket:
            return
        with torch.no_grad():
            flat = torch.cat([to_torch(p.grad).detach().reshape(-1).to(torch.float32) for p in bucket])
        self._pending.append((dist.all_reduce(flat, group=self.group, async_op=True), flat, bucket))
        self.stats["buckets"] += 1

    def finish(self):
        """After the schedule: the buckets not started yet, then every bucket waited for and written back
        (the mean) into the weights' ``.grad``."""
        self.armed = False
        self._bucket += [p for p in self.params if id(p) not in self._ready and p.grad is not None]
        self._launch()
        pending, self._pending = self._pending, []
        with torch.no_grad():
            for work, flat, bucket in pending:
                work.wait()
                flat.mul_(1.0 / self.replicas)
                offset = 0
                for p in bucket:
                    g = to_torch(p.grad)
                    n = g.numel()
                    g.copy_(flat[offset:offset + n].view(g.shape))
                    offset += n

    def abandon(self):
        """After a failed step: disarm and drop the buckets."""
        self.armed = False
        self._pending = []

    def remove(self):
        for h in self._handles:
            h.remove()

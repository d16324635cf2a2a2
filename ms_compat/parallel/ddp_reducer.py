"""The data-parallel gradient reduction of ``mindspore.nn.DistributedGradReducer``, run by PyTorch's
``DistributedDataParallel`` reducer during the backward pass.

MindSpore's data-parallel training differentiates the network (``GradOperation``, ``value_and_grad``,
``TrainOneStepCell``), gets each process's own gradients, and passes them to a
``DistributedGradReducer`` that all-reduces them (sum, then ``× 1/degree`` when ``mean``; in
float32). Here a ``DistributedGradReducer`` in a job of several processes registers its parameters
with a :class:`DDPGradEngine`: ``torch.nn.parallel.DistributedDataParallel`` over those parameters,
with a communication hook carrying MindSpore's rule. When ms_compat differentiates w.r.t. a list of
weights that covers the engine's parameters, it runs the backward through DDP's C++ reducer
(gradient buckets all-reduced asynchronously as soon as each bucket's gradients are ready, overlapping
the rest of the backward) instead of ``torch.autograd.grad``:

* the gradients returned by ``GradOperation`` / ``value_and_grad`` are still each process's own
  gradients (the hook copies each bucket before reducing it), as in MindSpore;
* the ``DistributedGradReducer`` that receives exactly those gradient tensors returns the values
  DDP already reduced, without a collective; gradients it did not see come from somewhere else
  (changed by the training cell before the reducer, e.g. clipped) and are all-reduced by the reducer
  itself (one flattened all-reduce), so the result is MindSpore's in both cases.

The hook reduces float16/bfloat16 buckets in float32 and casts back (MindSpore's
``gradient_fp32_sync``) and multiplies by ``1/degree`` after the sum when ``mean``. DDP is made
with ``init_sync=False`` (MindSpore's data parallel does not broadcast the weights), and with
``find_unused_parameters=True``: any step may leave any weight out, on one process or on all of them
(DDP's C++ reducer walks the step's autograd graph and marks the weights it does not reach ready with
zero gradients, so they get MindSpore's zero gradient, reduced). Parameters a reducer leaves out
(``layerwise_parallel``, laid out by ``Cell.shard``) are not given to DDP.

``reduced=True`` makes an engine for ``mindspore.parallel.distributed.DistributedDataParallel``:
there the differentiation itself returns the reduced gradients (no copies of the local ones), and
the wrapper's forward prepares DDP for the backward of its outputs so that ``loss.backward()`` is
reduced too.

Differences from MindSpore: the reduction starts during the backward, so a process pays for it even
when its training cell then never calls the reducer; the reducer and the process group are fixed when
the first differentiation runs (DDP is built then, with a collective that checks the parameters'
shapes across the processes).
"""
from __future__ import annotations

import weakref

import torch
import torch.distributed as dist

__all__ = ["DDPGradEngine", "register", "engine_grad"]

_LOW = (torch.float16, torch.bfloat16)
# id(parameter) -> (weakref to the parameter, weakref to the engine): the latest DistributedGradReducer of a
# parameter wins; the reducer owns its engine (and DDP), so both go when the reducer goes
_ENGINES: dict = {}


class _Carrier(torch.nn.Module):
    """The module DDP wraps: it holds (references to) the reducer's parameters, and its forward returns
    what it is given, so that ``ddp(outputs)`` prepares DDP's reducer for the backward of ``outputs``."""

    def __init__(self, params):
        super().__init__()
        for i, p in enumerate(params):
            self.register_parameter(f"p{i}", p)

    def forward(self, outputs):
        return outputs


def _comm_hook(engine_ref, bucket):
    """DDP communication hook: keep this process's gradients, then all-reduce (sum) the bucket —
    in float32 for half-precision buckets — and scale by ``1/degree`` when ``mean``."""
    engine = engine_ref()
    buf = bucket.buffer()
    if engine is not None and not engine.reduced:
        engine._capture(bucket, buf)
    t = buf.to(torch.float32) if buf.dtype in _LOW else buf
    scale = engine.scale if engine is not None else 1.0
    first = engine is not None and engine.scale_first
    dtype = buf.dtype
    if first and scale != 1.0:
        t = t.mul_(scale) if t is not buf else t * scale

    def done(fut):
        r = fut.value()[0]
        if scale != 1.0 and not first:
            r.mul_(scale)
        return r if r.dtype == dtype else r.to(dtype)

    return dist.all_reduce(t, group=engine.pg if engine is not None else None, async_op=True).get_future().then(done)


class DDPGradEngine:
    """DDP's reducer for the parameters of one ``DistributedGradReducer`` (see the module docstring).

    ``params``: the parameters whose gradients are all-reduced; ``mean``/``degree``: MindSpore's
    scaling (``× 1/degree`` after the sum when ``mean``); ``pg``: the process group.
    """

    def __init__(self, params, mean, degree, pg, reduced=False, scale_first=False, bucket_cap_mb=None,
                 find_unused=True):
        self.params = list(params)
        self.ids = {id(p): i for i, p in enumerate(self.params)}
        self.scale = 1.0 / degree if mean else 1.0
        self.pg = pg
        self.reduced = reduced          # the differentiation returns the reduced gradients (MindSpore's DDP)
        self.scale_first = scale_first  # x 1/degree before the sum (MindSpore DDP's average_in_collective=False)
        self.bucket_cap_mb = bucket_cap_mb
        self.find_unused = find_unused
        self.enabled = True             # False inside MindSpore DDP's no_sync()
        self.prepared = False           # DDP's reducer already waits for the backward of a forward's outputs
        self.ddp = None
        self._local = {}
        self._pending = {}
        self.backward_count = 0  # backward passes whose gradients DDP's reducer reduced

    def _make_ddp(self):
        from torch.nn.parallel import DistributedDataParallel
        extra = {} if self.bucket_cap_mb is None else {"bucket_cap_mb": self.bucket_cap_mb}
        ddp = DistributedDataParallel(_Carrier(self.params), process_group=self.pg, init_sync=False,
                                      find_unused_parameters=self.find_unused, **extra)
        ddp.register_comm_hook(weakref.ref(self), _comm_hook)
        return ddp

    def prepare(self, outputs):
        """Prepare DDP's reducer for the backward of ``outputs`` (a forward's results, returned unchanged):
        the backward, by ``loss.backward()`` or by ms_compat's differentiation, then reduces the gradients."""
        if self.ddp is None:
            self.ddp = self._make_ddp()
        self.prepared = True
        return self.ddp(outputs)

    def _capture(self, bucket, buf):
        local = buf.clone()
        base = buf.storage_offset()
        for p, g in zip(bucket.parameters(), bucket.gradients()):
            self._local[id(p)] = local.as_strided(g.shape, g.stride(), g.storage_offset() - base)

    def covers(self, targets):
        """Whether a differentiation w.r.t. ``targets`` includes every parameter of the engine."""
        ids = {id(t) for t in targets}
        return all(i in ids for i in self.ids)

    def grad(self, outputs, targets, grad_outputs):
        """``torch.autograd.grad(outputs, targets, grad_outputs, allow_unused=True)`` with the engine's
        parameters' gradients all-reduced by DDP during the backward. Returns this process's gradients
        (``None`` where a target got none); the reduced ones wait for ``take_reduced``."""
        from ..common.tensor import as_ms
        if not self.enabled:
            return list(torch.autograd.grad(outputs, targets, grad_outputs, allow_unused=True))
        if self.ddp is None:
            self.ddp = self._make_ddp()
        saved = [t.grad for t in targets]
        for t in targets:
            t.grad = None
        self._local = {}
        self._pending = {}
        try:
            with torch.enable_grad():
                # a wrapper's forward already prepared DDP for these outputs (MindSpore's DDP)
                outs = tuple(outputs) if self.prepared else self.ddp(tuple(outputs))
                self.prepared = False
                torch.autograd.backward(outs, tuple(grad_outputs), inputs=list(targets))
            got = [t.grad for t in targets]
            self.backward_count += 1
        finally:
            for t, g in zip(targets, saved):
                t.grad = g
        local, self._local = self._local, {}
        if self.reduced:
            return [torch.zeros_like(t.detach()) if g is None and id(t) in self.ids else g
                    for t, g in zip(targets, got)]
        result = []
        for t, g in zip(targets, got):
            if id(t) in self.ids:
                lg = local.get(id(t))
                if lg is None:
                    lg = torch.zeros_like(t.detach())
                if g is None:  # unused by every process: DDP leaves no gradient; MindSpore's is zeros
                    g = torch.zeros_like(t.detach())
                lg = as_ms(lg)
                self._pending[id(lg)] = (lg, g)
                result.append(lg)
            else:
                result.append(g)
        return result

    def take_reduced(self, grad):
        """The reduced gradient for ``grad`` when it is a gradient the last backward returned, else ``None``."""
        hit = self._pending.get(id(grad))
        if hit is None or hit[0] is not grad:
            return None
        return hit[1]

    def clear(self):
        self._pending = {}


def register(params, mean, degree, pg, **options):
    """Make a :class:`DDPGradEngine` for ``params`` (``options``: its keyword arguments) and route their
    differentiation through it."""
    eng = DDPGradEngine(params, mean, degree, pg, **options)
    for k in [k for k, (p, e) in _ENGINES.items() if p() is None or e() is None]:
        del _ENGINES[k]  # entries of collected parameters or reducers
    for p in eng.params:
        _ENGINES[id(p)] = (weakref.ref(p), weakref.ref(eng))
    return eng


def _engine_for(targets):
    for t in targets:
        hit = _ENGINES.get(id(t))
        if hit is not None and hit[0]() is t:
            eng = hit[1]()
            if eng is not None and eng.covers(targets):
                return eng
    return None


def engine_grad(outputs, targets, grad_outputs):
    """``torch.autograd.grad(outputs, targets, grad_outputs, allow_unused=True)`` — through DDP's reducer
    when a data-parallel ``DistributedGradReducer`` covers ``targets`` (see the module docstring)."""
    if _ENGINES:
        eng = _engine_for(targets)
        if eng is not None:
            return eng.grad(outputs, targets, grad_outputs)
    return list(torch.autograd.grad(outputs, targets, grad_outputs, allow_unused=True))

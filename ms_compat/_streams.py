"""Device streams and events (``mindspore.runtime.Stream``/``Event``/``StreamCtx``/``current_stream``…, the same
objects as ``mindspore.hal``'s), on PyTorch's streams.

On a GPU (context device ``cuda``) a :class:`Stream` is a ``torch.cuda.Stream`` and an :class:`Event` a
``torch.cuda.Event``: ``StreamCtx``/``set_cur_stream`` make PyTorch queue the following kernels on that stream,
exactly as ``torch.cuda.stream`` does. On the CPU PyTorch runs every op synchronously, in program order, on one
stream: a Stream is PyTorch's CPU stream (``torch.Stream('cpu')``), ``query()`` is True, ``synchronize()``
returns at once, and an Event records the host time at which it was recorded (all earlier work is complete by
then), so ``elapsed_time`` measures the host time between two events.

Differences from MindSpore 2.10: MindSpore's CPU build has no streams — ``current_stream()`` /
``default_stream()`` log an error and return None and ``Event()`` raises ``TypeError`` there; here they give the
CPU stream/event described above, so stream code written for a GPU also runs on the CPU. ``mindspore.hal`` and
``mindspore.runtime`` have separate stream classes in MindSpore; here they are one.
"""
from __future__ import annotations

import time

import torch

__all__ = ["Stream", "Event", "StreamCtx", "current_stream", "default_stream", "communication_stream",
           "set_cur_stream", "synchronize"]


def _on_gpu() -> bool:
    from . import context
    dev = context._default_device()
    return dev is not None and dev.type == "cuda" and torch.cuda.is_available()


def _check_int(value, name, cls):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"For '{cls}', the type of '{name}' should be 'int', but got '{type(value).__name__}'.")


class Stream:
    """Mirrors ``mindspore.runtime.Stream(priority=0, **kwargs)``: a device stream (``torch.cuda.Stream`` on a
    GPU, PyTorch's CPU stream on the CPU; see the module docstring). ``kwargs`` may carry MindSpore's ``stream``
    (an existing stream, here also a ``torch.cuda.Stream``) or ``stream_id``."""

    def __init__(self, priority=0, **kwargs):
        _check_int(priority, "priority", "Stream")
        given = kwargs.get("stream")
        if "stream_id" in kwargs:
            _check_int(kwargs["stream_id"], "stream_id", "Stream")
        if isinstance(given, Stream):
            self._torch = given._torch
        elif given is not None:
            self._torch = given
        elif _on_gpu():
            self._torch = torch.cuda.Stream(priority=priority)
        else:
            self._torch = torch.Stream(device="cpu")
        self.priority = priority

    @property
    def id(self):
        return self._torch.stream_id

    @property
    def device_id(self):
        idx = self._torch.device_index
        return 0 if idx is None or idx < 0 else idx

    @property
    def torch_stream(self):
        """The PyTorch stream underneath (an ms_compat extra)."""
        return self._torch

    def stream_id(self):
        return self.id

    def record_event(self, event=None):
        """Records ``event`` (a new :class:`Event` when None) on this stream and returns it."""
        if event is None:
            event = Event()
        if not isinstance(event, Event):
            raise TypeError(f"For 'record_event', the argument 'event' should be Event, but got {type(event)}.")
        event.record(self)
        return event

    def wait_event(self, event):
        """Makes later work queued on this stream wait for ``event``."""
        if not isinstance(event, Event):
            raise TypeError(f"For 'wait_event', the argument 'event' should be Event, but got {type(event)}.")
        event.wait(self)

    def wait_stream(self, stream):
        """Makes later work queued on this stream wait for the work queued on ``stream`` so far."""
        if not isinstance(stream, Stream):
            raise TypeError(f"For 'wait_stream', the argument 'stream' should be Stream, but got {type(stream)}.")
        self.wait_event(stream.record_event())

    def synchronize(self):
        """Waits until all work queued on this stream is complete."""
        self._torch.synchronize()

    def query(self):
        """True when all work queued on this stream is complete."""
        return bool(self._torch.query())

    def __eq__(self, other):
        if not isinstance(other, Stream):
            raise TypeError(f"For '__eq__', the argument 'other' should be Stream, but got {type(other)}.")
        return self._torch == other._torch

    def __hash__(self):
        return hash((self.id, self.device_id))

    def __repr__(self):
        name = "GPU" if self._torch.device.type == "cuda" else "CPU"
        return f"Stream(device_name={name}, device_id:{self.device_id}, stream id:{self.id})"


class Event:
    """Mirrors ``mindspore.runtime.Event(enable_timing=False, blocking=False)``: ``torch.cuda.Event`` on a GPU; on
    the CPU a host-time event (see the module docstring)."""

    def __init__(self, enable_timing=False, blocking=False):
        if not isinstance(enable_timing, bool):
            raise TypeError(f"For 'Event', the 'enable_timing' must be a bool, but got {type(enable_timing).__name__}.")
        if not isinstance(blocking, bool):
            raise TypeError(f"For 'Event', the 'blocking' must be a bool, but got {type(blocking).__name__}.")
        self.enable_timing, self.blocking = enable_timing, blocking
        self._cuda = torch.cuda.Event(enable_timing=enable_timing, blocking=blocking) if _on_gpu() else None
        self._time = None

    def _stream(self, stream, api):
        if stream is None:
            stream = current_stream()
        if not isinstance(stream, Stream):
            raise TypeError(f"For '{api}', the argument 'stream' should be Stream, but got {type(stream)}.")
        return stream

    def record(self, stream=None):
        """Records the event on ``stream`` (default: the current stream)."""
        stream = self._stream(stream, "record")
        if self._cuda is not None:
            self._cuda.record(stream._torch)
        else:
            self._time = time.perf_counter()

    def wait(self, stream=None):
        """Makes later work on ``stream`` (default: the current stream) wait for this event."""
        stream = self._stream(stream, "wait")
        if self._cuda is not None:
            self._cuda.wait(stream._torch)

    def synchronize(self):
        """Waits until the work recorded before this event is complete."""
        if self._cuda is not None:
            self._cuda.synchronize()

    def query(self):
        """True when the work recorded before this event is complete."""
        return self._cuda.query() if self._cuda is not None else True

    def elapsed_time(self, end_event):
        """Milliseconds between this event and ``end_event`` (both recorded with ``enable_timing=True``)."""
        if not isinstance(end_event, Event):
            raise TypeError(f"For 'elapsed_time', the argument 'end_event' should be Event, but got {type(end_event)}.")
        if self._cuda is not None:
            return self._cuda.elapsed_time(end_event._cuda)
        if not (self.enable_timing and end_event.enable_timing):
            raise RuntimeError("Both events must be created with argument 'enable_timing=True'.")
        if self._time is None or end_event._time is None:
            raise RuntimeError("Both events must be recorded before calculating elapsed time.")
        return (end_event._time - self._time) * 1000.0


_cpu_default = None


def _wrap(torch_stream) -> Stream:
    return Stream(stream=torch_stream)


def current_stream():
    """Mirrors ``mindspore.runtime.current_stream()``: the stream new kernels are queued on."""
    if _on_gpu():
        return _wrap(torch.cuda.current_stream())
    return default_stream()


def default_stream():
    """Mirrors ``mindspore.runtime.default_stream()``."""
    global _cpu_default
    if _on_gpu():
        return _wrap(torch.cuda.default_stream())
    if _cpu_default is None:
        _cpu_default = Stream()
    return _cpu_default


def communication_stream():
    """Mirrors ``mindspore.runtime.communication_stream()``. PyTorch's process groups choose their own internal
    streams (``torch.distributed`` work is ordered against the current stream), so this is the current stream."""
    return current_stream()


def set_cur_stream(stream):
    """Mirrors ``mindspore.runtime.set_cur_stream(stream)`` (``torch.cuda.set_stream``; a no-op for None and on the
    CPU, which has one stream)."""
    if stream is None:
        return
    if not isinstance(stream, Stream):
        raise TypeError(f"For 'set_cur_stream', the argument 'stream' should be Stream, but got {type(stream)}.")
    if _on_gpu() and stream._torch.device.type == "cuda":
        torch.cuda.set_stream(stream._torch)


def synchronize():
    """Mirrors ``mindspore.runtime.synchronize()``: waits for all streams of the device."""
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        torch.cuda.synchronize()


class StreamCtx:
    """Mirrors ``mindspore.runtime.StreamCtx(ctx_stream)``: queues the kernels of the ``with`` block on
    ``ctx_stream`` (a no-op for None), restoring the previous stream on exit."""

    ctx_attr = True

    def __init__(self, ctx_stream):
        if ctx_stream is not None and not isinstance(ctx_stream, Stream):
            raise TypeError(f"For 'StreamCtx', the argument 'ctx_stream' should be Stream, but got {type(ctx_stream)}.")
        self.stream = ctx_stream
        self.prev_stream = None

    def __enter__(self):
        if self.stream is None:
            return
        self.prev_stream = current_stream()
        set_cur_stream(self.stream)

    def __exit__(self, exc_type, exc_val, exc_tb):
        if self.stream is None:
            return
        set_cur_stream(self.prev_stream)

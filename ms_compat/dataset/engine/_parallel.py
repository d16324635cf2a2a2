"""Ordered parallel map for ``Dataset.map(num_parallel_workers=k)``.

Threads by default: the image kernels (OpenCV, numpy) release the GIL, so k threads decode/resize
in parallel without pickling rows (measured in benchmarks/bench_data.py). ``python_multiprocessing=True``
uses a ``concurrent.futures.ProcessPoolExecutor`` (forked) for pure-Python operations that hold the GIL.
At most ``prefetch`` rows are in flight; results come back in input order. A failing element raises
its original exception (noted with the element index; from a worker process, chained to the worker's
traceback, so the user's own file and line are printed as MindSpore prints them); the pool is shut down,
never left hanging.

Each process pool hands its function to its own workers when they start (``initargs``: inherited through
``fork``, never pickled), so pools that nest — a ``GeneratorDataset`` read by worker processes under a
``map`` run by worker processes — each call their own function. A worker exits within
``_PARENT_POLL_S`` when the process that forked it dies (SIGKILL, OOM killer), as MindSpore's do.
"""
from __future__ import annotations

import collections
import concurrent.futures as cf
import multiprocessing

from . import _errors

_PARENT_POLL_S = 0.5
_worker_fn = None  # set in each worker process by _proc_init, to the function of the pool that forked it


def _proc_call(row):
    return _worker_fn(row)


def _proc_init(fn, parent):
    """Runs first in each worker process: keeps the pool's function, takes one intra-op thread as
    torch.utils.data's workers do (no OpenMP pool after fork), and starts the parent watch."""
    global _worker_fn
    import sys
    import threading
    _worker_fn = fn
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(1)
    threading.Thread(target=_exit_with_parent, args=(parent,), name="ms_compat_dataset_parent_watch",
                     daemon=True).start()


def _exit_with_parent(parent):
    """A worker blocked on its queue never learns that its parent died (it holds the queue's write end
    itself): polls the parent pid and leaves when the worker has been re-parented."""
    import os
    import time
    while os.getppid() == parent:
        time.sleep(_PARENT_POLL_S)
    os._exit(1)


def ordered_map(fn, rows, workers, prefetch, where, processes=False):
    if processes:
        import os
        pool = cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=_proc_init,
                                      initargs=(fn, os.getpid()))
        call = _proc_call
    else:
        pool = cf.ThreadPoolExecutor(workers, thread_name_prefix="ms_compat_dataset")
        call = fn
    window = max(prefetch, workers)
    pending = collections.deque()
    k = 0
    try:
        it = iter(rows)
        for row in it:
            pending.append((k, pool.submit(call, row)))
            k += 1
            if len(pending) >= window:
                idx, fut = pending.popleft()
                yield _result(fut, idx, where)
        while pending:
            idx, fut = pending.popleft()
            yield _result(fut, idx, where)
    finally:
        for _, fut in pending:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def _result(fut, idx, where):
    try:
        return fut.result()
    except Exception as e:  # noqa: BLE001 - re-raised, original type, with the element named
        _errors.annotate(e, where, idx)
        raise  # keeps the chain: a worker process's traceback (the user's line) is this exception's cause


class _RemoteTraceback(Exception):
    """The traceback of a worker process, chained as the cause of the exception it raised."""

    def __init__(self, tb):
        super().__init__(tb)
        self.tb = tb

    def __str__(self):
        return self.tb


def _seed_worker(w):
    """MindSpore's ``_worker_loop``: with a dataset seed set, worker process ``w`` calls
    ``dataset.config.set_seed(seed + w)`` (Python's, numpy's and the pipeline's generators)."""
    from ..core import config
    seed = config.get_seed()
    if seed != config.DEFAULT_SEED:
        config.set_seed((seed + w) & 0xFFFFFFFF)


def _worker_state():
    import random

    import numpy as np

    from ..core import config
    return random.getstate(), np.random.get_state(), config._state["seed"], config._state.get("seed_after", 0)


def _set_worker_state(state):
    import random

    import numpy as np

    from ..core import config
    random.setstate(state[0])
    np.random.set_state(state[1])
    config._state["seed"], config._state["seed_after"] = state[2], state[3]
    config._rng_state["gen"] = None


def _dealt_worker(fn, w, state, inq, outq, parent):
    """Worker process ``w`` of ``dealt_process_map``: runs its items in order, then hands back its random state."""
    import traceback
    _proc_init(fn, parent)
    if state is None:
        _seed_worker(w)
    else:
        _set_worker_state(state)
    while True:
        item = inq.get()
        if item is None:
            outq.put(("state", _worker_state()))
            return
        try:
            outq.put(("ok", fn(item)))
        except BaseException as e:  # noqa: BLE001 - sent to the parent, re-raised there
            tb = "".join(traceback.format_exception(type(e), e, e.__traceback__))
            try:
                outq.put(("err", e, tb))
            except Exception:  # noqa: BLE001 - an exception that cannot be pickled: its text
                outq.put(("err", RuntimeError(str(e)), tb))
            return


def dealt_process_map(fn, items, workers, prefetch, where, states):
    """Ordered map over ``workers`` worker processes, each item ``(k, row, w, ...)`` run by the process ``w`` it
    names, in order (MindSpore's map deals rows to its workers in turn). Process ``w`` starts from the random
    state ``states[w]`` (Python's and numpy's global generators and the dataset seed) or, when there is none
    (a new iterator), seeds them as MindSpore's worker ``w`` does (``_seed_worker``); at the end of the epoch its
    state goes back into ``states[w]``, so the next epoch draws on, as MindSpore's long-lived workers do. Errors
    and shutdown as ``ordered_map``; a worker that dies is reported, never waited for."""
    import os
    import queue as queue_mod
    ctx = multiprocessing.get_context("fork")
    inqs = [ctx.Queue() for _ in range(workers)]
    outqs = [ctx.Queue() for _ in range(workers)]
    procs = [ctx.Process(target=_dealt_worker, args=(fn, w, states.get(w), inqs[w], outqs[w], os.getpid()),
                         daemon=True, name=f"ms_compat_dataset_worker_{w}") for w in range(workers)]
    for p in procs:
        p.start()

    def receive(w):
        while True:
            try:
                return outqs[w].get(timeout=_PARENT_POLL_S)
            except queue_mod.Empty:
                if not procs[w].is_alive():
                    raise RuntimeError(f"{where}: worker process {w} (pid {procs[w].pid}) exited unexpectedly "
                                       f"with code {procs[w].exitcode}.") from None

    def result(k, w):
        msg = receive(w)
        if msg[0] == "ok":
            return msg[1]
        exc = msg[1]
        exc.__cause__ = _RemoteTraceback(msg[2])
        _errors.annotate(exc, where, k)
        raise exc

    window = max(prefetch, workers)
    pending = collections.deque()
    finished = False
    try:
        for item in items:
            w = item[2] % workers
            inqs[w].put(item)
            pending.append((item[0], w))
            if len(pending) >= window:
                yield result(*pending.popleft())
        while pending:
            yield result(*pending.popleft())
        for q in inqs:
            q.put(None)
        for w in range(workers):
            msg = receive(w)
            if msg[0] == "state":
                states[w] = msg[1]
        finished = True
    finally:
        for p in procs:
            if not finished and p.is_alive():
                p.terminate()
            p.join(timeout=5)
            if p.is_alive():
                p.kill()
                p.join()
        for q in inqs + outqs:
            q.close()
            q.cancel_join_thread()

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

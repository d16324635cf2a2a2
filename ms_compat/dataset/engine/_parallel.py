"""Ordered parallel map for ``Dataset.map(num_parallel_workers=k)``.

Threads by default: the image kernels (OpenCV, numpy) release the GIL, so k threads decode/resize
in parallel without pickling rows (measured in benchmarks/bench_data.py). ``python_multiprocessing=True``
uses a ``concurrent.futures.ProcessPoolExecutor`` (forked) for pure-Python operations that hold the GIL.
At most ``prefetch`` rows are in flight; results come back in input order. A failing element raises
its original exception (noted with the element index); the pool is shut down, never left hanging.
"""
from __future__ import annotations

import collections
import concurrent.futures as cf
import multiprocessing

from . import _errors

_PROC_FN = {}


def _proc_call(row):
    return _PROC_FN["fn"](row)


def _proc_init():
    """As torch.utils.data's workers: one intra-op thread per worker process (no OpenMP pool after fork)."""
    import sys
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(1)


def ordered_map(fn, rows, workers, prefetch, where, processes=False):
    if processes:
        _PROC_FN["fn"] = fn
        pool = cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=_proc_init)
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
        raise _errors.annotate(e, where, idx) from None

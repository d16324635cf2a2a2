"""Multi-process tests with a deadline: ``torch.multiprocessing.spawn`` joins forever if a rank
hangs, which would stall the whole suite; here a stuck job is killed and the test fails."""
import socket
import time

import torch.multiprocessing as mp


def spawn_bounded(fn, args=(), nprocs=2, deadline_s=300.0):
    """``mp.spawn(fn, args, nprocs, join=True)`` that kills every rank and fails after ``deadline_s``."""
    ctx = mp.spawn(fn, args=args, nprocs=nprocs, join=False)
    end = time.monotonic() + deadline_s
    try:
        while not ctx.join(timeout=1.0):  # raises ProcessRaisedException / ProcessExitedException
            if time.monotonic() > end:
                raise TimeoutError(f"{getattr(fn, '__name__', fn)}: {nprocs} ranks still running after "
                                   f"{deadline_s:.0f} s (killed)")
    finally:
        for p in ctx.processes:
            if p.is_alive():
                p.kill()
                p.join(5)


def free_port():
    """A TCP port on 127.0.0.1 that was free a moment ago (for a process group's rendezvous)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

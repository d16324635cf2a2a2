"""Process groups still alive when the interpreter exits are destroyed before C++ static destruction.

A gloo process group left to static destruction (``torch.distributed.init_process_group`` without
``destroy_process_group``, the usual plain-PyTorch script) is torn down after the interpreter has
finalised, where its worker threads can end the process with ``terminate called without an active
exception`` (SIGABRT, exit status -6) instead of the program's own exit status; issue 19 saw it in 1 of
5 runs of a Cell wrapped in ``torch.nn.parallel.DistributedDataParallel``. ``init()`` registered a
release at exit for the groups it makes; this guard, registered when ms_compat is imported, also
destroys a default group the user made (adopted by ms_compat or never seen by it): the groups of
``init``/``create_group`` through ``release()``, then whatever default group remains through
``torch.distributed.destroy_process_group()`` (which shuts every backend down). It imports nothing: a
process that never used ``torch.distributed`` pays nothing at exit.
"""
from __future__ import annotations

import atexit
import sys

__all__ = ["destroy_groups_at_exit"]


def destroy_groups_at_exit():
    """Release ms_compat's groups and destroy any default process group still initialised."""
    dist = sys.modules.get("torch.distributed")
    if dist is None:
        return
    try:
        if not dist.is_available() or not dist.is_initialized():
            return
        management = sys.modules.get("ms_compat.communication.management")
        if management is not None:
            management.release()
        if dist.is_initialized():
            dist.destroy_process_group()
    except Exception:  # exiting anyway: a broken group must not replace the program's exit status
        pass


atexit.register(destroy_groups_at_exit)

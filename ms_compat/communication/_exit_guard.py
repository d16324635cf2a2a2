"""The process groups ms_compat made are destroyed at exit, after the handlers registered since.

No MindSpore counterpart (MindSpore tears its communication down itself). A gloo process group left to C++
static destruction is torn down after the interpreter has finalised, where its worker threads can end the
process with ``terminate called without an active exception`` (SIGABRT, exit status -6) instead of the
program's own exit status. So the groups ms_compat makes (``communication.init()``'s default group and
``create_group``'s) are released at exit by :func:`destroy_groups_at_exit` (``communication.release()``).

Only those: a group the user made with ``torch.distributed.init_process_group`` is the user's (plain
PyTorch code in the same process behaves as without ms_compat), even when MindSpore code adopted it as
its world group. The handler is registered when ms_compat first makes a group (:func:`register`), not at
import: ``atexit`` runs handlers last-registered first, so every handler registered after the group
exists (a user's final all-reduce or barrier on it) runs before the group is destroyed, and a process that
never made a group through ms_compat has no handler at all.
"""
from __future__ import annotations

import atexit
import sys

__all__ = ["destroy_groups_at_exit", "register"]

_registered = []


def destroy_groups_at_exit():
    """Release the process groups ms_compat made (``communication.release()``); leave every other group."""
    management = sys.modules.get("ms_compat.communication.management")
    if management is None:
        return
    try:
        management.release()
    except Exception:  # exiting anyway: a broken group must not replace the program's exit status
        pass


def register() -> None:
    """Register :func:`destroy_groups_at_exit` with ``atexit`` (once), when ms_compat makes a process group."""
    if not _registered:
        _registered.append(True)
        atexit.register(destroy_groups_at_exit)

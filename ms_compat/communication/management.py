"""``mindspore.communication.management`` on ``torch.distributed``.

``init()`` joins the process group that ``torchrun`` describes through the ``env://`` variables
(``RANK``, ``WORLD_SIZE``, ``MASTER_ADDR``, ``MASTER_PORT``, ``LOCAL_RANK``): ``gloo`` when
``device_target`` is ``'CPU'`` and ``nccl`` when it is ``'GPU'``. MindSpore's backend names are
kept in :class:`GlobalComm` (``'mccl'`` on CPU, ``'nccl'`` on GPU) and each MindSpore group name
maps to a ``torch.distributed`` ``ProcessGroup``:

* the world group under any of ``'hccl_world_group'``, ``'nccl_world_group'``, ``'mccl_world_group'``
  (the default argument of every function is ``'hccl_world_group'``, as in MindSpore);
* groups made by :func:`create_group` under their user name.

Differences from MindSpore: ``'hccl'`` (Ascend) has no PyTorch backend and raises; ``'gloo'`` is
accepted as a synonym of ``'mccl'``; launch with ``torchrun`` instead of ``msrun``; only the
processes named in ``rank_ids`` call :func:`create_group` (as in MindSpore — torch's
``new_group(use_local_synchronization=True)`` is used).
"""
from __future__ import annotations

import datetime
import os
import warnings

import torch
import torch.distributed as dist

from ._exit_guard import register as register_exit_guard

__all__ = ["GlobalComm", "init", "release", "get_rank", "get_group_size", "get_local_rank",
           "get_local_rank_size", "get_world_rank_from_group_rank", "get_group_rank_from_world_rank",
           "create_group", "destroy_group", "get_comm_name", "get_process_group_ranks",
           "HCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP"]

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"
_WORLD_NAMES = (HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP)
_DEVICE_TO_BACKEND = {"Ascend": "hccl", "GPU": "nccl", "CPU": "mccl"}
_NOT_INITED = ("Distributed Communication has not been inited.You can't invoke this interface yet. "
               "Please call `init()` method first.")
_ENV_VARS = ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT")


class GlobalComm:
    """Mirrors ``mindspore.communication.GlobalComm``: ``BACKEND`` (MindSpore's name: ``'hccl'`` before
    ``init``, then ``'mccl'`` on CPU or ``'nccl'`` on GPU), ``WORLD_COMM_GROUP`` and ``INITED``."""
    BACKEND = "hccl"
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False
    CHECK_ENVS = True


# user group name -> (ProcessGroup or NON_GROUP_MEMBER, rank_ids as given)
_groups: dict = {}
_owns_process_group = False


def _check_group_type(func_name, group):
    if not isinstance(group, str):
        raise TypeError(f"For '{func_name}', the argument 'group' must be type of string, "
                        f"but got 'group' type : {type(group)}.")


def _adopt_torch_group():
    """A default process group made with ``torch.distributed.init_process_group`` directly counts as
    ``init()`` (so rank queries never answer 0 in every process of a running job)."""
    if not GlobalComm.INITED and dist.is_available() and dist.is_initialized():
        nccl = dist.get_backend() == "nccl"
        GlobalComm.BACKEND = "nccl" if nccl else "mccl"
        GlobalComm.WORLD_COMM_GROUP = NCCL_WORLD_COMM_GROUP if nccl else MCCL_WORLD_COMM_GROUP
        GlobalComm.INITED = True
    return GlobalComm.INITED


def _require_init():
    if not _adopt_torch_group():
        raise RuntimeError(_NOT_INITED)


def _is_world(group):
    return group in _WORLD_NAMES


def _process_group(group):
    """The ``torch.distributed`` ProcessGroup for a MindSpore group name (``None`` = the world group)."""
    if group is None or _is_world(group):
        return dist.group.WORLD
    entry = _groups.get(group)
    if entry is None:
        raise ValueError(f"The communication group '{group}' does not exist: create it with "
                         f"create_group('{group}', rank_ids) first (world group: '{GlobalComm.WORLD_COMM_GROUP}').")
    pg = entry[0]
    if pg is dist.GroupMember.NON_GROUP_MEMBER:
        raise RuntimeError(f"The calling process (world rank {dist.get_rank()}) is not a member of the "
                           f"communication group '{group}' (rank_ids {entry[1]}).")
    return pg


def _torch_backend(backend_name, device_target):
    """Map the MindSpore backend argument to a ``torch.distributed`` backend, with MindSpore's checks."""
    if backend_name is None:
        if device_target not in _DEVICE_TO_BACKEND:
            raise RuntimeError(f"For 'set_context', the argument 'device_target' {device_target} is not supported in "
                               "parallel initialization, please use Ascend, GPU or CPU.")
        backend_name = _DEVICE_TO_BACKEND[device_target]
    if not isinstance(backend_name, str):
        raise TypeError("For 'init', the argument 'backend_name' must be a string, "
                        f"but got the type : {type(backend_name)}")
    if backend_name == "hccl":
        raise RuntimeError(f"For 'init', the argument 'backend_name' should be "
                           f"'{_DEVICE_TO_BACKEND.get(device_target, 'mccl')}' to init '{device_target}', but got "
                           "'hccl'. HCCL is the Ascend collective library and has no PyTorch backend in ms_compat: "
                           "use 'nccl' with set_context(device_target='GPU') or 'mccl'/'gloo' on CPU.")
    if backend_name == "nccl":
        if device_target != "GPU":
            raise RuntimeError(f"For 'init', the argument 'backend_name' should be "
                               f"'{_DEVICE_TO_BACKEND.get(device_target, 'mccl')}' to init '{device_target}', but got "
                               "'nccl'. Call set_context(device_target='GPU') first to use NCCL.")
        if not torch.cuda.is_available() or not dist.is_nccl_available():
            raise RuntimeError("For 'init', the argument 'backend_name' is 'nccl' but this PyTorch build or machine "
                               "has no CUDA/NCCL support (torch.cuda.is_available() is False). Use 'mccl'/'gloo' "
                               "with device_target='CPU'.")
        return "nccl", "nccl"
    if backend_name in ("mccl", "gloo"):
        return "mccl", "gloo"
    raise RuntimeError("For 'init', the argument 'backend_name' must be one of 'hccl', 'nccl' and 'mccl', "
                       f"but got 'backend_name' : {backend_name}")


DEFAULT_TIMEOUT_S = 600.0  # MindSpore's HCCL_CONNECT_TIMEOUT default (mindspore/context.py)


def comm_timeout():
    """Seconds a rendezvous or a collective may wait for the other ranks before failing:
    ``MS_COMPAT_COMM_TIMEOUT``, else MindSpore's ``HCCL_CONNECT_TIMEOUT``, else 600 (MindSpore's
    default; torch's own is 30 minutes)."""
    for var in ("MS_COMPAT_COMM_TIMEOUT", "HCCL_CONNECT_TIMEOUT"):
        value = os.environ.get(var)
        if value:
            try:
                seconds = float(value)
            except ValueError:
                raise ValueError(f"For 'init', the environment variable {var} must be a number of seconds, but "
                                 f"got {value!r}.") from None
            if seconds <= 0:
                raise ValueError(f"For 'init', the environment variable {var} must be > 0, but got {value!r}.")
            return seconds
    return DEFAULT_TIMEOUT_S


def _exit_with_launcher():
    """Under ``torchrun`` (``TORCHELASTIC_RUN_ID`` set), end this worker when its launcher dies: torchrun
    starts workers in their own sessions, so a killed launcher used to leave them running (stuck in a
    collective for the whole timeout, or training on). A daemon thread polls the parent pid; on a
    change it sends this process SIGTERM (handlers such as a checkpoint-on-exit run), then SIGKILL after
    ``MS_COMPAT_LAUNCHER_GRACE`` seconds (10). ``MS_COMPAT_EXIT_WITH_LAUNCHER=0`` turns it off."""
    if (os.name != "posix" or "TORCHELASTIC_RUN_ID" not in os.environ
            or os.environ.get("MS_COMPAT_EXIT_WITH_LAUNCHER", "1") == "0"):
        return
    import signal
    import sys
    import threading
    import time

    launcher = os.getppid()
    grace = float(os.environ.get("MS_COMPAT_LAUNCHER_GRACE", "10"))

    def watch():
        while os.getppid() == launcher:
            time.sleep(0.5)
        print(f"ms_compat: rank {os.environ.get('RANK', '?')}: the launcher (pid {launcher}) is gone; "
              "ending this worker.", file=sys.stderr, flush=True)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(grace)
        os.kill(os.getpid(), signal.SIGKILL)

    threading.Thread(target=watch, name="ms_compat-launcher-watch", daemon=True).start()


def init(backend_name=None):
    """Mirrors ``mindspore.communication.init(backend_name=None)`` on ``torch.distributed`` (env://).

    ``None`` picks ``'mccl'`` (torch ``gloo``) for ``device_target='CPU'`` and ``'nccl'`` for ``'GPU'``;
    ``'gloo'`` is accepted as ``'mccl'``; ``'hccl'`` raises ``RuntimeError``. The rank, world size and
    rendezvous come from the variables ``torchrun`` sets; an already initialised default process group
    (``torch.distributed.init_process_group`` called by the user) is adopted as it is. On GPU the
    process is bound to ``cuda:LOCAL_RANK`` (``set_context(device_id=LOCAL_RANK)``).

    A rank that does not answer fails the others after :func:`comm_timeout` seconds (600 unless
    ``MS_COMPAT_COMM_TIMEOUT`` or MindSpore's ``HCCL_CONNECT_TIMEOUT`` says otherwise), in the rendezvous
    and in every collective; under ``torchrun`` the worker ends when the launcher dies.
    """
    global _owns_process_group
    from .. import context

    device_target = context.get_context("device_target")
    ms_backend, torch_backend = _torch_backend(backend_name, device_target)
    if not dist.is_available():
        raise RuntimeError("For 'init', this PyTorch build has no torch.distributed support.")
    if not dist.is_initialized():
        missing = [v for v in _ENV_VARS if v not in os.environ]
        if missing:
            raise RuntimeError(f"For 'init', the distributed environment variables {missing} are not set. "
                               "ms_compat runs on torch.distributed: launch the script with "
                               "`torchrun --nproc_per_node N script.py` (it sets RANK, WORLD_SIZE, LOCAL_RANK, "
                               "MASTER_ADDR and MASTER_PORT), or set them yourself.")
        if torch_backend == "nccl":
            local_rank = int(os.environ.get("LOCAL_RANK", "0"))
            torch.cuda.set_device(local_rank)
            context.set_context(device_id=local_rank)
        dist.init_process_group(backend=torch_backend, init_method="env://",
                                timeout=datetime.timedelta(seconds=comm_timeout()))
        _owns_process_group = True
        _exit_with_launcher()
        register_exit_guard()  # release() at exit, after the handlers registered from now on
    GlobalComm.BACKEND = ms_backend
    GlobalComm.WORLD_COMM_GROUP = NCCL_WORLD_COMM_GROUP if ms_backend == "nccl" else MCCL_WORLD_COMM_GROUP
    GlobalComm.INITED = True


def release():
    """Mirrors ``mindspore.communication.release()``: destroys the process groups made by ``init`` and
    ``create_group`` (``torch.distributed.destroy_process_group``); a no-op before ``init``."""
    global _owns_process_group
    if not GlobalComm.INITED:
        return
    for name in list(_groups):
        pg = _groups.pop(name)[0]
        if pg is not dist.GroupMember.NON_GROUP_MEMBER and dist.is_initialized():
            dist.destroy_process_group(pg)
    if _owns_process_group and dist.is_initialized():
        dist.destroy_process_group()
    _owns_process_group = False
    GlobalComm.INITED = False
    GlobalComm.BACKEND = "hccl"
    GlobalComm.WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP


def get_rank(group=GlobalComm.WORLD_COMM_GROUP):
    """Mirrors ``mindspore.communication.get_rank``: rank of this process in ``group``.
    Before ``init`` it returns the ``RANK_ID`` environment variable, else 0 (as MindSpore does)."""
    _check_group_type("get_rank", group)
    if not _adopt_torch_group():
        return int(os.getenv("RANK_ID", "0"))
    return dist.get_rank(_process_group(group))


def get_group_size(group=GlobalComm.WORLD_COMM_GROUP):
    """Mirrors ``mindspore.communication.get_group_size``: number of processes in ``group``.
    Before ``init`` it returns the ``RANK_SIZE`` environment variable, else 1 (as MindSpore does)."""
    _check_group_type("get_group_size", group)
    if not _adopt_torch_group():
        return int(os.getenv("RANK_SIZE", "1"))
    return dist.get_world_size(_process_group(group))


def _local_world_size():
    return int(os.environ.get("LOCAL_WORLD_SIZE", dist.get_world_size()))


def _local_members(group):
    """World ranks of ``group`` that live on this node (torchrun places ranks node by node)."""
    lws = _local_world_size()
    me = dist.get_rank()
    node = me // lws
    ranks = list(range(dist.get_world_size())) if _is_world(group) else sorted(_groups[group][1])
    return [r for r in ranks if r // lws == node]


def get_local_rank(group=GlobalComm.WORLD_COMM_GROUP):
    """Mirrors ``mindspore.communication.get_local_rank``: rank among the group's processes on this node
    (``LOCAL_RANK`` for the world group). Before ``init``: ``LOCAL_RANK`` env or 0."""
    _check_group_type("get_local_rank", group)
    if not _adopt_torch_group():
        return int(os.getenv("LOCAL_RANK", "0"))
    _process_group(group)
    if _is_world(group) and "LOCAL_RANK" in os.environ:
        return int(os.environ["LOCAL_RANK"])
    return _local_members(group).index(dist.get_rank())


def get_local_rank_size(group=GlobalComm.WORLD_COMM_GROUP):
    """Mirrors ``mindspore.communication.get_local_rank_size``: number of the group's processes on this
    node (``LOCAL_WORLD_SIZE`` for the world group). Before ``init``: ``LOCAL_RANK_SIZE`` env or 1."""
    _check_group_type("get_local_rank_size", group)
    if not _adopt_torch_group():
        return int(os.getenv("LOCAL_RANK_SIZE", "1"))
    _process_group(group)
    return len(_local_members(group))


def get_world_rank_from_group_rank(group, group_rank_id):
    """Mirrors ``mindspore.communication.get_world_rank_from_group_rank`` (group ranks follow the sorted
    ``rank_ids``, as in MindSpore and torch)."""
    _check_group_type("get_world_rank_from_group_rank", group)
    _require_init()
    if not isinstance(group_rank_id, int) or isinstance(group_rank_id, bool):
        raise TypeError("For 'get_world_rank_from_group_rank', the argument 'group_rank_id' must be"
                        f" type of int, but got 'group_rank_id' type : {type(group_rank_id)}.")
    if _is_world(group):
        raise ValueError(f"For 'get_world_rank_from_group_rank', the argument 'group' should not be the world "
                         f"group '{group}'; pass a group made by create_group.")
    ranks = sorted(_groups[group][1]) if group in _groups else None
    if ranks is None:
        _process_group(group)
    if not 0 <= group_rank_id < len(ranks):
        raise ValueError(f"For 'get_world_rank_from_group_rank', 'group_rank_id' {group_rank_id} is out of range "
                         f"for group '{group}' of size {len(ranks)}.")
    return ranks[group_rank_id]


def get_group_rank_from_world_rank(world_rank_id, group):
    """Mirrors ``mindspore.communication.get_group_rank_from_world_rank``."""
    _check_group_type("get_group_rank_from_world_rank", group)
    _require_init()
    if not isinstance(world_rank_id, int) or isinstance(world_rank_id, bool):
        raise TypeError("For 'get_group_rank_from_world_rank', the argument 'world_rank_id' must be type of int, "
                        f"but got 'world_rank_id' type : {type(world_rank_id)}.")
    if _is_world(group):
        raise ValueError(f"For 'get_group_rank_from_world_rank', the argument 'group' should not be the world "
                         f"group '{group}'; pass a group made by create_group.")
    if group not in _groups:
        _process_group(group)
    ranks = sorted(_groups[group][1])
    if world_rank_id not in ranks:
        raise ValueError(f"For 'get_group_rank_from_world_rank', world rank {world_rank_id} is not a member of "
                         f"group '{group}' (rank_ids {ranks}).")
    return ranks.index(world_rank_id)


def create_group(group, rank_ids, options=None):
    """Mirrors ``mindspore.communication.create_group(group, rank_ids, options=None)`` with
    ``torch.distributed.new_group(rank_ids, use_local_synchronization=True)``: only the member processes
    need to call it, as in MindSpore. ``options`` (HCCL settings) are accepted and ignored."""
    _check_group_type("create_group", group)
    _require_init()
    if group in _groups:
        if rank_ids != _groups[group][1]:
            raise ValueError(f"The group {group} has been created, the rank_list is {_groups[group][1]}, "
                             f"but current rank_list for the group is {rank_ids}")
        warnings.warn(f"{group!r} group has existed.", UserWarning, stacklevel=2)
        return
    if not isinstance(rank_ids, list):
        raise TypeError("For 'create_group', the argument 'rank_ids' must be type of list, "
                        f"but got 'rank_ids' type : {type(rank_ids)}.")
    if len(rank_ids) < 1:
        raise ValueError("For 'create_group', the argument 'rank_ids' size should be greater than 1, "
                         f"but got 'rank_ids' size : {len(rank_ids)}.")
    if len(rank_ids) != len(set(rank_ids)):
        raise ValueError(f"List rank_ids in Group {group} has duplicate data!")
    world = dist.get_world_size()
    bad = [r for r in rank_ids if not isinstance(r, int) or isinstance(r, bool) or not 0 <= r < world]
    if bad:
        raise ValueError(f"For 'create_group', the argument 'rank_ids' must hold world ranks in [0, {world}), "
                         f"but got {bad}.")
    if _is_world(group):
        raise ValueError(f"For 'create_group', the group name '{group}' is reserved for the world group.")
    pg = dist.new_group(ranks=list(rank_ids), use_local_synchronization=True,
                        timeout=datetime.timedelta(seconds=comm_timeout()))
    _groups[group] = (pg, list(rank_ids))
    register_exit_guard()


def destroy_group(group):
    """Mirrors ``mindspore.communication.destroy_group``; the world group cannot be destroyed."""
    _check_group_type("destroy_group", group)
    _require_init()
    if _is_world(group):
        raise ValueError("The world_group does not support destruction.")
    pg = _process_group(group)
    del _groups[group]
    dist.destroy_process_group(pg)


def get_comm_name(group=GlobalComm.WORLD_COMM_GROUP):
    """Mirrors ``mindspore.communication.get_comm_name``: the torch process group's name."""
    _check_group_type("get_comm_name", group)
    _require_init()
    return dist.distributed_c10d._get_process_group_name(_process_group(group))


def get_process_group_ranks(group=GlobalComm.WORLD_COMM_GROUP):
    """Mirrors ``mindspore.communication.get_process_group_ranks``: world ranks of ``group``."""
    _check_group_type("get_process_group_ranks", group)
    _require_init()
    if _is_world(group):
        return list(range(dist.get_world_size()))
    _process_group(group)
    return sorted(_groups[group][1])

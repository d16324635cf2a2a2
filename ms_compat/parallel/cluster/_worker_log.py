"""Worker side of ``ms-compat msrun``: writes this worker's output to ``<log_dir>/worker_<n>.log`` (MindSpore's
msrun log layout) and runs the task script in this process's place.

torchrun starts ``python -u -m ms_compat.parallel.cluster._worker_log LOG_DIR OFFSET SCRIPT [ARGS ...]`` in
every worker; ``n = OFFSET + LOCAL_RANK`` (msrun names a log by the global rank where it is known: on one node,
or with ``--node_rank R`` giving ``OFFSET = R * local_worker_num``; else by the local index). Like msrun it
exports ``RANK_ID``, ``DEVICE_ID`` and ``RANK_SIZE`` (from torchrun's ``RANK``, ``LOCAL_RANK``,
``WORLD_SIZE``), then replaces itself with ``python -u SCRIPT ARGS`` (``python``/``pytest`` as SCRIPT run that
program, as msrun's do), so the script's exit status is the worker's.
"""
from __future__ import annotations

import os
import sys


def worker_log_path(log_dir: str, index: int) -> str:
    """``<log_dir>/worker_<index>.log``: msrun's default ``--worker_log_name``."""
    return os.path.join(log_dir, f"worker_{index}.log")


def main(argv) -> None:
    log_dir, offset, script, *args = argv
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    fd = os.open(worker_log_path(log_dir, int(offset) + local_rank), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    for ms_name, torch_name in (("RANK_ID", "RANK"), ("DEVICE_ID", "LOCAL_RANK"), ("RANK_SIZE", "WORLD_SIZE")):
        if torch_name in os.environ:
            os.environ[ms_name] = os.environ[torch_name]
    if script in ("python", "python3"):
        cmd = [sys.executable, "-u", *args]
    elif script == "pytest":
        cmd = [sys.executable, "-u", "-m", "pytest", *args]
    else:
        cmd = [sys.executable, "-u", script, *args]
    os.execv(sys.executable, cmd)


if __name__ == "__main__":
    main(sys.argv[1:])

"""``msrun`` on ``torchrun``: ``ms-compat msrun`` (``mindspore.parallel.cluster.run``).

Takes MindSpore's ``msrun`` command line and starts the job with ``python -m torch.distributed.run``
(``torchrun``), which sets ``RANK``, ``WORLD_SIZE``, ``LOCAL_RANK``, ``MASTER_ADDR``, ``MASTER_PORT`` for
``ms_compat.communication.init()``:

==============================  ==========================================================================
msrun                           torchrun
==============================  ==========================================================================
``--worker_num N``              ``--nnodes N / local_worker_num`` (must divide: torchrun starts the same
                                number of processes on every node)
``--local_worker_num L``        ``--nproc-per-node L``
``--master_addr/--master_port`` ``--master-addr/--master-port`` (fixed node ranks), or the c10d
                                rendezvous endpoint ``addr:port`` (node ranks assigned on arrival)
``--node_rank R``               ``--node-rank R`` (static rendezvous); ``-1`` (default) on several nodes:
                                ``--rdzv-backend c10d`` assigns them
``--log_dir D``                 msrun's layout in ``D`` (default: the current folder): each worker's output in
                                ``worker_<rank>.log`` (``_worker_log.py`` redirects it), torchrun's own in
                                ``scheduler.log`` (MindSpore: its scheduler process's output)
``--join True/False``           ``True``: wait, echo the worker logs to the console as msrun does, and return
                                1 when a worker fails ("Distributed job exited with exception");
                                ``False`` (msrun's default): start the job in the background and return 0
``--cluster_time_out S``        rendezvous timeout (``--rdzv-conf timeout=S`` / ``join_timeout=S``); a
                                negative value waits without limit
``--bind_core``/``--bind_numa`` ``True`` → ``--numa-binding node``; a dict of cores: not supported (error)
==============================  ==========================================================================

``--sim_level``, ``--sim_rank_id`` (dry runs of Ascend compilation), ``--rank_table_file``,
``--worker_log_name``, ``--tail_worker_log`` are accepted and ignored with a warning. A task script that does
not exist is an error (exit 2) before anything starts (msrun starts the workers, each failing in its log).
"""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import threading
import warnings
from argparse import REMAINDER, ArgumentParser

__all__ = ["get_args", "run", "main", "torchrun_command", "REMAINDER"]

_FOREVER = 10 ** 8  # seconds: msrun's negative cluster_time_out (wait without limit)


def _bool_or_dict(value):
    if value in ("True", "False"):
        return value == "True"
    try:
        parsed = ast.literal_eval(value)
    except (ValueError, SyntaxError) as e:
        raise ValueError(f"expected True, False or a dict, got {value!r}") from e
    if not isinstance(parsed, (bool, dict)):
        raise ValueError(f"expected True, False or a dict, got {value!r}")
    return parsed


def _parser():
    p = ArgumentParser(prog="ms-compat msrun", description="MindSpore's msrun command line, run with torchrun.")
    p.add_argument("--worker_num", type=int, default=8, help="total number of worker processes (default 8)")
    p.add_argument("--local_worker_num", type=int, default=8, help="worker processes on this node (default 8)")
    p.add_argument("--master_addr", default="127.0.0.1", type=str, help="address of the rendezvous host")
    p.add_argument("--master_port", default=8118, type=int, help="port of the rendezvous host (default 8118)")
    p.add_argument("--node_rank", default=-1, type=int, help="rank of this node (-1: assigned by the rendezvous)")
    p.add_argument("--log_dir", default="", type=str, help="directory of the worker logs")
    p.add_argument("--join", default=False, type=ast.literal_eval, choices=[True, False],
                   help="wait for the workers and return their exit status (default False)")
    p.add_argument("--cluster_time_out", default=600, type=int, help="rendezvous timeout in seconds (default 600)")
    p.add_argument("--bind_core", default=False, type=_bool_or_dict, help="bind workers to CPU cores")
    p.add_argument("--bind_numa", default=False, type=_bool_or_dict, help="bind workers to NUMA nodes")
    p.add_argument("--sim_level", default=-1, type=int, choices=[0, 1, 2, 3], help="ignored (Ascend dry run)")
    p.add_argument("--sim_rank_id", default=-1, type=int, help="ignored (Ascend dry run)")
    p.add_argument("--rank_table_file", default="", type=str, help="ignored (Ascend rank table)")
    p.add_argument("--worker_log_name", default="", type=str, help="ignored (torchrun names the worker logs)")
    p.add_argument("--tail_worker_log", default="-1", type=str, help="ignored")
    p.add_argument("task_script", type=str, help="the script to run in every worker")
    p.add_argument("task_script_args", nargs=REMAINDER, help="arguments of the script")
    return p


def get_args(argv=None):
    """Mirrors ``mindspore.parallel.cluster.run.get_args``: msrun's arguments (``argv``: default ``sys.argv``)."""
    return _parser().parse_args(argv)


def torchrun_command(args):
    """The ``python -m torch.distributed.run ...`` command line for parsed msrun ``args``."""
    if args.worker_num <= 0 or args.local_worker_num <= 0:
        raise ValueError(f"msrun: worker_num ({args.worker_num}) and local_worker_num ({args.local_worker_num}) "
                         "must be positive.")
    if args.worker_num % args.local_worker_num:
        raise ValueError(f"msrun: worker_num ({args.worker_num}) is not a multiple of local_worker_num "
                         f"({args.local_worker_num}); torchrun starts the same number of workers on every node.")
    nnodes = args.worker_num // args.local_worker_num
    timeout = args.cluster_time_out if args.cluster_time_out >= 0 else _FOREVER
    cmd = [sys.executable, "-m", "torch.distributed.run", "--nnodes", str(nnodes),
           "--nproc-per-node", str(args.local_worker_num)]
    if nnodes > 1 and args.node_rank < 0:  # node ranks given out on arrival
        cmd += ["--rdzv-backend", "c10d", "--rdzv-endpoint", f"{args.master_addr}:{args.master_port}",
                "--rdzv-id", f"msrun-{args.master_port}", "--rdzv-conf", f"join_timeout={timeout}"]
    else:
        if args.node_rank >= nnodes:
            raise ValueError(f"msrun: node_rank ({args.node_rank}) must be smaller than the number of nodes "
                             f"({nnodes} = worker_num / local_worker_num).")
        cmd += ["--node-rank", str(max(args.node_rank, 0)), "--master-addr", args.master_addr,
                "--master-port", str(args.master_port), "--rdzv-conf", f"timeout={timeout}"]
    for name in ("bind_core", "bind_numa"):
        value = getattr(args, name)
        if isinstance(value, dict):
            raise ValueError(f"msrun: --{name} with a dict of cores is not supported by ms_compat (torchrun binds "
                             f"whole NUMA nodes): use --{name}=True.")
    if args.bind_core or args.bind_numa:
        cmd += ["--numa-binding", "node"]
    ignored = [f"--{n}" for n, default in (("sim_level", -1), ("sim_rank_id", -1), ("rank_table_file", ""),
                                           ("worker_log_name", ""), ("tail_worker_log", "-1"))
               if getattr(args, n) != default]
    if ignored:
        warnings.warn(f"msrun: {', '.join(ignored)} ignored by ms_compat (no Ascend dry run / rank table; torchrun "
                      "names the worker logs).", UserWarning, stacklevel=2)
    return cmd + ["-m", "ms_compat.parallel.cluster._worker_log", os.path.abspath(args.log_dir or "."),
                  str(_log_offset(args, nnodes)), args.task_script] + list(args.task_script_args)


def _log_offset(args, nnodes):
    """msrun names a worker log by its global rank where that is known in advance: on one node, or with a
    fixed ``--node_rank`` (``node_rank * local_worker_num + i``); else by the local index ``i``."""
    return args.node_rank * args.local_worker_num if nnodes > 1 and args.node_rank > 0 else 0


def _worker_logs(args):
    """``[(rank id or None, log path)]`` of this node's workers, msrun's names and "rank id" wording."""
    from ._worker_log import worker_log_path
    nnodes = args.worker_num // args.local_worker_num
    known = nnodes == 1 or args.node_rank >= 0
    offset = _log_offset(args, nnodes)
    return [(offset + i if known else None, worker_log_path(args.log_dir, offset + i))
            for i in range(args.local_worker_num)]


def _echo_logs(paths, stop):
    """msrun with ``--join True`` tails every worker log to the console; this follows them until ``stop``."""
    pos = dict.fromkeys(paths, 0)
    while True:
        final = stop.is_set()
        for p in paths:
            try:
                with open(p, "rb") as f:
                    f.seek(pos[p])
                    data = f.read()
            except OSError:
                continue
            if data:
                pos[p] += len(data)
                sys.stdout.buffer.write(data)
                sys.stdout.flush()
        if final:
            return
        stop.wait(0.2)


def _script_problem(script):
    if script in ("python", "python3", "pytest") or os.path.isfile(script):
        return None
    return f"can't open file '{os.path.abspath(script)}': [Errno 2] No such file or directory"


def run(args):
    """Mirrors ``mindspore.parallel.cluster.run.run``: start the job with msrun's log files in ``--log_dir``
    (default: the current folder): ``scheduler.log`` (torchrun's output) and ``worker_<rank>.log``. With
    ``join`` wait, echo the worker logs to the console, and return 0, or 1 when the job failed; else return 0
    once torchrun is started (in its own session, so it outlives this process)."""
    problem = _script_problem(args.task_script)
    if problem:
        raise ValueError(problem)
    cmd = torchrun_command(args)
    if args.log_dir:
        os.makedirs(args.log_dir, exist_ok=True)
    sched = os.path.join(args.log_dir, "scheduler.log")
    print(f"Start scheduler process, log file:{sched}. Execute command: {' '.join(cmd)}", flush=True)
    logs = _worker_logs(args)
    for rank, path in logs:
        open(path, "w").close()  # noqa: SIM115 - msrun truncates each worker's log when starting it
        print(f"Start worker process with rank id:{rank}, log file:{path}. Environment variable "
              f"[RANK_ID={rank}] is exported. Execute command: python {' '.join([args.task_script, *args.task_script_args])}",
              flush=True)
    with open(sched, "w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=not args.join)
    if not args.join:
        print(f"ms-compat msrun: the job runs in the background (torchrun pid {proc.pid}); --join True waits "
              "for it and returns its exit status.", file=sys.stderr, flush=True)
        return 0
    stop = threading.Event()
    echo = threading.Thread(target=_echo_logs, args=([p for _, p in logs], stop), daemon=True)
    echo.start()
    try:
        code = proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        code = proc.wait()
    finally:
        stop.set()
        echo.join()
    if code:
        _show_errors(sched)
        print(f"ms-compat msrun: torchrun exit status {code}\nRuntimeError: Distributed job exited with exception. "
              f"Please check logs in directory: {args.log_dir}.", file=sys.stderr, flush=True)
        return 1
    return 0


def _show_errors(path):
    """msrun greps its scheduler log for errors (5 lines around each); the same on torchrun's log."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return
    keep = set()
    for i, line in enumerate(lines):
        if re.search(r"ERROR|CRITICAL|Traceback|Error", line):
            keep.update(range(max(0, i - 5), min(len(lines), i + 6)))
    for i in sorted(keep):
        print(lines[i], file=sys.stderr)


def main(argv=None):
    """``ms-compat msrun [msrun arguments] script.py [script arguments]``; returns the exit status."""
    try:
        args = get_args(argv)
        return run(args)
    except ValueError as e:
        print(f"ms-compat msrun: {e}", file=sys.stderr)
        return 2

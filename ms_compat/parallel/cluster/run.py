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
``--log_dir D``                 ``--log-dir D --redirects 3`` (one ``stdout.log``/``stderr.log`` per worker
                                under ``D/<run id>/attempt_0/<local rank>/``; MindSpore: ``D/worker_<rank>.log``)
``--join True/False``           ``True``: wait and return the job's exit status (torchrun's own behaviour);
                                ``False`` (msrun's default): start the job in the background and return
``--cluster_time_out S``        rendezvous timeout (``--rdzv-conf timeout=S`` / ``join_timeout=S``); a
                                negative value waits without limit
``--bind_core``/``--bind_numa`` ``True`` → ``--numa-binding node``; a dict of cores: not supported (error)
==============================  ==========================================================================

``--sim_level``, ``--sim_rank_id`` (dry runs of Ascend compilation), ``--rank_table_file``,
``--worker_log_name``, ``--tail_worker_log`` are accepted and ignored with a warning.
"""
from __future__ import annotations

import ast
import os
import subprocess
import sys
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
    if args.log_dir:
        cmd += ["--log-dir", args.log_dir, "--redirects", "3"]
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
    return cmd + [args.task_script] + list(args.task_script_args)


def run(args):
    """Mirrors ``mindspore.parallel.cluster.run.run``: start the job; with ``join`` wait and return its exit
    status, else return 0 once torchrun is started (in its own session, so it outlives this process)."""
    cmd = torchrun_command(args)
    print("ms-compat msrun: " + " ".join(cmd[1:]), file=sys.stderr, flush=True)
    if args.join:
        return subprocess.call(cmd)
    out = subprocess.DEVNULL
    if args.log_dir:
        os.makedirs(args.log_dir, exist_ok=True)
        out = open(os.path.join(args.log_dir, "scheduler.log"), "ab")  # noqa: SIM115 (kept by the child)
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    print(f"ms-compat msrun: torchrun started in the background (pid {proc.pid}); use --join True to wait.",
          file=sys.stderr, flush=True)
    return 0


def main(argv=None):
    """``ms-compat msrun [msrun arguments] script.py [script arguments]``; returns the exit status."""
    try:
        args = get_args(argv)
        return run(args)
    except ValueError as e:
        print(f"ms-compat msrun: {e}", file=sys.stderr)
        return 2

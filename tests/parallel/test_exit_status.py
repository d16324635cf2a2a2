"""Issue 19: a Cell in plain DistributedDataParallel (2 gloo processes) ended with SIGABRT on one rank in
1 of 5 runs: a gloo group left to C++ static destruction at interpreter exit. ms_compat/communication/_exit_guard.py
destroys the groups still alive at exit. Here real scripts (not mp.spawn, whose children leave with
os._exit and never reach static destruction) run several times in a row: every rank must exit 0.
MS_COMPAT_EXIT_RUNS=20 gives the 20 runs of the issue (default 2 per mode; each run is bounded by a
120 s wait, and 20 runs take longer than the suite's 10-minute faulthandler dump, which only prints
the stacks)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from spawn_util import free_port as _free_port  # noqa: E402

pytestmark = pytest.mark.multiprocess

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = int(os.environ.get("MS_COMPAT_EXIT_RUNS", "2"))


def _run_once(mode):
    port = _free_port()
    procs = []
    for rank in range(2):
        env = dict(os.environ, RANK=str(rank), WORLD_SIZE="2", LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE="2",
                   MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), MS_COMPAT_COMM_TIMEOUT="60",
                   PYTHONPATH=os.pathsep.join([os.path.dirname(os.path.dirname(HERE))] + sys.path))
        procs.append(subprocess.Popen([sys.executable, os.path.join(HERE, "_exit_script.py"), mode], env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    out = []
    for p in procs:
        try:
            o, e = p.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            for q in procs:
                q.kill()
            raise
        out.append((p.returncode, o, e))
    return out


@pytest.mark.parametrize("mode", ["ddp", "dp"])
def test_two_process_scripts_exit_cleanly_many_times(mode):
    for i in range(RUNS):
        for rank, (rc, o, e) in enumerate(_run_once(mode)):
            assert rc == 0 and "terminate called" not in e, f"run {i} rank {rank}: exit status {rc}\n{e[-3000:]}"
            assert f"rank {rank} loss" in o


def test_exit_guard_leaves_a_user_group_and_user_exit_handlers_alone():
    """Issue 31: a user's atexit all-reduce registered before importing ms_compat runs on its group (the guard
    used to destroy every default group first: "Default process group has not been initialized")."""
    code = ("import atexit, os, torch, torch.distributed as dist\n"
            "os.environ.update(MASTER_ADDR='127.0.0.1', MASTER_PORT=os.environ['P'])\n"
            "dist.init_process_group('gloo', rank=0, world_size=1)\n"
            "def final():\n"
            "    t = torch.ones(2); dist.all_reduce(t); print('final', t.tolist(), flush=True)\n"
            "    dist.destroy_process_group()\n"
            "atexit.register(final)\n"
            "import ms_compat\n"
            "from ms_compat.communication._exit_guard import destroy_groups_at_exit\n"
            "ms_compat.communication.get_rank()  # MindSpore code adopts the user's group\n"
            "destroy_groups_at_exit(); print(dist.is_initialized())\n")
    r = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, P=str(_free_port())),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.split() == ["True", "final", "[1.0,", "1.0]"], (r.stdout, r.stderr)


def test_exit_guard_destroys_the_groups_ms_compat_made_after_later_handlers():
    code = ("import atexit, os, torch, torch.distributed as dist\n"
            "os.environ.update(MASTER_ADDR='127.0.0.1', MASTER_PORT=os.environ['P'], RANK='0', WORLD_SIZE='1',"
            " LOCAL_RANK='0')\n"
            "import ms_compat\n"
            "from ms_compat.communication import init\n"
            "init()\n"
            "def final():\n"
            "    t = torch.ones(1); dist.all_reduce(t); print('final', t.item(), flush=True)\n"
            "atexit.register(final)\n"
            "atexit.register(lambda: print('alive', dist.is_initialized(), flush=True))\n")
    r = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, P=str(_free_port())),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.split() == ["alive", "True", "final", "1.0"], (r.stdout, r.stderr)
    # the guard itself destroys the group init() made
    code = code.split("def final")[0] + ("from ms_compat.communication._exit_guard import destroy_groups_at_exit\n"
                                         "destroy_groups_at_exit(); print(dist.is_initialized())\n")
    r = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, P=str(_free_port())),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.split() == ["False"], (r.stdout, r.stderr)

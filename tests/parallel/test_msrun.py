"""``ms-compat msrun``: MindSpore's msrun command line translated to torchrun, and a real 2-worker job."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time

import pytest

from ms_compat.parallel.cluster.run import get_args, torchrun_command
from spawn_util import free_port as _free_port  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


WRAP = ["-m", "ms_compat.parallel.cluster._worker_log"]


def _cmd(*argv):
    return torchrun_command(get_args(list(argv)))[3:]  # after python -m torch.distributed.run


def test_one_node_command():
    assert _cmd("--worker_num=2", "--local_worker_num=2", "--master_port=1234", "--join=True", "train.py", "--lr",
                "0.1") == ["--nnodes", "1", "--nproc-per-node", "2", "--node-rank", "0", "--master-addr",
                           "127.0.0.1", "--master-port", "1234", "--rdzv-conf", "timeout=600", *WRAP,
                           os.path.abspath("."), "0", "train.py", "--lr", "0.1"]


def test_several_nodes_command():
    # node_rank -1 (msrun's default): torchrun's c10d rendezvous gives out the node ranks
    assert _cmd("--worker_num", "16", "--local_worker_num", "8", "--master_addr", "10.0.0.1", "--master_port",
                "8118", "--cluster_time_out", "-1", "--log_dir", "logs", "t.py") == [
        "--nnodes", "2", "--nproc-per-node", "8", "--rdzv-backend", "c10d", "--rdzv-endpoint", "10.0.0.1:8118",
        "--rdzv-id", "msrun-8118", "--rdzv-conf", "join_timeout=100000000", *WRAP, os.path.abspath("logs"), "0",
        "t.py"]
    # a fixed node rank: static rendezvous on the master address
    assert _cmd("--worker_num=16", "--local_worker_num=8", "--node_rank=1", "--master_addr=10.0.0.1",
                "--bind_core=True", "t.py")[:10] == ["--nnodes", "2", "--nproc-per-node", "8", "--node-rank", "1",
                                                     "--master-addr", "10.0.0.1", "--master-port", "8118"]
    assert _cmd("--bind_core=True", "t.py")[-7:] == ["--numa-binding", "node", *WRAP, os.path.abspath("."), "0",
                                                     "t.py"]
    # worker logs are named by global rank when the node rank is fixed: node 1 of 8-worker nodes starts at 8
    assert _cmd("--worker_num=16", "--local_worker_num=8", "--node_rank=1", "t.py")[-2:] == ["8", "t.py"]


def test_msrun_errors(tmp_path):
    with pytest.raises(ValueError, match="not a multiple of local_worker_num"):
        _cmd("--worker_num=6", "--local_worker_num=4", "t.py")
    with pytest.raises(ValueError, match="node_rank"):
        _cmd("--worker_num=8", "--local_worker_num=8", "--node_rank=1", "t.py")
    with pytest.raises(ValueError, match="dict of cores"):
        _cmd("--bind_core={'node0': [0, 1]}", "t.py")
    with pytest.warns(UserWarning, match="--rank_table_file"):
        _cmd("--rank_table_file=r.json", "t.py")
    (tmp_path / "t.py").write_text("")
    r = subprocess.run([sys.executable, "-m", "ms_compat", "msrun", "--worker_num=3", "--local_worker_num=2", "t.py"],
                       capture_output=True, text=True, timeout=120, env=dict(os.environ, PYTHONPATH=ROOT), cwd=tmp_path)
    assert r.returncode == 2 and "not a multiple" in r.stderr


def test_missing_script_is_an_error(tmp_path):
    """MindSpore's msrun starts 8 workers that each fail in their log; ms_compat refuses before starting."""
    r = subprocess.run([sys.executable, "-m", "ms_compat", "msrun", "nonexist.py"], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, PYTHONPATH=ROOT), cwd=tmp_path)
    assert r.returncode == 2 and "can't open file" in r.stderr and "nonexist.py" in r.stderr, r.stderr
    assert sorted(os.listdir(tmp_path)) == []


SCRIPT = textwrap.dedent("""
    import sys
    import numpy as np
    import ms_compat as ms
    from ms_compat.communication import init, get_rank, get_group_size
    from ms_compat.communication.comm_func import all_reduce
    init()
    out, _ = all_reduce(ms.Tensor(np.array([get_rank() + 1.0], np.float32)))
    with open(sys.argv[1] + f".{get_rank()}", "w") as f:
        f.write(f"{get_rank()} {get_group_size()} {float(out.asnumpy()[0])}")
""")


@pytest.mark.multiprocess
@pytest.mark.parametrize("join", [True, False])
def test_msrun_runs_a_two_worker_job(tmp_path, join):
    script = tmp_path / "job.py"
    script.write_text(SCRIPT)
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=ROOT, MS_COMPAT_COMM_TIMEOUT="60")
    r = subprocess.run([sys.executable, "-m", "ms_compat", "msrun", "--worker_num=2", "--local_worker_num=2",
                        f"--master_port={_free_port()}", f"--join={join}", f"--log_dir={tmp_path / 'logs'}",
                        str(script), str(out)], capture_output=True, text=True, timeout=180, env=env)
    assert r.returncode == 0, r.stderr
    assert "torch.distributed.run --nnodes 1 --nproc-per-node 2" in r.stdout
    deadline = time.monotonic() + 120
    while not all(os.path.exists(f"{out}.{k}") for k in range(2)):  # join=False: the job runs on
        assert time.monotonic() < deadline, "the workers did not finish"
        time.sleep(0.2)
    time.sleep(0.2)
    assert [open(f"{out}.{k}").read() for k in range(2)] == ["0 2 3.0", "1 2 3.0"]
    if not join:
        assert (tmp_path / "logs" / "scheduler.log").exists()


def _msrun_ref():
    from conftest import load_ref_json
    return load_ref_json("parallel", "msrun")


# A failing worker waits a moment before it exits: torchrun stops the other workers when one fails (msrun lets
# them run on; migration_guides/parallel.md), so on a busy machine the other could be stopped before it printed.
# The wait changes no output: the logs compared are MindSpore's for the same prints and exit statuses.
JOB = ("import os, sys, time\nprint('hello from', os.environ.get('RANK_ID'))\n"
       "time.sleep(5 if int(sys.argv[1]) else 0)\nsys.exit(int(sys.argv[1]))\n")


@pytest.mark.multiprocess
@pytest.mark.parametrize("case", ["join_ok", "join_fail", "background"])
def test_msrun_log_layout_matches_mindspore(tmp_path, case):
    """With msrun's defaults (no --log_dir) the job writes scheduler.log and worker_<rank>.log to the current
    folder, prints msrun's "Start ... process" lines, exports RANK_ID, echoes the worker logs with --join True
    and exits 1 with msrun's message when a worker fails -- as real MindSpore 2.10's msrun did
    (tests/reference_data/parallel/msrun.json, tools/reference/gen_msrun.py). scheduler.log holds torchrun's
    own output (MindSpore's: its scheduler process running the script)."""
    ref = _msrun_ref()[case]
    (tmp_path / "job.py").write_text(JOB)
    join = case != "background"
    code = 3 if case == "join_fail" else 0
    r = subprocess.run([sys.executable, "-m", "ms_compat", "msrun", "--worker_num=2", "--local_worker_num=2",
                        f"--master_port={_free_port()}", f"--join={join}", "job.py", str(code)], capture_output=True,
                       text=True, timeout=180, env=dict(os.environ, PYTHONPATH=ROOT), cwd=tmp_path)
    assert r.returncode == ref["returncode"], r.stdout + r.stderr
    workers = {name: text for name, text in ref["files"].items() if name.startswith("worker_")}
    deadline = time.monotonic() + 120
    while not all((tmp_path / n).exists() and (tmp_path / n).read_text() for n in workers):  # background
        assert time.monotonic() < deadline, "the workers did not write their logs"
        time.sleep(0.2)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "job.py") == sorted(ref["files"])
    assert {n: (tmp_path / n).read_text() for n in workers} == workers
    out = r.stdout.splitlines()
    assert out[0].startswith("Start scheduler process, log file:scheduler.log. Execute command: ")
    assert ref["stdout"][0].startswith("Start scheduler process, log file:scheduler.log. Execute command: ")
    assert out[1:3] == ref["stdout"][1:3]
    assert sorted(out[3:]) == sorted(ref["stdout"][3:])  # the echoed worker logs (join)
    if ref["stderr_last"]:
        assert r.stderr.strip().splitlines()[-1] == ref["stderr_last"], r.stderr

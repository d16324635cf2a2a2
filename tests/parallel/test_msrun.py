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


def _cmd(*argv):
    return torchrun_command(get_args(list(argv)))[3:]  # after python -m torch.distributed.run


def test_one_node_command():
    assert _cmd("--worker_num=2", "--local_worker_num=2", "--master_port=1234", "--join=True", "train.py", "--lr",
                "0.1") == ["--nnodes", "1", "--nproc-per-node", "2", "--node-rank", "0", "--master-addr",
                           "127.0.0.1", "--master-port", "1234", "--rdzv-conf", "timeout=600", "train.py", "--lr",
                           "0.1"]


def test_several_nodes_command():
    # node_rank -1 (msrun's default): torchrun's c10d rendezvous gives out the node ranks
    assert _cmd("--worker_num", "16", "--local_worker_num", "8", "--master_addr", "10.0.0.1", "--master_port",
                "8118", "--cluster_time_out", "-1", "--log_dir", "logs", "t.py") == [
        "--nnodes", "2", "--nproc-per-node", "8", "--rdzv-backend", "c10d", "--rdzv-endpoint", "10.0.0.1:8118",
        "--rdzv-id", "msrun-8118", "--rdzv-conf", "join_timeout=100000000", "--log-dir", "logs", "--redirects",
        "3", "t.py"]
    # a fixed node rank: static rendezvous on the master address
    assert _cmd("--worker_num=16", "--local_worker_num=8", "--node_rank=1", "--master_addr=10.0.0.1",
                "--bind_core=True", "t.py")[:10] == ["--nnodes", "2", "--nproc-per-node", "8", "--node-rank", "1",
                                                     "--master-addr", "10.0.0.1", "--master-port", "8118"]
    assert _cmd("--bind_core=True", "t.py")[-3:] == ["--numa-binding", "node", "t.py"]


def test_msrun_errors():
    with pytest.raises(ValueError, match="not a multiple of local_worker_num"):
        _cmd("--worker_num=6", "--local_worker_num=4", "t.py")
    with pytest.raises(ValueError, match="node_rank"):
        _cmd("--worker_num=8", "--local_worker_num=8", "--node_rank=1", "t.py")
    with pytest.raises(ValueError, match="dict of cores"):
        _cmd("--bind_core={'node0': [0, 1]}", "t.py")
    with pytest.warns(UserWarning, match="--rank_table_file"):
        _cmd("--rank_table_file=r.json", "t.py")
    r = subprocess.run([sys.executable, "-m", "ms_compat", "msrun", "--worker_num=3", "--local_worker_num=2", "t.py"],
                       capture_output=True, text=True, timeout=120, env=dict(os.environ, PYTHONPATH=ROOT))
    assert r.returncode == 2 and "not a multiple" in r.stderr


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
    assert "torch.distributed.run --nnodes 1 --nproc-per-node 2" in r.stderr
    deadline = time.monotonic() + 120
    while not all(os.path.exists(f"{out}.{k}") for k in range(2)):  # join=False: the job runs on
        assert time.monotonic() < deadline, "the workers did not finish"
        time.sleep(0.2)
    time.sleep(0.2)
    assert [open(f"{out}.{k}").read() for k in range(2)] == ["0 2 3.0", "1 2 3.0"]
    if not join:
        assert (tmp_path / "logs" / "scheduler.log").exists()

"""A lost rank never hangs the others (issue 22 item 4): ``communication.init()`` gives the process
group a timeout (``MS_COMPAT_COMM_TIMEOUT`` / MindSpore's ``HCCL_CONNECT_TIMEOUT`` / 600 s), and workers
started by ``torchrun`` end when the launcher dies."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from spawn_util import free_port as _free_port  # noqa: E402

pytestmark = pytest.mark.multiprocess

STUCK = textwrap.dedent("""
    import os, signal, sys, time
    import numpy as np
    from ms_compat import Tensor, ops
    from ms_compat.communication import init, get_rank
    init()
    rank = get_rank()
    x = Tensor(np.ones(2, np.float32))
    ops.AllReduce()(x).asnumpy()  # both ranks took part once
    print("ready", flush=True)
    if rank == 1:
        os.kill(os.getpid(), signal.SIGSTOP)  # stopped, not dead: its sockets stay open
    start = time.monotonic()
    try:
        ops.AllReduce()(x).asnumpy()
    except RuntimeError as e:
        print(f"failed after {time.monotonic() - start:.1f}s: {e}", flush=True)
        sys.exit(3)
    print("no error", flush=True)
""")

SLEEPER = textwrap.dedent("""
    import os, sys, time
    from ms_compat.communication import init, get_rank
    init()
    with open(os.path.join(sys.argv[1], f"pid{get_rank()}"), "w") as f:
        f.write(str(os.getpid()))
    time.sleep(300)
""")


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_timeout_from_environment(monkeypatch):
    from ms_compat.communication import management
    monkeypatch.delenv("MS_COMPAT_COMM_TIMEOUT", raising=False)
    monkeypatch.delenv("HCCL_CONNECT_TIMEOUT", raising=False)
    assert management.comm_timeout() == 600
    monkeypatch.setenv("HCCL_CONNECT_TIMEOUT", "120")
    assert management.comm_timeout() == 120
    monkeypatch.setenv("MS_COMPAT_COMM_TIMEOUT", "7.5")
    assert management.comm_timeout() == 7.5
    monkeypatch.setenv("MS_COMPAT_COMM_TIMEOUT", "soon")
    with pytest.raises(ValueError, match="MS_COMPAT_COMM_TIMEOUT"):
        management.comm_timeout()


@pytest.mark.skipif(sys.platform != "linux", reason="SIGSTOP / procfs")
def test_stopped_rank_fails_the_other_within_the_timeout(tmp_path):
    (tmp_path / "stuck.py").write_text(STUCK)
    port = _free_port()
    procs = []
    for rank in range(2):
        env = dict(os.environ, RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE="2", LOCAL_WORLD_SIZE="2",
                   MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), MS_COMPAT_COMM_TIMEOUT="15")
        procs.append(subprocess.Popen([sys.executable, "stuck.py"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    try:
        out, err = procs[0].communicate(timeout=240)
    finally:
        procs[1].kill()
        procs[1].wait()
    assert procs[0].returncode == 3, (out, err[-2000:])
    line = out.splitlines()[-1]
    assert line.startswith("failed after") and "Timed out" in line, out
    waited = float(line.split()[2].rstrip("s:"))
    assert 14.5 <= waited < 120, line


@pytest.mark.skipif(sys.platform != "linux", reason="procfs")
def test_workers_die_with_a_killed_torchrun(tmp_path):
    (tmp_path / "sleeper.py").write_text(SLEEPER)
    launcher = subprocess.Popen([sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2",
                                 "--master_port", str(_free_port()), "sleeper.py", str(tmp_path)], cwd=tmp_path,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    pids = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not all((tmp_path / f"pid{r}").exists() for r in range(2)):
            assert launcher.poll() is None, "torchrun ended early"
            time.sleep(0.2)
        time.sleep(0.2)
        pids = [int((tmp_path / f"pid{r}").read_text()) for r in range(2)]
        launcher.kill()
        launcher.wait()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(_alive(p) for p in pids):
            time.sleep(0.2)
        assert not any(_alive(p) for p in pids), "workers outlived their launcher"
    finally:
        if launcher.poll() is None:
            launcher.kill()
        for p in pids:
            if _alive(p):
                os.kill(p, signal.SIGKILL)

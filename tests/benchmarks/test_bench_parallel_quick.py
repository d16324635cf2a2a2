"""benchmarks/bench_parallel.py in quick mode: both models timed in the three forms, and the
optimizer-state bytes per process fall with enable_parallel_optimizer (no timing assertions)."""
import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.multiprocess


def test_bench_parallel_quick_mode():
    # In its own interpreter started in the repository root: inside pytest, ``benchmarks`` would name this
    # test package (tests/benchmarks), and the spawned ranks must import benchmarks.bench_parallel.
    code = ("import json, sys; from benchmarks import bench_parallel as b; r = b.run(quick=True); "
            "print(json.dumps({'r': r, 'md': b.to_markdown(r)}))")
    p = subprocess.run([sys.executable, "-c", code], cwd=str(ROOT), capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-4000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    r, md = out["r"], out["md"]
    r0, r1 = r["ranks"]
    for name in ("ResNet-style convnet", "transformer encoder"):
        assert set(r0[name]["time"]) == {"ms_compat DP", "plain DDP", "flat all-reduce"}
        assert all(t > 0 for t in r0[name]["time"].values())
        full = r0[name]["state_bytes"]["False"]
        assert r0[name]["state_bytes"]["True"] < full and r1[name]["state_bytes"]["True"] < full
        assert r0[name]["state_bytes"]["True"] + r1[name]["state_bytes"]["True"] == full
    assert "| ResNet-style convnet |" in md and "Load average" in md

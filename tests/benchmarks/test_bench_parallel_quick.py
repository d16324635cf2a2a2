"""benchmarks/bench_parallel.py in quick mode: both models timed in the three forms, and the
optimizer-state bytes per process fall with enable_parallel_optimizer (no timing assertions)."""
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.multiprocess
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_bench_parallel_quick_mode():
    r = subprocess.run([sys.executable, "-m", "benchmarks.bench_parallel", "--quick"], cwd=ROOT, capture_output=True,
                       text=True, timeout=600, env=dict(os.environ, PYTHONPATH=ROOT))
    assert r.returncode == 0, r.stderr[-3000:]
    rows = {}
    for line in r.stdout.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0] in ("ResNet-style convnet", "transformer encoder"):
            rows.setdefault(cells[0], []).append(cells)
    assert set(rows) == {"ResNet-style convnet", "transformer encoder"}
    for name, (timing, memory) in rows.items():
        assert float(timing[5]) > 0  # DP / DDP ratio computed
        full, r0, r1 = (int(c.replace(",", "")) for c in memory[1:4])
        assert r0 < full and r1 < full and r0 + r1 == full
    assert "Load average" in r.stdout

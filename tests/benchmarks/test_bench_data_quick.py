"""benchmarks/bench_data.py runs in quick mode and reports images/s for every ms_compat / PyTorch row."""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_bench_data_quick_mode():
    r = subprocess.run([sys.executable, "-m", "benchmarks.bench_data", "--quick"], cwd=str(ROOT), capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    rows = re.findall(r"^\| (\d) \| (\d+) \| (\d+|—) \| (\d+) \|", r.stdout, re.M)
    assert [k for k, *_ in rows] == ["1", "2"] and all(int(t) > 0 and int(p) > 0 for _, t, _, p in rows)

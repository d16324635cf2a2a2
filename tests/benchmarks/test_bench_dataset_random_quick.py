"""benchmarks/bench_dataset_random.py runs in quick mode and reports both costs for each case."""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_bench_dataset_random_quick_mode():
    r = subprocess.run([sys.executable, "-m", "benchmarks.bench_dataset_random", "--quick"], cwd=str(ROOT),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    rows = re.findall(r"^\| (epoch order, 60000 rows|RandomHorizontalFlip draw, per row) \| ([0-9.]+) (?:ms|µs) \| "
                      r"([0-9.]+) (?:ms|µs) \| [0-9.]+ \|$", r.stdout, re.M)
    assert len(rows) == 2 and all(float(a) > 0 and float(b) > 0 for _, a, b in rows), r.stdout

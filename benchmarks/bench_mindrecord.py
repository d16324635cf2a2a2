"""MindRecord decode: read a file of integer-array rows with ``MindDataset`` (ms_compat) and with real MindSpore
2.10 (when the .msref reference venv exists), same file, same process pattern: rows/s and seconds per 300k
int32 values (mixed 1/2/4-byte widths, MindSpore's compressed integer blobs; the file is written once by
ms_compat's FileWriter, which writes MindSpore's bytes).

Usage: python -m benchmarks.bench_mindrecord [--quick]
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
VALUES = 300_000

READ = r"""
import json, statistics, sys, time
import importlib
ds = importlib.import_module(sys.argv[3])
path, repeat = sys.argv[1], int(sys.argv[2])
times = []
for _ in range(repeat + 1):
    t = time.perf_counter()
    n = sum(r[0].size for r in ds.MindDataset(path, shuffle=False).create_tuple_iterator(output_numpy=True))
    times.append(time.perf_counter() - t)
print(json.dumps({"values": n, "times": times[1:]}))
"""


def write_file(path, rows, seed=0):
    from ms_compat.mindrecord import FileWriter
    rng = np.random.default_rng(seed)
    w = FileWriter(str(path))
    w.add_schema({"arr": {"type": "int32", "shape": [-1]}}, "ints")
    w.write_raw_data([{"arr": (rng.integers(-2 ** 31, 2 ** 31, VALUES) >> rng.integers(0, 31, VALUES))
                       .astype(np.int32)} for _ in range(rows)])
    w.commit()
    return path


def run(python, path, repeat, env, module):
    out = subprocess.run([python, "-c", READ, str(path), str(repeat), module], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=900)
    if out.returncode:
        raise RuntimeError(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    rows, repeat = (2, 3) if args.quick else (4, 7)
    with tempfile.TemporaryDirectory() as tmp:
        path = write_file(pathlib.Path(tmp) / "ints.mindrecord", rows)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        ours = run(sys.executable, path, repeat, env, "ms_compat.dataset")
        results = {"ms_compat": ours}
        ms_python = ROOT / ".msref" / "bin" / "python"
        if ms_python.exists():
            results["MindSpore 2.10"] = run(str(ms_python), path, repeat,
                                            dict(os.environ, ONEDNN_MAX_CPU_ISA="AVX2", GLOG_v="3"),
                                            "mindspore.dataset")
    print(f"| reader | seconds per {VALUES // 1000}k int32 values, median (min–max) | ms_compat / this |")
    print("|---|---|---|")
    per = {name: [t / rows for t in r["times"]] for name, r in results.items()}
    ours_med = statistics.median(per["ms_compat"])
    for name, p in per.items():
        med = statistics.median(p)
        print(f"| {name} | {med:.3f} ({min(p):.3f}–{max(p):.3f}) | {ours_med / med:.2f} |")
    print(f"load average: {os.getloadavg()}")


if __name__ == "__main__":
    main()

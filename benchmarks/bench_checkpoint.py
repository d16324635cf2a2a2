"""Checkpoint load time and peak memory: ``ms_compat.load_checkpoint`` (.ckpt and safetensors)
against ``torch.load`` of the same tensors (.pt), each in a fresh interpreter.

    python3 benchmarks/bench_checkpoint.py            # ~544 MB of float32 tensors (17 x 32 MiB)
    python3 benchmarks/bench_checkpoint.py --quick    # ~16 MB, a smoke run
    python3 benchmarks/bench_checkpoint.py --mb 1024 --repeat 5

Peak memory is the process's peak RSS growth during the load (``VmHWM`` after the call, with the
peak counter reset through ``/proc/self/clear_refs`` just before it, minus the RSS at that point),
so the interpreter and the imports do not count. Files are written to a
temporary directory (``--dir``) and removed afterwards.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHILD = r"""
import resource, sys, time, gc
kind, path = sys.argv[1], sys.argv[2]
import torch, ms_compat
def rss():
    with open('/proc/self/statm') as f:
        return int(f.read().split()[1]) * resource.getpagesize()
def hwm():
    with open('/proc/self/status') as f:
        for line in f:
            if line.startswith('VmHWM:'):
                return int(line.split()[1]) * 1024
gc.collect()
try:   # reset the peak-RSS counter (Linux >= 4.0), so the imports' peak does not count
    with open('/proc/self/clear_refs', 'w') as f:
        f.write('5')
except OSError:
    pass
base = rss()
t0 = time.perf_counter()
if kind == 'ms_ckpt':
    d = ms_compat.load_checkpoint(path)
elif kind == 'ms_safetensors':
    d = ms_compat.load_checkpoint(path, format='safetensors')
elif kind == 'torch_load':
    d = torch.load(path, weights_only=True)
elif kind == 'torch_load_mmap':
    d = torch.load(path, weights_only=True, mmap=True)
for v in d.values():
    v.sum()   # touch the data, so lazily mapped loaders really read it
dt = time.perf_counter() - t0
peak = hwm()
n = sum(v.numel() * v.element_size() for v in d.values())
print(dt, peak - base, n)
"""

KINDS = {"ms_ckpt": "ckpt", "ms_safetensors": "safetensors", "torch_load": "pt"}


def make_files(directory, total_mb):
    import torch
    import ms_compat as ms
    n_big = max(1, total_mb // 32)
    g = torch.Generator().manual_seed(0)
    tensors = {f"layer{i}.weight": torch.randn(8 * 1024 * 1024 // 1, generator=g).reshape(2048, 4096)
               for i in range(n_big)}
    tensors.update({f"layer{i}.bias": torch.randn(4096, generator=g) for i in range(n_big)})
    if total_mb < 32:   # quick mode: small tensors
        tensors = {f"t{i}": torch.randn(total_mb * 1024 * 1024 // 4 // 8, generator=g) for i in range(8)}
    paths = {"ckpt": os.path.join(directory, "bench.ckpt"), "safetensors": os.path.join(directory, "bench.safetensors"),
             "pt": os.path.join(directory, "bench.pt")}
    ms.save_checkpoint(tensors, paths["ckpt"])
    ms.save_checkpoint(tensors, paths["safetensors"], format="safetensors")
    torch.save(tensors, paths["pt"])
    nbytes = sum(t.numel() * t.element_size() for t in tensors.values())
    return paths, nbytes, len(tensors)


def run_one(kind, path):
    out = subprocess.run([sys.executable, "-c", CHILD, kind, path], capture_output=True, text=True, cwd=ROOT)
    if out.returncode:
        raise RuntimeError(out.stderr)
    t, peak, n = out.stdout.strip().splitlines()[-1].split()
    return float(t), int(peak), int(n)


def run(total_mb=544, repeat=3, directory=None):
    with tempfile.TemporaryDirectory(dir=directory) as d:
        paths, nbytes, count = make_files(d, total_mb)
        sizes = {k: os.path.getsize(p) for k, p in paths.items()}
        kinds = dict(KINDS)
        kinds["torch_load_mmap"] = "pt"
        res = {k: [] for k in kinds}
        for _ in range(repeat):              # interleaved, so cache effects hit all alike
            for k, fmt in kinds.items():
                res[k].append(run_one(k, paths[fmt]))
        out = {"tensor_bytes": nbytes, "tensors": count, "file_bytes": sizes, "repeat": repeat}
        for k, rows in res.items():
            ts = [r[0] for r in rows]
            peaks = [r[1] for r in rows]
            assert all(r[2] == nbytes for r in rows), k
            out[k] = {"seconds_median": statistics.median(ts), "seconds_min": min(ts), "seconds_max": max(ts),
                      "peak_rss_growth_bytes_median": int(statistics.median(peaks))}
        for p in paths.values():
            os.chmod(p, 0o600)
    return out


def to_markdown(r):
    mb = r["tensor_bytes"] / 1e6
    lines = [f"{r['tensors']} float32 tensors, {mb:,.0f} MB of tensor data; median of {r['repeat']} fresh processes",
             "", "| loader | file | load s (min–max) | peak RSS growth | × tensor bytes |", "|---|---|---|---|---|"]
    names = {"ms_ckpt": "ms_compat.load_checkpoint (.ckpt)", "ms_safetensors": "ms_compat.load_checkpoint (safetensors)",
             "torch_load": "torch.load(weights_only=True) (.pt)", "torch_load_mmap": "torch.load(mmap=True) + touch (.pt)"}
    fmt = {"ms_ckpt": "ckpt", "ms_safetensors": "safetensors", "torch_load": "pt", "torch_load_mmap": "pt"}
    for k, name in names.items():
        v = r[k]
        peak = v["peak_rss_growth_bytes_median"]
        lines.append(f"| {name} | {r['file_bytes'][fmt[k]] / 1e6:,.0f} MB | {v['seconds_median']:.2f} "
                     f"({v['seconds_min']:.2f}–{v['seconds_max']:.2f}) | {peak / 1e6:,.0f} MB | "
                     f"{peak / r['tensor_bytes']:.2f} |")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="16 MB file, 1 repetition")
    ap.add_argument("--mb", type=int, default=544)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--dir", default=None)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    r = run(16, 1, a.dir) if a.quick else run(a.mb, a.repeat, a.dir)
    print(json.dumps(r, indent=1) if a.json else to_markdown(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Re-create every stored reference file by running real MindSpore 2.10.

Usage (one command, from the repo root):
    python tools/make_references.py [--python .msref/bin/python] [name-filter]

It runs each ``tools/reference/gen_*.py`` with the reference interpreter (a venv holding
``mindspore==2.10.0`` and ``numpy<2``: ``python -m venv .msref && .msref/bin/pip install
mindspore==2.10.0 "numpy<2"``). Each generator writes small files under
``tests/reference_data/<area>/``; the tests read only those files, so CI needs no MindSpore.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--python", default=str(ROOT / ".msref" / "bin" / "python"))
    ap.add_argument("filter", nargs="?", default="")
    a = ap.parse_args(argv)
    env = dict(os.environ, ONEDNN_MAX_CPU_ISA="AVX2", GLOG_v="3", PYTHONPATH=str(ROOT / "tools" / "reference"))
    failed = []
    for gen in sorted((ROOT / "tools" / "reference").glob("gen_*.py")):
        if a.filter not in gen.name:
            continue
        print(f"== {gen.name}", flush=True)
        r = subprocess.run([a.python, str(gen)], cwd=str(ROOT / "tools" / "reference"), env=env)
        if r.returncode:
            failed.append(gen.name)
    if failed:
        print("FAILED:", ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

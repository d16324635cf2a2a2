"""Helpers for the drop-in tests: copy the MindSpore-style project, run it, compare printed lines."""
from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROJECT = ROOT / "tests" / "data" / "dropin_project"
_NUM = re.compile(r"-?\d+\.\d+(?:e-?\d+)?|-?\d+")


def copy_project(tmp_path) -> pathlib.Path:
    dst = pathlib.Path(tmp_path) / "proj"
    shutil.copytree(PROJECT, dst)
    return dst


def run(args, cwd, timeout=240):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)  # ms_compat itself; the project is found the way python finds it
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def printed_lines(stdout: str):
    return [ln for ln in stdout.splitlines() if ln.strip()]


def assert_lines_match(actual, expected, atol=2e-4, rtol=1e-3):
    """Same lines; numbers (printed rounded to 4 decimals) equal within tolerance, other text exact."""
    assert len(actual) == len(expected), f"{len(actual)} lines printed, reference has {len(expected)}:\n" + \
        "\n".join(actual)
    for a, e in zip(actual, expected):
        assert _NUM.sub("#", a) == _NUM.sub("#", e), f"line differs:\n  ms_compat: {a}\n  mindspore: {e}"
        for x, y in zip(_NUM.findall(a), _NUM.findall(e)):
            fx, fy = float(x), float(y)
            assert abs(fx - fy) <= atol + rtol * abs(fy), f"number {x} vs {y} in:\n  ms_compat: {a}\n  mindspore: {e}"


PYTHON = sys.executable

"""Reference output of the drop-in project (tests/data/dropin_project) under real MindSpore 2.10.

The project is unchanged MindSpore code; tests run the same files through `ms-compat run` and
`ms_compat.install()` and compare the printed lines with what real MindSpore printed here.
"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import refutil

PROJECT = refutil.ROOT / "tests" / "data" / "dropin_project"
RUNS = {
    "main": ["main.py", "a1", "--flag"],
    "cli": ["-m", "mypkg.cli", "z"],
}


def clean(out: str):
    return [ln for ln in out.splitlines() if ln.strip() and "WARNING" not in ln and "total_instance_count" not in ln]


def main():
    result = {}
    with tempfile.TemporaryDirectory() as d:
        proj = pathlib.Path(d) / "proj"
        shutil.copytree(PROJECT, proj)
        env = dict(os.environ)
        env.pop("PYTHONPATH", None)
        for name, args in RUNS.items():
            r = subprocess.run([sys.executable] + args, cwd=proj, env=env, capture_output=True, text=True)
            if r.returncode:
                print(r.stdout, r.stderr)
                raise SystemExit(f"{name} failed under MindSpore")
            result[name] = clean(r.stdout)
    for name, lines in result.items():
        refutil.save_json("dropin", name, {"args": RUNS[name], "lines": lines})
        print(name, len(lines), "lines")


if __name__ == "__main__":
    main()

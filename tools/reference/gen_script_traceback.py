"""Run small failing scripts with real MindSpore 2.10 as ``python script.py`` and store how the traceback
starts (its first lines, with the folder written as ``DIR``) and its last line, for tests/test_runner.py:
tests/reference_data/utils/script_traceback.json. The scripts: tests/data/script_traceback_cases.py."""
import os
import subprocess
import sys
import tempfile

import refutil

sys.path.insert(0, str(refutil.ROOT / "tests" / "data"))
import script_traceback_cases  # noqa: E402

out = {}
for name, text in script_traceback_cases.SCRIPTS.items():
    d = tempfile.mkdtemp()
    path = os.path.join(d, f"{name}.py")
    with open(path, "w") as f:
        f.write(text)
    r = subprocess.run([sys.executable, path], capture_output=True, text=True, cwd=d, timeout=120)
    lines = [line.replace(d, "DIR") for line in r.stderr.splitlines()]
    start = lines.index("Traceback (most recent call last):")
    out[name] = {"returncode": r.returncode, "head": lines[start:start + 3],
                 "last": [line for line in lines if line and not line[0].isspace()][-1]}
refutil.save_json("utils", "script_traceback", out)
print("recorded", len(out), "tracebacks")

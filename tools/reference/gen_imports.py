"""References for the module-level facts of issue 16 (tools/reference/imports_cases.py), from real
MindSpore 2.10, into tests/reference_data/imports/facts.json.

Run: python tools/make_references.py gen_imports
"""
import json
import os
import subprocess
import sys

import mindspore as ms

import refutil
from imports_cases import CASES, ENV_CASES, run_case

out = {name: run_case(src, ms) for name, src in CASES.items()}
for name, (env, src) in ENV_CASES.items():
    code = ("import json, sys\nsys.path.insert(0, %r)\nimport mindspore as ms\nfrom imports_cases import run_case\n"
            "print('@@' + json.dumps(run_case(%r, ms)))" % (os.path.dirname(os.path.abspath(__file__)), src))
    r = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, **env), capture_output=True, text=True)
    line = [l for l in r.stdout.splitlines() if l.startswith("@@")]
    out[name] = json.loads(line[0][2:]) if line else {"error": ["child failed", r.stderr[-300:]]}
refutil.save_json("imports", "facts", out)
print(f"{len(out)} cases -> tests/reference_data/imports/facts.json")

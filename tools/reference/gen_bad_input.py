"""What real MindSpore 2.10 does on bad input (issue 22 item 11), run under real MindSpore.

Writes tests/reference_data/bad_input/cases.json: for each expression of bad_input_cases.CASES,
``{"error": [type, message head]}`` or ``{"shape": [...]}`` when MindSpore accepts it (the first
output's shape). Case definitions live in bad_input_cases.py (shared with tests/test_bad_input.py).

Each case runs in a fresh interpreter: after one failed op, MindSpore 2.10 (PyNative) reports a later
failure with the earlier error's type and message (seen: ``ops.concat`` after a failed ``ops.matmul``
raises the matmul's RuntimeError), so cases sharing a process record wrong answers.
"""
import json
import subprocess
import sys

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

import refutil
from bad_input_cases import CASES, first, namespace

ms.set_context(mode=ms.PYNATIVE_MODE)
ms.set_seed(1)


NS = namespace(ms, nn, ops, Tensor)


def head(e):
    lines = [l.strip() for l in str(e).splitlines() if l.strip() and not l.strip().startswith("---")
             and not l.strip().startswith("- ")]
    return lines[0][:160] if lines else ""


def one(expr):
    try:
        out = first(eval(expr, NS))
        if hasattr(out, "asnumpy"):
            return {"shape": list(out.asnumpy().shape)}
        return {"value": repr(out)}
    except Exception as e:  # noqa: BLE001 - recording what MindSpore raises
        return {"error": [type(e).__name__, head(e)]}


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--one":
        print("RESULT " + json.dumps(one(sys.argv[2])), flush=True)
        return
    res = {}
    todo = CASES
    if len(sys.argv) > 1 and sys.argv[1] == "--missing":  # only the cases the stored file lacks (merged in)
        res = json.loads((refutil.out_dir("bad_input") / "cases.json").read_text())
        todo = [c for c in CASES if c not in res]
    for expr in todo:
        r = subprocess.run([sys.executable, __file__, "--one", expr], capture_output=True, text=True, timeout=300)
        lines = [l for l in r.stdout.splitlines() if l.startswith("RESULT ")]
        res[expr] = json.loads(lines[-1][7:]) if lines else {"crash": r.returncode}
        print(expr, "->", res[expr], flush=True)
    refutil.save_json("bad_input", "cases", res)


if __name__ == "__main__":
    main()

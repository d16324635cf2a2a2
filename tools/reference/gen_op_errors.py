"""What real MindSpore 2.10 raises on the common mistakes of op_error_cases.FAMILIES (issue 32 item 7).

Writes tests/reference_data/ops/op_errors.json: for each expression ``{"error": [type, message head]}``, or
``{"shape": [...], "dtype": ...}`` when MindSpore accepts it. Each case runs in a fresh interpreter (after one
failed op MindSpore 2.10 PyNative can report a later failure with the earlier error; see gen_bad_input.py).
"""
import json
import subprocess
import sys

import mindspore as ms
from mindspore import nn, ops, Tensor

import refutil
from op_error_cases import CASES, first, namespace

ms.set_context(mode=ms.PYNATIVE_MODE)
NS = namespace(ms, nn, ops, Tensor)


def head(e):
    lines = [l.strip() for l in str(e).splitlines() if l.strip() and not l.strip().startswith("---")
             and not l.strip().startswith("- ")]
    return lines[0][:300] if lines else ""


def one(expr):
    try:
        out = first(eval(expr, NS))
        return {"shape": list(out.shape), "dtype": str(out.dtype)}
    except Exception as e:  # noqa: BLE001 - recording what MindSpore raises
        return {"error": [type(e).__name__, head(e)]}


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--one":
        print("RESULT " + json.dumps(one(sys.argv[2])), flush=True)
        return
    res = {}
    for expr in CASES:
        r = subprocess.run([sys.executable, __file__, "--one", expr], capture_output=True, text=True, timeout=300)
        lines = [l for l in r.stdout.splitlines() if l.startswith("RESULT ")]
        res[expr] = json.loads(lines[-1][7:]) if lines else {"crash": r.returncode}
        print(expr, "->", res[expr], flush=True)
    refutil.save_json("ops", "op_errors", res)


if __name__ == "__main__":
    main()

"""Reference data for ms_compat.ops: runs the cases of tests/ops/op_cases.py under real MindSpore 2.10.

Writes tests/reference_data/ops/{outputs,grads,random,errors,grad_api}.json.
Run: python tools/make_references.py gen_ops
"""
import pathlib
import subprocess
import sys

import numpy as np
import mindspore as ms
from mindspore import ops
from mindspore.ops import operations as P

import json

import refutil


def save(name, obj):
    (refutil.out_dir("ops") / f"{name}.json").write_text(json.dumps(obj, sort_keys=True, separators=(",", ":")) + "\n")

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tests" / "ops"))
import op_cases as C  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
ms.set_seed(0)
dstr = str


def _sync(out):
    """PyNative runs ops asynchronously: read every result so an error surfaces in its own case."""
    if hasattr(out, "asnumpy"):
        out.asnumpy()
    elif isinstance(out, (tuple, list)):
        for o in out:
            _sync(o)
    elif callable(out):
        return out
    return out


def _flush():
    try:  # surface any pending asynchronous error before the next case
        (ms.Tensor([1.0]) + 1).asnumpy()
    except Exception:  # noqa: BLE001
        pass


def main():
    outputs, grads = {}, {}
    for name, (fn, inputs, ngrad) in C.CASES.items():
        _flush()
        try:
            try:
                outputs[name] = C.encode(_sync(C.run_case(ms, ops, P, fn, inputs)), dstr)
            except Exception:  # noqa: BLE001  (may be a late error of the previous case: retry once)
                _flush()
                outputs[name] = C.encode(_sync(C.run_case(ms, ops, P, fn, inputs)), dstr)
        except Exception as e:  # noqa: BLE001
            outputs[name] = {"error": [type(e).__name__, str(e).strip().splitlines()[0][:300]]}
            print("case failed:", name, outputs[name]["error"])
            continue
        if ngrad:
            _flush()
            try:
                grads[name] = C.encode(C.grads_of(ms, ops, P, fn, inputs, ngrad), dstr)
            except Exception as e:  # noqa: BLE001
                grads[name] = {"error": [type(e).__name__, str(e).strip().splitlines()[0][:300]]}
                print("grad failed:", name, grads[name]["error"])
    save("outputs", outputs)
    save("grads", grads)

    rnd = {}
    for name, fn in C.RANDOM_CASES.items():
        try:
            out = fn(ms, ops, P)
            outs = out if isinstance(out, tuple) else (out,)
            rnd[name] = [{"dtype": str(o.dtype), "shape": list(o.shape)} for o in outs]
        except Exception as e:  # noqa: BLE001
            rnd[name] = {"error": [type(e).__name__, str(e).strip().splitlines()[0][:300]]}
            print("random failed:", name, rnd[name]["error"])
    save("random", rnd)

    # PyNative errors surface asynchronously (in a later op): each error case runs in its own process
    errs = {}
    for name in (C.ERROR_CASES if "GEN_OPS_SKIP_ERRORS" not in __import__("os").environ else ()):
        r = subprocess.run([sys.executable, __file__, "--error", name], capture_output=True, text=True)
        errs[name] = json.loads(r.stdout.strip().splitlines()[-1])
    if errs:
        save("errors", errs)

    api = {}
    for name, fn in C.GRAD_API_CASES.items():
        net = C.build_net(ms)
        x, y = ms.Tensor(C.GX), ms.Tensor(C.GY)
        try:
            api[name] = C.encode(fn(ms, ops, net, x, y), dstr)
        except Exception as e:  # noqa: BLE001
            api[name] = {"error": [type(e).__name__, str(e).strip().splitlines()[0][:300]]}
            print("grad api failed:", name, api[name]["error"])
    save("grad_api", api)

    import mindspore.numpy as mnp
    npo = {}
    for name, (fn, inputs) in C.NP_CASES.items():
        _flush()
        try:
            npo[name] = C.encode(_sync(fn(mnp, ms, *[ms.Tensor(a) for a in inputs])), dstr)
        except Exception as e:  # noqa: BLE001
            npo[name] = {"error": [type(e).__name__, str(e).strip().splitlines()[0][:300]]}
            print("numpy failed:", name, npo[name]["error"])
    save("numpy", npo)


def one_error(name):
    err = refutil.error_of(lambda: _sync(C.ERROR_CASES[name](ms, ops, P)))
    if err is not None:
        err[1] = err[1][:300]
    print(json.dumps(err))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--error":
        one_error(sys.argv[2])
    else:
        main()

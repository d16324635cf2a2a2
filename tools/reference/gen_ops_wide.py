"""Reference data for the widened ``mindspore.ops`` / ``ops.functional`` / ``ops.operations`` / ``Tensor``-method
coverage of issue 16 §3: runs tests/ops/op_cases_wide.py under real MindSpore 2.10.

For every case the output and (for ``ngrad`` > 0) the gradients of the sum of the float outputs are recorded with
the *source* used: ``"mindspore"`` when the op itself ran; when MindSpore 2.10's CPU build has no kernel for it,
the case's ``FALLBACKS`` entry (``"classic:<op>"``: the equivalent classic MindSpore op, run under MindSpore, its
gradients from ``ms.grad``). ``FACTS`` (identities, Python values) and ``RANDOM`` (shape/dtype only) are recorded
as they are.

Writes tests/reference_data/ops_wide/{outputs,grads,facts,random}.json.
Run: python tools/make_references.py gen_ops_wide
"""
import json
import pathlib
import sys

import numpy as np  # noqa: F401
import mindspore as ms
from mindspore import ops
from mindspore.ops import operations as P

import refutil

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tests" / "ops"))
import op_cases_wide as C  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
ms.set_seed(0)

_NO_KERNEL = ("unregistered", "Create kernelmod", "Not found op", "Not implement exception", "only supports Ascend",
              "----------", "not support on CPU", "Unsupported op", "not supported on CPU", "is not supported in",
              "is not supported on this device")


def save(name, obj):
    (refutil.out_dir("ops_wide") / f"{name}.json").write_text(
        json.dumps(obj, sort_keys=True, separators=(",", ":")) + "\n")


def _err(e):
    return [type(e).__name__, str(e).strip().splitlines()[0][:300] if str(e).strip() else ""]


def _sync(out):
    if hasattr(out, "asnumpy"):
        out.asnumpy()
    elif isinstance(out, (tuple, list)):
        for o in out:
            _sync(o)
    return out


def _flush():
    for _ in range(10):
        try:
            (ms.Tensor([1.0]) + 1).asnumpy()
            return
        except Exception:  # noqa: BLE001
            continue


def _no_kernel(e):
    return isinstance(e, (RuntimeError, NotImplementedError, TypeError, ValueError)) and any(
        k in str(e) for k in _NO_KERNEL)


def _run(fn, inputs):
    _flush()
    out = _sync(fn(ms, ops, P, *[ms.Tensor(a) for a in inputs]))
    _flush()
    return out


def _grads(fn, inputs, ngrad):
    ts = [ms.Tensor(a) for a in inputs]
    f = lambda *xs: C.float_sum(fn(ms, ops, P, *xs))  # noqa: E731
    return _sync(ms.grad(f, tuple(range(ngrad)))(*ts))


def main():
    outputs, grads = {}, {}
    for name, (fn, inputs, ngrad) in C.CASES.items():
        src = "mindspore"
        try:
            out = _run(fn, inputs)
        except Exception as e:  # noqa: BLE001
            _flush()
            if name in C.FALLBACKS and (_no_kernel(e) or name in C.FALLBACK_ON_ANY_ERROR):
                src, fb = C.FALLBACKS[name]
                fn = fb
                try:
                    out = _run(fn, inputs)
                except Exception as e2:  # noqa: BLE001
                    outputs[name] = {"error": _err(e), "fallback_error": _err(e2)}
                    print("fallback failed:", name, _err(e), _err(e2))
                    continue
                outputs[name] = dict(C.encode(out, str), source=src, mindspore_error=_err(e))
            else:
                outputs[name] = {"error": _err(e), "source": src}
                print("error:", name, outputs[name]["error"])
                continue
        else:
            outputs[name] = dict(C.encode(out, str), source=src)
        if ngrad:
            try:
                grads[name] = dict(C.encode(_grads(fn, inputs, ngrad), str), source=src)
            except Exception as e:  # noqa: BLE001
                _flush()
                grads[name] = {"error": _err(e), "source": src}
                print("grad failed:", name, grads[name]["error"])
    save("outputs", outputs)
    save("grads", grads)
    facts = {}
    for name, fn in C.FACTS.items():
        _flush()
        try:
            facts[name] = {"v": fn(ms)}
            _flush()
        except Exception as e:  # noqa: BLE001
            facts[name] = {"error": _err(e)}
    save("facts", facts)
    rnd = {}
    for name, fn in C.RANDOM.items():
        src, extra = "mindspore", {}
        try:
            try:
                out = _sync(fn(ms, ops, P))
            except Exception as e:  # noqa: BLE001
                _flush()
                if name not in C.RANDOM_FALLBACKS or not _no_kernel(e):
                    raise
                src, fb = C.RANDOM_FALLBACKS[name]
                extra = {"mindspore_error": _err(e)}
                out = _sync(fb(ms, ops, P))
            outs = out if isinstance(out, (tuple, list)) else (out,)
            rnd[name] = dict(out=[{"dtype": str(o.dtype), "shape": list(o.shape)} for o in outs], source=src, **extra)
        except Exception as e:  # noqa: BLE001
            _flush()
            rnd[name] = {"error": _err(e)}
            print("random failed:", name, rnd[name]["error"])
    save("random", rnd)
    graph_only = {}
    for name, fn in C.GRAPH_ONLY.items():
        try:
            r = fn(ms)
            graph_only[name] = {"ran": repr(r)[:100]}
        except Exception as e:  # noqa: BLE001
            _flush()
            graph_only[name] = {"error": _err(e)}
    save("graph_only", graph_only)
    print(len(outputs), "cases,", len(grads), "grads,", len(facts), "facts,", len(rnd), "random")


if __name__ == "__main__":
    main()

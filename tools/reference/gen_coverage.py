"""Reference outputs for the widened API coverage (issue 3): scatter/segment/inplace ops, extra math,
linalg, extra nn Primitives and cells, metrics. Each case is a Python snippet evaluated under real
MindSpore 2.10 here and under ms_compat in tests/coverage/test_coverage_reference.py (the snippet and
input names are stored in the JSON, inputs and outputs in the npz).

Run: python tools/make_references.py gen_coverage
"""
import pathlib

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter, train
from mindspore.ops import operations as P

import refutil
from coverage_cases import CASES, HELPERS, make_inputs

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")


def _flatten(out, arrays, prefix):
    """Structure description of an output; arrays go to ``arrays``."""
    if isinstance(out, (Tensor, Parameter)):
        a = out.asnumpy()
        arrays[prefix] = a
        return {"t": "tensor", "key": prefix, "dtype": str(out.dtype)}
    if isinstance(out, (tuple, list)):
        return {"t": "seq", "items": [_flatten(o, arrays, f"{prefix}_{i}") for i, o in enumerate(out)]}
    if isinstance(out, np.ndarray):
        arrays[prefix] = out
        return {"t": "ndarray", "key": prefix}
    if isinstance(out, (bool, np.bool_)):
        return {"t": "bool", "v": bool(out)}
    if isinstance(out, (int, np.integer)):
        return {"t": "int", "v": int(out)}
    if isinstance(out, (float, np.floating)):
        return {"t": "float", "v": float(out)}
    if out is None:
        return {"t": "none"}
    return {"t": "other", "repr": repr(out)}


def _helpers():
    """Import HELPERS from a real file (MindSpore's transforms read the functions' source)."""
    import importlib
    import sys
    import tempfile
    tmp = pathlib.Path(tempfile.mkdtemp())
    (tmp / "coverage_helpers.py").write_text("from mindspore import ops\n" + HELPERS)
    sys.path.insert(0, str(tmp))
    mod = importlib.import_module("coverage_helpers")
    return {k: v for k, v in vars(mod).items() if not k.startswith("_") and callable(v)}


def main():
    inputs = make_inputs()
    helpers = _helpers()
    arrays = {f"in_{k}": v for k, v in inputs.items()}
    meta = {}
    for cid, code, names, flags in CASES:
        ns = {"ms": ms, "nn": nn, "ops": ops, "P": P, "Tensor": Tensor, "Parameter": Parameter, "np": np,
              "train": train, **helpers}
        for n in names:
            ns[n] = Tensor(inputs[n])
        entry = {"code": code, "inputs": names, "flags": flags}
        try:
            out = eval(code, ns)  # noqa: S307 - our own case snippets
            entry["out"] = _flatten(out, arrays, f"out_{cid}")
        except Exception as e:  # noqa: BLE001
            entry["error"] = [type(e).__name__, str(e).strip().splitlines()[0] if str(e).strip() else ""]
        meta[cid] = entry
    import json
    # compact (one case per line) to keep the area small
    lines = ",\n".join(f"{json.dumps(k)}: {json.dumps(v, sort_keys=True, default=str)}" for k, v in sorted(meta.items()))
    (refutil.out_dir("coverage") / "cases.json").write_text("{\n" + lines + "\n}\n")
    refutil.save_json("coverage", "helpers", {"source": HELPERS})
    # all arrays packed into one byte buffer (hundreds of small npz members cost more than their data)
    index, chunks, off = {}, [], 0
    for k in sorted(arrays):
        a = np.asarray(arrays[k])  # tobytes() is C-order; keeps 0-d shapes
        raw = a.tobytes()
        index[k] = [a.dtype.str, list(a.shape), off, len(raw)]
        chunks.append(raw)
        off += len(raw)
    refutil.save_npz("coverage", "cases", packed=np.frombuffer(b"".join(chunks), np.uint8))
    refutil.save_json("coverage", "index", index)
    bad = [k for k, v in meta.items() if "error" in v and "err" not in v["flags"]]
    print(len(meta), "cases;", "unexpected errors:", bad)
    for k in bad:
        print(k, meta[k]["error"])


if __name__ == "__main__":
    main()

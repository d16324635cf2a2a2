"""``mindspore.ops.composite`` under real MindSpore 2.10: which of its ``__all__`` names are the very objects of
``mindspore.ops`` (re-exports), and what ``ones_like`` / ``zeros_like`` / ``matmul`` return for each input kind.
Writes tests/reference_data/ops/composite.json; tests/ops/test_composite.py compares.
    python tools/make_references.py gen_composite
"""
import numpy as np
import mindspore as ms
from mindspore import ops
from mindspore.ops import composite as C

import refutil

ms.set_context(mode=ms.PYNATIVE_MODE)
INPUTS = {  # name -> Python value built from the same description in the test
    "tensor_i32": lambda T: T(np.ones((2, 2), np.int32)),
    "tensor_f16": lambda T: T(np.full((3,), 2.5, np.float16)),
    "int": lambda T: 3, "float": lambda T: 2.5, "bool": lambda T: True, "none": lambda T: None,
    "tuple": lambda T: (T(np.ones((2,), np.float32)), 2), "tuple_nested": lambda T: (1, (True, None)),
    "tuple_float": lambda T: (T(np.ones((2,), np.float32)), 2.0), "list": lambda T: [1, T(np.ones((2,), np.int32))],
}


def describe(v):
    if isinstance(v, ms.Tensor):
        a = v.asnumpy()
        return {"tensor": str(a.dtype), "shape": list(a.shape), "value": a.astype(np.float64).ravel().tolist()}
    if isinstance(v, (tuple, list)):
        return {type(v).__name__: [describe(x) for x in v]}
    return {type(v).__name__: v}


def run(fn):
    try:
        return describe(fn())
    except Exception as e:  # noqa: BLE001 - MindSpore's error is the result
        return {"error": type(e).__name__}


out = {"same_as_ops": sorted(n for n in C.__all__ if getattr(ops, n, None) is getattr(C, n)),
       "all": sorted(C.__all__), "ones_like": {}, "zeros_like": {}}
for name, make in INPUTS.items():
    out["ones_like"][name] = run(lambda: C.ones_like(make(ms.Tensor)))
    out["zeros_like"][name] = run(lambda: C.zeros_like(make(ms.Tensor)))
a = np.arange(6, dtype=np.float32).reshape(2, 3)
b = np.arange(12, dtype=np.float32).reshape(3, 4) / 3
out["matmul"] = {"plain": run(lambda: C.matmul(ms.Tensor(a), ms.Tensor(b))),
                 "dtype": run(lambda: C.matmul(ms.Tensor(a), ms.Tensor(b), ms.float16)),
                 "batched": run(lambda: C.matmul(ms.Tensor(np.stack([a, a])), ms.Tensor(b)))}
refutil.save_json("ops", "composite", out)
print(out["same_as_ops"])

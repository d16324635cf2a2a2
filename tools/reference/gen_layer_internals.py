"""The attributes MindSpore 2.10's own layer ``__init__`` leaves on an instance, which subclasses in real code
call (``self.conv2d(x, self.weight)``, ``self.bias_add``, ``self.layer_norm``, ``self.bn_train``, ...).

For every layer constructed in layer_cases.CASES: each public-looking attribute holding a Primitive
(class name and its attrs) and a call of the primitive on the layer's own parameters where the case
says how. Writes tests/reference_data/layers/internals.json.
"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor  # noqa: F401 - used by the eval'd constructors

import refutil
from layer_cases import CASES

ms.set_context(mode=ms.PYNATIVE_MODE)


def jsonable(v):
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    if isinstance(v, (tuple, list)):
        return [jsonable(a) for a in v]
    return repr(v)


out = {}
seen = set()
for cid, ctor, *_ in CASES:
    if ctor in seen:
        continue
    seen.add(ctor)
    try:
        layer = eval(ctor)  # noqa: S307 - case table of this repo
    except Exception as e:  # noqa: BLE001
        continue
    prims = {}
    for k, v in vars(layer).items():
        if k.startswith("_") or not isinstance(v, ops.Primitive):
            continue
        attrs = {a: jsonable(b) for a, b in v.attrs.items()
                 if a not in ("input_names", "output_names", "primitive_target")}
        prims[k] = {"primitive": type(v).__name__, "name": v.name, "attrs": attrs}
    out[cid] = {"ctor": ctor, "class": type(layer).__name__, "primitives": prims}
refutil.save_json("layers", "internals", out)
print(len(out), "layers;", sum(len(v["primitives"]) for v in out.values()), "primitive attributes")

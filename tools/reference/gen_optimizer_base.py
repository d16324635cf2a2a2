"""What MindSpore 2.10's ``nn.Optimizer.__init__`` gives a subclass (third-party optimizers such as mindcv's AdamW
write their ``construct`` against it): every public instance attribute the base class sets (beyond a plain Cell's),
its kind, and a Tensor's dtype, shape and value, for a fixed, a scheduled and a grouped set-up; plus
``_is_dynamic_lr_or_weight_decay()``. Writes tests/reference_data/optim/optimizer_base.json.

Run: python tools/make_references.py gen_optimizer_base
"""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn

import refutil


def kind(v):
    if isinstance(v, Parameter):
        return {"kind": "Parameter", "dtype": str(v.dtype), "shape": list(v.shape)}
    if isinstance(v, Tensor):
        return {"kind": "Tensor", "dtype": str(v.dtype), "shape": list(v.shape),
                "value": np.asarray(v.asnumpy(), np.float64).reshape(-1).tolist()}
    if isinstance(v, (tuple, list)) and not isinstance(v, ms.ParameterTuple):
        return {"kind": type(v).__name__, "items": [kind(x) for x in v]}
    if isinstance(v, nn.Cell):
        return {"kind": "Cell"}
    if isinstance(v, ms.ops.Primitive):
        return {"kind": "Primitive", "name": v.name}
    if isinstance(v, (bool, int, float, str)) or v is None:
        return {"kind": type(v).__name__, "value": v}
    return {"kind": type(v).__name__}


def params():
    return [Parameter(Tensor(np.ones((2, 2), np.float32)), name="dense.weight"),
            Parameter(Tensor(np.ones(2, np.float32)), name="norm.gamma")]


def cases():
    w, g = params()
    yield "fixed", nn.Optimizer(0.1, [w, g], weight_decay=0.01)
    w, g = params()
    yield "scheduled", nn.Optimizer(nn.CosineDecayLR(0.0, 0.1, 4), [w, g], weight_decay=0.05, loss_scale=2.0)
    w, g = params()
    yield "grouped", nn.Optimizer(0.1, [{"params": [w], "weight_decay": 0.01}, {"params": [g], "lr": 0.2}],
                                  weight_decay=0.0)


cell_attrs = set(vars(nn.Cell()))
out = {}
for name, opt in cases():
    attrs = {k: kind(v) for k, v in vars(opt).items() if not k.startswith("_") and k not in cell_attrs}
    out[name] = {"attrs": attrs, "is_dynamic_lr_or_weight_decay": bool(opt._is_dynamic_lr_or_weight_decay())}
refutil.save_json("optim", "optimizer_base", out)
print({k: sorted(v["attrs"]) for k, v in out.items()})

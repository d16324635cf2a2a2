"""Reference trajectories of ``mindspore.experimental.optim.Adam`` (MindSpore's ops.Adam rule with torch-style
parameter groups) for tests/nn/test_experimental_adam.py: parameters, 4 steps of gradients, the parameters after
each step and the optimizer state at the end, for default and non-default arguments and groups.

Run: python tools/make_references.py gen_exp_adam
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor
from mindspore.experimental.optim import Adam

import refutil

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
rng = np.random.default_rng(16)
SHAPES = {"fc.weight": (3, 4), "bn.gamma": (4,), "fc.bias": (3,)}
INIT = {k: rng.standard_normal(s).astype(np.float32) for k, s in SHAPES.items()}
GRADS = [{k: rng.standard_normal(s).astype(np.float32) for k, s in SHAPES.items()} for _ in range(4)]
CASES = {
    "default": "Adam(p)",
    "nondefault": "Adam(p, lr=0.01, betas=(0.8, 0.95), eps=1e-3, weight_decay=0.1, amsgrad=True)",
    "groups_maximize": "Adam([{'params': p[:1], 'lr': 0.05}, {'params': p[1:], 'weight_decay': 0.2}], lr=0.01, "
                       "maximize=True)",
}
arrays = {f"init/{k}": v for k, v in INIT.items()}
arrays.update({f"grad{s}/{k}": v for s, g in enumerate(GRADS) for k, v in g.items()})
meta = {"cases": CASES}
for name, src in CASES.items():
    p = [Parameter(Tensor(INIT[k].copy()), name=k) for k in SHAPES]
    opt = eval(src)
    for s in range(4):
        opt(tuple(Tensor(GRADS[s][q.name]) for q in opt.parameters))
        for q in p:
            arrays[f"{name}/step{s}/{q.name}"] = q.asnumpy().copy()
    meta[name] = {"names": [q.name for q in opt.get_parameters()]}
    for q in opt.get_parameters():
        arrays[f"{name}/state/{q.name}"] = q.asnumpy()
meta["_errors"] = {"lr": refutil.error_of(lambda: Adam([Parameter(Tensor(INIT["fc.bias"]), name="b")], lr=-1.0)),
                   "beta": refutil.error_of(lambda: Adam([Parameter(Tensor(INIT["fc.bias"]), name="b")],
                                                         betas=(0.9, 1.0)))}
refutil.save_npz("optim", "exp_adam", **arrays)
refutil.save_json("optim", "exp_adam", meta)
print("exp_adam ok")

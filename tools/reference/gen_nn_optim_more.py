"""Reference trajectories of nn.ASGD, nn.Rprop, nn.Adadelta, nn.ProximalAdagrad, nn.FTRL and nn.AdamOffload for
tests/nn/test_nn_optim_more.py: 3 steps with default and non-default arguments (and a group case), the
parameters after each step, the state at the end, and errors of bad arguments.

Run: python tools/make_references.py gen_nn_optim_more
"""
import warnings

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn

import refutil

warnings.simplefilter("ignore")
ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
rng = np.random.default_rng(23)
SHAPES = {"w": (3, 4), "b": (3,)}
INIT = {k: rng.standard_normal(s).astype(np.float32) for k, s in SHAPES.items()}
GRADS = [{k: rng.standard_normal(s).astype(np.float32) for k, s in SHAPES.items()} for _ in range(3)]
CASES = {
    "ASGD_default": "nn.ASGD(p)",
    "ASGD_nondefault": "nn.ASGD(p, learning_rate=0.05, lambd=0.01, alpha=0.5, t0=1.0, weight_decay=0.1)",
    "Rprop_default": "nn.Rprop(p)",
    "Rprop_nondefault": "nn.Rprop(p, learning_rate=0.05, etas=(0.4, 1.5), step_sizes=(1e-3, 0.2), weight_decay=0.1)",
    "Adadelta_default": "nn.Adadelta(p)",
    "Adadelta_nondefault": "nn.Adadelta(p, learning_rate=0.5, rho=0.8, epsilon=1e-4, loss_scale=2.0, weight_decay=0.1)",
    "Adadelta_groups": "nn.Adadelta([{'params': p[:1], 'lr': 0.3}, {'params': p[1:]}], learning_rate=0.9)",
    "ProximalAdagrad_default": "nn.ProximalAdagrad(p)",
    "ProximalAdagrad_nondefault": "nn.ProximalAdagrad(p, accum=0.2, learning_rate=0.1, l1=0.05, l2=0.1, weight_decay=0.1)",
    "AdamOffload_default": "nn.AdamOffload(p)",
    "AdamOffload_nondefault": "nn.AdamOffload(p, learning_rate=0.01, beta1=0.8, beta2=0.9, eps=1e-4, weight_decay=0.1, "
                              "loss_scale=2.0)",
    "FTRL_default": "nn.FTRL(p)",
    # l1 = 0: with l1 > 0 MindSpore 2.10's CPU kernel does not follow its documented sign(z)*l1 (see nn.FTRL)
    "FTRL_nondefault": "nn.FTRL(p, initial_accum=0.2, learning_rate=0.1, lr_power=-0.7, l2=0.1, weight_decay=0.1)",
}
ERRORS = {
    "ASGD_lambd": "nn.ASGD(p, lambd=1)",
    "Rprop_etas": "nn.Rprop(p, etas=[0.5, 1.2])",
    "Rprop_etaplus": "nn.Rprop(p, etas=(0.5, 1.0))",
    "Rprop_steps": "nn.Rprop(p, step_sizes=(1.0, 0.5))",
    "Adadelta_rho": "nn.Adadelta(p, rho=1.5)",
    "ProximalAdagrad_l1": "nn.ProximalAdagrad(p, l1=-1.0)",
    "FTRL_lr_power": "nn.FTRL(p, lr_power=0.5)",
    "FTRL_lr": "nn.FTRL(p, learning_rate=0.0)",
}


def params():
    return [Parameter(Tensor(INIT[k].copy()), name=k) for k in SHAPES]


arrays = {f"init/{k}": v for k, v in INIT.items()}
arrays.update({f"grad{s}/{k}": v for s, g in enumerate(GRADS) for k, v in g.items()})
meta = {"cases": CASES, "errors": {}}
for name, src in CASES.items():
    p = params()
    opt = eval(src)
    for s in range(3):
        opt(tuple(Tensor(GRADS[s][q.name]) for q in p))
        for q in p:
            arrays[f"{name}/step{s}/{q.name}"] = q.asnumpy().copy()
    names = []
    for q in opt.get_parameters():
        if q.name in ("w", "b"):
            continue
        names.append(q.name)
        arrays[f"{name}/state/{q.name}"] = q.asnumpy()
    meta[name] = {"names": names}
for name, src in ERRORS.items():
    p = params()
    meta["errors"][name] = [src, refutil.error_of(lambda: eval(src))]
refutil.save_npz("optim", "nn_optim_more", **arrays)
refutil.save_json("optim", "nn_optim_more", meta)
print("nn_optim_more ok")

"""Reference trajectories of the other ``mindspore.experimental.optim`` optimizers (SGD, ASGD, Adadelta, Adagrad,
Adamax, NAdam, RAdam, RMSprop, Rprop) for tests/nn/test_experimental_optim_more.py: parameters, 3 steps of
gradients, the parameters after each step and the optimizer state at the end, for default and non-default
arguments and parameter groups; and the errors of bad arguments.

Run: python tools/make_references.py gen_exp_optim
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor
from mindspore.experimental import optim

import refutil

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
rng = np.random.default_rng(17)
SHAPES = {"w": (3, 4), "b": (3,)}
INIT = {k: rng.standard_normal(s).astype(np.float32) for k, s in SHAPES.items()}
GRADS = [{k: rng.standard_normal(s).astype(np.float32) for k, s in SHAPES.items()} for _ in range(3)]
CASES = {
    "SGD_default": "optim.SGD(p, lr=0.1)",
    "SGD_momentum": "optim.SGD(p, lr=0.1, momentum=0.9, dampening=0.1, weight_decay=0.01, maximize=True)",
    "SGD_nesterov": "optim.SGD([{'params': p[:1], 'lr': 0.05}, {'params': p[1:]}], lr=0.1, momentum=0.8, nesterov=True)",
    "ASGD_default": "optim.ASGD(p)",
    "ASGD_nondefault": "optim.ASGD(p, lr=0.1, lambd=0.01, alpha=0.5, t0=1.0, weight_decay=0.1, maximize=True)",
    "Adadelta_default": "optim.Adadelta(p)",
    "Adadelta_nondefault": "optim.Adadelta(p, lr=0.5, rho=0.8, eps=1e-4, weight_decay=0.1, maximize=True)",
    "Adagrad_default": "optim.Adagrad(p)",
    "Adagrad_nondefault": "optim.Adagrad(p, lr=0.1, lr_decay=0.1, weight_decay=0.1, initial_accumulator_value=0.5, eps=1e-6, maximize=True)",
    "Adamax_default": "optim.Adamax(p)",
    "Adamax_nondefault": "optim.Adamax([{'params': p[:1], 'lr': 0.01}, {'params': p[1:]}], lr=0.1, betas=(0.8, 0.9), eps=1e-4, weight_decay=0.1, maximize=True)",
    "NAdam_default": "optim.NAdam(p)",
    "NAdam_nondefault": "optim.NAdam(p, lr=0.01, betas=(0.8, 0.9), eps=1e-4, weight_decay=0.1, momentum_decay=0.01)",
    "RAdam_default": "optim.RAdam(p)",
    "RAdam_nondefault": "optim.RAdam(p, lr=0.01, betas=(0.5, 0.6), eps=1e-4, weight_decay=0.1)",
    "RMSprop_default": "optim.RMSprop(p)",
    "RMSprop_nondefault": "optim.RMSprop(p, lr=0.01, alpha=0.9, eps=1e-4, weight_decay=0.1, momentum=0.5, centered=True, maximize=True)",
    "Rprop_default": "optim.Rprop(p)",
    "Rprop_nondefault": "optim.Rprop(p, lr=0.1, etas=(0.4, 1.5), step_sizes=(1e-3, 0.2), maximize=True)",
}
ERRORS = {
    "SGD_lr": "optim.SGD(p, lr=-0.1)",
    "SGD_momentum": "optim.SGD(p, lr=0.1, momentum=-1)",
    "SGD_nesterov": "optim.SGD(p, lr=0.1, nesterov=True)",
    "SGD_lr_type": "optim.SGD(p, lr='a')",
    "ASGD_lambd": "optim.ASGD(p, lambd=1)",
    "ASGD_lr": "optim.ASGD(p, lr=0.0)",
    "Adadelta_rho": "optim.Adadelta(p, rho=1.5)",
    "Adadelta_eps": "optim.Adadelta(p, eps=0.0)",
    "Adagrad_lr_decay": "optim.Adagrad(p, lr_decay=-1.0)",
    "Adamax_beta": "optim.Adamax(p, betas=(1.0, 0.9))",
    "NAdam_wd": "optim.NAdam(p, weight_decay=-0.1)",
    "RAdam_beta": "optim.RAdam(p, betas=(0.9, 1.0))",
    "RMSprop_alpha": "optim.RMSprop(p, alpha=-0.1)",
    "Rprop_etas": "optim.Rprop(p, etas=(1.5, 1.2))",
    "Rprop_etaplus": "optim.Rprop(p, etas=(0.5, 1.0))",
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
        opt(tuple(Tensor(GRADS[s][q.name]) for q in opt.parameters))
        for q in p:
            arrays[f"{name}/step{s}/{q.name}"] = q.asnumpy().copy()
    names = []
    for q in opt.get_parameters():
        names.append(q.name)
        arrays[f"{name}/state/{q.name}"] = q.asnumpy()
    meta[name] = {"names": names}
for name, src in ERRORS.items():
    p = params()
    meta["errors"][name] = [src, refutil.error_of(lambda: eval(src))]
refutil.save_npz("optim", "exp_optim_more", **arrays)
refutil.save_json("optim", "exp_optim_more", meta)
print("exp_optim_more ok")

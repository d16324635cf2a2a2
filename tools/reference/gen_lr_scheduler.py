"""Reference learning-rate sequences of ``mindspore.experimental.optim.lr_scheduler`` for
tests/nn/test_experimental_lr_scheduler.py: each case builds an SGD over two parameter groups (lr 0.1 and 0.05),
a scheduler, then calls ``step`` (with the given arguments) and records ``get_last_lr()`` and the groups' lr after
each call; plus the errors of bad arguments.

Run: python tools/make_references.py gen_lr_scheduler
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor
from mindspore.experimental import optim
from mindspore.experimental.optim import lr_scheduler as S

import refutil

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
# name: (scheduler source (`opt` is the optimizer), list of step() argument tuples)
N = [()] * 8
CASES = {
    "StepLR": ("S.StepLR(opt, step_size=3, gamma=0.5)", N),
    "StepLR_epoch": ("S.StepLR(opt, step_size=2, gamma=0.5)", [(), (5,), (), (1,)]),
    "LinearLR": ("S.LinearLR(opt)", N),
    "LinearLR_nondefault": ("S.LinearLR(opt, start_factor=0.5, end_factor=0.9, total_iters=3)", N),
    "LinearLR_epoch": ("S.LinearLR(opt, start_factor=0.25, total_iters=4)", [(), (2,), (), (9,)]),
    "ExponentialLR": ("S.ExponentialLR(opt, gamma=0.8)", N),
    "ExponentialLR_epoch": ("S.ExponentialLR(opt, gamma=0.8)", [(), (4,), ()]),
    "PolynomialLR": ("S.PolynomialLR(opt)", N),
    "PolynomialLR_nondefault": ("S.PolynomialLR(opt, total_iters=4, power=2.0)", N),
    "LambdaLR": ("S.LambdaLR(opt, lambda e: 0.9 ** e)", N),
    "LambdaLR_list": ("S.LambdaLR(opt, [lambda e: 0.9 ** e, lambda e: 1.0 / (e + 1)])", N),
    "MultiplicativeLR": ("S.MultiplicativeLR(opt, lambda e: 0.95)", N),
    "MultiStepLR": ("S.MultiStepLR(opt, milestones=[2, 5, 5], gamma=0.1)", N),
    "ConstantLR": ("S.ConstantLR(opt)", N),
    "ConstantLR_nondefault": ("S.ConstantLR(opt, factor=0.5, total_iters=2)", N),
    "ConstantLR_epoch": ("S.ConstantLR(opt, factor=0.5, total_iters=2)", [(), (3,), (1,)]),
    "CosineAnnealingLR": ("S.CosineAnnealingLR(opt, T_max=3)", N + N),
    "CosineAnnealingLR_eta": ("S.CosineAnnealingLR(opt, T_max=4, eta_min=0.01)", N),
    "CosineAnnealingLR_epoch": ("S.CosineAnnealingLR(opt, T_max=4, eta_min=0.01)", [(), (3,), ()]),
    "CosineAnnealingWarmRestarts": ("S.CosineAnnealingWarmRestarts(opt, T_0=3)", N),
    "CosineAnnealingWarmRestarts_mult": ("S.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=2, eta_min=0.001)", N + N),
    "CosineAnnealingWarmRestarts_epoch": ("S.CosineAnnealingWarmRestarts(opt, T_0=2)", [(1,), (5,), (2.5,), ()]),
    "CyclicLR": ("S.CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=2)", N),
    "CyclicLR_tri2": ("S.CyclicLR(opt, base_lr=[0.01, 0.02], max_lr=0.1, step_size_up=2, step_size_down=3, "
                      "mode='triangular2')", N + N),
    "CyclicLR_exp": ("S.CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=3, mode='exp_range', gamma=0.9)", N),
    "SequentialLR": ("S.SequentialLR(opt, [S.ConstantLR(opt, factor=0.5, total_iters=2), "
                     "S.ExponentialLR(opt, gamma=0.9)], milestones=[3])", N),
    "ReduceLROnPlateau": ("S.ReduceLROnPlateau(opt, patience=1)", [(v,) for v in (1.0, 0.9, 0.95, 0.95, 0.96, 0.5, 0.6, 0.7)]),
    "ReduceLROnPlateau_max": ("S.ReduceLROnPlateau(opt, mode='max', factor=0.5, patience=0, threshold=0.1, "
                              "threshold_mode='abs', cooldown=1, min_lr=[0.03, 0.0])",
                              [(v,) for v in (1.0, 1.05, 1.2, 1.0, 1.0, 1.0, 1.0, 1.0)]),
}
ERRORS = {
    "not_optimizer": "S.StepLR(1, 2)",
    "last_epoch": "S.StepLR(opt, 2, last_epoch=-2)",
    "resume_no_initial_lr": "S.StepLR(opt, 2, last_epoch=3)",
    "StepLR_gamma": "S.StepLR(opt, 2, gamma=1)",
    "StepLR_step_size": "S.StepLR(opt, 2.0)",
    "LinearLR_start": "S.LinearLR(opt, start_factor=0.0)",
    "LinearLR_end": "S.LinearLR(opt, end_factor=1.5)",
    "ExponentialLR_gamma": "S.ExponentialLR(opt, 1)",
    "PolynomialLR_power": "S.PolynomialLR(opt, power=-1.0)",
    "LambdaLR_len": "S.LambdaLR(opt, [lambda e: 1.0])",
    "MultiStepLR_type": "S.MultiStepLR(opt, milestones=[1.5])",
    "ConstantLR_factor": "S.ConstantLR(opt, factor=2.0)",
    "CosineAnnealingLR_T": "S.CosineAnnealingLR(opt, T_max=2.0)",
    "WarmRestarts_T0": "S.CosineAnnealingWarmRestarts(opt, T_0=0)",
    "WarmRestarts_Tmult": "S.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=0)",
    "CyclicLR_mode": "S.CyclicLR(opt, base_lr=0.01, max_lr=0.1, mode='bad')",
    "CyclicLR_len": "S.CyclicLR(opt, base_lr=[0.01], max_lr=0.1)",
    "Plateau_factor": "S.ReduceLROnPlateau(opt, factor=1.0)",
    "Plateau_mode": "S.ReduceLROnPlateau(opt, mode='mid')",
    "Sequential_milestones": "S.SequentialLR(opt, [S.StepLR(opt, 2)], milestones=[1])",
}


def make_opt():
    p = [Parameter(Tensor(np.ones(2, np.float32)), name="a"), Parameter(Tensor(np.ones(3, np.float32)), name="b")]
    return optim.SGD([{"params": p[:1]}, {"params": p[1:], "lr": 0.05}], lr=0.1)


meta = {"cases": {}, "errors": {}}
for name, (src, steps) in CASES.items():
    opt = make_opt()
    sch = eval(src)
    seq = [[float(v) for v in sch.get_last_lr()] + [float(g["lr"].value()) for g in opt.param_groups]]
    for args in steps:
        sch.step(*args)
        seq.append([float(v) for v in sch.get_last_lr()] + [float(g["lr"].value()) for g in opt.param_groups])
    meta["cases"][name] = {"src": src, "steps": [list(a) for a in steps], "lrs": seq}
for name, src in ERRORS.items():
    opt = make_opt()
    meta["errors"][name] = [src, refutil.error_of(lambda: eval(src))]
refutil.save_json("optim", "exp_lr_scheduler", meta)
print("exp_lr_scheduler ok")

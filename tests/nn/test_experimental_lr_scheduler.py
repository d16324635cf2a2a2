"""mindspore.experimental.optim.lr_scheduler against real MindSpore 2.10 (tools/reference/gen_lr_scheduler.py):
the learning rates after each ``step()``/``step(epoch)`` of every scheduler (``get_last_lr`` and the optimizer's
groups), for default and non-default arguments, and the errors of bad arguments; plus the two documented
differences (MindSpore 2.10 raises where PyTorch has a value)."""
import warnings

import numpy as np
import pytest
import torch

from conftest import load_ref_json

from ms_compat import Parameter, Tensor
from ms_compat.experimental import optim
from ms_compat.experimental.optim import lr_scheduler as S  # noqa: F401 - used by the case sources

META = load_ref_json("optim", "exp_lr_scheduler")


def make_opt():
    p = [Parameter(Tensor(np.ones(2, np.float32)), name="a"), Parameter(Tensor(np.ones(3, np.float32)), name="b")]
    return optim.SGD([{"params": p[:1]}, {"params": p[1:], "lr": 0.05}], lr=0.1)


def _lrs(sch, opt):
    return [float(v) for v in sch.get_last_lr()] + [float(g["lr"]) for g in opt.param_groups]


@pytest.mark.parametrize("name", sorted(META["cases"]))
def test_schedule(name):
    case = META["cases"][name]
    opt = make_opt()  # noqa: F841 - used by the case source
    sch = eval(case["src"])
    seq = [_lrs(sch, opt)]
    for args in case["steps"]:
        sch.step(*args)
        seq.append(_lrs(sch, opt))
    np.testing.assert_allclose(np.array(seq), np.array(case["lrs"]), rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("name", sorted(META["errors"]))
def test_errors(name):
    src, expected = META["errors"][name]
    opt = make_opt()  # noqa: F841 - used by the case source
    with pytest.raises(Exception) as ei:
        eval(src)
    msg = str(ei.value) if not isinstance(ei.value, KeyError) else repr(ei.value.args[0])
    assert [type(ei.value).__name__, msg.splitlines()[0]] == expected


def test_where_mindspore_raises_pytorch_values_are_used():
    """MindSpore 2.10: WarmRestarts.step(epoch) with T_mult > 1 raises TypeError, MultiStepLR.step(epoch)
    AttributeError; here both give torch.optim.lr_scheduler's value."""
    for make_ms, make_torch, epoch in [
        (lambda o: S.CosineAnnealingWarmRestarts(o, T_0=2, T_mult=2, eta_min=0.001),
         lambda o: torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(o, T_0=2, T_mult=2, eta_min=0.001), 5),
        (lambda o: S.MultiStepLR(o, milestones=[2, 4, 4], gamma=0.5),
         lambda o: torch.optim.lr_scheduler.MultiStepLR(o, milestones=[2, 4, 4], gamma=0.5), 4),
    ]:
        opt = make_opt()
        sch = make_ms(opt)
        sch.step(epoch)
        topt = torch.optim.SGD([{"params": [torch.nn.Parameter(torch.ones(2))]},
                                {"params": [torch.nn.Parameter(torch.ones(3))], "lr": 0.05}], lr=0.1)
        tsch = make_torch(topt)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # PyTorch deprecates step(epoch) for some schedulers
            tsch.step(epoch)
        np.testing.assert_allclose([float(v) for v in sch.get_last_lr()], tsch.get_last_lr(), rtol=1e-5)


def test_scheduler_drives_the_optimizer_update():
    p = Parameter(Tensor(np.zeros(1, np.float32)), name="p")
    opt = optim.SGD([p], lr=1.0)
    sch = S.StepLR(opt, step_size=1, gamma=0.5)
    for _ in range(3):
        opt((Tensor(np.ones(1, np.float32)),))
        sch.step()
    assert float(p[0]) == pytest.approx(-(1.0 + 0.5 + 0.25))

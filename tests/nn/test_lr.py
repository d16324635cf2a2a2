"""Learning-rate schedules and dynamic_lr lists against real MindSpore 2.10 (tools/reference/gen_optim.py)."""
import numpy as np
import pytest

from conftest import load_ref_json

import ms_compat.nn as nn
from ms_compat import Tensor

REF = load_ref_json("optim", "lr")

SCHED = {
    "ExponentialDecayLR": lambda: nn.ExponentialDecayLR(0.1, 0.9, 4),
    "ExponentialDecayLR_stair": lambda: nn.ExponentialDecayLR(0.1, 0.9, 4, is_stair=True),
    "NaturalExpDecayLR": lambda: nn.NaturalExpDecayLR(0.1, 0.9, 4),
    "NaturalExpDecayLR_stair": lambda: nn.NaturalExpDecayLR(0.1, 0.9, 4, is_stair=True),
    "InverseDecayLR": lambda: nn.InverseDecayLR(0.1, 0.5, 3),
    "InverseDecayLR_stair": lambda: nn.InverseDecayLR(0.1, 0.5, 3, is_stair=True),
    "CosineDecayLR": lambda: nn.CosineDecayLR(0.01, 0.1, 7),
    "PolynomialDecayLR": lambda: nn.PolynomialDecayLR(0.1, 0.01, 6, 0.5),
    "PolynomialDecayLR_update": lambda: nn.PolynomialDecayLR(0.1, 0.01, 4, 2.0, update_decay_steps=True),
    "WarmUpLR": lambda: nn.WarmUpLR(0.1, 5),
}

LISTS = {
    "piecewise_constant_lr": lambda: nn.piecewise_constant_lr([2, 5, 10], [0.1, 0.05, 0.01]),
    "exponential_decay_lr": lambda: nn.exponential_decay_lr(0.1, 0.9, 10, 2, 3),
    "exponential_decay_lr_stair": lambda: nn.exponential_decay_lr(0.1, 0.9, 10, 2, 3, True),
    "natural_exp_decay_lr": lambda: nn.natural_exp_decay_lr(0.1, 0.5, 10, 2, 3),
    "natural_exp_decay_lr_stair": lambda: nn.natural_exp_decay_lr(0.1, 0.5, 10, 2, 3, True),
    "inverse_decay_lr": lambda: nn.inverse_decay_lr(0.1, 0.5, 10, 2, 3),
    "inverse_decay_lr_stair": lambda: nn.inverse_decay_lr(0.1, 0.5, 10, 2, 3, True),
    "cosine_decay_lr": lambda: nn.cosine_decay_lr(0.01, 0.1, 10, 2, 3),
    "polynomial_decay_lr": lambda: nn.polynomial_decay_lr(0.1, 0.01, 10, 2, 3, 2.0),
    "polynomial_decay_lr_update": lambda: nn.polynomial_decay_lr(0.1, 0.01, 10, 2, 3, 2.0, True),
    "warmup_lr": lambda: nn.warmup_lr(0.1, 10, 2, 3),
}

ERRORS = {
    "exp_int_lr": lambda: nn.ExponentialDecayLR(1, 0.9, 4),
    "exp_zero_steps": lambda: nn.ExponentialDecayLR(0.1, 0.9, 0),
    "exp_stair_int": lambda: nn.ExponentialDecayLR(0.1, 0.9, 4, is_stair=1),
    "cos_min_ge_max": lambda: nn.CosineDecayLR(0.2, 0.1, 4),
    "cos_min_int": lambda: nn.CosineDecayLR(0, 0.1, 4),
    "poly_end_int": lambda: nn.PolynomialDecayLR(0.1, 0, 4, 1.0),
    "warmup_int": lambda: nn.WarmUpLR(1, 4),
    "piecewise_len": lambda: nn.piecewise_constant_lr([1, 2], [0.1]),
    "piecewise_order": lambda: nn.piecewise_constant_lr([3, 2], [0.1, 0.2]),
    "piecewise_int_lr": lambda: nn.piecewise_constant_lr([3], [1]),
    "exp_lr_total0": lambda: nn.exponential_decay_lr(0.1, 0.9, 0, 2, 3),
    "cosine_lr_order": lambda: nn.cosine_decay_lr(0.2, 0.1, 10, 2, 3),
    "warmup_lr_int": lambda: nn.warmup_lr(1, 10, 2, 3),
}


@pytest.mark.parametrize("name", sorted(SCHED))
def test_schedule_values(name):
    c = SCHED[name]()
    got = [float(c(Tensor(np.array(s, np.int32))).asnumpy()) for s in range(12)]
    np.testing.assert_allclose(got, REF[name], rtol=1e-6, atol=1e-9)
    out = c(Tensor(np.array([3], np.int32)))
    assert list(out.shape) == REF[name + "/shape1"]
    assert out.dtype == __import__("torch").float32


@pytest.mark.parametrize("name", sorted(LISTS))
def test_dynamic_lr_lists(name):
    got = LISTS[name]()
    assert isinstance(got, list)
    assert got == REF[name]  # same Python double arithmetic → identical values


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_errors(name):
    etype, msg = REF["_errors"][name]
    with pytest.raises(Exception) as ei:
        ERRORS[name]()
    assert type(ei.value).__name__ == etype
    assert str(ei.value) == msg

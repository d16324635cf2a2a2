"""What ``nn.Optimizer.__init__`` gives a subclass, as MindSpore 2.10's (tools/reference/gen_optimizer_base.py): every
public attribute the base class sets, of MindSpore's kind — third-party optimizers (mindcv's AdamW, Lion, NAdam, Adan;
mindocr's) step ``global_step`` with ``self.assignadd(self.global_step, self.global_step_increase_tensor)``, map
their update with ``self.hyper_map`` and dispatch a ``MultitypeFuncGraph`` on ``self.weight_decay`` being a Tensor."""
import numpy as np
import pytest

from conftest import load_ref_json
from ms_compat import Parameter, ParameterTuple, Tensor, nn, ops
from ms_compat.common import dtype as mstype
from ms_compat.ops import composite

REF = load_ref_json("optim", "optimizer_base")


def params():
    return [Parameter(Tensor(np.ones((2, 2), np.float32)), name="dense.weight"),
            Parameter(Tensor(np.ones(2, np.float32)), name="norm.gamma")]


def build(case):
    w, g = params()
    if case == "fixed":
        return nn.Optimizer(0.1, [w, g], weight_decay=0.01)
    if case == "scheduled":
        return nn.Optimizer(nn.CosineDecayLR(0.0, 0.1, 4), [w, g], weight_decay=0.05, loss_scale=2.0)
    return nn.Optimizer(0.1, [{"params": [w], "weight_decay": 0.01}, {"params": [g], "lr": 0.2}], weight_decay=0.0)


KINDS = {"Primitive": ops.Primitive, "Cell": nn.Cell, "ParameterTuple": ParameterTuple, "HyperMap": composite.HyperMap,
         "Map": composite.Map}


def check(value, ref, what):
    kind = ref["kind"]
    if kind in ("Tensor", "Parameter"):
        assert isinstance(value, Tensor) and isinstance(value, Parameter) == (kind == "Parameter"), what
        assert mstype.dtype_str(value.dtype) == ref["dtype"] and list(value.shape) == ref["shape"], what
        if "value" in ref:
            np.testing.assert_allclose(value.asnumpy().reshape(-1), ref["value"], rtol=1e-7, err_msg=what)
    elif kind in ("tuple", "list"):
        assert type(value).__name__ == kind and len(value) == len(ref["items"]), what
        for i, (v, r) in enumerate(zip(value, ref["items"])):
            check(v, r, f"{what}[{i}]")
    elif kind in KINDS:
        assert isinstance(value, KINDS[kind]), what
        if kind == "Primitive":
            assert value.name == ref["name"], what
    else:
        assert type(value).__name__ == kind and value == ref["value"], what


@pytest.mark.parametrize("case", sorted(REF))
def test_subclass_sees_mindspores_base_attributes(case):
    opt = build(case)
    for name, ref in sorted(REF[case]["attrs"].items()):
        assert hasattr(opt, name), f"{case}: Optimizer has no attribute {name!r}"
        check(getattr(opt, name), ref, f"{case}.{name}")
    assert opt._is_dynamic_lr_or_weight_decay() == REF[case]["is_dynamic_lr_or_weight_decay"]


def test_subclass_steps_global_step_with_the_base_helpers():
    opt = build("scheduled")
    opt.assignadd(opt.global_step, opt.global_step_increase_tensor)
    opt.assignadd(opt.global_step, opt.global_step_increase_tensor)
    assert opt.global_step.asnumpy().tolist() == [2]
    assert opt.hyper_map(ops.partial(ops.mul, opt.weight_decay), (Tensor(np.float32(2.0)),))[0].asnumpy() == \
        pytest.approx(0.2)

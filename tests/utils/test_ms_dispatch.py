"""mindspore.utils.MsDispatchMode against MindSpore 2.10 (tools/reference/gen_ms_dispatch.py run through the
alias): operator names seen for common Tensor operations, nesting order, the decorator form, a mode that changes
results, and the values."""
import pathlib
import runpy

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_ms_dispatch.py"
REF = load_ref_json("utils", "ms_dispatch")


@pytest.fixture(scope="module")
def got():
    ms_compat.install()
    try:
        return runpy.run_path(str(GEN), run_name="gen_ms_dispatch")["run"]()
    finally:
        ms_compat.uninstall()


def test_operator_names_and_nesting(got):
    assert got["log"] == REF["log"]


def test_values(got):
    for a, b in zip(got["values"], REF["values"]):
        np.testing.assert_allclose(a, b, rtol=1e-6)


def test_kwargs_and_aten():
    import torch
    from ms_compat.utils import MsDispatchMode
    seen = []

    class Spy(MsDispatchMode):
        def __ms_dispatch__(self, func, args, kwargs=None):
            seen.append((func.name, func.aten, kwargs))
            return func(*args)

    x = torch.ones(3)
    with Spy():
        torch.sum(x, dim=0, keepdim=True)
    assert seen[0][0] == "SumExt" and seen[0][1] is torch.ops.aten.sum.dim_IntList
    assert MsDispatchMode()  # the base class runs every op unchanged
    with MsDispatchMode():
        assert float(torch.ones(2).sum()) == 2.0

"""mindspore.boost.LessBN against MindSpore 2.10 (tools/reference/gen_less_bn.py run through the alias): the
parameter names, outputs and gradients of a small net wrapped with fn_flag=False and fn_flag=True (last Dense of
each cell replaced by CommonHeadLastFN)."""
import pathlib
import runpy

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_less_bn.py"
REF = load_ref_json("train", "less_bn")


@pytest.fixture(scope="module")
def got():
    ms_compat.install()
    try:
        return runpy.run_path(str(GEN), run_name="gen_less_bn")["run"]()
    finally:
        ms_compat.uninstall()


@pytest.mark.parametrize("flag", sorted(REF))
def test_less_bn_as_mindspore(got, flag):
    g, r = got[flag], REF[flag]
    assert g["names"] == r["names"]
    assert g["shapes"] == r["shapes"]
    np.testing.assert_allclose(g["out"], r["out"], rtol=1e-5, atol=1e-6)
    assert len(g["grads"]) == len(r["grads"])
    for a, b in zip(g["grads"], r["grads"]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-5)

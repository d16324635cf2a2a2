"""Positional, keyword and mixed spellings of MindSpore 2.10 signatures (Tensor methods, mindspore.numpy) give
MindSpore's answers under ms_compat (issue 27 item 3; cases: tests/semantics/call_forms.py, references:
tools/reference/gen_call_forms.py). Where MindSpore raises, ms_compat may accept the form (a documented
extension) but never answers a form MindSpore answers differently."""
import numpy as np
import pytest

import ms_compat as ms
from conftest import load_ref_json
from semantics import call_forms as CF

REF = load_ref_json("call_forms", "forms")
PARAMS = [(name, target, form, pk) for name, target, args in CF.CASES for form, pk in CF.forms(args).items()]


def _same(got, want, where):
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), where
        for g, w in zip(got, want):
            _same(g, w, where)
        return
    assert got["shape"] == want["shape"], where
    assert got["dtype"] == want["dtype"], where
    np.testing.assert_allclose(got["value"], want["value"], rtol=1e-6, atol=1e-6, err_msg=where)


@pytest.mark.parametrize("name,target,form,pk", PARAMS, ids=[f"{p[0]}-{p[2]}" for p in PARAMS])
def test_call_form_matches_mindspore(name, target, form, pk):
    want = REF[name][form]
    if "error" in want:
        pytest.skip(f"MindSpore 2.10 raises {want['error']} for this form")
    _same(CF.result(CF.call(ms, target, *pk)), want, f"{target} {form} {pk}")

"""Positional, keyword and mixed spellings of MindSpore 2.10 signatures (Tensor methods, mindspore.numpy) give
MindSpore's answers under ms_compat (issue 27 item 3; cases: tests/semantics/call_forms.py, references:
tools/reference/gen_call_forms.py). Where MindSpore raises, ms_compat may accept the form (a documented
extension) but never answers a form MindSpore answers differently."""
import re

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


def _doc_examples(text):
    """(statement, expected array) for each ``>>> print(...)`` of a MindSpore docstring's Examples section."""
    lines, out, setup = text.splitlines(), [], []
    for i, line in enumerate(lines):
        line = line.strip()
        if line.startswith(">>> print("):
            printed = []
            for nxt in lines[i + 1:]:
                if nxt.strip().startswith(">>>") or not nxt.strip():
                    break
                printed.append(nxt.strip())
            literal = re.sub(r"(\d)\s+(?=[\d-])", r"\1, ", " ".join(printed)).replace("] [", "], [")
            out.append((list(setup), line[len(">>> print("):].split("#")[0].strip()[:-1],
                        np.array(eval(literal))))  # noqa: S307 - MindSpore's own printed example
        elif line.startswith(">>> ") and "import" not in line:
            setup.append(line[4:])
    return out


def test_tensor_repeat_is_mindspore_210_tiling():
    """MindSpore 2.10's ``Tensor.repeat(*repeats)`` tiles (its documented examples; no CPU kernel to run)."""
    cases = _doc_examples(REF["__doc_examples__"]["Tensor.repeat"])
    assert len(cases) == 2
    for setup, expr, want in cases:
        scope = {"Tensor": ms.Tensor}
        for stmt in setup:
            exec(stmt, scope)  # noqa: S102 - MindSpore's own example
        got = eval(expr, scope)  # noqa: S307
        np.testing.assert_array_equal(got.asnumpy(), want, err_msg=expr)
    a = ms.Tensor(np.array([[0, 1], [2, 3]], np.int32))
    assert a.repeat((2, 1)).shape == (4, 2) and a.repeat([1, 2]).shape == (2, 4)  # the repeat(repeats) overload
    # the numpy-style spelling of MindSpore before 2.5 (2.10 raises TypeError for it), kept by keyword only
    np.testing.assert_array_equal(a.repeat(2, axis=0).asnumpy(), [[0, 1], [0, 1], [2, 3], [2, 3]])

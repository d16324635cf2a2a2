"""The common mistakes get MindSpore 2.10's exception (issue 32 item 7): one table per op family (dtype, rank,
channels) of tools/reference/op_error_cases.py, recorded under real MindSpore by tools/reference/gen_op_errors.py.
The exception type always matches; the message carries MindSpore's key words (quoted names, ``Tensor[...]``
types, the accepted-type set, the numbers); where MindSpore accepts the input, the shape and dtype match."""
import builtins
import pathlib
import re
import sys

import pytest

import ms_compat as ms
from ms_compat import Tensor, nn, ops
from ms_compat.common import dtype as mstype
from conftest import load_ref_json

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference"))
from op_error_cases import CASES, FAMILIES, first, namespace  # noqa: E402

REF = load_ref_json("ops", "op_errors")
NS = namespace(ms, nn, ops, Tensor)


def key_words(message):
    """What a reader looks for in MindSpore's message: 'quoted' names, primitive[...]/Tensor[...], {type sets},
    numbers."""
    return re.findall(r"'[^']*'|\w+\[[^\]]*\]|\{[^}]*\}|\b\d+\b", message)


def check(expr):
    expected = REF[expr]
    if "error" not in expected:
        out = first(eval(expr, NS))
        assert [list(out.shape), mstype.dtype_str(out.dtype)] == [expected["shape"], expected["dtype"]]
        return
    kind, message = expected["error"]
    with pytest.raises(Exception) as info:
        eval(expr, NS)
    assert type(info.value) is getattr(builtins, kind), (repr(info.value), expected["error"])
    missing = [w for w in key_words(message) if w not in str(info.value)]
    assert not missing, (missing, str(info.value), message)


def test_reference_covers_every_case():
    assert sorted(REF) == sorted(CASES)


@pytest.mark.parametrize("expr", FAMILIES["matmul_dtype"])
def test_matmul_dtype(expr):
    check(expr)


@pytest.mark.parametrize("expr", FAMILIES["softmax_dtype"])
def test_softmax_dtype(expr):
    check(expr)


@pytest.mark.parametrize("expr", FAMILIES["conv_channels"])
def test_conv_channels(expr):
    check(expr)


@pytest.mark.parametrize("expr", FAMILIES["conv_dtype"])
def test_conv_dtype(expr):
    check(expr)


@pytest.mark.parametrize("expr", FAMILIES["conv_rank"])
def test_conv_rank(expr):
    check(expr)


@pytest.mark.parametrize("expr", FAMILIES["dense"])
def test_dense(expr):
    check(expr)

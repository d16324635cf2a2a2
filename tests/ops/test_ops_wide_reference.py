"""The widened ``mindspore.ops`` / ``ops.functional`` / ``ops.operations`` / ``Tensor``-method coverage (issue 16
§3) against real MindSpore 2.10: outputs, gradients, Python-valued facts and errors, random shapes/dtypes
(cases: tests/ops/op_cases_wide.py; references: tools/reference/gen_ops_wide.py → tests/reference_data/ops_wide/).
Where MindSpore 2.10's CPU build has no kernel the reference is the classic op named in its ``source``."""
import pathlib
import sys

import numpy as np
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import op_cases_wide as C  # noqa: E402
from conftest import load_ref_json  # noqa: E402
from test_ops_reference import _cmp  # noqa: E402

import ms_compat as ms  # noqa: E402
from ms_compat import ops  # noqa: E402
from ms_compat.ops import operations as P  # noqa: E402
from ms_compat.common.dtype import dtype_str  # noqa: E402

OUT = load_ref_json("ops_wide", "outputs")
GRADS = load_ref_json("ops_wide", "grads")
FACTS = load_ref_json("ops_wide", "facts")
RND = load_ref_json("ops_wide", "random")


def _tensors(inputs):
    return [ms.Tensor(a) for a in inputs]


def test_every_case_has_a_reference():
    assert set(OUT) == set(C.CASES) and set(FACTS) == set(C.FACTS) and set(RND) == set(C.RANDOM)


@pytest.mark.parametrize("name", sorted(C.CASES))
def test_output(name):
    fn, inputs, _ = C.CASES[name]
    ref = OUT[name]
    if "error" in ref:
        with pytest.raises(Exception) as ei:
            fn(ms, ops, P, *_tensors(inputs))
        assert type(ei.value).__name__ == ref["error"][0], (ei.value, ref)
        return
    got = C.encode(fn(ms, ops, P, *_tensors(inputs)), dtype_str)
    _cmp(got, ref, 1e-4, 1e-5)


@pytest.mark.parametrize("name", sorted(k for k, v in GRADS.items() if "error" not in v))
def test_grad(name):
    fn, inputs, ngrad = C.CASES[name]
    f = lambda *xs: C.float_sum(fn(ms, ops, P, *xs))  # noqa: E731
    got = C.encode(ms.grad(f, tuple(range(ngrad)))(*_tensors(inputs)), dtype_str)
    _cmp(got, GRADS[name], 1e-3, 1e-5)


def _jsonable(v):
    import json
    return json.loads(json.dumps(v))


@pytest.mark.parametrize("name", sorted(C.FACTS))
def test_fact(name):
    ref = FACTS[name]
    if "error" in ref:
        with pytest.raises(Exception) as ei:
            C.FACTS[name](ms)
        assert type(ei.value).__name__ == ref["error"][0], (ei.value, ref)
        assert str(ei.value) == ref["error"][1], (ei.value, ref)
        return
    got = _jsonable(C.FACTS[name](ms))
    if isinstance(ref["v"], list) and any(isinstance(v, float) for v in ref["v"]):
        assert got == pytest.approx(ref["v"])
    else:
        assert got == ref["v"]


@pytest.mark.parametrize("name", sorted(C.RANDOM))
def test_random_shape_dtype(name):
    out = C.RANDOM[name](ms, ops, P)
    outs = out if isinstance(out, (tuple, list)) else (out,)
    assert [{"dtype": dtype_str(o.dtype), "shape": list(o.shape)} for o in outs] == RND[name]["out"]


def test_random_values_are_drawn_in_place_and_in_range():
    x = ms.Tensor(np.zeros((200,), np.float32))
    assert ops.bernoulli_(x, 1.0) is x and bool((x == 1).all())
    y = ops.random_(ms.Tensor(np.zeros((200,), np.int32)), 3, 7)
    assert int(y.min()) >= 3 and int(y.max()) < 7
    u = ms.Tensor(np.zeros((200,), np.float32)).uniform(-1.0, 3.0)
    assert float(u.min()) >= -1.0 and float(u.max()) < 3.0
    e = ops.exponential_(ms.Tensor(np.zeros((200,), np.float32)), 2.0)
    assert float(e.min()) >= 0.0


def test_tensor_methods_are_installed_lazily_on_the_class():
    from ms_compat import _tensor_op_methods as T
    for n in T.NAMES:
        assert hasattr(ms.Tensor, n), n
    assert isinstance(ms.Parameter(ms.Tensor([1.0, 2.0]), name="p").gather_nd(ms.Tensor([[1]], ms.int32)), ms.Tensor)


GRAPH_ONLY = load_ref_json("ops_wide", "graph_only")


@pytest.mark.parametrize("name", sorted(C.GRAPH_ONLY))
def test_graph_only_primitives_are_will_not(name):
    """MindSpore 2.10 cannot run these outside a compiled graph (or they do nothing there), and ms_compat classifies
    them *will not*: using one raises MissingAPIError naming it."""
    from ms_compat.porting import api_coverage
    from ms_compat.porting._missing import MissingAPIError
    assert "error" in GRAPH_ONLY[name], GRAPH_ONLY[name]
    mod = "mindspore.ops" if name in ("zip_operation", "tail", "ms_next", "ms_hasnext", "iter_converter") else \
        "mindspore.ops.functional"
    assert api_coverage.lookup(f"{mod}.{name}")[0] == "will not"
    with pytest.raises(MissingAPIError, match=name):
        C.GRAPH_ONLY[name](ms)

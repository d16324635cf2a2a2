"""ms_compat.ops against real MindSpore 2.10: outputs, dtypes, gradients, errors and the autograd API's
return structures (reference data: tools/reference/gen_ops.py → tests/reference_data/ops/)."""
import pathlib
import sys

import numpy as np
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import op_cases as C  # noqa: E402
from conftest import load_ref_json  # noqa: E402

import ms_compat as ms  # noqa: E402
from ms_compat import ops  # noqa: E402
from ms_compat.ops import operations as P  # noqa: E402
from ms_compat.common.dtype import dtype_str  # noqa: E402

OUT = load_ref_json("ops", "outputs")
GRADS = load_ref_json("ops", "grads")
ERRS = load_ref_json("ops", "errors")
RND = load_ref_json("ops", "random")
API = load_ref_json("ops", "grad_api")


def _cmp(got, ref, rtol, atol, path="out"):
    if "error" in ref:
        raise AssertionError(f"{path}: reference is an error {ref['error']}")
    if "seq" in ref:
        assert "seq" in got, f"{path}: expected a {ref['seq']}, got {got}"
        assert got["seq"] == ref["seq"], f"{path}: {got['seq']} vs {ref['seq']}"
        assert len(got["items"]) == len(ref["items"]), f"{path}: length {len(got['items'])} vs {len(ref['items'])}"
        for i, (g, r) in enumerate(zip(got["items"], ref["items"])):
            _cmp(g, r, rtol, atol, f"{path}[{i}]")
        return
    if "dtype" in ref:
        assert "dtype" in got, f"{path}: expected a Tensor, got {got}"
        assert got["dtype"] == ref["dtype"], f"{path}: dtype {got['dtype']} vs {ref['dtype']}"
        assert got["shape"] == ref["shape"], f"{path}: shape {got['shape']} vs {ref['shape']}"
        g, r = np.asarray(got["v"]), np.asarray(ref["v"])
        if r.dtype.kind == "f" or g.dtype.kind == "f":
            np.testing.assert_allclose(g.astype(np.float64), r.astype(np.float64), rtol=rtol, atol=atol,
                                       err_msg=path)
        else:
            np.testing.assert_array_equal(g, r, err_msg=path)
        return
    if "py" in ref:
        assert "py" in got, f"{path}: expected a Python value, got {got}"
        if isinstance(ref["py"], float):
            assert got["py"] == pytest.approx(ref["py"], rel=rtol, abs=atol)
        else:
            assert got["py"] == ref["py"] and got["type"] == ref["type"], f"{path}: {got} vs {ref}"
        return
    assert got == ref, path


# MindSpore 2.10 CPU has no kernel for these; ms_compat runs them (checked against numpy below).
CPU_GAPS = {k for k, v in OUT.items() if "error" in v}


@pytest.mark.parametrize("name", sorted(set(C.CASES) - CPU_GAPS))
def test_output(name):
    fn, inputs, _ = C.CASES[name]
    got = C.encode(C.run_case(ms, ops, P, fn, inputs), dtype_str)
    _cmp(got, OUT[name], 1e-4, 1e-5)


@pytest.mark.parametrize("name", sorted(k for k, v in GRADS.items() if "error" not in v))
def test_grad(name):
    fn, inputs, ngrad = C.CASES[name]
    got = C.encode(C.grads_of(ms, ops, P, fn, inputs, ngrad), dtype_str)
    _cmp(got, GRADS[name], 1e-3, 1e-5)


def test_cpu_gap_cases_match_numpy():
    assert CPU_GAPS == {"roll", "roll_tuple", "einsum", "P_Einsum", "layer_norm", "layer_norm_2d_eps",
                        "embedding", "exp_int"}, CPU_GAPS
    # MindSpore 2.10 rejects int32 for exp (TypeError, it accepts int64); ms_compat computes in float32
    out = ops.exp(ms.Tensor(C.I(2, 3)))
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), np.exp(C.I(2, 3).astype(np.float32)), rtol=1e-6)
    x = C.X23
    np.testing.assert_allclose(ops.roll(ms.Tensor(x), 1, 0).asnumpy(), np.roll(x, 1, 0))
    np.testing.assert_allclose(ops.roll(ms.Tensor(x), (1, -1), (0, 1)).asnumpy(), np.roll(x, (1, -1), (0, 1)))
    a, b = C.X234, C.A(2, 4, 2, seed=33)
    np.testing.assert_allclose(ops.einsum("bij,bjk->bik", ms.Tensor(a), ms.Tensor(b)).asnumpy(),
                               np.einsum("bij,bjk->bik", a, b), rtol=1e-5, atol=1e-6)
    g, bb = C.A(4, seed=38), C.A(4, seed=39)
    mu, var = a.mean(-1, keepdims=True), a.var(-1, keepdims=True)
    np.testing.assert_allclose(ops.layer_norm(ms.Tensor(a), (4,), ms.Tensor(g), ms.Tensor(bb)).asnumpy(),
                               (a - mu) / np.sqrt(var + 1e-5) * g + bb, rtol=1e-4, atol=1e-5)
    idx, w = np.array([[0, 2], [3, 0]], np.int32), C.A(4, 3, seed=48)
    np.testing.assert_allclose(ops.embedding(ms.Tensor(idx), ms.Tensor(w)).asnumpy(), w[idx])


@pytest.mark.parametrize("name", sorted(RND))
def test_random_shape_dtype(name):
    out = C.RANDOM_CASES[name](ms, ops, P)
    outs = out if isinstance(out, tuple) else (out,)
    assert [{"dtype": dtype_str(o.dtype), "shape": list(o.shape)} for o in outs] == RND[name]


def _err_prefix(msg):
    """The part of a MindSpore message we reproduce: up to the first ',' after "For 'op'", else 20 chars."""
    if msg.startswith("For "):
        return msg.split(",")[0]
    if msg.startswith("---"):  # a C++ kernel banner: only the exception type is compared
        return ""
    return msg[:20]


@pytest.mark.parametrize("name", sorted(ERRS))
def test_error(name):
    ref = ERRS[name]
    if ref is None:  # MindSpore 2.10 accepts this input: so must we
        C.ERROR_CASES[name](ms, ops, P)
        return
    with pytest.raises(Exception) as ei:
        C.ERROR_CASES[name](ms, ops, P)
    assert type(ei.value).__name__ == ref[0], f"{type(ei.value).__name__}: {ei.value} vs {ref}"
    assert str(ei.value).startswith(_err_prefix(ref[1])), f"{ei.value!s} vs {ref[1]}"


@pytest.mark.parametrize("name", sorted(API))
def test_grad_api_structure(name):
    net = C.build_net(ms)
    x, y = ms.Tensor(C.GX), ms.Tensor(C.GY)
    got = C.encode(C.GRAD_API_CASES[name](ms, ops, net, x, y), dtype_str)
    _cmp(got, API[name], 1e-5, 1e-6)


NP = load_ref_json("ops", "numpy")


@pytest.mark.parametrize("name", sorted(C.NP_CASES))
def test_numpy(name):
    import ms_compat.numpy as mnp
    fn, inputs = C.NP_CASES[name]
    got = C.encode(fn(mnp, ms, *[ms.Tensor(a) for a in inputs]), dtype_str)
    _cmp(got, NP[name], 1e-4, 1e-5)

"""Widened API coverage vs real MindSpore 2.10: every case of tools/reference/coverage_cases.py
(scatter/segment/inplace ops, extra math, linalg, nn Primitives and cells, metrics) is a snippet run
under MindSpore by tools/reference/gen_coverage.py; here the same snippet runs under ms_compat and
its outputs (values, dtypes, structure) or error type must match the stored reference."""
import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import nn, ops, Tensor, Parameter, train
from ms_compat.common.dtype import dtype_str
from ms_compat.ops import operations as P
from conftest import load_ref_json, load_ref_npz

CASES = load_ref_json("coverage", "cases")
HELPERS = {"ops": ops}
exec(load_ref_json("coverage", "helpers")["source"], HELPERS)  # noqa: S102 - the generator's own helper text
def _unpack():
    """The generator packs every array into one byte buffer; index: key -> [dtype, shape, offset, nbytes]."""
    buf = load_ref_npz("coverage", "cases")["packed"].tobytes()
    return {k: np.frombuffer(buf[off:off + n], np.dtype(dt)).reshape(shape)
            for k, (dt, shape, off, n) in load_ref_json("coverage", "index").items()}


ARRAYS = _unpack()


def _np(x):
    if isinstance(x, torch.Tensor):
        return x.detach().cpu().resolve_conj().numpy()
    return np.asarray(x)


def _compare(ref, out, loose, rnd, where):
    t = ref["t"]
    if t == "seq":
        assert isinstance(out, (tuple, list)), f"{where}: expected a sequence, got {type(out).__name__}"
        assert len(out) == len(ref["items"]), f"{where}: length {len(out)} != {len(ref['items'])}"
        for i, (r, o) in enumerate(zip(ref["items"], out)):
            _compare(r, o, loose, rnd, f"{where}[{i}]")
        return
    if t == "tensor":
        assert isinstance(out, torch.Tensor), f"{where}: expected a Tensor, got {type(out).__name__}"
        assert isinstance(out, Tensor), f"{where}: result is a plain torch.Tensor, not an ms Tensor"
        exp = ARRAYS[ref["key"]]
        assert dtype_str(out.dtype) == ref["dtype"], f"{where}: dtype {dtype_str(out.dtype)} != {ref['dtype']}"
        assert tuple(out.shape) == exp.shape, f"{where}: shape {tuple(out.shape)} != {exp.shape}"
        if not rnd:
            rtol, atol = (1e-3, 1e-4) if loose else (1e-4, 1e-5)
            np.testing.assert_allclose(_np(out), exp, rtol=rtol, atol=atol, err_msg=where)
        return
    if t == "ndarray":
        exp = ARRAYS[ref["key"]]
        got = _np(out)
        assert got.shape == exp.shape, f"{where}: shape {got.shape} != {exp.shape}"
        np.testing.assert_allclose(got.astype(np.float64), exp.astype(np.float64), rtol=1e-4, atol=1e-6,
                                   err_msg=where)
        return
    if t in ("float", "int"):
        got = out.item() if isinstance(out, torch.Tensor) else out
        assert isinstance(got, (int, float, np.number)), f"{where}: expected a number, got {type(got).__name__}"
        assert np.isclose(float(got), ref["v"], rtol=1e-4 if not loose else 1e-3, atol=1e-6, equal_nan=True), \
            f"{where}: {got} != {ref['v']}"
        return
    if t == "bool":
        assert out is ref["v"] or (isinstance(out, (bool, np.bool_)) and bool(out) == ref["v"]), f"{where}: {out!r}"
        return
    if t == "none":
        assert out is None, f"{where}: expected None"
        return
    assert repr(out) == ref["repr"], f"{where}: {out!r} != {ref['repr']}"


@pytest.mark.parametrize("cid", sorted(CASES))
def test_case_matches_mindspore(cid):
    case = CASES[cid]
    ns = {"ms": ms, "nn": nn, "ops": ops, "P": P, "Tensor": Tensor, "Parameter": Parameter, "np": np,
          "train": train, **{k: v for k, v in HELPERS.items() if callable(v) and not k.startswith("_")}}
    ns["ops"] = ops
    for n in case["inputs"]:
        ns[n] = Tensor(ARRAYS["in_" + n])
    if "error" in case:
        assert "err" in case["flags"], f"{cid}: MindSpore raised unexpectedly: {case['error']}"
        with pytest.raises(Exception) as ei:
            eval(case["code"], ns)  # noqa: S307 - our own stored snippets
        assert type(ei.value).__name__ == case["error"][0], f"{cid}: {type(ei.value).__name__}: {ei.value}"
        return
    out = eval(case["code"], ns)  # noqa: S307
    _compare(case["out"], out, "loose" in case["flags"], "random" in case["flags"], cid)

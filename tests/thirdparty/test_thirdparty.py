"""Real third-party MindSpore model code from the package index, unmodified (mindcv 0.3.0: one model of every
family it registers; mindyolo 0.5.0), under ms_compat matches real MindSpore 2.10 (references made by
tools/reference/gen_thirdparty.py): parameter names and shapes, loading a checkpoint by name with nothing left
over, eval-forward outputs (rtol 1e-4) and train-mode gradients."""
import importlib.util
import sys

import numpy as np
import pytest

import ms_compat
from conftest import load_ref_json, load_ref_npz
from thirdparty import cases

SUMMARY = load_ref_json("thirdparty", "summary")
RUNS = [k for k in cases.CORPUS if SUMMARY.get(k, {}).get("status") == "ok"]
# Models MindSpore 2.10 CPU cannot run are listed with its own error (migration_guides/real-code.md).
MS_CANNOT_RUN = {k: v.get("errors") for k, v in SUMMARY.items() if v.get("status") != "ok"}

# per-model gradient tolerance overrides, each with its reason
GRAD_RTOL = {}


@pytest.fixture(scope="module")
def ms():
    ms_compat.install(force=True)
    import mindspore
    yield mindspore
    ms_compat.uninstall()
    for name in [n for n in sys.modules if n.split(".")[0] in ("mindcv", "mindyolo")]:
        del sys.modules[name]


def test_every_corpus_model_has_a_reference():
    assert set(SUMMARY) == set(cases.CORPUS)
    for key, errs in MS_CANNOT_RUN.items():
        assert errs and all(isinstance(e, str) and e for e in errs.values()), key


def _close(actual, expected, rtol, what):
    expected = np.asarray(expected)
    atol = rtol * max(float(np.abs(expected).max()), 1e-12)
    np.testing.assert_allclose(np.asarray(actual), expected, rtol=rtol, atol=atol, err_msg=what)


@pytest.mark.parametrize("key", RUNS)
def test_corpus_model_matches_mindspore(ms, key):
    package = cases.CORPUS[key][0]
    if package not in sys.modules and importlib.util.find_spec(package) is None:  # both in the `test` extra
        pytest.skip(f"{package} is not installed: pip install -e '.[test]'")
    meta, ref = load_ref_json("thirdparty", key), load_ref_npz("thirdparty", key)
    net = cases.build_key(key)
    params = list(net.get_parameters())
    assert [p.name for p in params] == meta["param_names"]
    assert [list(p.shape) for p in params] == meta["param_shapes"]
    if "param_dtypes" in meta:
        assert [str(p.asnumpy().dtype) for p in params] == meta["param_dtypes"]
    assert [n for n, _ in net.cells_and_names()] == meta["cells"]

    ckpt = {n: ms.Parameter(ms.Tensor(a), name=n) for n, a in cases.checkpoint_arrays(net).items()}
    not_loaded, unused = ms.load_param_into_net(net, ckpt, strict_load=True)
    assert (not_loaded, unused) == ([], [])

    x = ms.Tensor(cases.make_input(meta["size"]))
    net.set_train(False)
    outs = cases.flatten(net(x))
    assert len(outs) == len([k for k in ref if k.startswith("out")])
    for i, o in enumerate(outs):
        _close(o.asnumpy(), ref[f"out{i}"], 1e-4, f"{key} eval out{i}")

    net.set_train(True)
    assert cases.hold_random_cells(net) == meta["held_random_cells"]
    trainable = net.trainable_params()
    assert [p.name for p in trainable] == meta["trainable"]

    class Loss(ms.nn.Cell):
        def __init__(self, net):
            super().__init__(auto_prefix=False)
            self.net = net

        def construct(self, x):
            loss = 0.0
            for i, o in enumerate(cases.flatten(self.net(x))):
                loss = loss + (o * ms.Tensor(cases.cotangent(o.shape, i))).sum()
            return loss

    loss, grads = ms.value_and_grad(Loss(net), None, trainable)(x)
    rtol = GRAD_RTOL.get(key, 1e-3)
    _close(loss.asnumpy(), ref["train_loss"], rtol, f"{key} train loss")
    norms = np.array([np.linalg.norm(g.asnumpy().astype(np.float64)) for g in grads])
    _close(norms, ref["grad_norms"], rtol, f"{key} gradient norms")
    for i in cases.grad_index(len(grads)):
        g = grads[i].asnumpy()
        what = f"{key} grad of {meta['trainable'][i]}"
        if f"grad_{i}" in ref:
            _close(g, ref[f"grad_{i}"], rtol, what)
        else:
            st = meta["grad_stats"][str(i)]
            _close(np.linalg.norm(g.astype(np.float64)), st["norm"], rtol, what + " (norm)")
            _close(g.reshape(-1)[:16], st["head"], rtol, what + " (first 16)")

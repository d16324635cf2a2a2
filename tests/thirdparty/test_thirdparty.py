"""Real third-party MindSpore model code from the package index, unmodified (mindcv 0.3.0: one model of every family it
registers; mindyolo 0.5.0; mindocr 0.5.0's small recognition and detection models), under ms_compat matches real
MindSpore 2.10 (references made by tools/reference/gen_thirdparty.py): parameter names and shapes, loading a
checkpoint by name with nothing left over, eval-forward outputs (rtol 1e-4 unless EVAL_RTOL says otherwise) and
train-mode gradients (rtol 1e-3 unless GRAD_RTOL says otherwise)."""
import importlib.metadata
import importlib.util
import subprocess
import sys

import numpy as np
import pytest
import torch

import ms_compat
from conftest import load_ref_json, load_ref_npz
from thirdparty import cases

SUMMARY = load_ref_json("thirdparty", "summary")
RUNS = [k for k in cases.CORPUS if SUMMARY.get(k, {}).get("status") == "ok"]
# Models MindSpore 2.10 CPU cannot run are listed with its own error (migration_guides/real-code.md).
MS_CANNOT_RUN = {k: v.get("errors") for k, v in SUMMARY.items() if v.get("status") != "ok"}

# The gradient verdict compares a float64 evaluation of the port (the same graph, weights and input, every tensor
# cast to float64) with MindSpore's stored float32 gradients. Float32 gradients of these deep random-weight networks
# in BatchNorm batch-statistics mode on a batch of 2 depend on the CPU's summation order (mindcv_nasnet's float32
# gradients lie up to 4e-2 from float64 on one AMD EPYC and differently on an Intel Xeon), so comparing float32 with
# float32 let a correct port fail on another CPU. A float64 evaluation is the same on any x86 CPU to ~1e-12, so the
# verdict depends only on the stored reference: it passes when MindSpore's float32 result is within the tolerance of
# the exact answer of the ported graph. The tolerance is 1e-3 unless GRAD_RTOL says otherwise; each entry is set from
# `tools/corpus_precision.py <key>` as MindSpore's own float32 distance from that float64 evaluation, relative to the
# largest |gradient| of each compared tensor (ms32-f64, a property of the stored reference, not of the test machine),
# rounded up — never from the difference being tested on one machine. (ours32-f64 is noted for the record.)
GRAD_RTOL = {
    "mindcv_bit": 2e-2,        # ms32-f64 1.6e-2, ours32-f64 3.8e-3 (weight-standardised convs + GroupNorm)
    "mindcv_densenet": 1e-2,   # ms32-f64 9.2e-3, ours32-f64 1.4e-2
    "mindcv_googlenet": 2e-3,  # ms32-f64 1.2e-3, ours32-f64 8.0e-7
    "mindcv_mixnet": 1e-2,     # ms32-f64 8.7e-3, ours32-f64 2.5e-5
    "mindcv_repmlp": 3e-3,     # ms32-f64 2.1e-3, ours32-f64 3.4e-6
    "mindcv_sknet": 5e-3,      # ms32-f64 3.1e-3, ours32-f64 9.5e-3 (5.4e-4 on 11-25's machine: CPU-dependent)
    "mindcv_resnest": 5e-3,    # ms32-f64 2.9e-3, ours32-f64 1.2e-3
    "mindcv_resnetv2": 5e-3,   # ms32-f64 4.2e-3, ours32-f64 1.5e-3
    "mindcv_dpn": 5e-2,        # ms32-f64 4.3e-2, ours32-f64 4.1e-2 (both equally far: float32 noise)
    "mindcv_inceptionv3": 2e-2,  # ms32-f64 1.6e-2, ours32-f64 2.5e-2 (1.4e-2 on 11-25's machine)
    "mindcv_vgg": 3e-3,        # ms32-f64 2.4e-3, ours32-f64 3.3e-3 (measured 2026-11-27, AMD EPYC)
    # measured 2026-11-27 (tools/corpus_precision.py as above):
    "mindcv_hrnet": 1e-1,      # ms32-f64 8.8e-2, ours32-f64 1.3e-1 (3.6e-2 in an earlier run: float32 noise)
    "mindcv_res2net": 2e-1,    # ms32-f64 1.0e-1, ours32-f64 6.3e-2
    "mindcv_inceptionv4": 2e-1,  # ms32-f64 1.3e-1, ours32-f64 1.7e-1
    # MindSpore's float32 is the imprecise one here (its first BatchNorm's gamma gradient lies 1.8e-1 from
    # float64, ms_compat's 2.8e-4; a lone BatchNorm backward in MindSpore is exact to 1e-6, so it is accumulated
    # through the network's backward); the rest of MindSpore's gradients lie within 3e-2.
    "mindcv_mobilenetv1": 2e-1,  # ms32-f64 1.8e-1, ours32-f64 2.8e-4
    # measured 2026-11-29 (AMD EPYC): a ResNet-34 on 32x100 text lines, whose last stages' train-mode BatchNorms
    # normalise a height-1 map of a batch of 2
    "mindocr_crnn_resnet34": 2e-2,  # ms32-f64 1.2e-2, ours32-f64 2.0e-2
    "mindocr_dbnet_mobilenetv3": 2e-3,  # ms32-f64 1.4e-3, ours32-f64 1.4e-3
    # mindocr_svtr_tiny: ms32-f64 6.5e-4, ours32-f64 1.0e-3 (ms32-ours32 1.7e-3: the two float32 results lie on
    # either side of float64), so the default 1e-3; its STN head's first Dense bias feeds a train-mode BatchNorm1d,
    # which removes it, so its exact gradient is 0 (float64: 9e-12) and both float32 results are round-off
    # (norm 3.7e-3 / 4.9e-3 against the model's largest gradient norm 5.9e4): compared through the norms only.
}
# Models whose train gradients differ from MindSpore beyond their tolerance for a reason not yet found (open,
# migration_guides/real-code.md): strict expected failures, so the day one is fixed its test reports XPASS and fails.
GRAD_DIVERGES = {}


@pytest.fixture(scope="module")
def ms():
    ms_compat.install(force=True)
    import mindspore
    yield mindspore
    ms_compat.uninstall()
    for name in [n for n in sys.modules if n.split(".")[0] in ("mindcv", "mindyolo", "mindocr")]:
        del sys.modules[name]


@pytest.fixture(scope="module")
def no_deps_site(tmp_path_factory):
    """Installs a corpus package that cannot be in the `test` extra (cases.NO_DEPS_PINS) with
    ``pip install --no-deps`` into a temporary directory on first use, unless its pinned version is installed."""
    done = {}

    def ensure(package):
        if package not in cases.NO_DEPS_PINS or package in done:
            return
        pins = cases.NO_DEPS_PINS[package]
        try:
            installed = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            installed = None
        if installed is not None and f"{package}=={installed}" in pins:
            done[package] = None
            return
        target = tmp_path_factory.mktemp(f"{package}_site")
        r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-compile",
                            "--disable-pip-version-check", "--target", str(target), *pins],
                           capture_output=True, text=True, timeout=300)
        if r.returncode:
            pytest.skip(f"could not install {pins} from the package index: {r.stderr[-500:]}")
        sys.path.insert(0, str(target))
        importlib.invalidate_caches()
        done[package] = str(target)

    yield ensure
    for target in filter(None, done.values()):
        sys.path.remove(target)


def test_every_corpus_model_has_a_reference():
    assert set(SUMMARY) == set(cases.CORPUS)
    for key, errs in MS_CANNOT_RUN.items():
        assert errs and all(isinstance(e, str) and e for e in errs.values()), key


def _close(actual, expected, rtol, what):
    expected = np.asarray(expected)
    atol = rtol * max(float(np.abs(expected).max()), 1e-12)
    np.testing.assert_allclose(np.asarray(actual), expected, rtol=rtol, atol=atol, err_msg=what)


# The train-mode gradient pass of the heaviest models (15-31 s each in a run on the loaded shared 2-core machine,
# 9 s all seven on a quiet one) runs only with `-m corpus_full` (pyproject.toml deselects the marker by default);
# their names, checkpoint load and eval forward run by default, so every family stays in the default run.
FULL_ONLY_GRADS = {"mindcv_repmlp", "mindcv_pnasnet", "mindcv_inceptionv3", "mindcv_inceptionv4", "mindcv_mae",
                   "mindcv_pit", "mindcv_res2net"}
# Per-model eval-forward tolerances, set the same way as GRAD_RTOL from `tools/corpus_precision.py --eval <key>`
# (distance of each framework's float32 outputs from a float64 evaluation, relative to the largest |output|).
EVAL_RTOL = {
    # ms32-f64 2.1e-4, ours32-f64 9.7e-4 (measured 2026-11-27). Float32 noise amplified by attention over
    # large logits in sample 1 (sample 0: 7e-5 / 3e-5): ms_compat's own distance is 7.9e-5 with oneDNN off and
    # 1.1e-4 on one thread, so it depends on the kernels' summation order, not on a semantic difference.
    "mindcv_visformer": 1e-3,
}
# Eval forwards that differ from MindSpore beyond their tolerance for a reason not yet found (open, real-code.md);
# strict expected failures, so the day one is fixed its test reports XPASS and fails.
EVAL_DIVERGES = {}


def _view_accepts_noncontiguous():
    """Tensor.view of a transposed tensor (issue 21 item 2); mindyolo's heads need it."""
    t = ms_compat.Tensor(np.zeros((2, 3), np.float32)).swapaxes(0, 1)
    try:
        t.view(6)
        return True
    except RuntimeError:
        return False


_NEEDS_VIEW = pytest.mark.xfail(not _view_accepts_noncontiguous(), strict=True, raises=RuntimeError,
                                reason="Tensor.view of a non-contiguous tensor (issue 21 item 2) is not in this tree")


def _marks(key, grads):
    marks = []
    if grads and key in FULL_ONLY_GRADS:
        marks.append(pytest.mark.corpus_full)
    if grads and key in GRAD_DIVERGES:
        marks.append(pytest.mark.xfail(strict=True, reason=GRAD_DIVERGES[key]))
    if not grads and key in EVAL_DIVERGES:
        marks.append(pytest.mark.xfail(strict=True, reason=EVAL_DIVERGES[key]))
    if not grads and key == "mindyolo_yolov5n":  # the view is in the detect head's inference branch
        marks.append(_NEEDS_VIEW)
    return pytest.param(key, marks=marks)


EVAL_RUNS = [_marks(k, False) for k in RUNS]
GRAD_RUNS = [_marks(k, True) for k in RUNS]


def _build_loaded(ms, key, no_deps_site):
    """The model built by the package's own code, its names checked against MindSpore's, and a checkpoint
    loaded into it by name (nothing left over)."""
    package = cases.CORPUS[key][0]
    no_deps_site(package)
    if package not in sys.modules and importlib.util.find_spec(package) is None:  # both in the `test` extra
        pytest.skip(f"{package} is not installed: pip install -e '.[test]' (it is in the test extra)")
    meta = load_ref_json("thirdparty", key)
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
    return net, meta


@pytest.mark.parametrize("key", EVAL_RUNS)
def test_corpus_model_matches_mindspore(ms, no_deps_site, key):
    net, meta = _build_loaded(ms, key, no_deps_site)
    ref = load_ref_npz("thirdparty", key)
    x = ms.Tensor(cases.make_input(meta["size"]))
    net.set_train(False)
    outs = cases.flatten(net(x))
    assert len(outs) == len([k for k in ref if k.startswith("out")])
    for i, o in enumerate(outs):
        _close(o.asnumpy(), ref[f"out{i}"], EVAL_RTOL.get(key, 1e-4), f"{key} eval out{i}")


@pytest.mark.parametrize("key", GRAD_RUNS)
def test_corpus_model_gradients_match_mindspore(ms, no_deps_site, key):
    net, meta = _build_loaded(ms, key, no_deps_site)
    ref = load_ref_npz("thirdparty", key)
    x = ms.Tensor(cases.make_input(meta["size"]))
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
                loss = loss + (o * ms.Tensor(cases.cotangent(o.shape, i)).to(o.dtype)).sum()
            return loss

    net.to(torch.float64)  # see the note above GRAD_RTOL: the verdict must not depend on the CPU's rounding
    with cases.float64_mode():
        loss, grads = ms.value_and_grad(Loss(net), None, trainable)(x.to(torch.float64))
    assert all(g.dtype == torch.float64 for g in grads)
    rtol = GRAD_RTOL.get(key, 1e-3)
    _close(loss.asnumpy(), ref["train_loss"], rtol, f"{key} train loss")
    norms = np.array([np.linalg.norm(g.asnumpy().astype(np.float64)) for g in grads])
    _close(norms, ref["grad_norms"], rtol, f"{key} gradient norms")
    for i in cases.grad_index(len(grads), key, meta["trainable"]):
        g = grads[i].asnumpy()
        what = f"{key} grad of {meta['trainable'][i]}"
        if f"grad_{i}" in ref:
            _close(g, ref[f"grad_{i}"], rtol, what)
        else:
            st = meta["grad_stats"][str(i)]
            _close(np.linalg.norm(g.astype(np.float64)), st["norm"], rtol, what + " (norm)")
            _close(g.reshape(-1)[:16], st["head"], rtol, what + " (first 16)")

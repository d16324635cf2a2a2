"""Which Cell calls record an autograd graph (common/grad_scope.py, issue 32 item 5): MindSpore code records
nothing outside grad functions (tools/reference/gen_grad_scope.py run through the alias against MindSpore 2.10:
features computed outside a grad function give no gradient to the net that made them; grad functions, jacrev,
ForwardValueAndGrad over a function, recompute and TrainOneStepCell still differentiate every Cell); PyTorch
code (this module imports torch) keeps PyTorch autograd, ``loss.backward()`` included."""
import pathlib
import runpy
import subprocess
import sys
import threading

import numpy as np
import pytest
import torch

import ms_compat
from ms_compat import nn
from ms_compat.common.grad_scope import recording
from conftest import load_ref_json

ROOT = pathlib.Path(__file__).resolve().parents[2]
GEN = ROOT / "tools" / "reference" / "gen_grad_scope.py"
REF = load_ref_json("nn", "grad_scope")


@pytest.fixture(scope="module")
def mod():
    ms_compat.install()
    try:
        yield runpy.run_path(str(GEN), run_name="gen_grad_scope")
    finally:
        ms_compat.uninstall()


def _close(got, ref, tol=1e-5):
    np.testing.assert_allclose(np.asarray(got, np.float64), np.asarray(ref, np.float64), rtol=tol, atol=tol)


def _close_list(got, ref):
    assert len(got) == len(ref)
    for g, r in zip(got, ref):
        _close(g, r)


@pytest.mark.parametrize("case", ["features_outside", "jacrev_of_cell", "forward_value_and_grad_function",
                                  "recompute_grads", "train_between_inference"])
def test_against_mindspore(mod, case):
    got, ref = mod[case](), REF[case]
    assert set(got) == set(ref)
    for k in ref:
        if isinstance(ref[k], list) and ref[k] and isinstance(ref[k][0], list) and k in ("grads", "weights", "outs"):
            _close_list(got[k], ref[k])
        else:
            _close(got[k], ref[k])


# A module namespace that imports MindSpore and not PyTorch: what MindSpore code looks like to ms_compat.
_MS_CODE = {"__name__": "user_mindspore_code", "ms": ms_compat, "nn": nn}
exec("def infer(net, x):\n    return net(x)\n", _MS_CODE)  # noqa: S102 - a module's code, made in place


class _Probe(nn.Cell):
    """Records torch.is_grad_enabled() inside construct, around a nested Cell."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 2)
        self.seen = []

    def construct(self, x):
        self.seen.append(torch.is_grad_enabled())
        return self.fc(x)


def test_mindspore_code_inference_records_no_graph():
    net, x = _Probe(), ms_compat.Tensor(np.ones((2, 3), np.float32))
    out = _MS_CODE["infer"](net, x)
    assert out.grad_fn is None and not out.requires_grad
    assert net.seen == [False]
    assert torch.is_grad_enabled()  # restored after the call
    # the same Cell called by PyTorch code (this module) records, nested Cells included
    out = net(x)
    assert out.grad_fn is not None and net.seen[-1] is True


def test_pytorch_code_backward_reaches_nested_cells():
    net = nn.SequentialCell(nn.Dense(3, 4), nn.ReLU(), nn.SequentialCell(nn.Dense(4, 1)))
    net(ms_compat.Tensor(np.ones((2, 3), np.float32))).sum().backward()
    assert all(p.grad is not None for p in net.trainable_params())


def test_recording_lets_mindspore_code_record():
    net, x = _Probe(), ms_compat.Tensor(np.ones((2, 3), np.float32))
    with recording():
        out = _MS_CODE["infer"](net, x)
    assert out.grad_fn is not None


def test_grad_scope_is_per_thread():
    net, x = _Probe(), ms_compat.Tensor(np.ones((2, 3), np.float32))
    got = {}

    def worker():
        got["out"] = _MS_CODE["infer"](net, x)

    with recording():  # open in this thread only
        t = threading.Thread(target=worker)
        t.start()
        t.join()
        here = _MS_CODE["infer"](net, x)
    assert got["out"].grad_fn is None and here.grad_fn is not None


def test_no_requires_grad_warning_from_a_mindspore_script(tmp_path):
    script = tmp_path / "infer.py"
    script.write_text("import numpy as np\nimport mindspore as ms\nfrom mindspore import nn, ops\n"
                      "net = nn.SequentialCell(nn.Dense(3, 4), nn.ReLU(), nn.Dense(4, 1))\n"
                      "out = net(ms.Tensor(np.ones((2, 3), np.float32)))\n"
                      "print(float(out.sum()) != 0.0, out.grad_fn is None)\n")
    r = subprocess.run([sys.executable, "-m", "ms_compat", "run", str(script)], cwd=str(ROOT), capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["True", "True"]
    assert "requires_grad=True" not in r.stderr


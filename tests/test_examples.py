"""The README's main job and the other examples run unchanged through the runner (`python -m ms_compat`,
what `ms-compat run` does): a fresh interpreter with `import mindspore` served by ms_compat."""
import json
import os
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "reference"))
from quickstart_cases import printed_losses  # noqa: E402


def _run(script, tmp_path, *args, **env):
    full_env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), **env)
    proc = subprocess.run([sys.executable, "-m", "ms_compat", str(ROOT / "examples" / script), *args],
                          cwd=tmp_path,
                          env=full_env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return proc.stdout


def test_quickstart_mnist_runs_the_beginner_program(tmp_path):
    out = _run("quickstart_mnist.py", tmp_path, MNIST_DIR=str(tmp_path / "MNIST_Data"))
    assert "Shape of image [N, C, H, W]: (64, 1, 28, 28)" in out
    losses = [float(v) for v in re.findall(r"^loss: +([0-9.]+) +\[", out, re.M)]
    assert len(losses) == 9 and losses[-1] < losses[0] * 0.8, losses
    accs = [float(v) for v in re.findall(r"Accuracy: ([0-9.]+)%", out)]
    assert len(accs) == 3 and accs[-1] >= 90.0, accs
    assert "\n[]\n" in out  # load_param_into_net: every parameter loaded
    monitor = re.findall(r"^epoch: (\d) step: (\d+), loss is ([0-9.e-]+)$", out, re.M)  # LossMonitor(10)
    assert [(e, s) for e, s, _ in monitor] == [("1", "10"), ("1", "20"), ("1", "30"), ("2", "10"), ("2", "20"),
                                                ("2", "30")]
    assert len(re.findall(r"^Train epoch time: [0-9.]+ ms, per step time: [0-9.]+ ms$", out, re.M)) == 2
    assert "checkpoints: ['quickstart-1_30.ckpt', 'quickstart-2_30.ckpt']" in out
    assert "eval: {'accuracy':" in out
    # the same seed prints MindSpore 2.10's losses (tools/reference/gen_quickstart.py: its run of this file): the
    # same initial weights and batch order, float32 rounding apart. Measured: within 1e-6 relative over the first
    # 20 steps (tests/test_quickstart_losses.py sizes that against a float64 twin), growing to 2e-5 by the 60th
    # step of the Momentum run; a batch out of order or another initialisation moves them by percents.
    ms = json.loads((ROOT / "tests" / "reference_data" / "quickstart" / "printed.json").read_text())
    ours = printed_losses(out)
    for part in ("loop", "test_avg", "monitor"):
        np.testing.assert_allclose(ours[part], ms[part], rtol=1e-4, atol=1e-6, err_msg=part)


_NUMBER = re.compile(r"-?\d+\.\d+")


@pytest.mark.parametrize("mode", ["pynative", "graph"])
def test_train_lenet_example_prints_mindspores_losses(tmp_path, mode):
    """examples/train_lenet.py from ``ms.set_seed(1)``: MindSpore's initial weights, so the same printed text as
    real MindSpore 2.10 (tools/reference/gen_examples_printed.py) — every word equal and every number within one
    unit of its last printed digit (24 Momentum steps drift by ~1e-6 relative, as the quick start's measured curve,
    which can flip a rounding); the accuracy within one of its 64 images."""
    out = _run("train_lenet.py", tmp_path, *(["--graph"] if mode == "graph" else []))
    ref = json.loads((ROOT / "tests" / "reference_data" / "quickstart" / "train_lenet_printed.json").read_text())[mode]
    assert _NUMBER.sub("#", out) == _NUMBER.sub("#", ref)
    ours, theirs = [float(v) for v in _NUMBER.findall(out)], [float(v) for v in _NUMBER.findall(ref)]
    np.testing.assert_allclose(ours[:-1], theirs[:-1], rtol=0, atol=1.01e-4)
    assert abs(ours[-1] - theirs[-1]) <= 1 / 64 + 1e-9


def test_save_load_mindir_tutorial_prints_what_mindspore_prints(tmp_path):
    out = _run("save_load_mindir.py", tmp_path)
    assert out == (ROOT / "tests" / "reference_data" / "mindir" / "tutorial_stdout.txt").read_text()
    assert (tmp_path / "model.mindir").is_file() and (tmp_path / "model.ckpt").is_file()


def test_train_augmented_example_prints_mindspores_losses(tmp_path):
    """examples/train_augmented.py from ``ms.set_seed(1)``: MindSpore's initial weights, its shuffled order each epoch
    and its RandomCrop / RandomHorizontalFlip draws, so real MindSpore 2.10's printed text
    (tools/reference/gen_example_augmented.py): every word equal, every loss within one unit of its last printed
    digit (18 Momentum steps; a batch out of order or another crop moves them by percents)."""
    out = _run("train_augmented.py", tmp_path)
    ref = json.loads((ROOT / "tests" / "reference_data" / "quickstart" / "train_augmented_printed.json")
                     .read_text())["stdout"]
    assert _NUMBER.sub("#", out) == _NUMBER.sub("#", ref)
    ours, theirs = [float(v) for v in _NUMBER.findall(out)], [float(v) for v in _NUMBER.findall(ref)]
    np.testing.assert_allclose(ours[:-1], theirs[:-1], rtol=0, atol=1.01e-5)
    assert abs(ours[-1] - theirs[-1]) <= 1 / 48 + 1e-9

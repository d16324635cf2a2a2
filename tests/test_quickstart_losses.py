"""The README's main job, MindSpore's quick start (examples/quickstart_mnist.py), trains to MindSpore 2.10's loss
curve from the same seed: same initial weights, same shuffled batches, every one of the first 20 losses and the
final weights within the float32 rounding measured against a float64 twin of the run (ms_compat.testing's
whole-run comparison). Reference: tools/reference/gen_quickstart.py."""
import pathlib
import sys

import numpy as np
import pytest
import torch

import ms_compat
from ms_compat import testing

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "reference"))
from quickstart_cases import load_example, run  # noqa: E402

REF = ROOT / "tests" / "reference_data" / "quickstart" / "run.npz"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    ms_compat.install()
    import mindspore
    example = load_example()
    data = str(tmp_path_factory.mktemp("quickstart") / "MNIST_Data")
    ours = run(mindspore, example, data)
    with testing.float64_twin():
        twin = run(mindspore, example, data, to_net=lambda net: net.to(torch.float64))  # built inside the run
    return ours, twin, testing.load_run(REF)


def test_first_20_losses_and_weights_are_mindspores(runs):
    ours, twin, ref = runs
    report = testing.assert_runs_close(ours, ref, twin)
    assert report.actual.size == 20 and len(report.weights) == 2
    assert report.tolerance.max() < 1e-5  # float32 rounding, nothing more


def test_a_different_order_or_seed_is_caught(runs):
    ours, twin, ref = runs
    swapped = (np.concatenate([ours[0][:3], ours[0][4:5], ours[0][3:4], ours[0][5:]]), ours[1])
    report = testing.compare_runs(swapped, ref, twin)
    assert not report.ok and report.first_bad_step == 3
    with pytest.raises(AssertionError, match="first step out of tolerance"):
        testing.assert_runs_close(swapped, ref, twin)


def test_the_tolerance_grows_as_measured():
    ref, f64 = np.array([1.0, 1.0, 1.0, 1.0]), np.array([1.0, 1.0 + 1e-6, 1.0, 1.0 + 3e-6])
    tol = testing.run_tolerance(ref, f64, factor=2.0, floor_ulps=0.0)
    np.testing.assert_allclose(tol, [0.0, 2e-6, 2e-6, 6e-6], rtol=1e-9)
    assert testing.run_tolerance([2.0], [2.0])[0] == pytest.approx(4 * np.finfo(np.float32).eps * 2.0)


def test_save_and_load_run(tmp_path):
    testing.save_run(tmp_path / "r.npz", [1.5, 1.25], {"w": np.ones((2, 2), np.float32)})
    losses, weights = testing.load_run(tmp_path / "r.npz")
    assert losses.tolist() == [1.5, 1.25] and weights["w"].shape == (2, 2)

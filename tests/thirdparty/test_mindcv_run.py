"""A whole training run of unmodified third-party code (mindcv 0.3.0's own dataset, transform, loader, model, loss,
scheduler, optimizer and trainer factories; tools/reference/mindcv_run_cases.py) from one seed trains to MindSpore
2.10's loss curve: every step's loss and the final head weights within the float32 rounding measured against a
float64 twin of the run (ms_compat.testing's whole-run comparison). Every random draw of the run enters it: the
default initialisation, the shuffled ImageFolder order of each epoch, RandomCropDecodeResize / flip / ColorAdjust /
RandomErasing draws, mindcv's numpy MixUp/CutMix, the Dropout and DropPath masks.
Reference: tools/reference/gen_mindcv_run.py."""
import pathlib
import sys

import pytest
import torch

import ms_compat
from ms_compat import testing

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools" / "reference"))
import mindcv_run_cases as cases  # noqa: E402

REFS = ROOT / "tests" / "reference_data" / "mindcv_run"


def run_pair(tmp_path_factory, optimizer):
    """The port's float32 run and its float64 twin, under ``ms_compat.install()``."""
    ms_compat.install(force=True)
    import mindspore
    data = str(tmp_path_factory.mktemp("mindcv_run"))
    threads = torch.get_num_threads()
    # One intra-op thread: this network's many small kernels run ~10x slower on two threads of a loaded 2-core
    # machine (the workers spin); the tolerance is measured from the float64 twin, not from a thread count.
    torch.set_num_threads(1)
    try:
        ours = cases.run(mindspore, data, optimizer=optimizer)
        with testing.float64_twin():
            twin = cases.run(mindspore, data, to_net=lambda net: net.to(torch.float64), optimizer=optimizer)
    finally:
        torch.set_num_threads(threads)
        ms_compat.uninstall()
        for name in [n for n in sys.modules if n.split(".")[0] == "mindcv"]:
            del sys.modules[name]
    return ours, twin


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return (*run_pair(tmp_path_factory, cases.OPTIMIZER), testing.load_run(REFS / "run.npz"))


def check_run(ours, twin, ref):
    report = testing.assert_runs_close(ours, ref, twin)
    assert report.actual.size == cases.EPOCHS * (cases.CLASSES * cases.PER_CLASS // cases.BATCH)
    assert {w[0] for w in report.weights} == {"head.weight", "head.bias"}


def test_mindcv_training_run_is_mindspores(runs):
    check_run(*runs)


def test_a_step_out_of_order_is_caught(runs):
    ours, twin, ref = runs
    losses = ours[0].copy()
    losses[[5, 6]] = losses[[6, 5]]
    report = testing.compare_runs((losses, ours[1]), ref, twin)
    assert not report.ok and report.first_bad_step == 5


# mindcv's own AdamW: a ``@jit`` construct (compiled per parameter shape: 70 s on the loaded 2-core machine), so
# only with ``-m corpus_full``.
@pytest.mark.corpus_full
def test_mindcv_adamw_run_is_mindspores(tmp_path_factory):
    check_run(*run_pair(tmp_path_factory, "adamw"), testing.load_run(REFS / "run_adamw.npz"))

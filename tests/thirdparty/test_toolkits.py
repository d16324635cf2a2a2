"""Real MindSpore toolkits run unmodified under ms_compat.install() as under real MindSpore 2.10
(tests/thirdparty/toolkits.py; references by tools/reference/gen_thirdparty_toolkits.py): MindArmour 2.0.0's
FGSM, FGM, BIM, PGD, MIM, DeepFool, Carlini-Wagner L2 and JSMA attacks on a small conv net (gradients through
``GradOperation``), its adversarial and natural-adversarial defenses (``TrainOneStepCell`` + ``Momentum``
steps), its neuron-coverage metrics (fed by ``TensorSummary`` in GRAPH_MODE), and MindPet 1.0.4's LoRA-tuned
Dense layers frozen with ``freeze_delta`` and trained with ``Adam``: every adversarial example, loss, trained
parameter and coverage value.

The packages and their pinned import-time dependencies are installed ``--no-deps`` into a temporary directory at
test time and the cases run in one child process (``import mindarmour`` warns that 2.10 is not a version it knows
and sleeps 3 s; its loggers print). Tolerance: 1e-5 of each result's largest magnitude (the largest difference
measured, 2026-11-29, is 4.8e-7 on a loss of 4.2 after three training steps; the attacks' sign steps agree
exactly).
"""
import os
import pathlib
import sys
import time

import numpy as np
import pytest

from conftest import load_ref_npz
from thirdparty import toolkits

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
REF = load_ref_npz("thirdparty", "toolkits")


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    site = tmp_path_factory.mktemp("toolkits_site")
    r = toolkits.install(site)
    if r.returncode:
        pytest.skip(f"could not install {toolkits.PINS} from the package index: {r.stderr[-500:]}")
    out = site / "toolkits.npz"
    t0 = time.perf_counter()
    r = toolkits.run(out, sys.executable, [str(site), str(ROOT)], compat=True)
    print(f"toolkit cases under ms_compat: {time.perf_counter() - t0:.0f} s")
    assert r.returncode == 0 and os.path.exists(out), r.stderr[-4000:]
    return dict(np.load(out))


def test_reference_has_every_case():
    assert str(REF["__errors__"]) == "{}" and all(k in REF for k in toolkits.CASES)


@pytest.mark.slow
@pytest.mark.parametrize("case", toolkits.CASES)
def test_toolkit_case_matches_mindspore(case, results):
    errors = eval(str(results["__errors__"]), {})  # noqa: S307 - a dict repr written by toolkits.main
    assert case not in errors, errors[case]
    keys = [k for k in REF if k == case or k.startswith(case + ":")]
    for key in keys:
        want, got = REF[key], results[key]
        assert got.shape == want.shape and got.dtype.kind == want.dtype.kind, (key, got.shape, want.shape)
        if want.dtype.kind in "fc":
            atol = 1e-5 * max(float(np.abs(want).max()), 1e-12)
            np.testing.assert_allclose(got, want, rtol=0, atol=atol, err_msg=key)
        else:
            np.testing.assert_array_equal(got, want, err_msg=key)

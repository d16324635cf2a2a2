"""Issue 28's named gaps against real MindSpore 2.10 (tools/reference/named_gap_cases.py,
tools/reference/gen_named_gaps.py, tests/reference_data/real_semantics/named_gaps.json): a ``Tensor(shape=,
dtype=, init=)`` not yet initialised prints ``<uninitialized>``; Parameters of every dtype report MindSpore's
``requires_grad`` (integer/bool ones too: PyTorch cannot take gradients for them, see
ms_compat/common/parameter.py); ``Model(..., loss_scale_manager=...)`` accepts and refuses what MindSpore does on
CPU; a corrupt checkpoint's error is named ``ValueError``; ``Vocab.vocab()`` gives its dict in MindSpore's order
(its C++ ``std::unordered_map``'s iteration order, ms_compat/dataset/text/_cxx_unordered_map.py)."""
import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "reference"))
from named_gap_cases import run  # noqa: E402

import ms_compat as ms  # noqa: E402
import ms_compat.common.initializer as init  # noqa: E402
import ms_compat.dataset.text as text  # noqa: E402
from ms_compat import amp, nn  # noqa: E402

REF = json.loads((ROOT / "tests" / "reference_data" / "real_semantics" / "named_gaps.json").read_text())
NOT_YET = set()


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return run(ms, nn, init, text, amp, str(tmp_path_factory.mktemp("gaps")))


@pytest.mark.parametrize("key", sorted(k for k in REF if k not in NOT_YET))
def test_named_gap_matches_mindspore(results, key):
    got, ref = results[key], REF[key]
    assert json.loads(json.dumps(got)) == ref

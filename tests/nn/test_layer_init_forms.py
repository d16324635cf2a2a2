"""Accepted ``*_init`` input forms of every nn layer that takes one, against real MindSpore 2.10
(tools/reference/layer_init_cases.py, tools/reference/gen_layer_init_forms.py,
tests/reference_data/layers/init_forms.json): strings, Initializers, ``initializer(..., shape)``, Tensors and numpy
arrays of the declared shape and of that shape without unit axes (Conv1d's 3-D weights), numbers; required
arguments positionally and by keyword. Each case gives MindSpore's parameter shapes and (deterministic forms) the
filled parameter's values, or MindSpore's error type."""
import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "reference"))
from layer_init_cases import run  # noqa: E402

import ms_compat as ms  # noqa: E402
import ms_compat.common.initializer as I  # noqa: E402
from ms_compat import nn  # noqa: E402

REF = json.loads((ROOT / "tests" / "reference_data" / "layers" / "init_forms.json").read_text())
# layers ms_compat does not build yet: using one raises MissingAPIError naming it (principle 3)
NOT_BUILT = {"Conv2dThor", "DenseThor", "EmbeddingLookupThor", "MultiFieldEmbeddingLookup"}


@pytest.fixture(scope="module")
def results():
    family = {k.split("/", 1)[1]: v for k, v in REF.items() if k.startswith("family/")}
    return run(ms, nn, I, family)


def test_same_family(results):
    built = sorted(k for k in REF if k.split("/")[0] not in NOT_BUILT or k.startswith("family/"))
    assert sorted(k for k in results if k.split("/")[0] not in NOT_BUILT or k.startswith("family/")) == built


@pytest.mark.parametrize("key", sorted(k for k in REF if k.split("/")[0] not in NOT_BUILT))
def test_init_form_matches_mindspore(results, key):
    assert results[key] == REF[key]


@pytest.mark.parametrize("name", sorted(NOT_BUILT))
def test_not_built_layer_says_so(results, name):
    assert results[f"{name}/positional"] == ["error", "MissingAPIError"]

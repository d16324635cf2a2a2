"""Every random API of MindSpore 2.10 (derived from MindSpore: tools/reference/gen_random_family.py) is either
tested against MindSpore's numbers — a case of a reference table — or listed, exactly once, in the
documented-differences table (ms_compat/common/random_differences.py) with a reason its measurement confirms;
migration_guides/ops.md shows that table."""
import json
import pathlib
import sys

import numpy as np
import pytest

from ms_compat.common import random_differences as rd

ROOT = pathlib.Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "reference_data"
FAMILY = json.loads((DATA / "random" / "family.json").read_text())
OPS_CASES = [*np.load(DATA / "random" / "ops.npz").files,  # case names only: no array is read
             *np.load(DATA / "random" / "poisson.npz").files]
INIT_CASES = np.load(DATA / "init_random" / "cases.npz").files


def _case_prefix(name):
    """The reference tables and case-name prefix that would test ``name`` (how the tables name their cases)."""
    if name.startswith("ops.operations."):
        return OPS_CASES, "prim|" + name.rsplit(".", 1)[1] + "|"
    if name.startswith("ops."):
        return OPS_CASES, name[len("ops."):] + "|"
    if name.startswith("common.initializer."):
        return INIT_CASES, name.rsplit(".", 1)[1] + "("
    return OPS_CASES, name + "|"


def _covered(name):
    cases, prefix = _case_prefix(name)
    return any(c.startswith(prefix) for c in cases)


def test_the_family_is_derived():
    names = FAMILY["names"]
    assert len(names) > 100
    for expected in ("ops.uniform", "ops.operations.TruncatedNormal", "ops.operations.RandomShuffle", "mint.rand",
                     "nn.Dropout", "nn.LSTM", "common.initializer.HeUniform", "Tensor.random_"):
        assert expected in names, expected
    assert "common.initializer.Zero" not in names and "ops.pixel_shuffle" not in names


def test_every_random_name_is_classified_exactly_once():
    unclassified = [n for n in FAMILY["names"] if not _covered(n) and n not in rd.DIFFERENCES]
    both = [n for n in FAMILY["names"] if _covered(n) and n in rd.DIFFERENCES]
    assert not unclassified, f"MindSpore random APIs neither tested nor documented: {unclassified}"
    assert not both, f"tested against MindSpore, yet listed as a difference: {both}"
    stale = sorted(set(rd.DIFFERENCES) - set(FAMILY["names"]))
    assert not stale, f"not a MindSpore 2.10 random API: {stale}"


@pytest.mark.parametrize("name", sorted(rd.DIFFERENCES))
def test_category_is_what_mindspore_does(name):
    category, probe, note = rd.DIFFERENCES[name]
    assert category in (rd.RAISES, rd.NONDETERMINISTIC, rd.NOT_YET)
    if category != rd.NOT_YET or probe:
        assert probe, f"{name}: '{category}' needs a probe that shows it"
        measured = FAMILY["probes"].get(name)
        assert measured and measured["probe"] == probe, f"{name}: probe changed; rerun gen_random_family"
    else:
        assert note, f"{name}: say why there is no probe"
        return
    if category == rd.RAISES:
        assert "raises" in measured
    elif category == rd.NONDETERMINISTIC:
        assert measured.get("two runs differ") is True
    else:  # deterministic and running in MindSpore: not yet reproduced
        assert measured.get("two runs differ") is False, measured


def test_guide_shows_the_table():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import random_differences_guide as guide
    finally:
        sys.path.pop(0)
    assert guide.current() == guide.render(), "run: python tools/random_differences_guide.py --write"
    text = (ROOT / "migration_guides" / "ops.md").read_text()
    for name in rd.DIFFERENCES:
        assert f"| `{name}` |" in text, name

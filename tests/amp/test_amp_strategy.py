"""mindspore.train.amp's strategy stack against MindSpore 2.10 (tools/reference/gen_amp_strategy.py run through
the alias): output dtypes of ops inside AmpDecorator / push_amp_strategy for each level, custom white/black
lists, nesting and popping, and the AmpStrategy getters."""
import pathlib
import runpy

import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_amp_strategy.py"
REF = load_ref_json("amp", "amp_strategy")


@pytest.fixture(scope="module")
def got():
    ms_compat.install()
    try:
        return runpy.run_path(str(GEN), run_name="gen_amp_strategy")["run"]()
    finally:
        ms_compat.uninstall()


@pytest.mark.parametrize("key", sorted(REF))
def test_amp_strategy_as_mindspore(got, key):
    assert got[key] == REF[key]


def test_stack_empty_after_and_bad_lists():
    from ms_compat.amp.strategy import AmpLevel, create_amp_strategy, get_curr_amp_strategy
    assert get_curr_amp_strategy() is None
    with pytest.raises(TypeError, match="white_list"):
        create_amp_strategy(AmpLevel.AmpAuto, ms_compat.float16, ["Exp"], [])

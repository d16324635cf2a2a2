"""text.UnicodeScriptTokenizer against MindSpore 2.10 (tools/reference/gen_dataset_text_extra.py run through the
import alias)."""
import pathlib
import runpy

import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_dataset_text_extra.py"
REF = load_ref_json("dataset", "text_extra")


@pytest.fixture(scope="module")
def got():
    ms_compat.install()
    try:
        g = runpy.run_path(str(GEN), run_name="gen_dataset_text_extra")
        return dict(g["run_all"](), texts=g["TEXTS"])
    finally:
        ms_compat.uninstall()


@pytest.mark.parametrize("mode", sorted(REF["unicode_script"]))
def test_unicode_script_tokenizer_matches_mindspore(got, mode):
    for text, a, b in zip(got["texts"], got["unicode_script"][mode], REF["unicode_script"][mode]):
        assert a == b, repr(text)


def test_same_errors(got):
    assert got["errors"] == REF["errors"]


def test_script_table():
    from ms_compat.dataset.text.unicode_script import script_of
    assert [script_of(c) for c in "aЖ中1\u0301ｶ"] == ["LATIN", "CYRILLIC", "HANI", "COMMON", "INHERITED", "KATAKANA"]

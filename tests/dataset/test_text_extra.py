"""text.UnicodeScriptTokenizer and SentencePieceVocab against MindSpore 2.10
(tools/reference/gen_dataset_text_extra.py run through the import alias)."""
import pathlib
import runpy

import pytest

import ms_compat
from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_dataset_text_extra.py"
REF = load_ref_json("dataset", "text_extra")


@pytest.fixture(scope="module")
def gen():
    ms_compat.install()
    try:
        yield runpy.run_path(str(GEN), run_name="gen_dataset_text_extra")
    finally:
        ms_compat.uninstall()


@pytest.fixture(scope="module")
def got(gen):
    ms_compat.install()
    try:
        return {"unicode_script": gen["unicode_script"](), "errors": gen["errors"](), "texts": gen["TEXTS"]}
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


@pytest.mark.parametrize("case", sorted(REF["sentencepiece"]))
def test_sentencepiece_vocab_matches_mindspore(gen, case, _sp_results):
    assert _sp_results[case] == REF["sentencepiece"][case]


@pytest.fixture(scope="module")
def _sp_results(gen):
    sp = pytest.importorskip("sentencepiece")
    if sp.__version__ != "0.1.98":  # the test extra pins it: the trainer MindSpore 2.10 bundles
        pytest.skip(f"sentencepiece {sp.__version__}: MindSpore 2.10's models are those of 0.1.98")
    ms_compat.install()
    try:
        return gen["sentencepiece"]()
    finally:
        ms_compat.uninstall()


def test_sentencepiece_missing_package_is_named(monkeypatch):
    import builtins
    from ms_compat.dataset.text import SentencePieceModel, SentencePieceVocab
    real = builtins.__import__

    def no_sp(name, *a, **k):
        if name == "sentencepiece":
            raise ImportError("no sentencepiece")
        return real(name, *a, **k)
    monkeypatch.setattr(builtins, "__import__", no_sp)
    with pytest.raises(ImportError, match="pip install sentencepiece"):
        SentencePieceVocab.from_file([__file__], 10, 1.0, SentencePieceModel.UNIGRAM, {})

"""Small text transforms of ``mindspore.dataset.text``: ``AddToken``, ``TruncateSequencePair``,
``NormalizeUTF8``, ``FilterWikipediaXML`` (compared with MindSpore 2.10 by tests/dataset/test_text.py)."""
from __future__ import annotations

import re
import unicodedata

import numpy as np

from ..transforms.transforms import TensorOperation
from .utils import NormalizeForm

__all__ = ["AddToken", "TruncateSequencePair", "NormalizeUTF8", "FilterWikipediaXML"]


def _text(x):
    a = np.asarray(x)
    if a.dtype.kind == "S":
        a = np.char.decode(a, "utf8")
    if a.dtype.kind not in "UO":
        raise RuntimeError(f"the input should be a string tensor, got {a.dtype}.")
    return a


class AddToken(TensorOperation):
    """Mirrors ``mindspore.dataset.text.AddToken(token, begin=True)``: ``token`` prepended (or appended) to a 1-D
    string array."""

    def __init__(self, token, begin=True):
        if not isinstance(token, str):
            raise TypeError(f"Argument token with value {token} is not of type [<class 'str'>].")
        if not isinstance(begin, bool):
            raise TypeError(f"Argument begin with value {begin} is not of type [<class 'bool'>].")
        self.token, self.begin = token, begin

    def __call__(self, tokens):
        a = _text(tokens)
        if a.ndim != 1:
            raise RuntimeError(f"AddToken: input tensor rank should be 1, but got {a.ndim}.")
        items = a.tolist()
        return np.array([self.token] + items if self.begin else items + [self.token], dtype=str)


class TruncateSequencePair(TensorOperation):
    """Mirrors ``mindspore.dataset.text.TruncateSequencePair(max_length)``: drops elements from the end of the
    longer of two 1-D arrays (the first one on ties) until their lengths sum to at most ``max_length``."""

    def __init__(self, max_length):
        if not isinstance(max_length, int) or max_length < 0:
            raise ValueError("Input max_length is not within the required interval of [0, 2147483647].")
        self.max_length = max_length

    def __call__(self, seq1, seq2):
        a, b = np.asarray(seq1), np.asarray(seq2)
        la, lb = len(a), len(b)
        while la + lb > self.max_length:
            if la > lb:
                la -= 1
            else:
                lb -= 1
        return a[:la].copy(), b[:lb].copy()


class NormalizeUTF8(TensorOperation):
    """Mirrors ``mindspore.dataset.text.NormalizeUTF8(normalize_form=NormalizeForm.NFKC)`` (``unicodedata``)."""

    def __init__(self, normalize_form=NormalizeForm.NFKC):
        self.normalize_form = NormalizeForm(normalize_form)

    def __call__(self, text):
        a = _text(text)
        if self.normalize_form == NormalizeForm.NONE:
            return a.astype(str)
        form = self.normalize_form.name
        return np.vectorize(lambda s: unicodedata.normalize(form, s), otypes=[object])(a).astype(str)


# MindSpore keeps these (pattern, replacement) pairs in a std::map keyed by the ICU pattern string, so they run in
# the patterns' code-unit order (which is also why "R" is deleted rather than lower-cased: its entry maps to "").
_WIKI = {r"<.*>": "", r"&amp;": "&", "&lt;": "<", "&gt;": ">", r"<ef[^<]*<\/ef>": "", "<[^>]*>": "",
         r"\[http:[^] ]*": "[", r"\|thumb": "", r"\|left": "", r"\|right": "", r"\|\d+px": "",
         r"\[\[image:[^\[\]]*\|": "", r"\[\[category:([^|\]]*)[^]]*\]\]": r"[[\1]]", r"\[\[[a-z\-]*:[^\]]*\]\]": "",
         r"\[\[[^\|\]]*\|": "[[", r"\{\{[^\}]*\}\}": "", r"\{[^\}]*\}": "", r"\[": "", r"\]": "", "&[^;]*;": " ",
         **{c: ("" if c == "R" else c.lower()) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
         **{str(d): f" {w} " for d, w in enumerate(["zero", "one", "two", "three", "four", "five", "six", "seven",
                                                     "eight", "nine"])},
         r"[^a-z\n]+": " ", r"\n ": "", r"\s+": " ", r"\n\s*\n": "n"}
_WIKI_ORDER = [(re.compile(k), v) for k, v in sorted(_WIKI.items(), key=lambda kv: kv[0].encode("utf-16-be"))]


class FilterWikipediaXML(TensorOperation):
    """Mirrors ``mindspore.dataset.text.FilterWikipediaXML()``: MindSpore's regular-expression clean-up of
    Wikipedia XML text (its pattern table, applied in the same order, each result trimmed); text with
    ``#redirect`` becomes empty."""

    def __call__(self, text):
        a = _text(text)

        def one(s):
            if "#redirect" in s or "#REDIRECT" in s:
                return ""
            for pat, rep in _WIKI_ORDER:
                s = pat.sub(rep, s).strip()
            return s

        return np.vectorize(one, otypes=[object])(a).astype(str)

"""BERT-style tokenizers of ``mindspore.dataset.text``: ``BasicTokenizer``, ``WordpieceTokenizer``,
``BertTokenizer``.

MindSpore runs them on ICU regular expressions; these follow the same rules with Python's ``unicodedata``:
control/format characters become spaces; ``lower_case`` case-folds, NFD-normalizes and drops combining marks
(otherwise ``normalization_form`` applies); text splits at whitespace (kept as tokens with
``keep_whitespace``), at ASCII punctuation/symbols, Unicode punctuation and CJK ideographs (each its own token);
``[CLS]``, ``[SEP]``, ``[UNK]``, ``[PAD]``, ``[MASK]``, ``[unusedN]`` stay whole with ``preserve_unused_token``.
Offsets are UTF-8 byte positions in the normalized text, as MindSpore's. Compared with MindSpore 2.10 by
tests/dataset/test_text.py. Difference: with ``lower_case=True`` and ``preserve_unused_token=True`` MindSpore 2.10
repeats part of the tokens when accents or case folding shorten the text before an unused token (a bug); ms_compat
returns the tokens once.
"""
from __future__ import annotations

import re
import unicodedata

import numpy as np

from ..transforms.transforms import TensorOperation
from .utils import NormalizeForm, Vocab

__all__ = ["BasicTokenizer", "WordpieceTokenizer", "BertTokenizer"]

_UNUSED = re.compile(r"\[CLS\]|\[SEP\]|\[UNK\]|\[PAD\]|\[MASK\]|\[unused\d+\]")
_CJK = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F), (0x2B740, 0x2B81F),
        (0x2B820, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))


def _text(x):
    a = np.asarray(x)
    if a.dtype.kind == "S":
        a = np.char.decode(a, "utf8")
    if a.dtype.kind not in "UO":
        raise RuntimeError(f"the input should be a string tensor, got {a.dtype}.")
    return a


def _is_space(ch):  # ICU \s: [\t\n\f\r\p{Z}] and the other Unicode white space
    return ch.isspace() or unicodedata.category(ch).startswith("Z")


def _is_split(ch):
    o = ord(ch)
    if 0x21 <= o <= 0x2F or 0x3A <= o <= 0x40 or 0x5B <= o <= 0x60 or 0x7B <= o <= 0x7E:
        return True
    if unicodedata.category(ch).startswith("P"):
        return True
    return any(lo <= o <= hi for lo, hi in _CJK)


def _normalize(text, lower_case, normalization_form):
    text = "".join(" " if unicodedata.category(c) in ("Cc", "Cf") else c for c in text)  # tabs, newlines too
    if lower_case:
        text = unicodedata.normalize("NFD", text.casefold())
        return "".join(c for c in text if unicodedata.category(c) != "Mn")
    form = NormalizeForm(normalization_form) if not isinstance(normalization_form, NormalizeForm) else normalization_form
    return text if form == NormalizeForm.NONE else unicodedata.normalize(form.name, text)


def basic_tokens(text, lower_case=False, keep_whitespace=False, normalization_form=NormalizeForm.NONE,
                 preserve_unused_token=True):
    """[(token, start byte, end byte)] of ``text`` as ``BasicTokenizer`` splits it."""
    keep = []
    if preserve_unused_token:  # unused tokens are cut out before case folding and kept whole
        pos = 0
        for m in _UNUSED.finditer(text):
            keep.append((text[pos:m.start()], False))
            keep.append((m.group(0), True))
            pos = m.end()
        keep.append((text[pos:], False))
    else:
        keep = [(text, False)]
    out, base = [], 0
    for piece, whole in keep:
        if whole:
            b = len(piece.encode())
            out.append((piece, base, base + b))
            base += b
            continue
        piece = _normalize(piece, lower_case, normalization_form)
        cur, cur_start, i = "", base, base
        kind = None  # "space" run or "word" run
        for ch in piece:
            nb = len(ch.encode())
            if _is_space(ch):
                if kind == "word" and cur:
                    out.append((cur, cur_start, i))
                    cur = ""
                if kind != "space":
                    cur, cur_start, kind = "", i, "space"
                cur += ch
            elif _is_split(ch):
                if cur and (kind == "word" or keep_whitespace):
                    out.append((cur, cur_start, i))
                cur, kind = "", None
                out.append((ch, i, i + nb))
            else:
                if kind == "space":
                    if keep_whitespace and cur:
                        out.append((cur, cur_start, i))
                    cur = ""
                if kind != "word":
                    cur, cur_start, kind = "", i, "word"
                cur += ch
            i += nb
        if cur and (kind == "word" or keep_whitespace):
            out.append((cur, cur_start, i))
        base = i
    return out


def _result(tokens, with_offsets):
    words = np.array([t[0] for t in tokens] or [""], dtype=str)
    if not with_offsets:
        return words
    if not tokens:
        return words, np.array([0], np.uint32), np.array([0], np.uint32)
    return words, np.array([t[1] for t in tokens], np.uint32), np.array([t[2] for t in tokens], np.uint32)


class BasicTokenizer(TensorOperation):
    """Mirrors ``mindspore.dataset.text.BasicTokenizer(lower_case=False, keep_whitespace=False,
    normalization_form=NormalizeForm.NONE, preserve_unused_token=True, with_offsets=False)`` (see the module)."""

    def __init__(self, lower_case=False, keep_whitespace=False, normalization_form=NormalizeForm.NONE,
                 preserve_unused_token=True, with_offsets=False):
        for n, v in (("lower_case", lower_case), ("keep_whitespace", keep_whitespace),
                     ("preserve_unused_token", preserve_unused_token), ("with_offsets", with_offsets)):
            if not isinstance(v, bool):
                raise TypeError(f"Argument {n} with value {v} is not of type [<class 'bool'>].")
        self.lower_case, self.keep_whitespace = lower_case, keep_whitespace
        self.normalization_form, self.preserve_unused_token = normalization_form, preserve_unused_token
        self.with_offsets = with_offsets

    def _tokens(self, text):
        return basic_tokens(text, self.lower_case, self.keep_whitespace, self.normalization_form,
                            self.preserve_unused_token)

    def __call__(self, text):
        a = _text(text)
        if a.ndim != 0:
            raise RuntimeError(f"BasicTokenizer: the input should be a scalar string, got shape {list(a.shape)}.")
        return _result(self._tokens(str(a)), self.with_offsets)


def wordpiece(word, table, suffix_indicator, max_bytes_per_token, unknown_token):
    """[(piece, start byte, end byte)] of one word, greedy longest match first."""
    nbytes = len(word.encode())
    unk = [(unknown_token if unknown_token else word, 0, nbytes)]
    if nbytes > max_bytes_per_token:
        return unk
    out, start = [], 0
    while start < len(word):
        end, found = len(word), None
        while start < end:
            sub = word[start:end]
            if start > 0:
                sub = suffix_indicator + sub
            if sub in table:
                found = sub
                break
            end -= 1
        if found is None:
            return unk
        b0 = len(word[:start].encode())
        out.append((found, b0, b0 + len(word[start:end].encode())))
        start = end
    return out


class WordpieceTokenizer(TensorOperation):
    """Mirrors ``mindspore.dataset.text.WordpieceTokenizer(vocab, suffix_indicator='##', max_bytes_per_token=100,
    unknown_token='[UNK]', with_offsets=False)``: each word split greedily into the longest vocab pieces (later
    pieces prefixed with ``suffix_indicator``); a word with no split, or longer than ``max_bytes_per_token``,
    becomes ``unknown_token`` (the word itself when it is ``''``). Offsets are byte positions in each word."""

    def __init__(self, vocab, suffix_indicator="##", max_bytes_per_token=100, unknown_token="[UNK]",
                 with_offsets=False):
        if not isinstance(vocab, Vocab):
            raise TypeError("vocab should be a mindspore.dataset.text.Vocab.")
        if not isinstance(max_bytes_per_token, int) or max_bytes_per_token < 0:
            raise ValueError("Input max_bytes_per_token is not within the required interval of [0, 2147483647].")
        self.vocab, self.suffix_indicator, self.max_bytes_per_token = vocab, suffix_indicator, max_bytes_per_token
        self.unknown_token, self.with_offsets = unknown_token, with_offsets

    def _pieces(self, word):
        return wordpiece(word, self.vocab.vocab(), self.suffix_indicator, self.max_bytes_per_token,
                         self.unknown_token)

    def __call__(self, words):
        a = _text(words)
        toks = [p for w in a.reshape(-1).tolist() for p in self._pieces(str(w))]
        return _result(toks, self.with_offsets)


class BertTokenizer(TensorOperation):
    """Mirrors ``mindspore.dataset.text.BertTokenizer(vocab, suffix_indicator='##', max_bytes_per_token=100,
    unknown_token='[UNK]', lower_case=False, keep_whitespace=False, normalization_form=NormalizeForm.NONE,
    preserve_unused_token=True, with_offsets=False)``: ``BasicTokenizer`` then ``WordpieceTokenizer`` (offsets in
    the normalized text)."""

    def __init__(self, vocab, suffix_indicator="##", max_bytes_per_token=100, unknown_token="[UNK]", lower_case=False,
                 keep_whitespace=False, normalization_form=NormalizeForm.NONE, preserve_unused_token=True,
                 with_offsets=False):
        self._basic = BasicTokenizer(lower_case, keep_whitespace, normalization_form, preserve_unused_token)
        self._wp = WordpieceTokenizer(vocab, suffix_indicator, max_bytes_per_token, unknown_token)
        self.with_offsets = with_offsets

    def __call__(self, text):
        a = _text(text)
        if a.ndim != 0:
            raise RuntimeError(f"BertTokenizer: the input should be a scalar string, got shape {list(a.shape)}.")
        out = []
        for tok, s, _ in self._basic._tokens(str(a)):
            out += [(p, s + b0, s + b1) for p, b0, b1 in self._wp._pieces(tok)]
        return _result(out, self.with_offsets)

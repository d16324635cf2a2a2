"""Mirrors ``mindspore.dataset.text.transforms``: the basic text transforms on numpy string arrays."""
from __future__ import annotations

import re

import numpy as np

from ...common import dtype as mstype
from ..transforms.transforms import TensorOperation, _np_dtype
from .utils import Vocab

__all__ = ["Lookup", "ToNumber", "WhitespaceTokenizer", "UnicodeCharTokenizer", "PythonTokenizer", "SlidingWindow",
           "Truncate", "Ngram", "RegexReplace", "RegexTokenizer", "CaseFold", "SentencePieceTokenizer"]


def _str(x):
    a = np.asarray(x)
    if a.dtype.kind == "S":
        a = np.char.decode(a, "utf8")
    if a.dtype.kind not in "UO":
        raise RuntimeError(f"the input should be a string tensor, got {a.dtype}.")
    return a


def _with_offsets(tokens, text, with_offsets):
    arr = np.array(tokens if tokens else [""], dtype=str)
    if not with_offsets:
        return arr
    starts, ends, pos = [], [], 0
    for t in tokens:
        k = text.find(t, pos)
        b = len(text[:k].encode())
        starts.append(b)
        ends.append(b + len(t.encode()))
        pos = k + len(t)
    return arr, np.array(starts, np.uint32), np.array(ends, np.uint32)


class Lookup(TensorOperation):
    """Mirrors ``mindspore.dataset.text.Lookup(vocab, unknown_token=None, data_type=mstype.int32)``."""

    def __init__(self, vocab, unknown_token=None, data_type=mstype.int32):
        if not isinstance(vocab, Vocab):
            raise TypeError("vocab should be a mindspore.dataset.text.Vocab.")
        self.vocab, self.unknown_token, self.data_type = vocab, unknown_token, _np_dtype(data_type)
        table = vocab.vocab()
        if unknown_token is not None and unknown_token not in table:
            raise RuntimeError(f"Lookup: unknown_token '{unknown_token}' is not in the vocab.")

    def __call__(self, words):
        a = _str(words)
        table = self.vocab.vocab()
        unk = table.get(self.unknown_token) if self.unknown_token is not None else None

        def one(w):
            if w in table:
                return table[w]
            if unk is None:
                raise RuntimeError(f"Lookup: '{w}' is not in the vocab and no unknown_token was given.")
            return unk

        return np.vectorize(one, otypes=[np.int64])(a).astype(self.data_type) if a.size else \
            np.zeros(a.shape, self.data_type)


class ToNumber(TensorOperation):
    """Mirrors ``mindspore.dataset.text.ToNumber(data_type)``: strings to numbers."""

    def __init__(self, data_type):
        self.data_type = _np_dtype(data_type)

    def __call__(self, x):
        a = _str(x)
        try:
            vals = [float(v) if self.data_type.kind == "f" else int(v) for v in a.ravel().tolist()]
        except ValueError as e:
            raise RuntimeError(f"ToNumber: string could not be converted to {self.data_type}: {e}") from None
        out = np.array(vals, self.data_type).reshape(a.shape)
        if self.data_type.kind in "iu":
            info = np.iinfo(self.data_type)
            if any(v < info.min or v > info.max for v in vals):
                raise RuntimeError(f"ToNumber: a value is out of bounds of {self.data_type}.")
        return out


class WhitespaceTokenizer(TensorOperation):
    """Mirrors ``mindspore.dataset.text.WhitespaceTokenizer(with_offsets=False)``."""

    def __init__(self, with_offsets=False):
        self.with_offsets = with_offsets

    def __call__(self, text):
        t = str(_str(text))
        return _with_offsets(t.split(), t, self.with_offsets)


class UnicodeCharTokenizer(TensorOperation):
    """Mirrors ``mindspore.dataset.text.UnicodeCharTokenizer(with_offsets=False)``."""

    def __init__(self, with_offsets=False):
        self.with_offsets = with_offsets

    def __call__(self, text):
        t = str(_str(text))
        return _with_offsets(list(t), t, self.with_offsets)


class RegexTokenizer(TensorOperation):
    """Mirrors ``mindspore.dataset.text.RegexTokenizer(delim_pattern, keep_delim_pattern='', with_offsets=False)``
    (Python ``re`` syntax instead of ICU's)."""

    def __init__(self, delim_pattern, keep_delim_pattern="", with_offsets=False):
        self.delim, self.keep, self.with_offsets = re.compile(delim_pattern), keep_delim_pattern, with_offsets

    def __call__(self, text):
        t = str(_str(text))
        tokens, pos = [], 0
        for m in self.delim.finditer(t):
            if m.start() > pos:
                tokens.append(t[pos:m.start()])
            if self.keep and re.fullmatch(self.keep, m.group()):
                tokens.append(m.group())
            pos = m.end()
        if pos < len(t):
            tokens.append(t[pos:])
        return _with_offsets(tokens, t, self.with_offsets)


class RegexReplace(TensorOperation):
    """Mirrors ``mindspore.dataset.text.RegexReplace(pattern, replace, replace_all=True)``."""

    def __init__(self, pattern, replace, replace_all=True):
        self.pattern, self.replace, self.count = re.compile(pattern), replace, 0 if replace_all else 1

    def __call__(self, text):
        a = _str(text)
        return np.vectorize(lambda s: self.pattern.sub(self.replace, s, count=self.count), otypes=[str])(a)


class CaseFold(TensorOperation):
    """Mirrors ``mindspore.dataset.text.CaseFold``."""

    def __call__(self, text):
        return np.vectorize(lambda s: s.casefold(), otypes=[str])(_str(text))


class PythonTokenizer:
    """Mirrors ``mindspore.dataset.text.PythonTokenizer(tokenizer)``: a Python function str -> list of str."""

    def __init__(self, tokenizer):
        if not callable(tokenizer):
            raise TypeError("tokenizer should be callable.")
        self.tokenizer = tokenizer

    def __call__(self, text):
        return np.array(self.tokenizer(str(_str(text))), dtype=str)


class SlidingWindow(TensorOperation):
    """Mirrors ``mindspore.dataset.text.SlidingWindow(width, axis=0)`` (1-D)."""

    def __init__(self, width, axis=0):
        if width < 1:
            raise ValueError("width should be at least 1.")
        self.width, self.axis = width, axis

    def __call__(self, x):
        a = np.asarray(x)
        n = a.shape[0] - self.width + 1
        if n <= 0:
            return np.empty((0, self.width) + a.shape[1:], a.dtype)
        return np.stack([a[i:i + self.width] for i in range(n)])


class Truncate(TensorOperation):
    """Mirrors ``mindspore.dataset.text.Truncate(max_seq_len)``."""

    def __init__(self, max_seq_len):
        self.max_seq_len = max_seq_len

    def __call__(self, x):
        return np.asarray(x)[..., :self.max_seq_len]


class Ngram(TensorOperation):
    """Mirrors ``mindspore.dataset.text.Ngram(n, left_pad=('', 0), right_pad=('', 0), separator=' ')``."""

    def __init__(self, n, left_pad=("", 0), right_pad=("", 0), separator=" "):
        self.n = [n] if isinstance(n, int) else list(n)
        self.left, self.right, self.sep = left_pad, right_pad, separator

    def __call__(self, x):
        words = [str(w) for w in _str(x).ravel().tolist()]
        out = []
        for k in self.n:
            seq = [self.left[0]] * min(self.left[1], k - 1) + words + [self.right[0]] * min(self.right[1], k - 1)
            out.extend(self.sep.join(seq[i:i + k]) for i in range(len(seq) - k + 1))
        return np.array(out, dtype=str)


class SentencePieceTokenizer(TensorOperation):
    """Mirrors ``mindspore.dataset.text.SentencePieceTokenizer(mode, out_type)``: ``mode`` a model file path or a
    ``SentencePieceVocab`` (needs the ``sentencepiece`` package)."""

    def __init__(self, mode, out_type):
        try:
            import sentencepiece as spm
        except ImportError as e:
            raise ImportError("SentencePieceTokenizer needs the sentencepiece package: "
                              "pip install sentencepiece") from e
        from .sentencepiece_vocab import SentencePieceVocab
        if isinstance(mode, SentencePieceVocab):
            self.sp = spm.SentencePieceProcessor(model_proto=mode.model_proto)
        elif isinstance(mode, str):
            self.sp = spm.SentencePieceProcessor(model_file=mode)
        else:
            raise TypeError(f"Argument mode with value {mode} is not of type [<class 'str'>, SentencePieceVocab], "
                            f"but got {type(mode)}.")
        self.out_type = int(getattr(out_type, "value", out_type))

    def __call__(self, text):
        t = str(_str(text))
        if self.out_type == 1:
            return np.array(self.sp.encode(t), np.int32)
        return np.array(self.sp.encode(t, out_type=str), dtype=str)

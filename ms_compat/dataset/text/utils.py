"""Mirrors ``mindspore.dataset.text.utils``: ``Vocab`` and the string helpers."""
from __future__ import annotations

import collections
from enum import IntEnum

import numpy as np

__all__ = ["Vocab", "to_str", "to_bytes", "SentencePieceModel", "SPieceTokenizerOutType", "SPieceTokenizerLoadType",
           "JiebaMode", "NormalizeForm"]


def _specials(words, special_tokens, special_first):
    special_tokens = list(special_tokens or [])
    dup = [t for t in special_tokens if t in words]
    if dup:
        raise ValueError(f"special_tokens and word_list contain duplicate word: {dup[0]}.")
    return special_tokens + list(words) if special_first else list(words) + special_tokens


class Vocab:
    """Mirrors ``mindspore.dataset.text.Vocab``: a word -> id table (``from_list``, ``from_dict``, ``from_file``,
    ``from_dataset``)."""

    def __init__(self):
        self._w2i = {}
        # the keys in the order MindSpore's C++ map iterates them (vocab()'s order), for the builders where it was
        # measured (from_list, from_dict); None: id order
        self._cxx_order = None

    @classmethod
    def _of(cls, words):
        v = cls()
        for w in words:
            if w in v._w2i:
                raise ValueError(f"word_list contains duplicate word: {w}.")
            v._w2i[w] = len(v._w2i)
        return v

    @classmethod
    def from_list(cls, word_list, special_tokens=None, special_first=True):
        words = list(word_list)
        v = cls._of(_specials(words, special_tokens, special_first))
        # MindSpore's BuildFromVector inserts the words, then the special tokens, into a std::unordered_map
        v._cxx_order = (words + list(special_tokens or []), None)
        return v

    @classmethod
    def from_dict(cls, word_dict):
        v = cls()
        for w, i in word_dict.items():
            if not isinstance(i, int) or i < 0:
                raise ValueError(f"from_dict: the id of '{w}' should be a non-negative int, got {i!r}.")
            v._w2i[w] = i
        # pybind11 fills a reserved std::unordered_map from the dict; MindSpore copies it key by key into the vocab's
        v._cxx_order = (list(word_dict), len(word_dict))
        return v

    @classmethod
    def from_file(cls, file_path, delimiter="", vocab_size=None, special_tokens=None, special_first=True):
        words = []
        with open(file_path, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n").rstrip("\r")
                w = line.split(delimiter)[0] if delimiter else line
                w = w.strip() if not delimiter else w
                if w and w not in words:
                    words.append(w)
                if vocab_size is not None and len(words) >= vocab_size:
                    break
        return cls._of(_specials(words, special_tokens, special_first))

    @classmethod
    def from_dataset(cls, dataset, columns=None, freq_range=None, top_k=None, special_tokens=None,
                     special_first=True):
        """Counts the words of ``columns`` (default: all) over one epoch; keeps those with a count in
        ``freq_range``; orders by count (high first), ties by word; the ``top_k`` first."""
        names = dataset.get_col_names()
        cols = [columns] if isinstance(columns, str) else (list(columns) if columns else names)
        idx = [names.index(c) for c in cols]
        counts = collections.Counter()
        for row in dataset._rows():
            for i in idx:
                a = np.asarray(row[i])
                counts.update(str(w) for w in a.ravel().tolist())
        lo, hi = freq_range if freq_range else (None, None)
        items = [(w, c) for w, c in counts.items() if (lo is None or c >= lo) and (hi is None or c <= hi)]
        items.sort(key=lambda wc: (-wc[1], wc[0]))
        if top_k is not None:
            items = items[:top_k]
        return cls._of(_specials([w for w, _ in items], special_tokens, special_first))

    def vocab(self):
        """``{word: id}``, in MindSpore's order for ``from_list``/``from_dict`` vocabularies: the iteration order of
        its C++ ``std::unordered_map`` (``_cxx_unordered_map.py``); in id order for the other builders."""
        if self._cxx_order is None:
            return dict(self._w2i)
        if not isinstance(self._cxx_order, list):
            from ._cxx_unordered_map import iteration_order
            keys, reserve = self._cxx_order
            order = iteration_order(keys, reserve)
            self._cxx_order = iteration_order(order) if reserve is not None else order
        return {w: self._w2i[w] for w in self._cxx_order}

    def tokens_to_ids(self, tokens):
        if isinstance(tokens, str):
            return self._w2i.get(tokens, -1)
        return [self._w2i.get(t, -1) for t in tokens]

    def ids_to_tokens(self, ids):
        inv = {i: w for w, i in self._w2i.items()}
        if isinstance(ids, (int, np.integer)):
            return inv.get(int(ids), "")
        return [inv.get(int(i), "") for i in ids]


def to_str(array, encoding="utf8"):
    """Mirrors ``mindspore.dataset.text.to_str``: bytes array -> str array."""
    a = np.asarray(array)
    if a.dtype.kind == "U":
        return a
    return np.char.decode(a.astype(np.bytes_), encoding)


def to_bytes(array, encoding="utf8"):
    """Mirrors ``mindspore.dataset.text.to_bytes``: str array -> bytes array."""
    return np.char.encode(np.asarray(array, dtype=str), encoding)


class SentencePieceModel(IntEnum):
    """Mirrors ``mindspore.dataset.text.SentencePieceModel``."""
    UNIGRAM = 0
    BPE = 1
    CHAR = 2
    WORD = 3


class SPieceTokenizerOutType(IntEnum):
    """Mirrors ``mindspore.dataset.text.SPieceTokenizerOutType``."""
    STRING = 0
    INT = 1


class SPieceTokenizerLoadType(IntEnum):
    """Mirrors ``mindspore.dataset.text.SPieceTokenizerLoadType``."""
    FILE = 0
    MODEL = 1


class JiebaMode(IntEnum):
    """Mirrors ``mindspore.dataset.text.JiebaMode``."""
    MIX = 0
    MP = 1
    HMM = 2


class NormalizeForm(IntEnum):
    """Mirrors ``mindspore.dataset.text.NormalizeForm`` (Unicode normalization forms)."""
    NONE = 0
    NFC = 1
    NFKC = 2
    NFD = 3
    NFKD = 4

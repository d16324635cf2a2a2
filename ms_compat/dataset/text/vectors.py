"""Pre-trained word vectors of ``mindspore.dataset.text``: ``Vectors``, ``GloVe``, ``FastText``, ``CharNGram`` and
the ``ToVectors`` transform. A vectors file is text: one token per line followed by its values (a first line
``<count> <dim>``, as fastText writes, is skipped). Compared with MindSpore 2.10 by tests/dataset/test_text.py."""
from __future__ import annotations

import os

import numpy as np

from ..transforms.transforms import TensorOperation

__all__ = ["Vectors", "GloVe", "FastText", "CharNGram", "ToVectors"]


class Vectors:
    """Mirrors ``mindspore.dataset.text.Vectors``: build with ``Vectors.from_file(file_path, max_vectors=None)``
    (the first ``max_vectors`` lines; every vector must have the same dimension)."""

    def __init__(self, table, dim):
        self._table, self.dim = table, dim

    @classmethod
    def _check(cls, file_path):
        if not isinstance(file_path, str) or not os.path.isfile(file_path):
            raise ValueError(f"The file {file_path} does not exist or permission denied!")

    @classmethod
    def from_file(cls, file_path, max_vectors=None):
        cls._check(file_path)
        if max_vectors is not None and (not isinstance(max_vectors, int) or max_vectors < 0):
            raise ValueError("Input max_vectors is not within the required interval of [0, 2147483647].")
        table, dim = {}, None
        with open(file_path, encoding="utf-8") as f:
            for k, line in enumerate(f):
                parts = line.rstrip("\n").rstrip(" ").split(" ")
                if k == 0 and len(parts) == 2 and all(p.isdigit() for p in parts):
                    continue
                if max_vectors is not None and len(table) >= max_vectors:
                    break
                if len(parts) < 2:
                    continue
                vals = np.array([float(v) for v in parts[1:]], np.float32)
                if dim is None:
                    dim = len(vals)
                elif len(vals) != dim:
                    raise RuntimeError(f"Vectors: all vectors must have the same number of dimensions, but got dim "
                                       f"{len(vals)} while expecting {dim} (line {k + 1} of {file_path}).")
                table.setdefault(parts[0], vals)
        return cls(table, dim or 0)

    def _lookup(self, token, unk, lower_case_backup):
        v = self._table.get(token)
        if v is None and lower_case_backup:
            v = self._table.get(token.lower())
        return unk if v is None else v


class GloVe(Vectors):
    """Mirrors ``mindspore.dataset.text.GloVe.from_file(file_path, max_vectors=None)``: a GloVe text file (named
    ``glove.6B.*.txt``, ``glove.42B.*``, ``glove.840B.*`` or ``glove.twitter.27B.*``, as MindSpore checks)."""

    @classmethod
    def _check(cls, file_path):
        super()._check(file_path)
        name = os.path.basename(file_path)
        if not name.startswith("glove.") or not name.endswith(".txt"):
            raise RuntimeError(f"GloVe: the file name should be like glove.6B.50d.txt, got {name}.")


class FastText(Vectors):
    """Mirrors ``mindspore.dataset.text.FastText.from_file(file_path, max_vectors=None)``: a ``.vec`` file."""

    @classmethod
    def _check(cls, file_path):
        super()._check(file_path)
        if not file_path.endswith(".vec"):
            raise RuntimeError(f"FastText: the file should be a .vec file, got {os.path.basename(file_path)}.")


class CharNGram(Vectors):
    """Mirrors ``mindspore.dataset.text.CharNGram.from_file(file_path, max_vectors=None)``: character n-gram
    vectors; a word's vector is the mean of its ``#BEGIN#``/``#END#``-padded 2-, 3- and 4-gram vectors
    (``{n}gram-{chars}``) found in the table, zeros when none is."""

    def _lookup(self, token, unk, lower_case_backup):
        chars = ["#BEGIN#"] + list(token) + ["#END#"]
        found = []
        for n in (2, 3, 4):
            for i in range(len(chars) - n + 1):
                v = self._table.get(f"{n}gram-{''.join(chars[i:i + n])}")
                if v is not None:
                    found.append(v)
        return np.mean(found, axis=0).astype(np.float32) if found else unk


class ToVectors(TensorOperation):
    """Mirrors ``mindspore.dataset.text.ToVectors(vectors, unk_init=None, lower_case_backup=False)``: each token's
    vector (float32, shape (..., dim); a single token gives (dim,)); unknown tokens get ``unk_init`` (zeros by default); with
    ``lower_case_backup`` a missing token is looked up lower-cased."""

    def __init__(self, vectors, unk_init=None, lower_case_backup=False):
        if not isinstance(vectors, Vectors):
            raise TypeError("vectors should be a mindspore.dataset.text.Vectors (or GloVe, FastText, CharNGram).")
        self.vectors, self.lower_case_backup = vectors, bool(lower_case_backup)
        self.unk_init = None if unk_init is None else np.asarray(unk_init, np.float32)

    def __call__(self, tokens):
        a = np.asarray(tokens)
        if a.dtype.kind == "S":
            a = np.char.decode(a, "utf8")
        dim = self.vectors.dim
        unk = self.unk_init if self.unk_init is not None else np.zeros(dim, np.float32)
        if unk.shape != (dim,):
            raise RuntimeError(f"ToVectors: unk_init should have {dim} values, got {unk.size}.")
        flat = [self.vectors._lookup(str(t), unk, self.lower_case_backup) for t in a.reshape(-1).tolist()]
        if len(flat) == 1:  # one token gives one vector (dim,), as MindSpore's
            return np.array(flat[0], np.float32)
        return np.array(flat, np.float32).reshape(a.shape + (dim,))

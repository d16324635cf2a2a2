"""Mirrors ``mindspore.dataset.text.SentencePieceVocab``: train a SentencePiece model, keep it, save it.

MindSpore links Google's sentencepiece library and calls its trainer with ``input`` (the files joined by commas),
``vocab_size``, ``character_coverage``, ``model_type`` and the user's ``params`` (``--key=value`` trainer flags;
``input``, ``vocab_size``, ``model_prefix``, ``character_coverage``, ``model_type`` in ``params`` are ignored);
the model stays in memory until ``save_model``. ms_compat calls the same trainer through the ``sentencepiece``
Python package (an optional dependency: ``pip install sentencepiece``; without it these methods raise ImportError
naming it). With sentencepiece 0.1.98 the models are MindSpore 2.10's (tests/dataset/test_text_extra.py compares
the tokenizations of UNIGRAM/BPE/CHAR/WORD models: identical); 0.1.99 and 0.2 train slightly different
vocabularies (e.g. one piece fewer allowed on the same corpus).
"""
from __future__ import annotations

import io
import os

import numpy as np

__all__ = ["SentencePieceVocab"]

_MODEL = {0: "UNIGRAM", 1: "BPE", 2: "CHAR", 3: "WORD"}
_RESERVED = ("input", "vocab_size", "model_prefix", "character_coverage", "model_type")


def _spm():
    try:
        import sentencepiece
    except ImportError as e:
        raise ImportError("SentencePieceVocab needs the sentencepiece package: pip install sentencepiece "
                          "(or pip install ms-compat[text])") from e
    return sentencepiece


def _model_name(model_type):
    from .utils import SentencePieceModel
    if isinstance(model_type, str):
        name = model_type.upper()
        if name not in _MODEL.values():
            raise ValueError(f"Input model_type is not within the valid set of {list(_MODEL.values())}.")
        return name
    if isinstance(model_type, bool) or not isinstance(model_type, (int, SentencePieceModel)):
        raise TypeError(f"Argument model_type with value {model_type} is not of type [<class 'str'>, "
                        f"SentencePieceModel], but got {type(model_type)}.")
    return _MODEL[int(getattr(model_type, "value", model_type))]


def _check(vocab_size, character_coverage, params):
    if isinstance(vocab_size, bool) or not isinstance(vocab_size, int):
        raise TypeError(f"Argument vocab_size with value {vocab_size} is not of type [<class 'int'>], but got "
                        f"{type(vocab_size)}.")
    if not 0 <= vocab_size <= 4294967295:
        raise ValueError(f"Input vocab_size is not within the required interval of [0, 4294967295].")
    if not isinstance(character_coverage, float):
        raise TypeError(f"Argument character_coverage with value {character_coverage} is not of type "
                        f"[<class 'float'>], but got {type(character_coverage)}.")
    if not isinstance(params, dict):
        raise TypeError(f"Argument params with value {params} is not of type [<class 'dict'>], but got "
                        f"{type(params)}.")


class SentencePieceVocab:
    """Mirrors ``mindspore.dataset.text.SentencePieceVocab``: built by ``from_file`` / ``from_dataset``, used by
    ``text.SentencePieceTokenizer(vocab, out_type)``, written by ``save_model``. ``model_proto`` holds the
    serialized model (bytes)."""

    def __init__(self):
        self.model_proto = None

    @classmethod
    def _train(cls, vocab_size, character_coverage, model_type, params, **source):
        spm = _spm()
        flags = {k: v for k, v in params.items() if k not in _RESERVED}
        buf = io.BytesIO()
        try:
            spm.SentencePieceTrainer.train(vocab_size=vocab_size, character_coverage=character_coverage,
                                           model_type=_model_name(model_type), minloglevel=1, model_writer=buf,
                                           **source, **flags)
        except (RuntimeError, OSError, ValueError) as e:
            raise RuntimeError(f"SentencePieceVocab: the sentencepiece trainer failed: {e}") from None
        vocab = cls()
        vocab.model_proto = buf.getvalue()
        return vocab

    @classmethod
    def from_file(cls, file_path, vocab_size, character_coverage, model_type, params):
        """Mirrors ``SentencePieceVocab.from_file(file_path, vocab_size, character_coverage, model_type,
        params)``: trains on the lines of the files in ``file_path`` (a list)."""
        if not isinstance(file_path, list):
            raise TypeError(f"Argument file_path with value {file_path} is not of type [<class 'list'>], but got "
                            f"{type(file_path)}.")
        _check(vocab_size, character_coverage, params)
        for p in file_path:
            if not os.path.isfile(p):
                raise RuntimeError(f"SentencePieceVocab: the file {p} does not exist.")
        return cls._train(vocab_size, character_coverage, model_type, params, input=",".join(file_path))

    @classmethod
    def from_dataset(cls, dataset, col_names, vocab_size, character_coverage, model_type, params):
        """Mirrors ``SentencePieceVocab.from_dataset(dataset, col_names, vocab_size, character_coverage,
        model_type, params)``: trains on the strings of column ``col_names[0]`` of one epoch of ``dataset``."""
        if not isinstance(col_names, list) or not all(isinstance(c, str) for c in col_names):
            raise TypeError(f"Argument col_names with value {col_names} is not of type [<class 'list'>] of str.")
        if vocab_size is None:
            raise TypeError("vocab_size must be provided.")
        _check(vocab_size, character_coverage, params)
        names = dataset.get_col_names()
        col = col_names[0] if col_names else names[0]
        if col not in names:
            raise RuntimeError(f"SentencePieceVocab: column {col} is not in the dataset's columns {names}.")
        k = names.index(col)

        def sentences():
            for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1):
                v = np.asarray(row[k])
                for s in v.reshape(-1):
                    yield s.decode("utf-8") if isinstance(s, bytes) else str(s)

        return cls._train(vocab_size, character_coverage, model_type, params, sentence_iterator=sentences())

    @classmethod
    def save_model(cls, vocab, path, filename):
        """Mirrors ``SentencePieceVocab.save_model(vocab, path, filename)``: writes ``path/filename``."""
        if not isinstance(vocab, SentencePieceVocab):
            raise TypeError(f"Argument vocab with value {vocab} is not of type [SentencePieceVocab], but got "
                            f"{type(vocab)}.")
        for name, v in (("path", path), ("filename", filename)):
            if not isinstance(v, str):
                raise TypeError(f"Argument {name} with value {v} is not of type [<class 'str'>], but got {type(v)}.")
        if not os.path.isdir(path):
            raise RuntimeError(f"SentencePieceVocab: the folder {path} does not exist.")
        with open(os.path.join(path, filename), "wb") as f:
            f.write(vocab.model_proto)

"""Mirrors the corpus datasets of ``mindspore.dataset.engine.datasets_text``: the CSV corpora (``AGNewsDataset``,
``DBpediaDataset``, ``AmazonReviewDataset``, ``YelpReviewDataset``, ``YahooAnswersDataset``,
``SogouNewsDataset``), ``IMDBDataset``, the line corpora (``PennTreebankDataset``, ``WikiTextDataset``,
``EnWik9Dataset``), ``SST2Dataset``, ``SQuADDataset``, ``CoNLL2000Dataset``, ``UDPOSDataset``,
``Multi30kDataset`` and ``CLUEDataset``.

Same files, row order (without shuffle), columns and dtypes as MindSpore 2.10 (tests/dataset/test_dataset_more.py);
every text column is a numpy string. As in MindSpore, several files interleave as its file workers hand them
out, ``shuffle``/``num_shards`` order them as its file readers (``file_leaf``), and ``get_dataset_size`` of
the line-based readers counts the non-empty lines.
"""
from __future__ import annotations

import csv
import io
import json
import os

import numpy as np

from .datasets_vision import _FileListDataset
from .file_leaf import FileLeaf

__all__ = ["AGNewsDataset", "DBpediaDataset", "AmazonReviewDataset", "YelpReviewDataset", "YahooAnswersDataset",
           "SogouNewsDataset", "IMDBDataset", "PennTreebankDataset", "WikiTextDataset", "EnWik9Dataset",
           "SST2Dataset", "SQuADDataset", "CoNLL2000Dataset", "UDPOSDataset", "Multi30kDataset", "CLUEDataset"]


def _usage(usage, allowed, default="all"):
    if usage is None:
        return default
    if usage not in allowed:
        raise ValueError(f"Input usage is not within the valid set of {list(allowed)}.")
    return usage


def _need(path):
    if not os.path.isfile(path):
        raise ValueError(f"The file {path} does not exist or permission denied!")
    return path


class _FileRows(FileLeaf, _FileListDataset):
    """Rows parsed file by file (``_parse(path) -> rows``), interleaved across files as MindSpore's workers, and
    shuffled/sharded as MindSpore's file readers (``file_leaf``)."""

    _files_by_usage: dict = {}

    def __init__(self, dataset_dir, usage, allowed, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
                 columns, default="all"):
        self.usage = _usage(usage, allowed, default)
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, None, num_shards, shard_id)
        self._leaf_init(shuffle, num_samples, num_shards, shard_id)
        self._columns = columns

    def _paths(self):
        names = self._files_by_usage[self.usage]
        return [_need(os.path.join(self.dataset_dir, n)) for n in sorted(names)]

    def _parse(self, path):
        raise NotImplementedError

    def _load(self):
        self._rows_ = self._leaf_rows([self._parse(p) for p in self._paths()])
        return len(self._rows_)

    def _read(self, i):
        return tuple(v if isinstance(v, np.ndarray) else np.array(v) for v in self._rows_[i])


class _CSVCorpus(_FileRows):
    """``train.csv``/``test.csv`` with quoted fields (``""`` an escaped quote), one row per record."""

    _cols: list = []

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=True,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, usage, ("train", "test", "all"), num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, list(self._cols))

    _files_by_usage = {"train": ["train.csv"], "test": ["test.csv"], "all": ["train.csv", "test.csv"]}

    def _parse(self, path):
        with open(path, newline="", encoding="utf-8") as f:
            rows = [r for r in csv.reader(f) if r]
        for r in rows:
            if len(r) != len(self._cols):
                raise RuntimeError(f"Invalid csv, csv file: {path} has a row of {len(r)} fields, expected "
                                   f"{len(self._cols)} ({self._cols}).")
        return [tuple(r) for r in rows]


class AGNewsDataset(_CSVCorpus):
    """Mirrors ``mindspore.dataset.AGNewsDataset(dataset_dir, usage=None, num_samples=None,
    num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None)``: columns
    ``index``, ``title``, ``description``."""
    _cols = ["index", "title", "description"]


class DBpediaDataset(_CSVCorpus):
    """Mirrors ``mindspore.dataset.DBpediaDataset(dataset_dir, usage=None, ...)``: ``class``, ``title``,
    ``content``."""
    _cols = ["class", "title", "content"]


class AmazonReviewDataset(_CSVCorpus):
    """Mirrors ``mindspore.dataset.AmazonReviewDataset(dataset_dir, usage=None, ...)``: ``label``, ``title``,
    ``content``."""
    _cols = ["label", "title", "content"]


class YelpReviewDataset(_CSVCorpus):
    """Mirrors ``mindspore.dataset.YelpReviewDataset(dataset_dir, usage=None, num_samples=None, shuffle=Shuffle.GLOBAL,
    num_shards=None, shard_id=None, num_parallel_workers=None, cache=None)`` (``num_parallel_workers`` after
    ``shard_id``, as MindSpore orders it here): ``label``, ``text``."""
    _cols = ["label", "text"]

    def __init__(self, dataset_dir, usage=None, num_samples=None, shuffle=True, num_shards=None, shard_id=None,
                 num_parallel_workers=None, cache=None):
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache)


class YahooAnswersDataset(_CSVCorpus):
    """Mirrors ``mindspore.dataset.YahooAnswersDataset(dataset_dir, usage=None, ...)``: ``class``, ``title``,
    ``content``, ``answer``."""
    _cols = ["class", "title", "content", "answer"]


class SogouNewsDataset(_CSVCorpus):
    """Mirrors ``mindspore.dataset.SogouNewsDataset(dataset_dir, usage=None, num_samples=None, shuffle=Shuffle.GLOBAL,
    num_shards=None, shard_id=None, num_parallel_workers=None, cache=None)`` (``num_parallel_workers`` after
    ``shard_id``, as MindSpore orders it here): ``index``, ``title``, ``content``."""
    _cols = ["index", "title", "content"]

    def __init__(self, dataset_dir, usage=None, num_samples=None, shuffle=True, num_shards=None, shard_id=None,
                 num_parallel_workers=None, cache=None):
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache)


class IMDBDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.IMDBDataset(dataset_dir, usage=None, num_samples=None, ...)`` (random access):
    ``<train|test>/<pos|neg>/*.txt``; ``all`` = train then test, ``pos`` before ``neg``, files in name order;
    columns ``text`` (the whole file) and ``label`` int32 (pos 1, neg 0)."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        self.usage = _usage(usage, ("train", "test", "all"))
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self._columns = ["text", "label"]

    def _load(self):
        self._items = []
        for part in (["train", "test"] if self.usage == "all" else [self.usage]):
            for lab, value in (("pos", 1), ("neg", 0)):
                folder = os.path.join(self.dataset_dir, part, lab)
                if not os.path.isdir(folder):
                    raise RuntimeError(f"Invalid file, failed to find IMDB folder: {folder}.")
                self._items += [(os.path.join(folder, f), value) for f in sorted(os.listdir(folder))
                                if f.endswith(".txt")]
        return len(self._items)

    def _read(self, i):
        path, lab = self._items[i]
        with open(path, encoding="utf-8") as f:
            return np.array(f.read()), np.int32(lab)

    def _labels(self):
        self._n()
        return [lab for _, lab in self._items]


def _lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


class _LineCorpus(_FileRows):
    """One row per line; MindSpore's text readers skip empty lines (``_keep_empty`` False) and count the non-empty
    ones for ``get_dataset_size``."""

    _keep_empty = False

    def _parse(self, path):
        lines = _lines(path)
        if lines and lines[-1] == "":
            lines = lines[:-1]
        self._nonempty = getattr(self, "_nonempty", 0) + sum(1 for ln in lines if ln)
        return [(ln,) for ln in lines if ln or self._keep_empty]

    def _load(self):
        self._nonempty = 0
        return super()._load()

    def _size(self):
        self._n()
        return self.sampler._count(self._nonempty, None)


class PennTreebankDataset(_LineCorpus):
    """Mirrors ``mindspore.dataset.PennTreebankDataset(dataset_dir, usage=None, ...)``: ``ptb.<train|valid|test>.txt``,
    one ``text`` row per non-empty line; ``all`` reads the three files (name order, interleaved as MindSpore's
    workers)."""

    _files_by_usage = {"train": ["ptb.train.txt"], "valid": ["ptb.valid.txt"], "test": ["ptb.test.txt"],
                       "all": ["ptb.train.txt", "ptb.valid.txt", "ptb.test.txt"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=True,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, usage, ("train", "valid", "test", "all"), num_samples, num_parallel_workers,
                         shuffle, num_shards, shard_id, ["text"])


class WikiTextDataset(_LineCorpus):
    """Mirrors ``mindspore.dataset.WikiTextDataset(dataset_dir, usage=None, ...)``: ``wiki.<train|valid|test>.tokens``,
    one ``text`` row per non-empty line (a line of one space is kept)."""

    _files_by_usage = {"train": ["wiki.train.tokens"], "valid": ["wiki.valid.tokens"], "test": ["wiki.test.tokens"],
                       "all": ["wiki.train.tokens", "wiki.valid.tokens", "wiki.test.tokens"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=True,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, usage, ("train", "valid", "test", "all"), num_samples, num_parallel_workers,
                         shuffle, num_shards, shard_id, ["text"])


class EnWik9Dataset(_LineCorpus):
    """Mirrors ``mindspore.dataset.EnWik9Dataset(dataset_dir, num_samples=None, num_parallel_workers=None,
    shuffle=True, num_shards=None, shard_id=None, cache=None)``: the file ``enwik9``, one ``text`` row per line,
    empty lines included — while ``get_dataset_size`` counts only the non-empty ones (both as MindSpore)."""

    _keep_empty = True
    _files_by_usage = {"all": ["enwik9"]}

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=True, num_shards=None,
                 shard_id=None, cache=None):
        super().__init__(dataset_dir, None, ("all",), num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id, ["text"])


class SST2Dataset(_FileRows):
    """Mirrors ``mindspore.dataset.SST2Dataset(dataset_dir, usage=None, ...)``: ``train.tsv``/``dev.tsv`` (columns
    ``sentence``, ``label`` as strings) and ``test.tsv`` (``sentence`` only; its index column dropped); the
    header line skipped. ``usage`` ``train`` (default), ``dev`` or ``test``."""

    _files_by_usage = {"train": ["train.tsv"], "dev": ["dev.tsv"], "test": ["test.tsv"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=True,
                 num_shards=None, shard_id=None, cache=None):
        usage = _usage(usage, ("train", "dev", "test"), "train")
        super().__init__(dataset_dir, usage, ("train", "dev", "test"), num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, ["sentence"] if usage == "test" else ["sentence", "label"], "train")

    def _parse(self, path):
        rows = []
        for ln in _lines(path)[1:]:
            if not ln:
                continue
            parts = ln.split("\t")
            rows.append((parts[1],) if self.usage == "test" else (parts[0], parts[1]))
        return rows


class SQuADDataset(_FileRows):
    """Mirrors ``mindspore.dataset.SQuADDataset(dataset_dir, usage=None, ...)``: ``train-v1.1.json``/``dev-v1.1.json``
    (or ``-v2.0``); one row per question: ``context``, ``question``, ``text`` (the answers, string array),
    ``answer_start`` (uint32 array). ``usage`` ``train``, ``dev`` or ``all`` (default)."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=True,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, usage, ("train", "dev", "all"), num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, ["context", "question", "text", "answer_start"])

    def _paths(self):
        out = []
        for part in (["dev", "train"] if self.usage == "all" else [self.usage]):
            for ver in ("v1.1", "v2.0"):
                p = os.path.join(self.dataset_dir, f"{part}-{ver}.json")
                if os.path.isfile(p):
                    out.append(p)
                    break
            else:
                raise ValueError(f"The file {part}-v1.1.json (or -v2.0) does not exist in {self.dataset_dir}.")
        return out

    def _parse(self, path):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        rows = []
        for art in data.get("data", []):
            for para in art.get("paragraphs", []):
                for qa in para.get("qas", []):
                    answers = qa.get("answers", [])
                    texts = np.array([a["text"] for a in answers] or [""])
                    starts = np.array([a["answer_start"] for a in answers] or [-1], np.int64).astype(np.uint32)
                    rows.append((para["context"], qa["question"], texts, starts))
        return rows


class _Tagged(_FileRows):
    """Sentences separated by blank lines, one token per line with its tags (space or tab separated); one row
    per sentence, one string array per column."""

    _sep = None

    def _parse(self, path):
        rows, cur = [], []
        lines = _lines(path)
        self._nonempty = getattr(self, "_nonempty", 0) + sum(1 for ln in lines if ln)
        for ln in lines + [""]:
            if ln.strip():
                cur.append(ln.split(self._sep))
            elif cur:
                ncol = len(self._columns)
                rows.append(tuple(np.array([t[k] if k < len(t) else "" for t in cur]) for k in range(ncol)))
                cur = []
        return rows

    def _load(self):
        self._nonempty = 0
        return super()._load()

    def _size(self):
        self._n()
        return self.sampler._count(self._nonempty, None)


class CoNLL2000Dataset(_Tagged):
    """Mirrors ``mindspore.dataset.CoNLL2000Dataset(dataset_dir, usage=None, ...)``: ``train.txt``/``test.txt``,
    columns ``word``, ``pos_tag``, ``chunk_tag`` (one array per sentence). As MindSpore, ``get_dataset_size``
    counts the non-empty lines."""

    _sep = " "
    _files_by_usage = {"train": ["train.txt"], "test": ["test.txt"], "all": ["train.txt", "test.txt"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, shuffle=True, num_shards=None, shard_id=None,
                 num_parallel_workers=None, cache=None):
        super().__init__(dataset_dir, usage, ("train", "test", "all"), num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, ["word", "pos_tag", "chunk_tag"])


class UDPOSDataset(_Tagged):
    """Mirrors ``mindspore.dataset.UDPOSDataset(dataset_dir, usage=None, ...)``: ``en-ud-tag.v2.<train|dev|test>.txt``
    (tab separated), columns ``word``, ``universal``, ``stanford``; ``usage`` ``train``, ``valid`` (the dev file),
    ``test`` or ``all``."""

    _sep = "\t"
    _files_by_usage = {"train": ["en-ud-tag.v2.train.txt"], "valid": ["en-ud-tag.v2.dev.txt"],
                       "test": ["en-ud-tag.v2.test.txt"],
                       "all": ["en-ud-tag.v2.train.txt", "en-ud-tag.v2.dev.txt", "en-ud-tag.v2.test.txt"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, shuffle=True, num_shards=None, shard_id=None,
                 num_parallel_workers=None, cache=None):
        super().__init__(dataset_dir, usage, ("train", "valid", "test", "all"), num_samples, num_parallel_workers,
                         shuffle, num_shards, shard_id, ["word", "universal", "stanford"])


class Multi30kDataset(_FileRows):
    """Mirrors ``mindspore.dataset.Multi30kDataset(dataset_dir, usage=None, language_pair=None, ...)``:
    ``training/train.<lang>``, ``validation/val.<lang>``, ``mmt16_task1_test/test.<lang>`` line by line;
    ``language_pair`` ``['en', 'de']`` (default) or ``['de', 'en']`` gives columns ``text`` (first language)
    and ``translation`` (second)."""

    _FOLDERS = {"train": ("training", "train"), "valid": ("validation", "val"), "test": ("mmt16_task1_test", "test")}

    def __init__(self, dataset_dir, usage=None, language_pair=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, num_shards=None, shard_id=None, cache=None):
        language_pair = list(language_pair or ["en", "de"])
        if language_pair not in (["en", "de"], ["de", "en"]):
            raise ValueError("language_pair should be ['en', 'de'] or ['de', 'en'].")
        self.language_pair = language_pair
        super().__init__(dataset_dir, usage, ("train", "valid", "test", "all"), num_samples, num_parallel_workers,
                         True if shuffle is None else shuffle, num_shards, shard_id, ["text", "translation"])

    def _paths(self):
        parts = ["test", "train", "valid"] if self.usage == "all" else [self.usage]
        return [(os.path.join(self.dataset_dir, self._FOLDERS[p][0], f"{self._FOLDERS[p][1]}.{lang}"))
                for p in parts for lang in self.language_pair[:1]]

    def _parse(self, path):
        src = _lines(_need(path))
        other = self.language_pair[1]
        tgt = _lines(_need(path[:path.rfind(".") + 1] + other))
        return [(a, b) for a, b in zip(src, tgt) if a or b]


class CLUEDataset(_FileRows):
    """Mirrors ``mindspore.dataset.CLUEDataset(dataset_files, task='AFQMC', usage='train', num_samples=None,
    num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None)``: JSON lines;
    the columns of ``task``/``usage`` (MindSpore's table; TNEWS/IFLYTEK's description column is ``label_desc``, as its output, though the
    table says ``label_des``), in name order as MindSpore outputs them
    (``AFQMC`` train: ``label``, ``sentence1``, ``sentence2``); numeric fields (``id``, ``idx``, span indices)
    uint32, text fields strings. ``WSC``'s span fields come from its ``target`` object."""

    _COLS = {
        ("AFQMC", "train"): ["sentence1", "sentence2", "label"], ("AFQMC", "eval"): ["sentence1", "sentence2", "label"],
        ("AFQMC", "test"): ["id", "sentence1", "sentence2"],
        ("TNEWS", "train"): ["label", "label_desc", "sentence", "keywords"],
        ("TNEWS", "eval"): ["label", "label_desc", "sentence", "keywords"], ("TNEWS", "test"): ["id", "keywords", "sentence"],
        ("IFLYTEK", "train"): ["label", "label_desc", "sentence"], ("IFLYTEK", "eval"): ["label", "label_desc", "sentence"],
        ("IFLYTEK", "test"): ["id", "sentence"],
        ("CMNLI", "train"): ["sentence1", "sentence2", "label"], ("CMNLI", "eval"): ["sentence1", "sentence2", "label"],
        ("CMNLI", "test"): ["id", "sentence1", "sentence2"],
        ("WSC", "train"): ["span1_index", "span2_index", "span1_text", "span2_text", "idx", "text", "label"],
        ("WSC", "eval"): ["span1_index", "span2_index", "span1_text", "span2_text", "idx", "text", "label"],
        ("WSC", "test"): ["span1_index", "span2_index", "span1_text", "span2_text", "idx", "text"],
        ("CSL", "train"): ["id", "abst", "keyword", "label"], ("CSL", "eval"): ["id", "abst", "keyword", "label"],
        ("CSL", "test"): ["id", "abst", "keyword"],
    }
    _NUMERIC = {"id", "idx", "span1_index", "span2_index"}

    def __init__(self, dataset_files, task="AFQMC", usage="train", num_samples=None, num_parallel_workers=None,
                 shuffle=True, num_shards=None, shard_id=None, cache=None):
        from .datasets_text import _file_list
        if (task, usage) not in self._COLS:
            raise ValueError(f"task should be one of AFQMC, TNEWS, IFLYTEK, CMNLI, WSC, CSL and usage one of train, "
                             f"test, eval; got {task!r}, {usage!r}.")
        self._file_paths = _file_list(dataset_files)
        self.task = task
        cols = sorted(self._COLS[(task, usage)])
        super().__init__(os.path.dirname(self._file_paths[0]) or ".", usage, ("train", "test", "eval"), num_samples,
                         num_parallel_workers, shuffle, num_shards, shard_id, cols, "train")

    def _paths(self):
        return self._file_paths

    def _value(self, obj, key):
        src = obj.get("target", {}) if self.task == "WSC" and key.startswith("span") else obj
        v = src.get(key, "" if key not in self._NUMERIC else 0)
        if key in self._NUMERIC:
            return np.uint32(int(v))
        return np.array(v if isinstance(v, str) else json.dumps(v) if not isinstance(v, (int, float)) else str(v))

    def _parse(self, path):
        rows = []
        with io.open(path, encoding="utf-8") as f:
            for ln in f:
                ln = ln.strip()
                if ln:
                    obj = json.loads(ln)
                    rows.append(tuple(self._value(obj, c) for c in self._columns))
        return rows

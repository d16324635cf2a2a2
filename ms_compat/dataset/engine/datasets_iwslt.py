"""Mirrors ``mindspore.dataset.IWSLT2016Dataset`` and ``IWSLT2017Dataset``: TED talk translation pairs.

Files (as MindSpore 2.10 reads them): ``texts/<src>/<tgt>/<src>-<tgt>/`` (2016) or
``texts/DeEnItNlRo/DeEnItNlRo/DeEnItNlRo-DeEnItNlRo/`` (2017) holding ``train.tags.<src>-<tgt>.<lang>`` (line by
line: a pair of lines is dropped when either holds one of the talk's tags ``<url``, ``<keywords``, ``<talkid``,
``<description``, ``<reviewer``, ``<translator``, ``<title``, ``<speaker``, ``<doc``, ``</doc``; spaces trimmed)
and ``IWSLT16.TED.<set>.<src>-<tgt>.<lang>.xml`` / ``IWSLT17...`` (the ``<seg>`` texts of each ``<doc>``, paired
in order, spaces trimmed). Columns ``text`` and ``translation``, numpy strings. Files train, valid, test in this
order; without shuffle their rows interleave as MindSpore's file workers hand them out (``_interleave``), and a
shard reads the ``ceil(rows / num_shards)``-row window of its index (wrapping around), as MindSpore's
``IWSLTOp``. Differences: MindSpore writes cleaned copies of the files (``train.<src>-<tgt>.<lang>``, ...) into
the dataset folder and reads those; ms_compat parses the originals in memory and writes nothing; shuffled
orders are not MindSpore's.
"""
from __future__ import annotations

import os
import xml.etree.ElementTree as ET

import numpy as np

from .datasets import Shuffle, SourceDataset
from .datasets_text import _interleave
from .datasets_vision import _check_dir

__all__ = ["IWSLT2016Dataset", "IWSLT2017Dataset"]

_TAGS = ("<url", "<keywords", "<talkid", "<description", "<reviewer", "<translator", "<title", "<speaker", "<doc",
         "</doc")


def _tag_pairs(src, tgt):
    for path in (src, tgt):
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open IWSLT file: {path}")
    with open(src, encoding="utf-8") as a, open(tgt, encoding="utf-8") as b:
        left, right = a.read().split("\n"), b.read().split("\n")
    if left and left[-1] == "":
        left.pop()
    out = []
    for k, s in enumerate(left):
        if k >= len(right):
            break
        t = right[k]
        if any(tag in s for tag in _TAGS) or any(tag in t for tag in _TAGS):
            continue
        out.append((s.strip(" "), t.strip(" ")))
    return out


def _xml_docs(path):
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        raise RuntimeError(f"Invalid file, failed to load xml file: {path}") from None
    first = next(iter(root), None)
    if first is None or first.find("doc") is None:
        raise RuntimeError(f"Invalid data, no doc found in {path}")
    return [[(seg.text or "") for seg in doc if seg.tag == "seg"] for doc in first if doc.tag == "doc"]


def _xml_pairs(src, tgt):
    out = []
    for sd, td in zip(_xml_docs(src), _xml_docs(tgt)):
        out += [(s.strip(" "), t.strip(" ")) for s, t in zip(sd, td)]
    return out


class _IWSLT(SourceDataset):
    _year = ""
    _pairs = ()

    def __init__(self, dataset_dir, usage, language_pair, valid_set, test_set, num_samples, shuffle, num_shards,
                 shard_id, num_parallel_workers):
        self.dataset_dir = _check_dir(dataset_dir, type(self).__name__)
        usage = usage or "all"
        if usage not in ("train", "valid", "test", "all"):
            raise ValueError("Input usage is not within the valid set of ['train', 'valid', 'test', 'all'].")
        pair = tuple(language_pair) if language_pair is not None else ("de", "en")
        if not isinstance(language_pair, (list, tuple, type(None))) or pair not in self._pairs:
            raise ValueError(f"Input language_pair{pair} is not within the valid set of {self._pairs}.")
        if num_samples is not None and (not isinstance(num_samples, int) or num_samples < 0):
            raise ValueError(f"num_samples exceeds the boundary between 0 and 2147483647, got {num_samples}.")
        if (num_shards is None) != (shard_id is None):
            raise RuntimeError("num_shards and shard_id need to be passed in together.")
        if num_shards is not None and not 0 <= shard_id < num_shards:
            raise ValueError(f"Input shard_id is not within the required interval of [0, {num_shards - 1}].")
        super().__init__((), num_parallel_workers)
        self.usage, self.language_pair, self.valid_set, self.test_set = usage, pair, valid_set, test_set
        self.num_samples, self.num_shards, self.shard_id = num_samples, num_shards, shard_id
        self.shuffle = Shuffle.GLOBAL if shuffle is None or shuffle is True else shuffle
        self._columns = ["text", "translation"]
        self._files = None

    def _folder(self):
        raise NotImplementedError

    def _load(self):
        if self._files is None:
            src, tgt = self.language_pair
            folder = self._folder()
            files = []
            if self.usage in ("train", "all"):
                files.append(_tag_pairs(os.path.join(folder, f"train.tags.{src}-{tgt}.{src}"),
                                        os.path.join(folder, f"train.tags.{src}-{tgt}.{tgt}")))
            for part, name in (("valid", self.valid_set), ("test", self.test_set)):
                if self.usage in (part, "all"):
                    stem = os.path.join(folder, f"IWSLT{self._year}.TED.{name}.{src}-{tgt}")
                    files.append(_xml_pairs(f"{stem}.{src}.xml", f"{stem}.{tgt}.xml"))
            if not sum(len(f) for f in files):
                raise RuntimeError(f"Invalid data, IWSLT{self._year}Dataset API can't read the data file (interface "
                                   f"mismatch or no data found). Check IWSLT: {folder}")
            self._files = files
        return self._files

    def _order(self, rng):
        from ..core import config
        files = self._load()
        idx = list(range(len(files)))
        if self.shuffle in (Shuffle.GLOBAL, Shuffle.FILES):
            idx = [idx[i] for i in rng.permutation(len(idx))]
        pieces = [[(i, k) for k in range(len(files[i]))] for i in idx]
        if self.num_shards is not None:
            flat = [r for p in pieces for r in p]
            per = -(-len(flat) // self.num_shards)
            window = [flat[j % len(flat)] for j in range(per * self.shard_id, per * (self.shard_id + 1))]
            pieces = []
            for r in window:
                if pieces and pieces[-1][-1][0] == r[0] and pieces[-1][-1][1] + 1 == r[1]:
                    pieces[-1].append(r)
                else:
                    pieces.append([r])
        rows = _interleave(pieces, self.num_parallel_workers or config.get_num_parallel_workers())
        if self.num_samples:
            rows = rows[:self.num_samples]
        if self.shuffle == Shuffle.GLOBAL:
            rows = [rows[i] for i in rng.permutation(len(rows))]
        return rows

    def _rows(self):
        for i, k in self._order(self._next_epoch_rng()):
            s, t = self._files[i][k]
            yield np.array(s), np.array(t)

    def _size(self):
        from ..core import config
        return len(self._order(config.new_rng(0)))


class IWSLT2016Dataset(_IWSLT):
    """Mirrors ``mindspore.dataset.IWSLT2016Dataset(dataset_dir, usage=None, language_pair=None, valid_set=None,
    test_set=None, num_samples=None, shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None,
    num_parallel_workers=None, cache=None)``: ``language_pair`` one of ``('en', 'fr')``, ``('en', 'de')``,
    ``('en', 'cs')``, ``('en', 'ar')`` and the reverses (default ``('de', 'en')``); ``valid_set`` (default
    ``tst2013``) and ``test_set`` (default ``tst2014``) one of ``dev2010``, ``tst2010`` ... ``tst2014``."""

    _year = "16"
    _pairs = (("en", "ar"), ("en", "de"), ("en", "fr"), ("en", "cs"), ("ar", "en"), ("fr", "en"), ("de", "en"),
              ("cs", "en"))
    _SETS = ("dev2010", "tst2010", "tst2011", "tst2012", "tst2013", "tst2014")

    def __init__(self, dataset_dir, usage=None, language_pair=None, valid_set=None, test_set=None, num_samples=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, num_parallel_workers=None, cache=None):
        valid_set, test_set = valid_set or "tst2013", test_set or "tst2014"
        for name, v in (("valid_set", valid_set), ("test_set", test_set)):
            if v not in self._SETS:
                raise ValueError(f"Input {name} is not within the valid set of {list(self._SETS)}.")
        super().__init__(dataset_dir, usage, language_pair, valid_set, test_set, num_samples, shuffle, num_shards,
                         shard_id, num_parallel_workers)

    def _folder(self):
        src, tgt = self.language_pair
        return os.path.join(self.dataset_dir, "texts", src, tgt, f"{src}-{tgt}")


class IWSLT2017Dataset(_IWSLT):
    """Mirrors ``mindspore.dataset.IWSLT2017Dataset(dataset_dir, usage=None, language_pair=None, num_samples=None,
    shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, num_parallel_workers=None, cache=None)``: any two of
    ``de``, ``en``, ``it``, ``nl``, ``ro`` (default ``('de', 'en')``); valid set ``dev2010``, test set
    ``tst2010``."""

    _year = "17"
    _pairs = tuple((a, b) for a in ("en", "nl", "de", "it", "ro") for b in ("en", "nl", "de", "it", "ro") if a != b)

    def __init__(self, dataset_dir, usage=None, language_pair=None, num_samples=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, num_parallel_workers=None, cache=None):
        super().__init__(dataset_dir, usage, language_pair, "dev2010", "tst2010", num_samples, shuffle, num_shards,
                         shard_id, num_parallel_workers)

    def _folder(self):
        return os.path.join(self.dataset_dir, "texts", "DeEnItNlRo", "DeEnItNlRo", "DeEnItNlRo-DeEnItNlRo")

"""Mirrors MindSpore's datasets stored as pixel arrays in one file per split: ``USPSDataset`` (libsvm text),
``SemeionDataset`` (text), ``STL10Dataset`` (binary), ``SVHNDataset`` (MATLAB ``.mat``, read with scipy as
MindSpore does). Row order, columns and dtypes as MindSpore 2.10 (tests/dataset/test_dataset_more.py)."""
from __future__ import annotations

import os

import numpy as np

from .datasets_text import _interleave
from .datasets_vision import _FileListDataset, _read_file

__all__ = ["USPSDataset", "SemeionDataset", "STL10Dataset", "SVHNDataset"]


def _usage(usage, allowed, default="all"):
    if usage is None:
        return default
    if usage not in allowed:
        raise ValueError(f"Input usage is not within the valid set of {list(allowed)}.")
    return usage


class USPSDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.USPSDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None)``: files ``usps`` (train) and ``usps.t``
    (test) in libsvm format, each token followed by a space; ``image`` (16, 16, 1) uint8 =
    ``uint8((v + 1) / 2 * 255)``, ``label`` uint32 = class - 1. With several files and no shuffle the rows
    interleave as MindSpore's file workers hand them out (as ``TextFileDataset``)."""

    _sampling_path = "reader"  # a non-mappable reader in MindSpore

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=True,
                 num_shards=None, shard_id=None, cache=None):
        self.usage = _usage(usage, ("train", "test", "all"))
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, None, num_shards, shard_id)
        self._columns = ["image", "label"]

    @staticmethod
    def _parse(line, path):
        toks = line.split(" ")
        if len(toks) != 258:  # label + 256 pixels, each followed by a space
            raise RuntimeError(f"Invalid data, the number of split characters ':' in USPS data file is corrupted, "
                               f"should be 257, but got {max(len(toks) - 1, 0)}: {path}.")
        label = np.uint32(int(toks[0]) - 1)
        px = np.empty(256, np.uint8)
        for k, t in enumerate(toks[1:257]):
            idx, _, val = t.partition(":")
            if int(idx) != k + 1:
                raise RuntimeError(f"Invalid data, the character before ':' should be {k + 1}, but got {idx}: {path}.")
            px[k] = int((float(np.float32(val)) + 1.0) / 2.0 * 255.0)
        return px.reshape(16, 16, 1), label

    def _load(self):
        from ..core import config
        names = {"train": ["usps"], "test": ["usps.t"], "all": ["usps", "usps.t"]}[self.usage]
        per_file = []
        for n in names:
            path = os.path.join(self.dataset_dir, n)
            if not os.path.isfile(path):
                raise RuntimeError(f"Invalid file, USPS dataset {n} file: {path} does not exist or is a directory.")
            with open(path) as f:
                per_file.append([self._parse(ln, path) for ln in f.read().split("\n") if ln])
        self._rows_ = _interleave(per_file, self.num_parallel_workers or config.get_num_parallel_workers())
        return len(self._rows_)

    def _read(self, i):
        return self._rows_[i]


class SemeionDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.SemeionDataset(dataset_dir, num_samples=None, ...)``: ``semeion.data``, one
    image per line (256 pixel values, then the one-hot digit); ``image`` (16, 16) uint8, ``label`` uint32."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self._columns = ["image", "label"]

    def _load(self):
        path = os.path.join(self.dataset_dir, "semeion.data")
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to find semeion.data in {self.dataset_dir}.")
        self._rows_ = []
        with open(path) as f:
            for ln in f.read().splitlines():
                vals = ln.split()
                if not vals:
                    continue
                if len(vals) != 266:
                    raise RuntimeError(f"Invalid data, each line of {path} should hold 266 values, got {len(vals)}.")
                img = np.array([int(float(v)) for v in vals[:256]], np.uint8).reshape(16, 16)
                onehot = [int(float(v)) for v in vals[256:]]
                self._rows_.append((img, np.uint32(onehot.index(1) if 1 in onehot else 0)))
        return len(self._rows_)

    def _read(self, i):
        img, lab = self._rows_[i]
        return img.copy(), lab

    def _labels(self):
        self._n()
        return [int(r[1]) for r in self._rows_]


class STL10Dataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.STL10Dataset(dataset_dir, usage=None, num_samples=None, ...)``: ``<split>_X.bin``
    (column-major 3x96x96 uint8 per image) and ``<split>_y.bin`` (classes 1-10); ``image`` (96, 96, 3) uint8,
    ``label`` int32 = class - 1, -1 for ``unlabeled``. ``usage``: ``train``, ``test``, ``unlabeled``,
    ``train+unlabeled``, ``all`` (test, train, unlabeled — MindSpore's order)."""

    _PARTS = {"train": ["train"], "test": ["test"], "unlabeled": ["unlabeled"],
              "train+unlabeled": ["train", "unlabeled"], "all": ["test", "train", "unlabeled"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        self.usage = _usage(usage, tuple(self._PARTS))
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self._columns = ["image", "label"]

    def _load(self):
        images, labels = [], []
        for part in self._PARTS[self.usage]:
            xp = os.path.join(self.dataset_dir, f"{part}_X.bin")
            if not os.path.isfile(xp):
                raise RuntimeError(f"Invalid file, failed to find STL10 file: {xp}.")
            x = np.frombuffer(_read_file(xp), np.uint8)
            if x.size % (3 * 96 * 96):
                raise RuntimeError(f"Invalid file, {xp} is not a whole number of 3x96x96 images.")
            x = x.reshape(-1, 3, 96, 96)
            if part == "unlabeled":
                y = np.full(len(x), -1, np.int32)
            else:
                yp = os.path.join(self.dataset_dir, f"{part}_y.bin")
                if not os.path.isfile(yp):
                    raise RuntimeError(f"Invalid file, failed to find STL10 file: {yp}.")
                y = np.frombuffer(_read_file(yp), np.uint8).astype(np.int32) - 1
                if len(y) != len(x):
                    raise RuntimeError(f"Invalid data, {xp} and {yp} hold different numbers of rows.")
            images.append(x)
            labels.append(y)
        self._images, self._labs = np.concatenate(images), np.concatenate(labels)
        return len(self._images)

    def _read(self, i):
        return np.ascontiguousarray(self._images[i].transpose(2, 1, 0)), np.int32(self._labs[i])

    def _labels(self):
        self._n()
        return self._labs.tolist()


def loadmat(path):
    try:
        from scipy.io import loadmat as _loadmat
    except ImportError as e:  # pragma: no cover - MindSpore's readers of .mat datasets need scipy too
        raise ImportError("reading .mat dataset files needs scipy: pip install scipy") from e
    return _loadmat(path)


class SVHNDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.SVHNDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=1,
    shuffle=None, sampler=None, num_shards=None, shard_id=None)``: ``<usage>_32x32.mat`` (``X`` 32x32x3xN,
    ``y``; class 10 reads 0); ``all`` = train, test, extra. ``image`` (32, 32, 3) uint8, ``label`` uint32."""

    _sampling_path = "generator"  # a GeneratorDataset in MindSpore

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=1, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None):
        self.usage = _usage(usage, ("train", "test", "extra", "all"))
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self._columns = ["image", "label"]

    def _load(self):
        images, labels = [], []
        for part in (["train", "test", "extra"] if self.usage == "all" else [self.usage]):
            mat = loadmat(os.path.join(self.dataset_dir, part + "_32x32.mat"))
            images.append(np.transpose(mat["X"], [3, 0, 1, 2]))
            lab = mat["y"].astype(np.uint32).reshape(-1)
            lab[lab == 10] = 0
            labels.append(lab)
        self._images, self._labs = np.concatenate(images), np.concatenate(labels)
        return len(self._images)

    def _read(self, i):
        return np.ascontiguousarray(self._images[i]), self._labs[i]

    def _labels(self):
        self._n()
        return self._labs.tolist()

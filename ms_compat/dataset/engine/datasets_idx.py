"""Mirrors MindSpore's datasets of the MNIST idx format beyond ``MnistDataset``: ``KMnistDataset``,
``EMnistDataset``, ``QMnistDataset``.

Same files, row order, columns and dtypes as MindSpore 2.10 (tests/dataset/test_dataset_more.py compares with
MindSpore's output on the same files): ``image`` (28, 28, 1) uint8 and ``label`` uint32.
"""
from __future__ import annotations

import os
import struct

import numpy as np

from .datasets_vision import MnistDataset, _FileListDataset, _read_file

__all__ = ["KMnistDataset", "EMnistDataset", "QMnistDataset"]


def read_idx(path, magic=None):
    """An idx file (big-endian header: 0, type code, rank, dims) as a numpy array."""
    try:
        data = _read_file(path)
    except OSError:
        raise RuntimeError(f"Invalid file, failed to open {path}.") from None
    if len(data) < 4:
        raise RuntimeError(f"Invalid file, {path} is too short to be an idx file.")
    code, rank = data[2], data[3]
    if magic is not None and struct.unpack(">I", data[:4])[0] != magic:
        raise RuntimeError(f"Invalid file, the number of magic is not {magic} in {path}.")
    dims = struct.unpack(f">{rank}I", data[4:4 + 4 * rank])
    dtype = {0x08: np.uint8, 0x09: np.int8, 0x0B: ">i2", 0x0C: ">i4", 0x0D: ">f4", 0x0E: ">f8"}.get(code)
    if dtype is None:
        raise RuntimeError(f"Invalid file, unknown idx data type {code:#x} in {path}.")
    count = int(np.prod(dims)) if dims else 1
    arr = np.frombuffer(data, dtype, count, 4 + 4 * rank)
    if arr.size < count:
        raise RuntimeError(f"Invalid file, {path} is truncated.")
    return arr.reshape(dims)


class KMnistDataset(MnistDataset):
    """Mirrors ``mindspore.dataset.KMnistDataset(dataset_dir, usage=None, num_samples=None,
    num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None)``: the
    MNIST idx files (``train-*``/``t10k-*``; ``usage='all'`` reads the test files first, as MindSpore)."""

    _name = "KMnist"


class EMnistDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.EMnistDataset(dataset_dir, name, usage=None, num_samples=None, ...)``: files
    ``emnist-<name>-<train|test>-images-idx3-ubyte`` / ``-labels-idx1-ubyte``; ``name`` one of ``byclass``,
    ``bymerge``, ``balanced``, ``letters``, ``digits``, ``mnist``; ``usage='all'``: test files first."""

    _NAMES = ("byclass", "bymerge", "balanced", "letters", "digits", "mnist")

    def __init__(self, dataset_dir, name, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        if name not in self._NAMES:
            raise ValueError(f"Input name is not within the valid set of {list(self._NAMES)}.")
        if usage not in (None, "train", "test", "all"):
            raise ValueError("Input usage is not within the valid set of ['train', 'test', 'all'].")
        self.name, self.usage = name, usage or "all"
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self._columns = ["image", "label"]

    def _load(self):
        parts = {"train": ["train"], "test": ["test"], "all": ["test", "train"]}[self.usage]
        images, labels = [], []
        for p in parts:
            ip = os.path.join(self.dataset_dir, f"emnist-{self.name}-{p}-images-idx3-ubyte")
            lp = os.path.join(self.dataset_dir, f"emnist-{self.name}-{p}-labels-idx1-ubyte")
            if not (os.path.exists(ip) and os.path.exists(lp)):
                if self.usage == "all":
                    continue
                raise RuntimeError(f"Invalid file, failed to find EMnist files ({ip}, {lp}).")
            img, lab = read_idx(ip, 2051), read_idx(lp, 2049)
            if len(img) != len(lab):
                raise RuntimeError(f"Invalid data, num_images is not equal to num_labels in {ip} and {lp}.")
            images.append(img.reshape(len(img), img.shape[1], img.shape[2], 1))
            labels.append(lab.astype(np.uint32))
        if not images:
            raise RuntimeError(f"Invalid file, failed to find EMnist {self.name} files in {self.dataset_dir}.")
        self._images, self._labs = np.concatenate(images), np.concatenate(labels)
        return len(self._images)

    def _read(self, i):
        return self._images[i], self._labs[i]

    def _labels(self):
        self._n()
        return self._labs.tolist()


class QMnistDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.QMnistDataset(dataset_dir, usage=None, compat=True, num_samples=None, ...)``.

    Files ``qmnist-<train|test>-images-idx3-ubyte`` / ``-labels-idx2-int`` and ``xnist-*`` (``usage='nist'``);
    ``test10k``/``test50k`` are the first 10000 / the other rows of the test files; ``'all'`` reads train,
    test, nist. ``compat=True``: ``label`` is the class (uint32 scalar); ``False``: the 8 QMNIST fields
    (uint32, shape (8,)).
    """

    def __init__(self, dataset_dir, usage=None, compat=True, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        if usage not in (None, "train", "test", "test10k", "test50k", "nist", "all"):
            raise ValueError("Input usage is not within the valid set of ['train', 'test', 'test10k', 'test50k', "
                             "'nist', 'all'].")
        if not isinstance(compat, bool):
            raise TypeError(f"Argument compat with value {compat} is not of type [<class 'bool'>].")
        self.usage, self.compat = usage or "all", compat
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self._columns = ["image", "label"]

    def _part(self, prefix, rows=None):
        ip = os.path.join(self.dataset_dir, f"{prefix}-images-idx3-ubyte")
        lp = os.path.join(self.dataset_dir, f"{prefix}-labels-idx2-int")
        if not (os.path.exists(ip) and os.path.exists(lp)):
            raise RuntimeError(f"Invalid file, failed to find QMnist files ({ip}, {lp}).")
        img, lab = read_idx(ip), read_idx(lp)
        if len(img) != len(lab):
            raise RuntimeError(f"Invalid data, num_images is not equal to num_labels in {ip} and {lp}.")
        img = img.reshape(len(img), img.shape[1], img.shape[2], 1)
        lab = lab.astype(np.int64).astype(np.uint32).reshape(len(lab), -1)
        if rows is not None:
            img, lab = img[rows], lab[rows]
        return img, lab

    def _load(self):
        parts = {"train": [("qmnist-train", None)], "test": [("qmnist-test", None)],
                 "test10k": [("qmnist-test", slice(0, 10000))], "test50k": [("qmnist-test", slice(10000, None))],
                 "nist": [("xnist", None)],
                 "all": [("qmnist-train", None), ("qmnist-test", None), ("xnist", None)]}[self.usage]
        got = [self._part(p, r) for p, r in parts]
        self._images = np.concatenate([g[0] for g in got])
        self._labs = np.concatenate([g[1] for g in got])
        return len(self._images)

    def _read(self, i):
        lab = self._labs[i]
        return self._images[i], (np.uint32(lab[0]) if self.compat else lab.copy())

    def _labels(self):
        self._n()
        return self._labs[:, 0].tolist()


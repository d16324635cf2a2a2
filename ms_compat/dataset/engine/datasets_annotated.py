"""Mirrors MindSpore's image datasets with an annotation or pairing file: ``ManifestDataset`` (Huawei ModelArts
manifest), ``RenderedSST2Dataset``, ``FlickrDataset``, ``DIV2KDataset``, ``KITTIDataset``.

Same files, row order, columns and dtypes as MindSpore 2.10 (tests/dataset/test_dataset_more.py); ``image``
columns are the file's bytes (1-D uint8) or, with ``decode=True``, HWC uint8 RGB.
"""
from __future__ import annotations

import json
import os

import numpy as np

from .datasets_image_dirs import _files, _image, _Listed
from .datasets_vision import _FileListDataset

__all__ = ["ManifestDataset", "RenderedSST2Dataset", "FlickrDataset", "DIV2KDataset", "KITTIDataset"]

_MAGIC = (b"\xff\xd8\xff", b"\x89PN", b"GIF", b"BM")


class ManifestDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.ManifestDataset(dataset_file, usage='train', num_samples=None,
    num_parallel_workers=None, shuffle=None, sampler=None, class_indexing=None, decode=False, num_shards=None,
    shard_id=None, cache=None)``: one JSON object per line with ``source`` (the image path), ``usage``
    (compared case-insensitively) and ``annotation`` (a list of ``{"name": ...}``). Files that are not
    JPEG/PNG/GIF/BMP are skipped; labels are numbered in name order over the kept lines (or taken from
    ``class_indexing``, which also drops other names); ``label`` int32, a scalar for one name, else 1-D."""

    def __init__(self, dataset_file, usage="train", num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, class_indexing=None, decode=False, num_shards=None, shard_id=None, cache=None):
        if not os.path.isfile(dataset_file):
            raise ValueError(f"The file {dataset_file} does not exist or permission denied!")
        if usage not in ("train", "eval", "inference"):
            raise ValueError("Input usage is not within the valid set of ['train', 'eval', 'inference'].")
        if class_indexing is not None and not isinstance(class_indexing, dict):
            raise TypeError("class_indexing should be a dictionary.")
        super().__init__(os.path.dirname(os.path.abspath(dataset_file)), num_samples, num_parallel_workers, shuffle,
                         sampler, num_shards, shard_id)
        self.dataset_file, self.usage, self.class_indexing, self.decode = dataset_file, usage, class_indexing, decode
        self._columns = ["image", "label"]

    def _load(self):
        self._items, names = [], set()
        with open(self.dataset_file, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                try:
                    js = json.loads(line)
                    src = js.get("source", "")
                    with open(src, "rb") as img:
                        head = img.read(3)
                except (ValueError, OSError) as e:
                    raise RuntimeError(f"Invalid file, failed to parse manifest file: {line.strip()} ({e})") from None
                if not any(head.startswith(m) for m in _MAGIC):
                    continue
                if str(js.get("usage", "")).lower() != self.usage:
                    continue
                labels = []
                for ann in js.get("annotation", []):
                    name = ann.get("name", "")
                    if not name:
                        raise RuntimeError(f"Invalid data, label name is not found in Manifest file: {src}")
                    if not self.class_indexing or name in self.class_indexing:
                        names.add(name)
                        labels.append(name)
                if labels:
                    self._items.append((src, labels))
        self._index_ = dict(self.class_indexing) if self.class_indexing else {n: i for i, n in enumerate(sorted(names))}
        if not self._items:
            raise RuntimeError("Invalid data, no valid data matching the dataset API ManifestDataset. Please check file "
                               "path or dataset API.")
        return len(self._items)

    def get_class_indexing(self):
        """Mirrors ``ManifestDataset.get_class_indexing``."""
        self._n()
        return dict(sorted(self._index_.items()))

    def _read(self, i):
        src, labels = self._items[i]
        lab = np.array([self._index_[n] for n in labels], np.int32)
        return _image(src, self.decode), (lab[0] if len(lab) == 1 else lab)

    def _labels(self):
        self._n()
        return [self._index_[labels[0]] for _, labels in self._items]


class RenderedSST2Dataset(_Listed):
    """Mirrors ``mindspore.dataset.RenderedSST2Dataset(dataset_dir, usage=None, ..., decode=False, ...)``:
    ``<train|valid|test>/<negative|positive>/*.png``; ``usage`` ``train``, ``val`` (the ``valid`` folder),
    ``test`` or ``all`` (test, train, valid: folder-name order, as MindSpore); ``label`` uint32 (negative 0,
    positive 1)."""

    _FOLDERS = {"train": ["train"], "val": ["valid"], "test": ["test"], "all": ["test", "train", "valid"]}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        usage = usage or "all"
        if usage not in self._FOLDERS:
            raise ValueError("Input usage is not within the valid set of ['train', 'val', 'test', 'all'].")
        self.usage = usage
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.decode = decode
        self._columns = ["image", "label"]

    def _list(self):
        out = []
        for part in self._FOLDERS[self.usage]:
            root = os.path.join(self.dataset_dir, part)
            if not os.path.isdir(root):
                raise RuntimeError(f"Invalid file, failed to find RenderedSST2 folder: {root}.")
            for k, cls in enumerate(["negative", "positive"]):
                folder = os.path.join(root, cls)
                if os.path.isdir(folder):
                    out += [(os.path.join(folder, f), k) for f in _files(folder) if f.lower().endswith(".png")]
        return out


class FlickrDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.FlickrDataset(dataset_dir, annotation_file, num_samples=None, ..., decode=None,
    ...)``: ``annotation_file`` lines ``<image>#<k>\\t<caption>``; images (in ``dataset_dir``) in name order;
    columns ``image`` and ``annotation`` (the image's captions, string array)."""

    def __init__(self, dataset_dir, annotation_file, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        if not os.path.isfile(annotation_file):
            raise ValueError(f"The file {annotation_file} does not exist or permission denied!")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.annotation_file, self.decode = annotation_file, bool(decode)
        self._columns = ["image", "annotation"]

    def _load(self):
        caps = {}
        with open(self.annotation_file, encoding="utf-8") as f:
            for ln in f.read().splitlines():
                if "\t" not in ln:
                    continue
                key, cap = ln.split("\t", 1)
                name = key.rsplit("#", 1)[0]
                caps.setdefault(name, []).append(cap)
        self._items = [(os.path.join(self.dataset_dir, n), caps[n]) for n in sorted(caps)
                       if os.path.isfile(os.path.join(self.dataset_dir, n))]
        if not self._items:
            raise RuntimeError(f"Invalid data, no valid data found in {self.dataset_dir}.")
        return len(self._items)

    def _read(self, i):
        path, caps = self._items[i]
        return _image(path, self.decode), np.array(caps)


class DIV2KDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.DIV2KDataset(dataset_dir, usage='train', downgrade='bicubic', scale=2, ...,
    decode=None, ...)``: ``DIV2K_<usage>_HR/NNNN.png`` paired with ``DIV2K_<usage>_LR_<downgrade>/X<scale>/
    NNNNx<scale>.png`` (``unknown``/``mild``/``difficult``/``wild`` layouts as MindSpore's); ``all`` = train
    then valid; columns ``hr_image``, ``lr_image``."""

    def __init__(self, dataset_dir, usage="train", downgrade="bicubic", scale=2, num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=None, sampler=None, num_shards=None, shard_id=None,
                 cache=None):
        if usage not in ("train", "valid", "all"):
            raise ValueError("Input usage is not within the valid set of ['train', 'valid', 'all'].")
        if downgrade not in ("bicubic", "unknown", "mild", "difficult", "wild"):
            raise ValueError("Input downgrade is not within the valid set of ['bicubic', 'unknown', 'mild', "
                             "'difficult', 'wild'].")
        if scale not in (2, 3, 4, 8):
            raise ValueError("Input scale is not within the valid set of [2, 3, 4, 8].")
        if scale == 8 and downgrade != "bicubic":
            raise ValueError("DIV2KNode: scale equal to 8 is allowed only in bicubic downgrade.")
        if downgrade in ("mild", "difficult", "wild") and scale != 4:
            raise ValueError(f"DIV2KNode: {downgrade} downgrade requires scale equal to 4.")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.usage, self.downgrade, self.scale, self.decode = usage, downgrade, scale, bool(decode)
        self._columns = ["hr_image", "lr_image"]

    def _lr_path(self, part, stem):
        s, d = self.scale, self.downgrade
        if d in ("bicubic", "unknown"):
            return os.path.join(self.dataset_dir, f"DIV2K_{part}_LR_{d}", f"X{s}", f"{stem}x{s}.png")
        return os.path.join(self.dataset_dir, f"DIV2K_{part}_LR_{d}", f"{stem}x{s}{d[0]}.png")

    def _load(self):
        self._items = []
        for part in (["train", "valid"] if self.usage == "all" else [self.usage]):
            hr = os.path.join(self.dataset_dir, f"DIV2K_{part}_HR")
            if not os.path.isdir(hr):
                raise RuntimeError(f"Invalid file, failed to find DIV2K folder: {hr}.")
            for f in _files(hr):
                if f.endswith(".png"):
                    self._items.append((os.path.join(hr, f), self._lr_path(part, f[:-4])))
        return len(self._items)

    def _read(self, i):
        hr, lr = self._items[i]
        return _image(hr, self.decode), _image(lr, self.decode)


class KITTIDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.KITTIDataset(dataset_dir, usage=None, ..., decode=False, ...)``: images
    ``data_object_image_2/<training|testing>/image_2/NNNNNN.png`` (ids 0..count-1), labels
    ``data_object_label_2/training/label_2/NNNNNN.txt`` (15 fields per object). ``usage='train'`` (default):
    columns ``image``, ``label`` (class numbered in name order over all label files, uint32 (n, 1)),
    ``truncated``, ``occluded`` (uint32), ``alpha``, ``bbox`` (n, 4), ``dimensions`` (n, 3), ``location``
    (n, 3), ``rotation_y`` — float32 unless said; ``usage='test'``: ``image`` only."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        usage = usage or "train"
        if usage not in ("train", "test"):
            raise ValueError("Input usage is not within the valid set of ['train', 'test'].")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.usage, self.decode = usage, decode
        self._columns = ["image"] if usage == "test" else ["image", "label", "truncated", "occluded", "alpha", "bbox",
                                                         "dimensions", "location", "rotation_y"]

    def _load(self):
        sub = "training" if self.usage == "train" else "testing"
        img_dir = os.path.join(self.dataset_dir, "data_object_image_2", sub, "image_2")
        if not os.path.isdir(img_dir):
            raise RuntimeError(f"Invalid path, failed to open KITTI image dir: {img_dir}, permission denied.")
        ids = [f"{i:06d}" for i in range(len(os.listdir(img_dir)))]
        self._img_dir = img_dir
        if self.usage == "test":
            self._ids = ids
            return len(ids)
        self._ann, names = {}, set()
        for i in ids:
            path = os.path.join(self.dataset_dir, "data_object_label_2", "training", "label_2", i + ".txt")
            if not os.path.exists(path):
                raise RuntimeError(f"Invalid path, {path} does not exist.")
            objs = []
            for ln in open(path, encoding="utf-8").read().splitlines():
                v = ln.split()
                if not v:
                    continue
                if len(v) < 15:
                    raise RuntimeError(f"Invalid file, the format of the annotation file is not as expected, got "
                                       f"{len(v) - 1} parameters: {path}.")
                objs.append((v[0], [float(x) for x in v[1:15]]))
                names.add(v[0])
            if objs:
                self._ann[i] = objs
        self._ids = [i for i in ids if i in self._ann]
        self._index_ = {n: k for k, n in enumerate(sorted(names))}
        if not self._ids:
            raise RuntimeError("Invalid data, no valid data matching the dataset API KITTIDataset. Please check file "
                               "path or dataset API.")
        return len(self._ids)

    def _read(self, i):
        image_id = self._ids[i]
        img = _image(os.path.join(self._img_dir, image_id + ".png"), self.decode)
        if self.usage == "test":
            return (img,)
        objs = self._ann[image_id]
        v = np.array([o[1] for o in objs], np.float32)
        n = len(objs)
        return (img, np.array([self._index_[o[0]] for o in objs], np.uint32).reshape(n, 1), v[:, 0:1].copy(),
                v[:, 1:2].astype(np.int64).astype(np.uint32), v[:, 2:3].copy(), v[:, 3:7].copy(), v[:, 7:10].copy(),
                v[:, 10:13].copy(), v[:, 13:14].copy())


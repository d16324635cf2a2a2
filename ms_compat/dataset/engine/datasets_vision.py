"""Mirrors ``mindspore.dataset.engine.datasets_vision``: datasets reading the standard image formats.

Same files, same row order without shuffle, same columns, dtypes and shapes as MindSpore 2.10
(tests/test_dataset_files.py compares with MindSpore's output on the same files).
"""
from __future__ import annotations

import json
import os
import struct
import xml.etree.ElementTree as ET

import numpy as np

from .datasets import MappableDataset

__all__ = ["MnistDataset", "FashionMnistDataset", "Cifar10Dataset", "Cifar100Dataset", "ImageFolderDataset",
           "CelebADataset", "VOCDataset", "CocoDataset"]


def _check_dir(path, name):
    if not isinstance(path, (str, os.PathLike)) or not os.path.isdir(path):
        raise ValueError(f"The folder {path} does not exist or is not a directory or permission denied!")
    return os.fspath(path)


def _check_usage(usage, allowed, name):
    if usage is None:
        return "all"
    if usage not in allowed:
        raise ValueError(f"Input usage is not within the valid set of {list(allowed)}.")
    return usage


def _read_file(path):
    with open(path, "rb") as f:
        return f.read()


def _decode_file(path):
    from ..vision._cv import decode
    try:
        data = _read_file(path)
    except OSError as e:
        raise RuntimeError(f"Invalid file, failed to open {path}: {e}") from None
    return decode(data, path)


def _raw_file(path):
    return np.frombuffer(_read_file(path), np.uint8)


class _FileListDataset(MappableDataset):
    def __init__(self, dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id):
        self.dataset_dir = _check_dir(dataset_dir, type(self).__name__)
        super().__init__(num_samples, num_parallel_workers, shuffle, num_shards, shard_id, sampler)


class MnistDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.MnistDataset(dataset_dir, usage=None, num_samples=None,
    num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None)``.

    Reads the idx files (``train-images-idx3-ubyte``/``-labels-idx1-ubyte``, ``t10k-...``); ``usage`` is
    ``'train'``, ``'test'`` or ``'all'`` (test files first, by file name, as MindSpore). Columns
    ``image`` (28, 28, 1) uint8 and ``label`` () uint32.
    """

    _name = "MNIST"

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        self.usage = _check_usage(usage, ("train", "test", "all"), type(self).__name__)
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self._columns = ["image", "label"]

    def _load(self):
        prefixes = {"train": ["train"], "test": ["t10k"], "all": ["t10k", "train"]}[self.usage]
        images, labels = [], []
        for p in prefixes:
            ip = os.path.join(self.dataset_dir, f"{p}-images-idx3-ubyte")
            lp = os.path.join(self.dataset_dir, f"{p}-labels-idx1-ubyte")
            if not os.path.exists(ip) or not os.path.exists(lp):
                if self.usage == "all":
                    continue
                raise RuntimeError(f"Invalid file, failed to find {self._name} files ({ip}, {lp}) in "
                                   f"{self.dataset_dir}.")
            img = _read_file(ip)
            lab = _read_file(lp)
            if len(img) < 16 or struct.unpack(">I", img[:4])[0] != 2051:
                raise RuntimeError(f"Invalid file, the number of magic is not 2051 in {ip}.")
            if len(lab) < 8 or struct.unpack(">I", lab[:4])[0] != 2049:
                raise RuntimeError(f"Invalid file, the number of magic is not 2049 in {lp}.")
            n, rows, cols = struct.unpack(">III", img[4:16])
            nl = struct.unpack(">I", lab[4:8])[0]
            if n != nl:
                raise RuntimeError(f"Invalid data, num_images is not equal to num_labels in {ip} and {lp}.")
            if len(img) < 16 + n * rows * cols or len(lab) < 8 + n:
                raise RuntimeError(f"Invalid file, {ip} or {lp} is truncated.")
            images.append(np.frombuffer(img, np.uint8, n * rows * cols, 16).reshape(n, rows, cols, 1))
            labels.append(np.frombuffer(lab, np.uint8, n, 8).astype(np.uint32))
        if not images:
            raise RuntimeError(f"Invalid file, failed to find {self._name} files in {self.dataset_dir}.")
        self._images, self._labs = np.concatenate(images), np.concatenate(labels)
        return len(self._images)

    def _read(self, i):
        return self._images[i], self._labs[i]

    def _labels(self):
        self._n()
        return self._labs.tolist()


class FashionMnistDataset(MnistDataset):
    """Mirrors ``mindspore.dataset.FashionMnistDataset`` (the MNIST idx format)."""

    _name = "FashionMnist"


class Cifar10Dataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.Cifar10Dataset(dataset_dir, usage=None, num_samples=None, ...)``: the binary
    version (``data_batch_*.bin``, ``test_batch.bin``: a label byte and 3072 CHW bytes per record).
    Columns ``image`` (32, 32, 3) uint8 HWC and ``label`` () uint32."""

    _record = 3073
    _train, _test = "data_batch", "test_batch"
    _what = "cifar10"

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        self.usage = _check_usage(usage, ("train", "test", "all"), type(self).__name__)
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self._columns = ["image", "label"]

    def _files(self):
        keys = {"train": [self._train], "test": [self._test], "all": [self._train, self._test]}[self.usage]
        names = sorted(f for f in os.listdir(self.dataset_dir) if f.endswith(".bin") and any(k in f for k in keys))
        if not names:
            raise RuntimeError(f"Invalid file, failed to find {self._what} {self.usage} files in {self.dataset_dir}.")
        return [os.path.join(self.dataset_dir, f) for f in names]

    def _load(self):
        recs = []
        for path in self._files():
            data = _read_file(path)
            if not data or len(data) % self._record:
                raise RuntimeError(f"Invalid {self._what} file, failed to read data from: {path}, re-download "
                                   f"dataset(make sure it is {self._what.upper().replace('CIFAR', 'CIFAR-')} binary "
                                   "version).")
            recs.append(np.frombuffer(data, np.uint8).reshape(-1, self._record))
        self._recs = np.concatenate(recs)
        return len(self._recs)

    def _image(self, rec):
        return np.ascontiguousarray(rec[-3072:].reshape(3, 32, 32).transpose(1, 2, 0))

    def _read(self, i):
        rec = self._recs[i]
        return self._image(rec), np.uint32(rec[0])

    def _labels(self):
        self._n()
        return self._recs[:, 0].tolist()


class Cifar100Dataset(Cifar10Dataset):
    """Mirrors ``mindspore.dataset.Cifar100Dataset``: ``train.bin``/``test.bin`` (coarse label, fine label,
    3072 CHW bytes). Columns ``image``, ``coarse_label``, ``fine_label`` (uint32)."""

    _record = 3074
    _train, _test = "train", "test"
    _what = "cifar100"

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle, sampler, num_shards,
                         shard_id)
        self._columns = ["image", "coarse_label", "fine_label"]

    def _read(self, i):
        rec = self._recs[i]
        return self._image(rec), np.uint32(rec[0]), np.uint32(rec[1])

    def _labels(self):
        self._n()
        return self._recs[:, 1].tolist()


class ImageFolderDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.ImageFolderDataset(dataset_dir, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, extensions=None, class_indexing=None, decode=False, num_shards=None,
    shard_id=None, cache=None, decrypt=None)``.

    One sub-folder per class; classes and files in name order; labels from ``class_indexing`` (default:
    the sorted folder names numbered from 0; with it, only those folders are read). ``extensions``
    filters file names (case-sensitive, as MindSpore). Columns ``image`` (the file's bytes as 1-D uint8,
    or HWC uint8 RGB with ``decode=True``) and ``label`` () int32.
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 extensions=None, class_indexing=None, decode=False, num_shards=None, shard_id=None, cache=None,
                 decrypt=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        if class_indexing is not None and not isinstance(class_indexing, dict):
            raise TypeError("class_indexing should be a dictionary.")
        self.extensions = list(extensions) if extensions else None
        self.class_indexing = class_indexing
        self.decode = decode
        self._columns = ["image", "label"]

    def _classes(self):
        folders = sorted(d for d in os.listdir(self.dataset_dir) if os.path.isdir(os.path.join(self.dataset_dir, d)))
        if self.class_indexing:
            missing = [c for c in self.class_indexing if c not in folders]
            if missing:
                raise RuntimeError(f"Invalid class_indexing: folder(s) {missing} not found in {self.dataset_dir}.")
            return {c: self.class_indexing[c] for c in folders if c in self.class_indexing}
        return {c: i for i, c in enumerate(folders)}

    def get_class_indexing(self):
        """Mirrors ``ImageFolderDataset.get_class_indexing``: ``{folder name: label}``."""
        return dict(sorted(self._classes().items()))

    def _load(self):
        self._files = []
        for cls, label in self._classes().items():
            folder = os.path.join(self.dataset_dir, cls)
            for name in sorted(os.listdir(folder)):
                path = os.path.join(folder, name)
                if not os.path.isfile(path):
                    continue
                if self.extensions and not any(name.endswith(e) for e in self.extensions):
                    continue
                self._files.append((path, label))
        if not self._files:
            raise RuntimeError(f"Invalid data, no valid data matching the dataset API ImageFolderDataset. Please "
                               f"check dataset API or file path: {self.dataset_dir}.")
        return len(self._files)

    def _read(self, i):
        path, label = self._files[i]
        img = _decode_file(path) if self.decode else _raw_file(path)
        return img, np.int32(label)

    def _labels(self):
        self._n()
        return [lab for _, lab in self._files]


class CelebADataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.CelebADataset(dataset_dir, num_parallel_workers=None, shuffle=None,
    usage='all', sampler=None, decode=False, extensions=None, num_samples=None, num_shards=None,
    shard_id=None, cache=None, decrypt=None)``: ``list_attr_celeba.txt`` (+ ``list_eval_partition.txt``
    for ``usage`` ``'train'``/``'valid'``/``'test'``), images beside them. Columns ``image`` and
    ``attr`` (uint32, one 0/1 per attribute; the file's -1 reads as 0)."""

    _refuses_pk = True  # as MindSpore 2.10's validator

    def __init__(self, dataset_dir, num_parallel_workers=None, shuffle=None, usage="all", sampler=None,
                 decode=False, extensions=None, num_samples=None, num_shards=None, shard_id=None, cache=None,
                 decrypt=None):
        self.usage = _check_usage(usage, ("all", "train", "valid", "test"), "CelebADataset")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.decode, self.extensions = decode, list(extensions) if extensions else None
        self._columns = ["image", "attr"]

    def _load(self):
        attr_path = os.path.join(self.dataset_dir, "list_attr_celeba.txt")
        if not os.path.exists(attr_path):
            raise RuntimeError(f"Invalid file, failed to open CelebA attr file: {attr_path}.")
        lines = open(attr_path).read().splitlines()
        keep = None
        if self.usage != "all":
            want = {"train": "0", "valid": "1", "test": "2"}[self.usage]
            part_path = os.path.join(self.dataset_dir, "list_eval_partition.txt")
            if not os.path.exists(part_path):
                raise RuntimeError(f"Invalid file, failed to open CelebA partition file: {part_path}.")
            keep = {p[0] for p in (ln.split() for ln in open(part_path).read().splitlines()) if len(p) == 2
                    and p[1] == want}
        self._rows_ = []
        for ln in lines[2:]:
            parts = ln.split()
            if not parts:
                continue
            name = parts[0]
            if keep is not None and name not in keep:
                continue
            if self.extensions and not any(name.endswith(e) for e in self.extensions):
                continue
            attrs = np.array([1 if int(v) == 1 else 0 for v in parts[1:]], np.uint32)
            self._rows_.append((os.path.join(self.dataset_dir, name), attrs))
        return len(self._rows_)

    def _read(self, i):
        path, attrs = self._rows_[i]
        return (_decode_file(path) if self.decode else _raw_file(path)), attrs


def _voc_int(obj, tag, path):
    node = obj.find(tag)
    return 0 if node is None or node.text is None else int(float(node.text))


class VOCDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.VOCDataset(dataset_dir, task='Segmentation', usage='train',
    class_indexing=None, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
    sampler=None, num_shards=None, shard_id=None, cache=None, extra_metadata=False, decrypt=None)``.

    ``task='Detection'``: columns ``image``, ``bbox`` (n, 4) float32 ``[xmin, ymin, w, h]``, ``label``,
    ``difficult``, ``truncate`` (n, 1) uint32; ``task='Segmentation'``: ``image``, ``target``.
    Ids from ``ImageSets/<Main|Segmentation>/<usage>.txt``.
    """

    def __init__(self, dataset_dir, task="Segmentation", usage="train", class_indexing=None, num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None,
                 cache=None, extra_metadata=False, decrypt=None):
        if task not in ("Segmentation", "Detection"):
            raise ValueError("Invalid task, task should be Segmentation or Detection.")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        if task == "Segmentation" and class_indexing:
            raise ValueError("class_indexing is not supported in Segmentation task.")
        self.task, self.usage, self.class_indexing, self.decode = task, usage, class_indexing, decode
        self._columns = (["image", "bbox", "label", "difficult", "truncate"] if task == "Detection"
                         else ["image", "target"])

    def _ids(self):
        sub = "Main" if self.task == "Detection" else "Segmentation"
        path = os.path.join(self.dataset_dir, "ImageSets", sub, f"{self.usage}.txt")
        if not os.path.exists(path):
            raise ValueError(f"Invalid file, failed to open {path}: the usage '{self.usage}' has no image list.")
        return [ln.strip() for ln in open(path).read().splitlines() if ln.strip()]

    def _parse(self, image_id):
        path = os.path.join(self.dataset_dir, "Annotations", image_id + ".xml")
        if not os.path.exists(path):
            raise RuntimeError(f"Invalid file, failed to open annotation file: {path}.")
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError as e:
            raise RuntimeError(f"Invalid annotation file {path}: {e}") from None
        objs = []
        for obj in root.iter("object"):
            name = obj.findtext("name", "").strip()
            box = obj.find("bndbox")
            if box is None:
                raise RuntimeError(f"Invalid data, bndbox dismatch in {path}.")
            xmin, ymin, xmax, ymax = (float(box.findtext(k, "0")) for k in ("xmin", "ymin", "xmax", "ymax"))
            if min(xmin, ymin, xmax, ymax) <= 0:
                raise RuntimeError(f"Invalid bndbox, the coordinate of bndbox in {path} should be greater than 0, "
                                   f"but got {{{xmin:g}, {ymin:g}, {xmax:g}, {ymax:g}}}")
            objs.append((name, [xmin, ymin, xmax - xmin, ymax - ymin], _voc_int(obj, "difficult", path),
                         _voc_int(obj, "truncated", path)))
        return objs

    def _load(self):
        self._ids_ = self._ids()
        if self.task == "Detection":
            self._ann = [self._parse(i) for i in self._ids_]
            names = sorted({o[0] for objs in self._ann for o in objs})
            self._class_index = dict(self.class_indexing) if self.class_indexing else \
                {n: i for i, n in enumerate(names)}
        return len(self._ids_)

    def get_class_indexing(self):
        """Mirrors ``VOCDataset.get_class_indexing`` (Detection task)."""
        if self.task != "Detection":
            raise NotImplementedError("get_class_indexing is only supported in Detection task.")
        self._n()
        return dict(self._class_index)

    def _image(self, image_id):
        path = os.path.join(self.dataset_dir, "JPEGImages", image_id + ".jpg")
        return _decode_file(path) if self.decode else _raw_file(path)

    def _read(self, i):
        image_id = self._ids_[i]
        img = self._image(image_id)
        if self.task == "Segmentation":
            path = os.path.join(self.dataset_dir, "SegmentationClass", image_id + ".png")
            return img, (_decode_file(path) if self.decode else _raw_file(path))
        objs = [o for o in self._ann[i] if o[0] in self._class_index]
        bbox = np.array([o[1] for o in objs], np.float32).reshape(-1, 4)
        col = lambda vals: np.array(vals, np.uint32).reshape(-1, 1)  # noqa: E731
        return (img, bbox, col([self._class_index[o[0]] for o in objs]), col([o[2] for o in objs]),
                col([o[3] for o in objs]))


class CocoDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.CocoDataset(dataset_dir, annotation_file, task='Detection', num_samples=None,
    num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None,
    cache=None, extra_metadata=False, decrypt=None)``.

    ``task='Detection'``: columns ``image``, ``bbox`` (n, 4) float32 (COCO ``[x, y, w, h]``),
    ``category_id`` and ``iscrowd`` (n, 1) uint32; ``'Keypoint'``: ``keypoints`` (n, 51) float32,
    ``num_keypoints`` (n, 1) uint32; ``'Stuff'``: ``segmentation`` (one row per polygon, padded with -1)
    and ``iscrowd``; ``'Captioning'``: ``captions`` (n, 1) str. Images in the order of the annotation file.
    """

    _refuses_pk = True  # as MindSpore 2.10's validator

    _COLUMNS = {"Detection": ("image", "bbox", "category_id", "iscrowd"),
                "Keypoint": ("image", "keypoints", "num_keypoints"), "Stuff": ("image", "segmentation", "iscrowd"),
                "Captioning": ("image", "captions")}

    def __init__(self, dataset_dir, annotation_file, task="Detection", num_samples=None, num_parallel_workers=None,
                 shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None, cache=None,
                 extra_metadata=False, decrypt=None):
        if task not in self._COLUMNS:
            if task == "Panoptic":
                raise NotImplementedError("CocoDataset(task='Panoptic') is not supported by ms_compat yet.")
            raise ValueError(f"Invalid task type, task should be one of {list(self._COLUMNS)} or 'Panoptic'.")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        if not os.path.isfile(annotation_file):
            raise ValueError(f"The file {annotation_file} does not exist or permission denied!")
        self.annotation_file, self.task, self.decode = annotation_file, task, decode
        self._columns = list(self._COLUMNS[task])

    def _load(self):
        try:
            with open(self.annotation_file) as f:
                data = json.load(f)
        except json.JSONDecodeError as e:
            raise RuntimeError(f"Invalid annotation file {self.annotation_file}: {e}") from None
        by_image = {}
        for a in data.get("annotations", []):
            by_image.setdefault(a["image_id"], []).append(a)
        self._items = []
        for im in data.get("images", []):
            anns = by_image.get(im["id"], [])
            if not anns:
                continue
            self._items.append((im["file_name"], anns))
        self._cats = {c["name"]: [c["id"]] for c in data.get("categories", [])}
        return len(self._items)

    def get_class_indexing(self):
        self._n()
        return dict(self._cats)

    def _read(self, i):
        name, anns = self._items[i]
        path = os.path.join(self.dataset_dir, name)
        img = _decode_file(path) if self.decode else _raw_file(path)
        col = lambda key: np.array([a.get(key, 0) for a in anns], np.uint32).reshape(-1, 1)  # noqa: E731
        if self.task == "Keypoint":
            return img, np.array([a["keypoints"] for a in anns], np.float32).reshape(len(anns), -1), \
                col("num_keypoints")
        if self.task == "Stuff":
            polys = [p for a in anns for p in (a["segmentation"] if isinstance(a["segmentation"], list) else [])]
            width = max((len(p) for p in polys), default=0)
            seg = np.full((len(polys), width), -1.0, np.float32)
            for i, p in enumerate(polys):
                seg[i, :len(p)] = p
            return img, seg, col("iscrowd")
        if self.task == "Captioning":
            return img, np.array([[a.get("caption", "")] for a in anns], dtype=str)
        bbox = np.array([a["bbox"] for a in anns], np.float32).reshape(-1, 4)
        return img, bbox, col("category_id"), col("iscrowd")

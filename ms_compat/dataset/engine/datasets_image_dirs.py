"""Mirrors MindSpore's datasets of image files in class folders or listed by index files: ``Caltech101Dataset``,
``Caltech256Dataset``, ``OmniglotDataset``, ``SBUDataset``, ``Places365Dataset``, ``Food101Dataset``,
``SUN397Dataset``, ``Flowers102Dataset``.

Same files, row order, columns and dtypes as MindSpore 2.10 (tests/dataset/test_dataset_more.py): ``image`` is
the file's bytes (1-D uint8) or, with ``decode=True``, HWC uint8 RGB. ``Caltech101Dataset`` and
``Flowers102Dataset`` are Python datasets in MindSpore that decode with Pillow; these do too when Pillow is
installed (OpenCV otherwise: same pixels for PNG, possibly not for JPEG).
"""
from __future__ import annotations

import os

import numpy as np

from .datasets_arrays import loadmat
from .datasets_vision import _decode_file, _FileListDataset, _raw_file

__all__ = ["Caltech101Dataset", "Caltech256Dataset", "OmniglotDataset", "SBUDataset", "Places365Dataset",
           "Food101Dataset", "SUN397Dataset", "Flowers102Dataset"]


def _image(path, decode):
    if not os.path.isfile(path):
        raise RuntimeError(f"Invalid file, the image file {path} does not exist or permission denied!")
    return _decode_file(path) if decode else _raw_file(path)


def _pil_image(path, decode):
    """MindSpore's Python datasets: ``np.asarray(Image.open(path).convert('RGB'))`` or the raw bytes."""
    if not decode:
        return np.fromfile(path, dtype=np.uint8)
    try:
        from PIL import Image
    except ImportError:
        return _decode_file(path)
    with Image.open(path) as im:
        return np.asarray(im.convert("RGB"))


def _subdirs(path):
    return sorted(d for d in os.listdir(path) if os.path.isdir(os.path.join(path, d)))


def _files(path):
    return sorted(f for f in os.listdir(path) if os.path.isfile(os.path.join(path, f)))


def _usage(usage, allowed, default):
    if usage is None:
        return default
    if usage not in allowed:
        raise ValueError(f"Input usage is not within the valid set of {list(allowed)}.")
    return usage


class _Listed(_FileListDataset):
    """Rows are ``(path, label)`` pairs found by ``_list()``; ``image`` read (and decoded) on demand."""

    _label_type = np.uint32

    def _list(self):
        raise NotImplementedError

    def _load(self):
        self._items = self._list()
        if not self._items:
            raise RuntimeError(f"Invalid data, no valid data matching the dataset API {type(self).__name__}. "
                               f"Please check dataset API or file path: {self.dataset_dir}.")
        return len(self._items)

    def _read(self, i):
        path, label = self._items[i]
        lab = np.array(label) if isinstance(label, str) else self._label_type(label)
        return _image(path, self.decode), lab

    def _labels(self):
        self._n()
        return [lab for _, lab in self._items]


class Caltech256Dataset(_Listed):
    """Mirrors ``mindspore.dataset.Caltech256Dataset(dataset_dir, num_samples=None, num_parallel_workers=None,
    shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None, cache=None)``: one folder per
    class (``001.ak47``, ...), labels numbered in folder-name order (``257.clutter`` included), files in name
    order; ``label`` int32 (as MindSpore's output, though its docstring says uint32)."""

    _label_type = np.int32

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.decode = decode
        self._columns = ["image", "label"]

    def _list(self):
        out = []
        for k, cls in enumerate(_subdirs(self.dataset_dir)):
            folder = os.path.join(self.dataset_dir, cls)
            out += [(os.path.join(folder, f), k) for f in _files(folder)]
        return out


class OmniglotDataset(_Listed):
    """Mirrors ``mindspore.dataset.OmniglotDataset(dataset_dir, background=None, num_samples=None, ..., decode=False,
    ...)``: ``images_background`` (``background=True``, and ``None`` — measured: MindSpore 2.10 reads the
    background set then, though its docstring says both) or ``images_evaluation`` (``False``). Each
    ``<alphabet>/<character>`` folder is one class (alphabets then characters in name order); ``label`` int32."""

    _label_type = np.int32

    def __init__(self, dataset_dir, background=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        if background is not None and not isinstance(background, bool):
            raise TypeError(f"Argument background with value {background} is not of type [<class 'bool'>].")
        self.background, self.decode = background, decode
        self._columns = ["image", "label"]

    def _list(self):
        parts = {True: ["images_background"], False: ["images_evaluation"],
                 None: ["images_background"]}[self.background]
        out = []
        for part in parts:
            root = os.path.join(self.dataset_dir, part)
            if not os.path.isdir(root):
                raise RuntimeError(f"Invalid file, failed to find Omniglot folder: {root}.")
            k = 0
            for alpha in _subdirs(root):
                for ch in _subdirs(os.path.join(root, alpha)):
                    folder = os.path.join(root, alpha, ch)
                    out += [(os.path.join(folder, f), k) for f in _files(folder)]
                    k += 1
        return out


class SBUDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.SBUDataset(dataset_dir, num_samples=None, ..., decode=False, ...)``:
    ``SBU_captioned_photo_dataset_urls.txt`` and ``..._captions.txt`` line by line; the image is
    ``sbu_images/<url from character 23, '/' -> '_'>`` (pairs whose image is missing are skipped); columns
    ``image`` and ``caption`` (right-stripped of spaces)."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.decode = decode
        self._columns = ["image", "caption"]

    def _load(self):
        up = os.path.join(self.dataset_dir, "SBU_captioned_photo_dataset_urls.txt")
        cp = os.path.join(self.dataset_dir, "SBU_captioned_photo_dataset_captions.txt")
        folder = os.path.join(self.dataset_dir, "sbu_images")
        for p, what in ((up, "url file"), (cp, "caption file")):
            if not os.path.isfile(p):
                raise RuntimeError(f"Invalid file, failed to find SBU {what}: {p}")
        if not os.path.isdir(folder):
            raise RuntimeError(f"Invalid folder, failed to find SBU image folder: {folder}")
        urls = open(up, encoding="utf-8").read().split("\n")
        caps = open(cp, encoding="utf-8").read().split("\n")
        self._pairs = []
        for url, cap in zip(urls, caps):
            if bool(url) != bool(cap):
                raise RuntimeError(f"Invalid data, SBU url and caption file are mismatched: {up} and {cp}")
            if not url:
                continue
            path = os.path.join(folder, url[23:].replace("/", "_"))
            if os.path.isfile(path):
                self._pairs.append((path, cap.rstrip(" ")))
        if not self._pairs:
            raise RuntimeError(f"No valid images in {folder}")
        return len(self._pairs)

    def _read(self, i):
        path, cap = self._pairs[i]
        return _image(path, self.decode), np.array(cap)


class Places365Dataset(_Listed):
    """Mirrors ``mindspore.dataset.Places365Dataset(dataset_dir, usage=None, small=True, decode=False, ...)``:
    ``usage`` ``train-standard`` (``places365_train_standard.txt``, images under ``data_256_standard`` or
    ``data_large_standard``), ``train-challenge`` (``..._challenge``) or ``val`` (``places365_val.txt``,
    ``val_256``/``val_large``); each list line is ``<path> <label>``; ``label`` uint32."""

    def __init__(self, dataset_dir, usage=None, small=True, decode=False, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        self.usage = _usage(usage, ("train-standard", "train-challenge", "val"), "train-standard")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.small, self.decode = small, decode
        self._columns = ["image", "label"]

    def _list(self):
        size = "256" if self.small else "large"
        lst, folder = {"train-standard": ("places365_train_standard.txt", f"data_{size}_standard"),
                       "train-challenge": ("places365_train_challenge.txt", f"data_{size}_challenge"),
                       "val": ("places365_val.txt", f"val_{size}")}[self.usage]
        path = os.path.join(self.dataset_dir, lst)
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to find Places365 list file: {path}.")
        out = []
        for ln in open(path, encoding="utf-8").read().splitlines():
            parts = ln.split()
            if len(parts) < 2:
                continue
            name = parts[0].lstrip("/")
            out.append((os.path.join(self.dataset_dir, folder, name), int(parts[1])))
        return out


class Food101Dataset(_Listed):
    """Mirrors ``mindspore.dataset.Food101Dataset(dataset_dir, usage=None, ..., decode=False, ...)``:
    ``meta/<usage>.txt`` lists ``<class>/<id>``, images are ``images/<class>/<id>.jpg``; ``all`` = train then
    test; ``label`` is the class name (string)."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        self.usage = _usage(usage, ("train", "test", "all"), "all")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.decode = decode
        self._columns = ["image", "label"]

    def _list(self):
        out = []
        for part in (["train", "test"] if self.usage == "all" else [self.usage]):
            path = os.path.join(self.dataset_dir, "meta", part + ".txt")
            if not os.path.isfile(path):
                raise RuntimeError(f"Invalid file, failed to find Food101 meta file: {path}.")
            for ln in open(path, encoding="utf-8").read().splitlines():
                ln = ln.strip()
                if ln:
                    out.append((os.path.join(self.dataset_dir, "images", ln + ".jpg"), ln.split("/")[0]))
        return out


class SUN397Dataset(_Listed):
    """Mirrors ``mindspore.dataset.SUN397Dataset(dataset_dir, num_samples=None, ..., decode=False, ...)``:
    classes from ``ClassName.txt`` (label = line number), images ``<class>/sun_*.jpg`` in path order;
    ``label`` uint32."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.decode = decode
        self._columns = ["image", "label"]

    def _list(self):
        path = os.path.join(self.dataset_dir, "ClassName.txt")
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to find SUN397 class file: {path}.")
        classes = [c.strip() for c in open(path, encoding="utf-8").read().splitlines() if c.strip()]
        out = []
        for k, cls in enumerate(classes):
            folder = os.path.join(self.dataset_dir, cls.lstrip("/"))
            if os.path.isdir(folder):
                out += [(os.path.join(folder, f), k) for f in _files(folder) if f.startswith("sun_") and
                        f.endswith(".jpg")]
        return sorted(out)


class Caltech101Dataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.Caltech101Dataset(dataset_dir, target_type=None, num_samples=None,
    num_parallel_workers=1, shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None)``:
    ``101_ObjectCategories/<class>/image_NNNN.jpg`` (``BACKGROUND_Google`` left out; images numbered from 1 up
    to the folder's file count) and ``Annotations/<class>/annotation_NNNN.mat`` (``obj_contour``, float64);
    ``target_type`` ``'category'`` (default; int64 class index), ``'annotation'`` or ``'all'``."""

    _sampling_path = "generator"  # a GeneratorDataset in MindSpore

    _ANN = {"Faces": "Faces_2", "Faces_easy": "Faces_3", "Motorbikes": "Motorbikes_16", "airplanes": "Airplanes_Side_2"}

    def __init__(self, dataset_dir, target_type=None, num_samples=None, num_parallel_workers=1, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None):
        target_type = target_type or "category"
        if target_type not in ("category", "annotation", "all"):
            raise ValueError("Input target_type is not within the valid set of ['category', 'annotation', 'all'].")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.target_type, self.decode = target_type, decode
        self._columns = {"category": ["image", "category"], "annotation": ["image", "annotation"],
                         "all": ["image", "category", "annotation"]}[target_type]

    def _load(self):
        img_dir = os.path.join(self.dataset_dir, "101_ObjectCategories")
        self._classes = [c for c in sorted(os.listdir(img_dir)) if c != "BACKGROUND_Google"]
        self._items = []
        for k, cls in enumerate(self._classes):
            sub = os.path.join(img_dir, cls)
            if os.path.isdir(sub):
                self._items += [(n, k) for n in range(1, len(os.listdir(sub)) + 1)]
        return len(self._items)

    def _read(self, i):
        n, k = self._items[i]
        cls = self._classes[k]
        path = os.path.join(self.dataset_dir, "101_ObjectCategories", cls, f"image_{n:04d}.jpg")
        if not os.path.exists(path):
            raise ValueError(f"The image file {path} does not exist or permission denied!")
        img = _pil_image(path, self.decode)
        if self.target_type == "category":
            return img, np.int64(k)
        ann = os.path.join(self.dataset_dir, "Annotations", self._ANN.get(cls, cls), f"annotation_{n:04d}.mat")
        if not os.path.exists(ann):
            raise ValueError(f"The annotation file {ann} does not exist or permission denied!")
        contour = np.asarray(loadmat(ann)["obj_contour"])
        return (img, contour) if self.target_type == "annotation" else (img, np.int64(k), contour)

    def _labels(self):
        self._n()
        return [k for _, k in self._items]


class Flowers102Dataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.Flowers102Dataset(dataset_dir, task='Classification', usage='all',
    num_samples=None, num_parallel_workers=1, shuffle=None, decode=False, ...)``: ``imagelabels.mat``
    (labels 1-102, read minus 1 as uint32), ``setid.mat`` (``trnid``/``valid``/``tstid``; ``all`` = train,
    test, valid), ``jpg/image_NNNNN.jpg`` and, for ``task='Segmentation'``, ``segmim/segmim_NNNNN.jpg``."""

    _sampling_path = "generator"  # a GeneratorDataset in MindSpore

    def __init__(self, dataset_dir, task="Classification", usage="all", num_samples=None, num_parallel_workers=1,
                 shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None):
        if task not in ("Classification", "Segmentation"):
            raise ValueError("Input task is not within the valid set of ['Classification', 'Segmentation'].")
        self.usage = _usage(usage, ("train", "valid", "test", "all"), "all")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.task, self.decode = task, decode
        self._columns = ["image", "label"] if task == "Classification" else ["image", "segmentation", "label"]

    def _load(self):
        self._labs = (loadmat(os.path.join(self.dataset_dir, "imagelabels.mat"))["labels"][0] - 1).astype(np.uint32)
        setid = loadmat(os.path.join(self.dataset_dir, "setid.mat"))
        keys = {"train": ["trnid"], "test": ["tstid"], "valid": ["valid"], "all": ["trnid", "tstid", "valid"]}
        self._ids = [int(v) for k in keys[self.usage] for v in setid[k][0]]
        return len(self._ids)

    def _read(self, i):
        n = self._ids[i]
        path = os.path.join(self.dataset_dir, "jpg", f"image_{n:05d}.jpg")
        if not os.path.exists(path):
            raise RuntimeError("Can not find image file: " + path)
        img, label = _pil_image(path, self.decode), self._labs[n - 1]
        if self.task == "Segmentation":
            seg = os.path.join(self.dataset_dir, "segmim", f"segmim_{n:05d}.jpg")
            if not os.path.exists(seg):
                raise RuntimeError("Can not find segmentation file: " + seg)
            return img, _pil_image(seg, self.decode), label
        return img, label

    def _labels(self):
        self._n()
        return [int(self._labs[n - 1]) for n in self._ids]

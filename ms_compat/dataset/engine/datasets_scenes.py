"""Mirrors MindSpore's scene and face image datasets: ``LSUNDataset``, ``CityscapesDataset``,
``WIDERFaceDataset``, ``LFWDataset``, ``PhotoTourDataset``, ``SBDataset``.

Same files, row order, columns and dtypes as MindSpore 2.10 (tests/dataset/test_dataset_extra.py, on folders
written by tools/reference/dataset_files_extra.py): ``image`` columns are the file's bytes (1-D uint8) or, with
``decode=True``, HWC uint8 RGB.
"""
from __future__ import annotations

import json
import os

import numpy as np

from .datasets_image_dirs import _files, _image, _subdirs
from .datasets_vision import _FileListDataset

__all__ = ["LSUNDataset", "CityscapesDataset", "WIDERFaceDataset", "LFWDataset", "PhotoTourDataset", "SBDataset"]


def _choice(name, value, allowed):
    if value not in allowed:
        raise ValueError(f"Input {name} is not within the valid set of {list(allowed)}.")
    return value


def _no_data(ds, path):
    raise RuntimeError(f"Invalid data, no valid data matching the dataset API {type(ds).__name__}. Please check "
                       f"file path or dataset API: {path}.")


class LSUNDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.LSUNDataset(dataset_dir, usage=None, classes=None, num_samples=None,
    num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None,
    cache=None)``: image folders ``<class>_train`` / ``<class>_val`` and ``test``. ``usage`` ``train``,
    ``valid``, ``test`` or ``all`` (train and val folders); ``classes`` (a list; default: every class with a
    folder, in name order). ``label`` uint32 numbers the folders read, in order (class, then usage: with ``all``
    a class's train and val folders get different labels, as MindSpore 2.10 measured); ``test`` rows are label 0.
    Difference: MindSpore 2.10's ``get_dataset_size()`` says 0 for ``usage='test'`` (its rows are read all the
    same); here it counts them."""

    def __init__(self, dataset_dir, usage=None, classes=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        self.usage = _choice("usage", usage or "all", ("train", "test", "valid", "all"))
        if classes is not None and not isinstance(classes, list):
            raise TypeError(f"Argument classes with value {classes} is not of type [<class 'list'>], but got "
                            f"{type(classes)}.")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.classes, self.decode = classes, decode
        self._columns = ["image", "label"]

    def _folders(self):
        if self.usage == "test":
            return ["test"]
        found = sorted({d.rsplit("_", 1)[0] for d in _subdirs(self.dataset_dir)
                        if d.endswith("_train") or d.endswith("_val")})
        classes = self.classes if self.classes is not None else found
        for c in classes:
            if c not in found:
                raise ValueError(f"Input classes is not within the valid set of {found}.")
        usages = {"train": ["train"], "valid": ["val"], "all": ["train", "val"]}[self.usage]
        return [f"{c}_{u}" for c in classes for u in usages]

    def _load(self):
        self._items = []
        for k, folder in enumerate(self._folders()):
            path = os.path.join(self.dataset_dir, folder)
            if not os.path.isdir(path):
                continue
            label = 0 if folder == "test" else k
            self._items += [(os.path.join(path, f), label) for f in _files(path)]
        if not self._items:
            _no_data(self, self.dataset_dir)
        return len(self._items)

    def _read(self, i):
        path, label = self._items[i]
        return _image(path, self.decode), np.uint32(label)

    def _labels(self):
        self._n()
        return [lab for _, lab in self._items]


class CityscapesDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.CityscapesDataset(dataset_dir, usage='train', quality_mode='fine',
    task='instance', num_samples=None, num_parallel_workers=None, shuffle=None, decode=None, sampler=None,
    num_shards=None, shard_id=None, cache=None)``: ``leftImg8bit/<usage>/<city>/*_leftImg8bit.png`` with
    ``gtFine`` (or ``gtCoarse``) ``/<usage>/<city>/<stem>_gtFine_<instanceIds|labelIds|color>.png`` /
    ``_polygons.json``. ``task`` ``instance``, ``semantic`` (labelIds) and ``color`` give a uint8 image column
    ``task`` (decoded with ``decode``); ``polygon`` the JSON file re-serialized compactly with sorted keys (a
    string). ``usage='all'``: train, test, val (fine) or train, train_extra, val (coarse)."""

    _SUFFIX = {"instance": "instanceIds.png", "semantic": "labelIds.png", "color": "color.png",
               "polygon": "polygons.json"}

    def __init__(self, dataset_dir, usage="train", quality_mode="fine", task="instance", num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=None, sampler=None, num_shards=None, shard_id=None,
                 cache=None):
        self.quality_mode = _choice("quality_mode", quality_mode, ("fine", "coarse"))
        usages = ("train", "test", "val", "all") if quality_mode == "fine" else ("train", "train_extra", "val",
                                                                                 "all")
        self.usage = _choice("usage", usage, usages)
        self.task = _choice("task", task, ("instance", "semantic", "polygon", "color"))
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.decode = bool(decode)
        self._columns = ["image", "task"]

    def _load(self):
        mode = "gtFine" if self.quality_mode == "fine" else "gtCoarse"
        fine = self.quality_mode == "fine"
        usages = ((["train", "test", "val"] if fine else ["train", "train_extra", "val"]) if self.usage == "all"
                  else [self.usage])
        self._items = []
        for usage in usages:
            img_root = os.path.join(self.dataset_dir, "leftImg8bit", usage)
            if not os.path.isdir(img_root):
                continue
            for city in _subdirs(img_root):
                for f in _files(os.path.join(img_root, city)):
                    stem = f[:-len("_leftImg8bit.png")] if f.endswith("_leftImg8bit.png") else os.path.splitext(f)[0]
                    target = os.path.join(self.dataset_dir, mode, usage, city,
                                          f"{stem}_{mode}_{self._SUFFIX[self.task]}")
                    if os.path.isfile(target):
                        self._items.append((os.path.join(img_root, city, f), target))
        if not self._items:
            _no_data(self, self.dataset_dir)
        return len(self._items)

    def _read(self, i):
        img, target = self._items[i]
        if self.task == "polygon":
            with open(target, encoding="utf-8") as f:
                text = json.dumps(json.load(f), separators=(",", ":"), sort_keys=True, ensure_ascii=False)
            return _image(img, self.decode), np.array(text)
        return _image(img, self.decode), _image(target, self.decode)


class WIDERFaceDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.WIDERFaceDataset(dataset_dir, usage=None, num_samples=None,
    num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None,
    cache=None)``: ``WIDER_<train|val|test>/images/<event>/<file>`` listed by ``wider_face_split/
    wider_face_<usage>_bbx_gt.txt`` (file, face count, one line of ten numbers per face; a count of 0 is
    followed by one line, read as one all-zero face, as MindSpore). Columns ``image``, ``bbox`` (n, 4) and
    ``blur``, ``expression``, ``illumination``, ``occlusion``, ``pose``, ``invalid`` (n,), the ten numbers in
    that order (as MindSpore 2.10 reads them: the WIDER files' own order is ``... invalid occlusion pose``, so
    these three columns hold the file's invalid, occlusion and pose flags respectively); int32 (MindSpore 2.10's
    output; its docstring says uint32). ``usage='test'``
    (``wider_face_test_filelist.txt``): ``image`` only; ``all`` (default): train then val."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        self.usage = _choice("usage", usage or "all", ("train", "test", "valid", "all"))
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.decode = decode
        self._columns = ["image"] if self.usage == "test" else ["image", "bbox", "blur", "expression",
                                                                 "illumination", "occlusion", "pose", "invalid"]

    def _split(self, name):
        path = os.path.join(self.dataset_dir, "wider_face_split", name)
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to find WIDERFace annotation file: {path}.")
        with open(path, encoding="utf-8") as f:
            return [ln.strip() for ln in f if ln.strip()]

    def _load(self):
        self._items = []
        if self.usage == "test":
            for rel in self._split("wider_face_test_filelist.txt"):
                self._items.append((os.path.join(self.dataset_dir, "WIDER_test", "images", rel), None))
        else:
            for usage in ({"train": ["train"], "valid": ["val"], "all": ["train", "val"]}[self.usage]):
                lines, k = self._split(f"wider_face_{usage}_bbx_gt.txt"), 0
                while k < len(lines):
                    rel = lines[k]
                    try:
                        n = int(lines[k + 1])
                        faces = np.array([[int(v) for v in ln.split()[:10]]
                                          for ln in lines[k + 2:k + 2 + max(n, 1)]], np.int32).reshape(-1, 10)
                    except (IndexError, ValueError):
                        raise RuntimeError(f"Invalid data, failed to parse the WIDERFace annotation of "
                                           f"{rel}.") from None
                    k += 2 + max(n, 1)
                    self._items.append((os.path.join(self.dataset_dir, f"WIDER_{usage}", "images", rel), faces))
        if not self._items:
            _no_data(self, self.dataset_dir)
        return len(self._items)

    def _read(self, i):
        path, faces = self._items[i]
        img = _image(path, self.decode)
        if faces is None:
            return (img,)
        # the ten numbers go to the columns positionally, as MindSpore 2.10 reads them
        return (img, faces[:, :4].copy()) + tuple(faces[:, j].copy() for j in range(4, 10))


class LFWDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.LFWDataset(dataset_dir, task=None, usage=None, image_set=None, num_samples=None,
    num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None,
    cache=None)``. Images ``<lfw|lfw_funneled|lfw-deepfunneled>/<name>/<name>_<NNNN>.jpg`` (``image_set``
    ``original``, ``funneled`` (default), ``deepfunneled``). ``task='people'``: the people files
    (``10fold``: ``people.txt``, blocks of a count then ``name<TAB>images`` lines; ``train``/``test``:
    ``peopleDev*.txt``; ``all`` (default): DevTrain then DevTest) give every image of each listed person; ``label``
    uint32 is the person's line in ``lfw-names.txt``. ``task='pairs'``: ``pairs*.txt`` lines ``name i j``
    (label 1) or ``name1 i name2 j`` (label 0): columns ``image1``, ``image2``, ``label``."""

    _FOLDER = {"original": "lfw", "funneled": "lfw_funneled", "deepfunneled": "lfw-deepfunneled"}

    def __init__(self, dataset_dir, task=None, usage=None, image_set=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, decode=False, sampler=None, num_shards=None, shard_id=None, cache=None):
        self.task = _choice("task", task or "people", ("people", "pairs"))
        self.usage = _choice("usage", usage or "all", ("10fold", "train", "test", "all"))
        self.image_set = _choice("image_set", image_set or "funneled", tuple(self._FOLDER))
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.decode = decode
        self._columns = ["image", "label"] if self.task == "people" else ["image1", "image2", "label"]

    def _lines(self, name):
        path = os.path.join(self.dataset_dir, name)
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to find LFW file: {path}.")
        with open(path, encoding="utf-8") as f:
            return [ln.split() for ln in f if ln.strip()]

    def _path(self, name, k):
        return os.path.join(self.dataset_dir, self._FOLDER[self.image_set], name, f"{name}_{int(k):04d}.jpg")

    def _load(self):
        kind = "people" if self.task == "people" else "pairs"
        files = {"10fold": [f"{kind}.txt"], "train": [f"{kind}DevTrain.txt"], "test": [f"{kind}DevTest.txt"],
                 "all": [f"{kind}DevTrain.txt", f"{kind}DevTest.txt"]}[self.usage]
        self._items = []
        if self.task == "people":
            names = {parts[0]: k for k, parts in enumerate(self._lines("lfw-names.txt"))}
            for fname in files:
                for parts in self._lines(fname):
                    if len(parts) < 2:  # a count line
                        continue
                    for k in range(1, int(parts[1]) + 1):
                        self._items.append((self._path(parts[0], k), names.get(parts[0], 0)))
        else:
            for fname in files:
                for parts in self._lines(fname):
                    if len(parts) == 3:
                        self._items.append((self._path(parts[0], parts[1]), self._path(parts[0], parts[2]), 1))
                    elif len(parts) == 4:
                        self._items.append((self._path(parts[0], parts[1]), self._path(parts[2], parts[3]), 0))
        if not self._items:
            _no_data(self, self.dataset_dir)
        return len(self._items)

    def _read(self, i):
        item = self._items[i]
        return tuple(_image(p, self.decode) for p in item[:-1]) + (np.uint32(item[-1]),)

    def _labels(self):
        self._n()
        return [item[-1] for item in self._items]


class PhotoTourDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.PhotoTourDataset(dataset_dir, name, usage=None, num_samples=None,
    num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None)``:
    ``<name>/patches*.bmp`` (1024 x 1024 grayscale, 16 x 16 patches of 64 x 64, row by row, files in name order)
    and ``info.txt`` (one line per patch: its 3D point ID). ``usage='train'`` (default): one row per patch,
    ``image`` (64, 64, 1) uint8. ``test``: the pairs of ``m50_100000_100000_0.txt`` (``patch1 point1 _ patch2
    point2 _ _``): ``image1``, ``image2`` and ``matches`` uint32 (1 when the point IDs are equal)."""

    _NAMES = ("notredame", "yosemite", "liberty", "notredame_harris", "yosemite_harris", "liberty_harris")

    def __init__(self, dataset_dir, name, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        self.name = _choice("name", name, self._NAMES)
        self.usage = _choice("usage", usage or "train", ("train", "test"))
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self._columns = ["image"] if self.usage == "train" else ["image1", "image2", "matches"]
        self._sheets = {}

    def _load(self):
        folder = os.path.join(self.dataset_dir, self.name)
        info = os.path.join(folder, "info.txt")
        if not os.path.isfile(info):
            raise RuntimeError(f"Invalid file, failed to find PhotoTour file: {info}.")
        self._bmps = [os.path.join(folder, f) for f in _files(folder) if f.startswith("patches")
                      and f.endswith(".bmp")]
        with open(info, encoding="utf-8") as f:
            n_patches = sum(1 for ln in f if ln.strip())
        if self.usage == "train":
            self._items = list(range(n_patches))
        else:
            pairs = os.path.join(folder, "m50_100000_100000_0.txt")
            if not os.path.isfile(pairs):
                raise RuntimeError(f"Invalid file, failed to find PhotoTour file: {pairs}.")
            with open(pairs, encoding="utf-8") as f:
                rows = [ln.split() for ln in f if ln.strip()]
            self._items = [(int(r[0]), int(r[3]), int(r[1] == r[4])) for r in rows]
        if not self._items:
            _no_data(self, folder)
        return len(self._items)

    def _patch(self, k):
        import cv2
        sheet, pos = divmod(k, 256)
        if sheet >= len(self._bmps):
            raise RuntimeError(f"Invalid data, patch {k} is beyond the {len(self._bmps)} patches*.bmp files.")
        if sheet not in self._sheets:
            img = cv2.imread(self._bmps[sheet], cv2.IMREAD_GRAYSCALE)
            if img is None:
                raise RuntimeError(f"Invalid file, failed to decode {self._bmps[sheet]}.")
            self._sheets = {sheet: img}  # one sheet cached: rows come mostly in order
        r, c = divmod(pos, 16)
        return self._sheets[sheet][r * 64:(r + 1) * 64, c * 64:(c + 1) * 64, None].copy()

    def _read(self, i):
        if self.usage == "train":
            return (self._patch(self._items[i]),)
        a, b, match = self._items[i]
        return self._patch(a), self._patch(b), np.uint32(match)


class SBDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.SBDataset(dataset_dir, task='Boundaries', usage='all', num_samples=None,
    num_parallel_workers=1, shuffle=None, decode=None, sampler=None, num_shards=None, shard_id=None)`` (a Python
    dataset in MindSpore too, reading ``.mat`` files with scipy): the names of ``<usage>.txt`` (``all``: train then
    val) give ``img/<name>.jpg`` and ``cls/<name>.mat``. Columns ``image`` (the file's bytes, or with ``decode``
    Pillow's RGB decoding) and ``task``: for ``Boundaries`` the 20 class boundary maps of ``GTcls.Boundaries``
    stacked (20, H, W), for ``Segmentation`` the (H, W) map ``GTcls.Segmentation`` (MindSpore's docstring swaps
    the two; this is what its code returns). A missing list file raises FileNotFoundError, as MindSpore."""

    _sampling_path = "generator"  # a GeneratorDataset in MindSpore

    def __init__(self, dataset_dir, task="Boundaries", usage="all", num_samples=None, num_parallel_workers=1,
                 shuffle=None, decode=None, sampler=None, num_shards=None, shard_id=None):
        self.task = _choice("task", task, ("Boundaries", "Segmentation"))
        self.usage = _choice("usage", usage, ("train", "val", "train_noval", "all"))
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.decode = bool(decode)
        self._columns = ["image", "task"]

    def _load(self):
        names = []
        for usage in (["train", "val"] if self.usage == "all" else [self.usage]):
            path = os.path.join(self.dataset_dir, usage + ".txt")
            if not os.path.exists(path):
                raise FileNotFoundError(f"SBDataset: {path} not found")
            with open(path, encoding="utf-8") as f:
                names += [ln.strip() for ln in f.readlines()]
        self._items = [(os.path.join(self.dataset_dir, "img", n + ".jpg"), os.path.join(self.dataset_dir, "cls",
                                                                                         n + ".mat")) for n in names]
        return len(self._items)

    def _read(self, i):
        from .datasets_arrays import loadmat
        from .datasets_image_dirs import _pil_image
        img, mat = self._items[i]
        gt = loadmat(mat)["GTcls"][0][self.task][0]
        if self.task == "Boundaries":
            task = np.stack([gt[k][0].toarray() for k in range(20)])
        else:
            task = np.asarray(gt)
        return _pil_image(img, self.decode), task

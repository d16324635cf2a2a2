"""Seeded dataset orders beyond the samplers of dataset_random_cases.py, run alike under real MindSpore 2.10
(gen_dataset_random_orders.py) and ms_compat (tests/dataset/test_dataset_random_orders.py):
``run(ds, vision, tmpdir, FileWriter)`` -> {case name: int64 array}.

Every case is a table row: ``PKSampler(shuffle)``, ``split(randomize)`` of a source and of a pipeline, the file
readers (``TextFileDataset``, ``CSVDataset``, ``CLUEDataset``, ``TFRecordDataset``: ``shuffle`` False/FILES/GLOBAL
x ``num_shards``/``shard_id`` (x ``shard_equal_rows``) x ``num_parallel_workers`` x ``num_samples``), the
shuffles of ``CocoDataset``, ``VOCDataset`` and ``Cifar100Dataset``, ``MindDataset`` (shuffle modes x ``num_shards``, its Random/Distributed
samplers), ``shuffle`` with ``num_samples``, ``map(python_multiprocessing=True)`` x seeds x workers; each over
epochs of one iterator, then a fresh iterator.
"""
import json
import os
import random
import zlib

import numpy as np

SEEDS = (0, 5, 1234)


def _key(value):
    """A row's identity as an int: the number a text/numeric column holds, else a CRC of the bytes."""
    a = np.asarray(value)
    if a.dtype.kind in "iu" and a.size == 1:
        return int(a.reshape(-1)[0])
    if a.dtype.kind in "US" and a.size == 1:
        s = a.reshape(-1)[0]
        s = s.decode() if isinstance(s, bytes) else str(s)
        return int(s) if s.lstrip("-").isdigit() else zlib.crc32(s.encode())
    return zlib.crc32(np.ascontiguousarray(a).tobytes())


def _orders(dataset, epochs=3, column=0, keep=None):
    """``epochs`` epochs of one iterator, then one epoch of a fresh iterator, as one flat array (-1 between)."""
    out = []
    it = dataset.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    for _ in range(epochs):
        out.extend([_key(r[column]) for r in it][:keep])
        out.append(-1)
    out.extend([_key(r[column]) for r in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)][:keep])
    return np.asarray(out, np.int64)


def _write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return path


def _folder(tmpdir, n=23, classes=4):
    """An ImageFolder tree whose classes hold different numbers of files (file byte 0 = its number)."""
    d = os.path.join(tmpdir, "pk_folder")
    for i in range(n):
        _write(os.path.join(d, f"class{(i * 7) % classes}", f"img{i:03d}.jpg"), bytes([i, 0xFF, 0xD8]))
    return d


def pk_cases(ds, tmpdir):
    out = {}
    d = _folder(tmpdir)
    for seed in SEEDS:
        for shuffle in (False, True):
            for num_val, num_samples in ((1, None), (3, None), (5, None), (2, 5)):
                ds.config.set_seed(seed)
                sampler = ds.PKSampler(num_val, shuffle=shuffle, num_samples=num_samples)
                out[f"pk|{seed}|{shuffle}|{num_val}|{num_samples}"] = _orders(
                    ds.ImageFolderDataset(d, sampler=sampler), column=0)
    return out


def split_cases(ds):
    """Each split over two epochs of one iterator and a fresh one, for sources (mappable) and pipelines."""
    out = {}
    for seed in SEEDS:
        for n, sizes in ((10, [0.6, 0.4]), (10, [3, 3, 4]), (23, [0.5, 0.25, 0.25]), (7, [0.3, 0.3, 0.4])):
            for randomize in (True, False):
                for kind in ("source", "shuffled_source", "pipeline"):
                    ds.config.set_seed(seed)
                    d = ds.NumpySlicesDataset(np.arange(n), ["x"], shuffle=kind == "shuffled_source")
                    if kind == "pipeline":
                        d = d.map(lambda x: x, "x")
                    parts = d.split(sizes, randomize=randomize)
                    out[f"split|{kind}|{seed}|{n}|{sizes}|{randomize}"] = np.concatenate(
                        [np.append(_orders(p, epochs=2), -2) for p in parts])
    return out


def _text_files(tmpdir):
    d = os.path.join(tmpdir, "text")
    paths, k = [], 0
    for i, n in enumerate((4, 5, 3, 6, 0, 2)):
        lines = []
        for j in range(n):
            lines.append(str(k))
            k += 1
            if j == 1:
                lines.append("")  # empty lines are skipped
        paths.append(_write(os.path.join(d, f"f{i}.txt"), ("\n".join(lines) + "\n").encode() if n else b""))
    return paths


def _csv_files(tmpdir):
    d = os.path.join(tmpdir, "csv")
    paths, k = [], 0
    for i, n in enumerate((3, 7, 1, 4)):
        rows = []
        for _ in range(n):
            rows.append(f"{k},name{k}")
            k += 1
        paths.append(_write(os.path.join(d, f"c{i}.csv"), ("\n".join(rows) + "\n").encode()))
    return paths


def _clue_files(tmpdir):
    d = os.path.join(tmpdir, "clue")
    paths, k = [], 0
    for i, n in enumerate((5, 2, 6)):
        rows = []
        for _ in range(n):
            rows.append(json.dumps({"id": k, "sentence1": f"s{k}", "sentence2": f"t{k}"}))
            k += 1
        paths.append(_write(os.path.join(d, f"q{i}.json"), ("\n".join(rows) + "\n").encode()))
    return paths


def file_reader_cases(ds, tmpdir):
    out = {}
    text, csv, clue = _text_files(tmpdir), _csv_files(tmpdir), _clue_files(tmpdir)
    modes = {"false": False, "files": ds.Shuffle.FILES, "global": ds.Shuffle.GLOBAL, "true": True}
    shardings = ((None, None), (2, 0), (2, 1), (3, 0), (3, 1), (3, 2), (4, 3))
    for seed in SEEDS:
        for mode, shuffle in modes.items():
            for workers in (1, 2):  # MindSpore allows at most the CPU count (2 here)
                for shards, shard_id in shardings:
                    ds.config.set_seed(seed)
                    out[f"textfile|{seed}|{mode}|{workers}|{shards}|{shard_id}"] = _orders(ds.TextFileDataset(
                        text, shuffle=shuffle, num_parallel_workers=workers, num_shards=shards, shard_id=shard_id))
            for workers in (1, 2):
                ds.config.set_seed(seed)
                out[f"textfile_num_samples|{seed}|{mode}|{workers}"] = _orders(ds.TextFileDataset(
                    text, shuffle=shuffle, num_parallel_workers=workers, num_samples=7))
                for shards, shard_id in ((None, None), (2, 1)):
                    ds.config.set_seed(seed)
                    out[f"csv|{seed}|{mode}|{workers}|{shards}|{shard_id}"] = _orders(ds.CSVDataset(
                        csv, column_defaults=[0, ""], column_names=["id", "name"], shuffle=shuffle,
                        num_parallel_workers=workers, num_shards=shards, shard_id=shard_id))
                    ds.config.set_seed(seed)
                    out[f"clue|{seed}|{mode}|{workers}|{shards}|{shard_id}"] = _orders(ds.CLUEDataset(
                        clue, task="AFQMC", usage="test", shuffle=shuffle, num_parallel_workers=workers,
                        num_shards=shards, shard_id=shard_id))
    for seed in SEEDS:  # a file reader is split as a pipeline (shuffle buffer, skip/take)
        for randomize in (True, False):
            ds.config.set_seed(seed)
            parts = ds.TextFileDataset(text, shuffle=False, num_parallel_workers=1).split([0.5, 0.5], randomize)
            out[f"split_textfile|{seed}|{randomize}"] = np.concatenate(
                [np.append(_orders(p, epochs=2), -2) for p in parts])
    # a larger corpus: the GLOBAL shuffle buffer holds 4 x the rows per file (at most 10000), not the whole shard
    d = os.path.join(tmpdir, "text_big")
    big = [_write(os.path.join(d, f"b{i}.txt"), ("\n".join(str(i * 1000 + j) for j in range(n)) + "\n").encode())
           for i, n in enumerate((40, 3, 25))]
    for seed in SEEDS:
        for shards, shard_id in ((None, None), (2, 1)):
            ds.config.set_seed(seed)
            out[f"textfile_buffer|{seed}|{shards}|{shard_id}"] = _orders(ds.TextFileDataset(
                big, num_parallel_workers=2, num_shards=shards, shard_id=shard_id))
    return out


def _tfrecord_files(tmpdir, name, counts):
    from dataset_files_extra import example, write_tfrecord
    d = os.path.join(tmpdir, name)
    os.makedirs(d, exist_ok=True)
    paths, k = [], 0
    for i, n in enumerate(counts):
        paths.append(write_tfrecord(os.path.join(d, f"t{i}.tfrecord"), [example({"x": [k + j]}) for j in range(n)]))
        k += n
    return paths


def tfrecord_cases(ds, tmpdir):
    out = {}
    files = _tfrecord_files(tmpdir, "tf", (4, 5, 3, 6, 2))
    modes = {"false": False, "files": ds.Shuffle.FILES, "global": ds.Shuffle.GLOBAL}
    shardings = ((None, None), (2, 0), (2, 1), (3, 2))
    for seed in SEEDS:
        for mode, shuffle in modes.items():
            for workers in (1, 2):
                for shards, shard_id in shardings:
                    for equal in ((False, True) if shards else (False,)):
                        ds.config.set_seed(seed)
                        out[f"tfrecord|{seed}|{mode}|{workers}|{shards}|{shard_id}|{equal}"] = _orders(
                            ds.TFRecordDataset(files, shuffle=shuffle, num_parallel_workers=workers, num_shards=shards,
                                               shard_id=shard_id, shard_equal_rows=equal))
            ds.config.set_seed(seed)
            out[f"tfrecord_num_samples|{seed}|{mode}"] = _orders(ds.TFRecordDataset(
                files, shuffle=shuffle, num_parallel_workers=2, num_samples=9))
    big = _tfrecord_files(tmpdir, "tf_big", (40, 3, 25))
    for seed in SEEDS:
        for shards, shard_id in ((None, None), (2, 1)):
            ds.config.set_seed(seed)
            out[f"tfrecord_buffer|{seed}|{shards}|{shard_id}"] = _orders(ds.TFRecordDataset(
                big, num_parallel_workers=2, num_shards=shards, shard_id=shard_id, shard_equal_rows=True))
    return out


def _mindrecord_files(tmpdir, writer, counts=(4, 5, 3, 6, 1)):
    d = os.path.join(tmpdir, "mindrecord")
    os.makedirs(d, exist_ok=True)
    paths, k = [], 0
    for i, n in enumerate(counts):
        p = os.path.join(d, f"m{i}.mindrecord")
        w = writer(p, 1)
        w.add_schema({"id": {"type": "int64"}}, "ids")
        w.write_raw_data([{"id": k + j} for j in range(n)])
        w.commit()
        paths.append(p)
        k += n
    return paths


def mindrecord_cases(ds, tmpdir, writer):
    """``MindDataset`` (MindRecord's ShardShuffle): shuffle modes x shards x seeds, its samplers, ``split``."""
    out = {}
    files = _mindrecord_files(tmpdir, writer)
    modes = {"none": None, "true": True, "false": False, "global": ds.Shuffle.GLOBAL, "files": ds.Shuffle.FILES,
             "infile": ds.Shuffle.INFILE}
    for seed in SEEDS:
        for mode, shuffle in modes.items():
            for shards, shard_id in ((None, None), (2, 0), (2, 1), (3, 2), (4, 1)):
                ds.config.set_seed(seed)
                out[f"mindrecord|{seed}|{mode}|{shards}|{shard_id}"] = _orders(ds.MindDataset(
                    files, shuffle=shuffle, num_shards=shards, shard_id=shard_id))
        for shuffle in (None, True):  # a shuffle with num_samples: rows drawn with replacement
            ds.config.set_seed(seed)
            out[f"mindrecord_num_samples|{seed}|{shuffle}"] = _orders(ds.MindDataset(files, shuffle=shuffle,
                                                                                     num_samples=8))
        for randomize in (True, False):
            ds.config.set_seed(seed)
            parts = ds.MindDataset(files, shuffle=False).split([0.6, 0.4], randomize)
            out[f"split_mindrecord|{seed}|{randomize}"] = np.concatenate(
                [np.append(_orders(p, epochs=2), -2) for p in parts])
        for name, make in (("random", lambda: ds.RandomSampler()),
                           ("random_num_samples", lambda: ds.RandomSampler(num_samples=7)),
                           ("random_replacement", lambda: ds.RandomSampler(replacement=True, num_samples=25)),
                           ("sequential", lambda: ds.SequentialSampler(2, 9)),
                           ("distributed", lambda: ds.DistributedSampler(3, 1)),
                           ("distributed_no_shuffle", lambda: ds.DistributedSampler(2, 1, shuffle=False))):
            ds.config.set_seed(seed)
            out[f"mindrecord_sampler|{seed}|{name}"] = _orders(ds.MindDataset(files, sampler=make()))
    return out


def shuffle_num_samples_cases(ds, tmpdir):
    """A shuffled random-access source with ``num_samples`` draws rows with replacement in MindSpore 2.10."""
    out = {}
    for seed in SEEDS:
        for shuffle in (None, True):
            for k in (1, 8, 20, 30):
                ds.config.set_seed(seed)
                out[f"shuffle_num_samples|numpy|{seed}|{shuffle}|{k}"] = _orders(ds.NumpySlicesDataset(
                    np.arange(20), ["x"], shuffle=shuffle, num_samples=k))
        ds.config.set_seed(seed)
        out[f"shuffle_num_samples|folder|{seed}"] = _orders(ds.ImageFolderDataset(_folder(tmpdir), num_samples=9))
    return out


def _py_random(x):
    """A Python operation drawing from Python's and numpy's global generators: one int per row."""
    return np.int64(int(x) * 1000000 + np.random.randint(1000) * 1000 + random.randint(0, 999))


class _RandomSource:
    """A random-access source whose rows draw from Python's and numpy's global generators."""

    def __getitem__(self, i):
        return (np.int64(i * 1000000 + np.random.randint(1000) * 1000 + random.randint(0, 999)),)

    def __len__(self):
        return 7


def _images(n=13, h=9, w=11):
    img = (np.arange(h)[:, None] * 16 + np.arange(w)[None, :]).astype(np.uint8)
    return np.repeat(np.stack([img] * n)[..., None], 3, axis=3)


def multiprocessing_cases(ds, vision):
    """``map(..., python_multiprocessing=True)``: a Python operation's draws in each worker process (seeded
    ``seed + worker``, rows dealt in turn, the state kept over epochs), and MindSpore's own random transforms
    (which stay in its C++ threads); a ``GeneratorDataset`` source read by worker processes (row ``k`` of each
    epoch to worker ``k % workers``)."""
    out = {}
    for seed in SEEDS:
        for workers in (1, 2):  # MindSpore allows at most the CPU count (2 here)
            ds.config.set_seed(seed)
            out[f"mp_python|{seed}|{workers}"] = _orders(ds.NumpySlicesDataset(np.arange(7), ["x"], shuffle=False).map(
                _py_random, "x", num_parallel_workers=workers, python_multiprocessing=True))
            for shuffle in (False, True):
                ds.config.set_seed(seed)
                out[f"mp_generator|{seed}|{workers}|{shuffle}"] = _orders(ds.GeneratorDataset(
                    _RandomSource(), ["x"], shuffle=shuffle, num_parallel_workers=workers, python_multiprocessing=True))
            ds.config.set_seed(seed)
            out[f"mp_transforms|{seed}|{workers}"] = _orders(ds.NumpySlicesDataset(
                {"image": _images()}, shuffle=False).map([vision.RandomCrop((3, 4)), vision.RandomHorizontalFlip()],
                                                         "image", num_parallel_workers=workers,
                                                         python_multiprocessing=True), epochs=2)
    return out


def _png(i):
    """A tiny PNG-signed blob, distinct per ``i`` (read with ``decode=False``: the bytes identify the row)."""
    return b"\x89PNG\r\n\x1a\n" + bytes([i % 256, i // 256]) * 4


def _voc_dir(tmpdir, n=12):
    d = os.path.join(tmpdir, "voc")
    ids = [f"2007_{i:06d}" for i in range(n)]
    for k, i in enumerate(ids):
        _write(os.path.join(d, "JPEGImages", i + ".jpg"), _png(k))
        xml = (f"<annotation><filename>{i}.jpg</filename><size><width>8</width><height>8</height><depth>3</depth>"
               f"</size><object><name>{'cat' if k % 2 else 'dog'}</name><pose>Unspecified</pose><truncated>0"
               f"</truncated><difficult>0</difficult><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>4</xmax><ymax>5"
               f"</ymax></bndbox></object></annotation>")
        _write(os.path.join(d, "Annotations", i + ".xml"), xml.encode())
    _write(os.path.join(d, "ImageSets", "Main", "train.txt"), ("\n".join(ids) + "\n").encode())
    return d


def _coco_dir(tmpdir, n=12):
    d = os.path.join(tmpdir, "coco")
    images, anns = [], []
    for k in range(n):
        name = f"{k:012d}.jpg"
        _write(os.path.join(d, "images", name), _png(k + 50))
        images.append({"id": 100 + k, "file_name": name, "height": 8, "width": 8})
        anns.append({"id": k + 1, "image_id": 100 + k, "category_id": 1 + k % 2, "iscrowd": 0, "area": 4.0,
                     "segmentation": [[1.0, 1.0, 4.0, 1.0, 4.0, 5.0]], "bbox": [1.0, 1.0, 2.0, 2.0]})
    cats = [{"id": 1, "name": "cat", "supercategory": "animal"}, {"id": 2, "name": "dog", "supercategory": "animal"}]
    _write(os.path.join(d, "annotations.json"),
           json.dumps({"images": images, "annotations": anns, "categories": cats}).encode())
    return d


def _cifar100_dir(tmpdir, n=10000):  # MindSpore reads CIFAR-100 files of whole 10000-record blocks
    d = os.path.join(tmpdir, "cifar100")
    rec = np.zeros((n, 2 + 3072), np.uint8)
    rec[:, 0] = np.arange(n) % 20
    rec[:, 1] = np.arange(n) % 100
    rec[:, 2] = np.arange(n) % 256
    rec[:, 3] = np.arange(n) // 256
    _write(os.path.join(d, "test.bin"), rec.tobytes())
    return d


def annotated_cases(ds, tmpdir):
    out = {}
    voc, coco, cifar = _voc_dir(tmpdir), _coco_dir(tmpdir), _cifar100_dir(tmpdir)
    for seed in SEEDS:
        for workers in (1, 2):
            ds.config.set_seed(seed)
            out[f"voc|{seed}|{workers}"] = _orders(ds.VOCDataset(voc, task="Detection", usage="train", decode=False,
                                                                 shuffle=True, num_parallel_workers=workers))
            ds.config.set_seed(seed)
            out[f"coco|{seed}|{workers}"] = _orders(ds.CocoDataset(
                os.path.join(coco, "images"), os.path.join(coco, "annotations.json"), task="Detection",
                decode=False, shuffle=True, num_parallel_workers=workers))
    for seed, shards, shard_id in ((0, None, None), (5, 3, 2), (1234, None, None)):  # 10000 rows each: three
        ds.config.set_seed(seed)
        out[f"cifar100|{seed}|{shards}|{shard_id}"] = _orders(ds.Cifar100Dataset(
            cifar, usage="test", shuffle=True, num_shards=shards, shard_id=shard_id), epochs=2, keep=40)
    return out


def run(ds, vision, tmpdir, writer):
    """All cases; ``writer`` is the framework's ``mindrecord.FileWriter``."""
    out = multiprocessing_cases(ds, vision)
    out.update(pk_cases(ds, tmpdir))
    out.update(split_cases(ds))
    out.update(file_reader_cases(ds, tmpdir))
    out.update(tfrecord_cases(ds, tmpdir))
    out.update(annotated_cases(ds, tmpdir))
    out.update(mindrecord_cases(ds, tmpdir, writer))
    out.update(shuffle_num_samples_cases(ds, tmpdir))
    return out

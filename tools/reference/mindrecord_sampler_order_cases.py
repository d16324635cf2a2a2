"""Seeded ``MindDataset`` orders of the MindRecord operators beyond ``dataset_random_order_cases.py``, run alike
under real MindSpore 2.10 (gen_mindrecord_sampler_orders.py) and ms_compat
(tests/dataset/test_mindrecord_sampler_orders.py): ``run(ds, tmpdir, writer)`` -> {case name: array}.

Table rows: ``shuffle=Shuffle.PARTIAL``/``ADAPTIVE``/``FALSE`` x ``num_shards``/``shard_id`` x ``num_samples`` x
``num_parallel_workers``, ``RandomSampler(shuffle=mode)``/``DistributedSampler(shuffle=mode)``, ``SubsetSampler``
and ``SubsetRandomSampler`` (negative, wrapping and repeated indices, ``num_samples``), ``PKSampler`` (``num_val``
x ``shuffle`` x ``num_samples`` x an int or string ``class_column``), ``padded_sample``/``num_padded`` through
every shuffle mode and sharding, the modes given to other sources' samplers, the text and TFRecord
readers given the ``Shuffle`` modes only ``MindDataset`` knows, and the combinations MindSpore 2.10 refuses
(recorded as ``[error type, the part of the message that names the argument]``); each over three epochs of one
iterator, then a fresh iterator.
"""
import os

import numpy as np

from dataset_random_order_cases import (SEEDS, _clue_files, _csv_files, _mindrecord_files, _orders, _text_files,
                                        _tfrecord_files)

SHARDINGS = ((None, None), (2, 0), (2, 1), (3, 2), (4, 1))
SUBSETS = ([3, 1, -2, 7, 3, 10, 12], [-1, -19, -20, 19, 100, 0], list(range(18, -1, -1)), [5], [])


def _error(fn, names):
    """``[error type, the first of names found in the message]`` (else the message's first line) of ``fn()``."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - recording what the framework raises
        msg = str(e)
        return np.asarray([type(e).__name__, next((n for n in names if n in msg), msg.strip().splitlines()[0])])
    return np.asarray(["no error", ""])


def _orders_or_error(make):
    """``_orders`` of ``make()``, or ``[error type, "num_samples" if the message names it]`` where it raises."""
    try:
        return _orders(make())
    except Exception as e:  # noqa: BLE001 - recording what the framework raises
        return np.asarray([type(e).__name__, "num_samples" if "num_samples" in str(e) else str(e).splitlines()[0]])


def partial_cases(ds, files):
    """``Shuffle.PARTIAL`` (MindRecord's slow load mode) and ``Shuffle.ADAPTIVE``/``FALSE`` of a ``MindDataset``."""
    out = {}
    modes = {"partial": ds.Shuffle.PARTIAL, "adaptive": ds.Shuffle.ADAPTIVE, "false": ds.Shuffle.FALSE}
    for seed in SEEDS:
        for mode, shuffle in modes.items():
            for shards, shard_id in SHARDINGS:
                for workers in (1, 2):
                    ds.config.set_seed(seed)
                    out[f"mode|{seed}|{mode}|{shards}|{shard_id}|{workers}"] = _orders(ds.MindDataset(
                        files, shuffle=shuffle, num_shards=shards, shard_id=shard_id, num_parallel_workers=workers))
            for shards, shard_id, k in ((None, None, 8), (None, None, 30), (2, 1, 4), (3, 0, 20)):
                ds.config.set_seed(seed)
                out[f"mode_num_samples|{seed}|{mode}|{shards}|{shard_id}|{k}"] = _orders(ds.MindDataset(
                    files, shuffle=shuffle, num_shards=shards, shard_id=shard_id, num_samples=k))
        for mode in ("partial", "adaptive", "files", "infile"):
            shuffle = getattr(ds.Shuffle, mode.upper())
            samplers = {"random": lambda: ds.RandomSampler(shuffle=shuffle),
                        "distributed": lambda: ds.DistributedSampler(3, 1, shuffle=shuffle),
                        "distributed_num_samples": lambda: ds.DistributedSampler(2, 0, shuffle=shuffle, num_samples=5)}
            if mode in ("partial", "adaptive"):
                samplers["random_num_samples"] = lambda: ds.RandomSampler(num_samples=7, shuffle=shuffle)
                samplers["random_replacement"] = lambda: ds.RandomSampler(True, num_samples=25, shuffle=shuffle)
            for name, make in samplers.items():
                ds.config.set_seed(seed)
                out[f"mode_sampler|{seed}|{mode}|{name}"] = _orders_or_error(lambda: ds.MindDataset(files,
                                                                                                  sampler=make()))
    return out


def subset_cases(ds, files):
    """``SubsetSampler``/``SubsetRandomSampler`` as MindRecord's ``ShardSample`` operators."""
    out = {}
    for seed in SEEDS:
        for k, indices in enumerate(SUBSETS):
            for num_samples in (None, 3):
                for workers in (1, 2):
                    ds.config.set_seed(seed)
                    out[f"subset|{seed}|{k}|{num_samples}|{workers}"] = _orders(ds.MindDataset(
                        files, sampler=ds.SubsetSampler(indices, num_samples), num_parallel_workers=workers))
                    ds.config.set_seed(seed)
                    out[f"subset_random|{seed}|{k}|{num_samples}|{workers}"] = _orders(ds.MindDataset(
                        files, sampler=ds.SubsetRandomSampler(indices, num_samples), num_parallel_workers=workers))
        ds.config.set_seed(seed)
        d = ds.MindDataset(files, sampler=ds.SubsetRandomSampler([4, 0, 9, 2]))
        out[f"subset_random_size|{seed}"] = np.asarray([d.get_dataset_size()])
    return out


def _labelled_files(tmpdir, writer, labels):
    """One MindRecord file per row (``id`` = its position), with the indexed fields ``label`` (int64) and ``name``
    (its text with a prefix). One row per file because MindSpore 2.10's ``PKSampler`` over a ``MindDataset`` reads
    row <row group of the picked row> of the picked row's file (row 0 of a small file) instead of the row itself:
    with one row per file the row it reads is the row it picked."""
    os.makedirs(tmpdir, exist_ok=True)
    paths = []
    for i, lab in enumerate(labels):
        p = os.path.join(tmpdir, f"pk{i:02d}.mindrecord")
        w = writer(p, 1)
        w.add_schema({"id": {"type": "int64"}, "label": {"type": "int64"}, "name": {"type": "string"}}, "rows")
        w.add_index(["label", "name"])
        w.write_raw_data([{"id": i, "label": lab, "name": f"n{lab}"}])
        w.commit()
        paths.append(p)
    return paths


def pk_cases(ds, tmpdir, writer):
    """``PKSampler`` as MindRecord's ``ShardPkSample``: classes in the order of their text, ``num_val`` rows each,
    ``num_samples``, ``shuffle``. Where a class has several candidate rows MindSpore draws among them from
    ``std::random_device``, so those cases have one row per class (``unique``) or ``num_val=1`` (``repeated``)."""
    out = {}
    unique = _labelled_files(os.path.join(tmpdir, "pk_unique"), writer, [3, 10, 1, 2, 22, 0, 11, 5, 100, 7, 12, 9])
    repeated = _labelled_files(os.path.join(tmpdir, "pk_repeated"), writer, [3, 10, 1, 2, 10, 0, 11, 2, 1, 3, 0, 12])
    for seed in SEEDS:
        for shuffle in (False, True):
            for num_samples in (None, 5, 30):
                for column in ("label", "name"):
                    for num_val in (1, 2, 3):
                        ds.config.set_seed(seed)
                        out[f"pk|unique|{seed}|{shuffle}|{num_samples}|{column}|{num_val}"] = _orders(ds.MindDataset(
                            unique, columns_list=["id"], num_parallel_workers=1 + num_val % 2,
                            sampler=ds.PKSampler(num_val, shuffle=shuffle, class_column=column,
                                                 num_samples=num_samples)))
                    ds.config.set_seed(seed)
                    out[f"pk|repeated|{seed}|{shuffle}|{num_samples}|{column}|1"] = _orders(ds.MindDataset(
                        repeated, columns_list=["id"], sampler=ds.PKSampler(1, shuffle=shuffle, class_column=column,
                                                                           num_samples=num_samples)))
            ds.config.set_seed(seed)
            d = ds.MindDataset(repeated, sampler=ds.PKSampler(2, shuffle=shuffle, class_column="label"))
            out[f"pk_size|{seed}|{shuffle}"] = np.asarray([d.get_dataset_size()])
    ds.config.set_seed(0)
    for column in ("id", "nope"):
        out[f"error|pk_column_{column}"] = _error(
            lambda: _orders(ds.MindDataset(repeated, sampler=ds.PKSampler(1, class_column=column)), epochs=1),
            [f"'class_column': {column} can not found in fields of mindrecord files"])
    return out


def padded_cases(ds, files, tmpdir, writer):
    """``padded_sample``/``num_padded``: MindRecord's padded tasks after the rows, through every shuffle mode and
    sharding, and the argument checks."""
    out = {}
    pad = {"id": 1000}
    modes = {"false": False, "true": True, "partial": ds.Shuffle.PARTIAL, "files": ds.Shuffle.FILES,
             "infile": ds.Shuffle.INFILE}
    for seed in SEEDS:
        for mode, shuffle in modes.items():
            for shards, shard_id, num_padded in ((3, 1, 5), (4, 3, 1), (4, 0, 5), (2, 1, 1), (None, None, 3)):
                ds.config.set_seed(seed)
                out[f"padded|{seed}|{mode}|{shards}|{shard_id}|{num_padded}"] = _orders(ds.MindDataset(
                    files, columns_list=["id"], shuffle=shuffle, num_shards=shards, shard_id=shard_id,
                    padded_sample=pad, num_padded=num_padded))
        for name, make in (("distributed", lambda: ds.DistributedSampler(3, 1)),
                           ("distributed_num_samples", lambda: ds.DistributedSampler(3, 1, num_samples=4)),
                           ("random", lambda: ds.RandomSampler())):
            ds.config.set_seed(seed)
            out[f"padded_sampler|{seed}|{name}"] = _orders(ds.MindDataset(
                files, columns_list=["id"], sampler=make(), padded_sample=pad, num_padded=5))
        ds.config.set_seed(seed)
        out[f"padded_num_samples|{seed}"] = _orders(ds.MindDataset(
            files, columns_list=["id"], shuffle=False, num_shards=4, shard_id=3, padded_sample=pad, num_padded=1,
            num_samples=3))
    d = os.path.join(tmpdir, "padded_bytes")
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "b.mindrecord")
    w = writer(path, 1)
    w.add_schema({"id": {"type": "int64"}, "data": {"type": "bytes"}}, "blobs")
    w.write_raw_data([{"id": i, "data": bytes([i + 1]) * (i + 2)} for i in range(7)])
    w.commit()
    for value in (b"padding", np.arange(5, dtype=np.uint8)):
        ds.config.set_seed(5)
        out[f"padded_bytes|{type(value).__name__}"] = _orders(ds.MindDataset(
            path, columns_list=["data", "id"], shuffle=False, num_shards=3, shard_id=2,
            padded_sample={"data": value, "id": -7}, num_padded=2))
    errors = {"no_num_padded": dict(columns_list=["id"], padded_sample=pad),
              "no_columns_list": dict(padded_sample=pad, num_padded=1),
              "no_padded_sample": dict(columns_list=["id"], num_padded=1),
              "negative": dict(columns_list=["id"], padded_sample=pad, num_padded=-1),
              "columns_mismatch": dict(columns_list=["id"], padded_sample={"x": 1}, num_padded=1),
              "not_divisible": dict(columns_list=["id"], padded_sample=pad, num_padded=2, num_shards=4, shard_id=0,
                                    shuffle=False)}
    names = ["requires num_padded", "requires columns_list", "num_padded is specified but padded_sample is not",
             "num_padded is invalid", "padded_sample cannot match columns_list",
             "padded samples: 21 can not be divisible by the value of 'num_shards': 4"]
    for name, kwargs in errors.items():
        out[f"error|padded_{name}"] = _error(lambda: _orders(ds.MindDataset(files, **kwargs), epochs=1), names)
    return out


def other_source_cases(ds):
    """``RandomSampler(shuffle=mode)``/``DistributedSampler(shuffle=mode)`` given to sources other than
    ``MindDataset``: the modes only MindRecord knows are refused when the iterator is made."""
    out = {}
    modes = ("FALSE", "ADAPTIVE", "GLOBAL", "PARTIAL", "FILES", "INFILE")
    for mode in modes:
        shuffle = getattr(ds.Shuffle, mode)
        for source in ("numpy", "generator"):
            def make(sampler):
                if source == "numpy":
                    return ds.NumpySlicesDataset(np.arange(10), ["x"], sampler=sampler)
                return ds.GeneratorDataset([(np.int64(i),) for i in range(10)], ["x"], sampler=sampler)
            ds.config.set_seed(5)
            out[f"other|{source}|distributed|{mode}"] = _orders_or_error(
                lambda: make(ds.DistributedSampler(3, 1, shuffle=shuffle)))
            if mode != "FALSE":
                ds.config.set_seed(5)
                out[f"other|{source}|random|{mode}"] = _orders_or_error(lambda: make(ds.RandomSampler(shuffle=shuffle)))
    out["error|distributed_bad_shuffle"] = _error(lambda: ds.DistributedSampler(2, 0, shuffle="sideways"),
                                                  ["shuffle must be a boolean value or valid shuffle mode"])
    return out


def text_reader_cases(ds, tmpdir):
    """The text and TFRecord readers given the modes only ``MindDataset`` shuffles by: read unshuffled."""
    out = {}
    text, csv, clue = _text_files(tmpdir), _csv_files(tmpdir), _clue_files(tmpdir)
    tf = _tfrecord_files(tmpdir, "tf_modes", (4, 5, 3, 6, 2))
    for mode in ("partial", "adaptive", "false", "infile"):
        shuffle = getattr(ds.Shuffle, mode.upper())
        for shards, shard_id in ((None, None), (2, 1)):
            ds.config.set_seed(5)
            out[f"reader|textfile|{mode}|{shards}"] = _orders(ds.TextFileDataset(
                text, shuffle=shuffle, num_parallel_workers=2, num_shards=shards, shard_id=shard_id))
            ds.config.set_seed(5)
            out[f"reader|csv|{mode}|{shards}"] = _orders(ds.CSVDataset(
                csv, column_defaults=[0, ""], column_names=["id", "name"], shuffle=shuffle, num_parallel_workers=2,
                num_shards=shards, shard_id=shard_id))
            ds.config.set_seed(5)
            out[f"reader|clue|{mode}|{shards}"] = _orders(ds.CLUEDataset(
                clue, task="AFQMC", usage="test", shuffle=shuffle, num_parallel_workers=2, num_shards=shards,
                shard_id=shard_id))
            ds.config.set_seed(5)
            out[f"reader|tfrecord|{mode}|{shards}"] = _orders(ds.TFRecordDataset(
                tf, shuffle=shuffle, num_parallel_workers=2, num_shards=shards, shard_id=shard_id))
    return out


def error_cases(ds, files):
    """The combinations MindSpore 2.10 refuses for a ``MindDataset``."""

    class Mine(ds.Sampler):
        def __iter__(self):
            return iter(range(3))

    def run(**kwargs):
        return _orders(ds.MindDataset(files, **kwargs), epochs=1)

    ds.config.set_seed(0)
    return {
        "error|weighted": _error(lambda: run(sampler=ds.WeightedRandomSampler([1.0] * 19, 5)),
                                 ["The sampler is not supported yet."]),
        "error|weighted_no_replacement": _error(
            lambda: run(sampler=ds.WeightedRandomSampler([1.0] * 19, 5, False)), ["The sampler is not supported yet."]),
        "error|user_sampler": _error(lambda: run(sampler=Mine()), ["The sampler is not supported yet."]),
        "error|subset_too_many": _error(lambda: run(sampler=ds.SubsetSampler(list(range(20)))),
                                        ["indices size: 20 should be less than or equal to database size: 19"]),
        "error|subset_random_too_many": _error(lambda: run(sampler=ds.SubsetRandomSampler([0] * 25)),
                                               ["indices size: 25 should be less than or equal to database size: 19"]),
        "error|random_false": _error(lambda: ds.RandomSampler(shuffle=ds.Shuffle.FALSE), ["Shuffle.FALSE"]),
        "error|random_files_num_samples": _error(
            lambda: run(sampler=ds.RandomSampler(num_samples=4, shuffle=ds.Shuffle.FILES)), ["num_samples"]),
        "error|files_num_samples": _error(lambda: run(shuffle=ds.Shuffle.FILES, num_samples=3), ["num_samples"]),
        "error|infile_num_samples": _error(lambda: run(shuffle=ds.Shuffle.INFILE, num_samples=3), ["num_samples"]),
    }


def run(ds, tmpdir, writer):
    """All cases; ``writer`` is the framework's ``mindrecord.FileWriter``."""
    files = _mindrecord_files(os.path.join(tmpdir, "mr"), writer)
    out = partial_cases(ds, files)
    out.update(subset_cases(ds, files))
    out.update(text_reader_cases(ds, tmpdir))
    out.update(error_cases(ds, files))
    out.update(pk_cases(ds, tmpdir, writer))
    out.update(padded_cases(ds, files, tmpdir, writer))
    out.update(other_source_cases(ds))
    return out

"""One table of dataset sources x sampler forms x seeds, built by construction and run alike under real
MindSpore 2.10 (gen_sampler_table.py) and ms_compat (tests/dataset/test_sampler_table.py):
``run(ds, tmpdir, writer)`` -> {case name: array}.

The family: every class of ``mindspore.dataset`` (``ds``) that is a ``Dataset`` and takes ``sampler=`` or
``shuffle=`` (``family(ds)``), each with the read path MindSpore gives it (``path_of``: ``GeneratorDataset``'s
Python sampling, ``MindDataset``'s MindRecord operators, the C++ random-access leaves, the non-mappable
readers). All sources of a path share its sampling code in MindSpore, so the table samples one to four
sources per path (``sources``: ``CocoDataset``/``CelebADataset`` for their own refusal of ``PKSampler``); a path with no sampled source fails the test. The forms: ``shuffle`` True / False
/ None and each ``Shuffle`` member (taken from ``ds.Shuffle``), ``num_shards``/``shard_id`` (and its misuses),
``num_samples``, then for the sources taking ``sampler=``: ``RandomSampler``, ``SequentialSampler``,
``DistributedSampler`` (``shuffle``, ``num_samples``, ``offset``), ``SubsetSampler``, ``SubsetRandomSampler``,
``WeightedRandomSampler``, ``PKSampler``, a user ``Sampler`` subclass, a list and chains built by ``add_child``
and ``add_sampler``. Each row: the order over two epochs of one iterator and one epoch of a fresh iterator for
two seeds (``_orders``), or, where the framework raises (when the dataset or the iterator is made), ``[error
type, the argument the message names]``.
"""
import inspect
import os
import re

import numpy as np

from dataset_files import write_celeba
from dataset_random_cases import _mnist_dir
from dataset_random_order_cases import _coco_dir, _folder, _key, _mindrecord_files, _text_files, _tfrecord_files

SEEDS = (5, 1234)
# the argument names an error message may name, most specific first; the row records the first found
ARGS = ("start_index", "num_val", "class_column", "weights", "replacement", "indices", "offset", "num_samples",
        "num_shards", "shard_id", "shuffle", "sampler")
PARAMS = ("sampler", "shuffle", "num_samples", "num_shards", "shard_id")


def family(ds):
    """{name: path} of every ``Dataset`` class of ``ds`` taking ``sampler=`` or ``shuffle=`` (the abstract bases
    ``MappableDataset``/``SourceDataset`` left out)."""
    out = {}
    for name in sorted(dir(ds)):
        cls = getattr(ds, name)
        if not (inspect.isclass(cls) and issubclass(cls, ds.Dataset)) or name in ("MappableDataset", "SourceDataset"):
            continue
        params = inspect.signature(cls.__init__).parameters
        if "sampler" in params or "shuffle" in params:
            out[name] = path_of(ds, cls)
    return out


def path_of(ds, cls):
    """The code that samples ``cls``'s rows in MindSpore 2.10, from its bases."""
    names = [c.__name__ for c in cls.__mro__]
    if "GeneratorDataset" in names:
        return "generator"
    if cls.__name__ == "MindDataset":
        return "mindrecord"
    if "MappableDataset" in names:
        return "mappable"
    return "reader"


def signature_row(ds, name):
    """Which of ``PARAMS`` the class's ``__init__`` takes, as 0/1."""
    params = inspect.signature(getattr(ds, name).__init__).parameters
    return np.asarray([int(p in params) for p in PARAMS])


def _outcome(make, epochs=2):
    """``_orders`` of ``make()`` over ``epochs`` epochs of one iterator then a fresh one, else ``[error type,
    the first of ARGS its message names]`` (the message's first line when it names none)."""
    try:
        d = make()
        out = []
        it = d.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
        for _ in range(epochs):
            out.extend(_key(r[0]) for r in it)
            out.append(-1)
        out.extend(_key(r[0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1))
        return np.asarray(out, np.int64)
    except Exception as e:  # noqa: BLE001 - recording what the framework raises
        return np.asarray([type(e).__name__, _named(str(e))])


def _named(msg):
    """The first of ``ARGS`` the message's first line names, else that line (for MindSpore's pipeline errors the
    line under the header ``Dataset Pipeline Error Message``, its ``[ERROR]``/``[Internal ERROR]`` dropped)."""
    lines = [ln.strip() for ln in msg.strip().splitlines() if ln.strip()]
    for k, ln in enumerate(lines):
        if ln.startswith("- Dataset Pipeline Error Message"):
            body = [x for x in lines[k + 1:] if not x.startswith("---")]
            lines = body or [""]
            break
    first = re.sub(r"^(\[[A-Za-z ]*ERROR\]\s*)+", "", lines[0]) if lines else ""
    return next((a for a in ARGS if a in first), first)


class _Source:
    """A random-access Python source: row ``i`` holds ``i``."""

    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        return (np.int64(i),)

    def __len__(self):
        return self.n


def sources(ds, tmpdir, writer):
    """{source name: (path, make(**kwargs) -> dataset)}: the sampled sources of each path."""
    folder = _folder(tmpdir)
    mnist = _mnist_dir(tmpdir, 14)
    coco = _coco_dir(tmpdir)
    celeba = write_celeba(os.path.join(tmpdir, "celeba"))
    mr = _mindrecord_files(os.path.join(tmpdir, "mr"), writer)
    text = _text_files(tmpdir)
    tf = _tfrecord_files(tmpdir, "tf", (4, 5, 3, 6, 2))
    return {
        "NumpySlicesDataset": ("generator", lambda **kw: ds.NumpySlicesDataset(np.arange(12), ["x"], **kw)),
        "GeneratorDataset": ("generator", lambda **kw: ds.GeneratorDataset(_Source(13), ["x"], **kw)),
        "ImageFolderDataset": ("mappable", lambda **kw: ds.ImageFolderDataset(folder, **kw)),
        "MnistDataset": ("mappable", lambda **kw: ds.MnistDataset(mnist, usage="train", **kw)),
        "CocoDataset": ("mappable", lambda **kw: ds.CocoDataset(os.path.join(coco, "images"),
                                                                os.path.join(coco, "annotations.json"),
                                                                task="Detection", decode=False, **kw)),
        "CelebADataset": ("mappable", lambda **kw: ds.CelebADataset(celeba, decode=False, **kw)),
        "MindDataset": ("mindrecord", lambda **kw: ds.MindDataset(mr, **kw)),
        "TextFileDataset": ("reader", lambda **kw: ds.TextFileDataset(text, num_parallel_workers=1, **kw)),
        "TFRecordDataset": ("reader", lambda **kw: ds.TFRecordDataset(tf, num_parallel_workers=1, **kw)),
    }


class _Mine:
    """Builds a user ``Sampler`` subclass of the framework's ``ds.Sampler``: fixed picks from the dataset size."""

    @staticmethod
    def make(ds, picks, num_samples=None):
        class Mine(ds.Sampler):
            def __iter__(self):
                return iter([p % self.dataset_size for p in picks])
        return Mine(num_samples)


class _Picks:
    """An iterable that is not a ``Sampler``: the same picks on every pass."""

    def __init__(self, picks):
        self.picks = picks

    def __iter__(self):
        return iter(self.picks)


def _chain(parent, child):
    parent.add_child(child)
    return parent


def kwarg_forms(ds):
    """{form name: kwargs}: the source arguments every source takes."""
    forms = {"default": {}, "shuffle_true": {"shuffle": True}, "shuffle_false": {"shuffle": False},
             "shuffle_none": {"shuffle": None}}
    for name in sorted(n for n in dir(ds.Shuffle) if n.isupper()):
        forms[f"shuffle_{name}"] = {"shuffle": getattr(ds.Shuffle, name)}
    forms.update({
        "shards": {"num_shards": 3, "shard_id": 1},
        "shards_no_shuffle": {"num_shards": 3, "shard_id": 2, "shuffle": False},
        "shards_num_samples": {"num_shards": 2, "shard_id": 0, "num_samples": 3},
        "num_samples": {"num_samples": 5},
        "num_samples_no_shuffle": {"num_samples": 5, "shuffle": False},
        "shards_no_id": {"num_shards": 2},
        "id_no_shards": {"shard_id": 0},
        "shard_id_too_big": {"num_shards": 2, "shard_id": 2},
        "shuffle_string": {"shuffle": "yes"},
    })
    return forms


def sampler_forms(ds):
    """{form name: make() -> kwargs}: the ``sampler=`` forms (made afresh per row: a sampler keeps state)."""
    return {
        "random": lambda: {"sampler": ds.RandomSampler()},
        "random_num_samples": lambda: {"sampler": ds.RandomSampler(num_samples=5)},
        "random_replacement": lambda: {"sampler": ds.RandomSampler(True, num_samples=7)},
        "random_replacement_all": lambda: {"sampler": ds.RandomSampler(True)},
        "sequential": lambda: {"sampler": ds.SequentialSampler()},
        "sequential_start": lambda: {"sampler": ds.SequentialSampler(2, 5)},
        "sequential_start_too_big": lambda: {"sampler": ds.SequentialSampler(40)},
        "distributed": lambda: {"sampler": ds.DistributedSampler(3, 1)},
        "distributed_no_shuffle": lambda: {"sampler": ds.DistributedSampler(3, 2, shuffle=False)},
        "distributed_num_samples": lambda: {"sampler": ds.DistributedSampler(2, 1, num_samples=4)},
        "distributed_offset": lambda: {"sampler": ds.DistributedSampler(3, 1, shuffle=False, offset=2)},
        "distributed_offset_shuffle": lambda: {"sampler": ds.DistributedSampler(4, 3, offset=1)},
        "subset": lambda: {"sampler": ds.SubsetSampler([3, 1, 4, 1, 5, 9])},
        "subset_num_samples": lambda: {"sampler": ds.SubsetSampler([3, 1, 4, 1, 5, 9], 4)},
        "subset_negative": lambda: {"sampler": ds.SubsetSampler([2, -1, 0])},
        "subset_random": lambda: {"sampler": ds.SubsetRandomSampler([2, 7, 1, 8, 0, 6])},
        "weighted": lambda: {"sampler": ds.WeightedRandomSampler([0.5, 1.0, 0.0, 2.0, 1.0, 0.25], 5)},
        "weighted_no_replacement": lambda: {"sampler": ds.WeightedRandomSampler([0.5, 1.0, 0.1, 2.0, 1.0], 3,
                                                                                False)},
        "pk": lambda: {"sampler": ds.PKSampler(2)},
        "pk_shuffle": lambda: {"sampler": ds.PKSampler(1, shuffle=True)},
        "user": lambda: {"sampler": _Mine.make(ds, [5, 2, 7, 0, 2])},
        "list": lambda: {"sampler": [4, 0, 3]},
        "random_num_samples_over": lambda: {"sampler": ds.RandomSampler(num_samples=40)},
        "sequential_num_samples_over": lambda: {"sampler": ds.SequentialSampler(3, 40)},
        "distributed_more_shards_than_rows": lambda: {"sampler": ds.DistributedSampler(30, 17, shuffle=False)},
        "distributed_offset_past_rows": lambda: {"sampler": ds.DistributedSampler(4, 0, shuffle=False, offset=3)},
        "weighted_too_many": lambda: {"sampler": ds.WeightedRandomSampler([1.0] * 40, 3)},
        "pk_num_samples": lambda: {"sampler": ds.PKSampler(3, num_samples=5)},
        "user_num_samples": lambda: {"sampler": _Mine.make(ds, [5, 2, 7, 0, 2], 2)},
        "iterator": lambda: {"sampler": iter([6, 1, 3])},
        "iterable": lambda: {"sampler": _Picks([4, 1, 3, 4])},
        "iterable_past_rows": lambda: {"sampler": _Picks([30, 1, 3, 25, 2])},
        "tuple": lambda: {"sampler": (2, 9, 2)},
        "sampler_and_shuffle": lambda: {"sampler": ds.RandomSampler(), "shuffle": True},
        "sampler_and_shards": lambda: {"sampler": ds.SequentialSampler(), "num_shards": 2, "shard_id": 0},
        "sampler_and_num_samples": lambda: {"sampler": ds.SequentialSampler(), "num_samples": 3},
        "chain_distributed_random": lambda: {"sampler": _chain(ds.DistributedSampler(2, 0), ds.RandomSampler())},
        "chain_random_distributed": lambda: {"sampler": _chain(ds.RandomSampler(num_samples=4),
                                                               ds.DistributedSampler(2, 1, shuffle=False))},
        "chain_sequential_distributed": lambda: {"sampler": _chain(ds.SequentialSampler(1, 3),
                                                                   ds.DistributedSampler(3, 1))},
        "chain_sequential_all_distributed": lambda: {"sampler": _chain(ds.SequentialSampler(),
                                                                       ds.DistributedSampler(2, 0, shuffle=False))},
        "chain_sequential_subset": lambda: {"sampler": _chain(ds.SequentialSampler(1, 3),
                                                              ds.SubsetSampler([6, 2, 5, 0, 3]))},
        "chain_subset_sequential": lambda: {"sampler": _chain(ds.SubsetSampler([3, 0, 2]),
                                                              ds.SequentialSampler(2, 6))},
        "chain_subset_random_random": lambda: {"sampler": _chain(ds.SubsetRandomSampler([0, 2, 4, 6]),
                                                                 ds.RandomSampler())},
        "chain_sequential_user": lambda: {"sampler": _chain(ds.SequentialSampler(1, 2),
                                                            _Mine.make(ds, [5, 2, 7, 0]))},
        "chain_distributed_weighted": lambda: {"sampler": _chain(
            ds.DistributedSampler(2, 1, shuffle=False), ds.WeightedRandomSampler([1.0, 2.0, 0.5, 1.0], 6))},
    }


def run(ds, tmpdir, writer):
    """All rows; ``writer`` is the framework's ``mindrecord.FileWriter``."""
    out = {}
    for name, (path, make) in sources(ds, tmpdir, writer).items():
        takes_sampler = "sampler" in inspect.signature(getattr(ds, name).__init__).parameters
        for seed in SEEDS:
            for form, kwargs in kwarg_forms(ds).items():
                ds.config.set_seed(seed)
                out[f"{path}|{name}|{form}|{seed}"] = _outcome(lambda: make(**kwargs))
            if not takes_sampler:
                continue
            for form, kwargs in sampler_forms(ds).items():
                ds.config.set_seed(seed)
                out[f"{path}|{name}|{form}|{seed}"] = _outcome(lambda: make(**kwargs()))
            ds.config.set_seed(seed)  # Dataset.add_sampler: the new sampler samples the source's picks
            out[f"{path}|{name}|add_sampler|{seed}"] = _outcome(
                lambda: _added(make(shuffle=False, num_shards=2, shard_id=1), ds.RandomSampler(num_samples=3)))
            ds.config.set_seed(seed)
            out[f"{path}|{name}|add_sampler_pk|{seed}"] = _outcome(
                lambda: _added(make(shuffle=False), ds.PKSampler(2)))
            ds.config.set_seed(seed)  # Dataset.use_sampler: the source's sampler replaced
            out[f"{path}|{name}|use_sampler|{seed}"] = _outcome(
                lambda: _added(make(shuffle=False), ds.DistributedSampler(3, 0), "use_sampler"))
    return out


def _added(dataset, sampler, how="add_sampler"):
    getattr(dataset, how)(sampler)
    return dataset

"""Seeded dataset orders and random-transform draws are MindSpore 2.10's (references:
tools/reference/gen_dataset_random.py): every source's ``shuffle``, ``RandomSampler``, ``DistributedSampler``,
``Dataset.shuffle(buffer_size)``, the Subset/Weighted samplers, ``RandomHorizontalFlip``/``RandomVerticalFlip``/
``RandomCrop``/``RandomResizedCrop``/``RandomRotation`` in ``map`` over
worker counts, epoch after epoch, and the order ``Model.train`` feeds."""

import numpy as np
import pytest

import ms_compat
from ms_compat import dataset as ds
from ms_compat.dataset import vision
from ms_compat.dataset.core import config
from ms_compat.dataset.core.cpp_random import Mt19937, Mt19937_64

from dataset_reference import reference, run_keeping_dataset_seed  # noqa: E402 (also puts tools/reference on the path)
from dataset_random_cases import run  # noqa: E402

REF = reference("orders.npz")


@pytest.fixture(scope="module")
def ours(tmp_path_factory):
    ms_compat.install()
    import mindspore
    return run_keeping_dataset_seed(run, ds, vision, str(tmp_path_factory.mktemp("dsrandom")), mindspore)


def test_same_cases(ours):
    assert sorted(ours) == sorted(REF.files)


@pytest.mark.parametrize("kind", sorted({k.split("|")[0] for k in REF.files}))
def test_orders_are_mindspores(ours, kind):
    keys = [k for k in REF.files if k.split("|")[0] == kind]
    wrong = [k for k in keys if not np.array_equal(ours[k], REF[k])]
    assert not wrong, f"{len(wrong)}/{len(keys)} differ, e.g. {wrong[0]}: {ours[wrong[0]][:12]} vs {REF[wrong[0]][:12]}"


def test_engines_are_the_standard_librarys():
    # the C++ standard's required 10000th outputs ([rand.predef])
    g, g64 = Mt19937(), Mt19937_64()
    g.discard(9999)
    assert g.word() == 4123659995
    for _ in range(9999):
        g64.word()
    assert g64.word() == 9981545732273789042


def test_unseeded_pipelines_differ_between_iterators():
    saved = config._state["seed"]
    config._state["seed"] = None
    try:
        from ms_compat import context
        if context.get_seed() is not None:
            pytest.skip("a global seed is set in this process")
        d = ds.NumpySlicesDataset(np.arange(50), ["x"], shuffle=True)
        orders = {tuple(int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)) for _ in range(3)}
        assert len(orders) > 1  # GetSeed(): a fresh seed per iterator when none is set
    finally:
        config._state["seed"] = saved

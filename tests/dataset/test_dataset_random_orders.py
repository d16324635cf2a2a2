"""Seeded orders of ``PKSampler(shuffle=True)``, ``split(randomize=True)`` (of a source and of a pipeline), the file
readers' ``shuffle`` (False/FILES/GLOBAL) x ``num_shards`` x workers x ``num_samples`` (``TextFileDataset``,
``CSVDataset``, ``CLUEDataset``, ``TFRecordDataset``), ``MindDataset``'s shuffle modes x ``num_shards`` and its
Random/Distributed samplers, ``shuffle`` with ``num_samples`` (with replacement), the draws of Python operations
and random transforms in ``map(python_multiprocessing=True)`` and the shuffles of
``CocoDataset``/``VOCDataset``/``Cifar100Dataset`` are MindSpore 2.10's, epoch after epoch (references:
tools/reference/gen_dataset_random_orders.py)."""

import numpy as np
import pytest

from ms_compat import dataset as ds
from ms_compat.dataset import vision
from ms_compat.mindrecord import FileWriter

from dataset_reference import reference, run_keeping_dataset_seed  # noqa: E402 (also puts tools/reference on the path)
from dataset_random_order_cases import run  # noqa: E402

REF = reference("more_orders.npz")


@pytest.fixture(scope="module")
def ours(tmp_path_factory):
    return run_keeping_dataset_seed(run, ds, vision, str(tmp_path_factory.mktemp("dsorders")), FileWriter)


def test_same_cases(ours):
    assert sorted(ours) == sorted(REF.files)


@pytest.mark.parametrize("kind", sorted({k.split("|")[0] for k in REF.files}))
def test_orders_are_mindspores(ours, kind):
    keys = [k for k in REF.files if k.split("|")[0] == kind]
    wrong = [k for k in keys if not np.array_equal(ours[k], REF[k])]
    assert not wrong, f"{len(wrong)}/{len(keys)} differ, e.g. {wrong[0]}: {ours[wrong[0]][:16]} vs {REF[wrong[0]][:16]}"

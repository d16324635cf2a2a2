"""``MindDataset``'s ``Shuffle.PARTIAL`` (MindRecord's slow load mode: files shuffled, the rows a million at a
time), ``Shuffle.ADAPTIVE``/``FALSE``, ``RandomSampler(shuffle=mode)``/``DistributedSampler(shuffle=mode)``,
``SubsetSampler``/``SubsetRandomSampler`` (MindRecord's ``ShardSample``), ``PKSampler`` (``ShardPkSample``),
``padded_sample``/``num_padded``, the ``Shuffle`` modes given to the text and TFRecord readers, and the samplers and
combinations MindSpore 2.10 refuses, equal MindSpore 2.10's, epoch after epoch
(references: tools/reference/gen_mindrecord_sampler_orders.py)."""

import numpy as np
import pytest

from ms_compat import dataset as ds
from ms_compat.mindrecord import FileWriter

from dataset_reference import reference, run_keeping_dataset_seed  # noqa: E402 (also puts tools/reference on the path)
from mindrecord_sampler_order_cases import run  # noqa: E402

REF = reference("mindrecord_sampler_orders.npz")


@pytest.fixture(scope="module")
def ours(tmp_path_factory):
    return run_keeping_dataset_seed(run, ds, str(tmp_path_factory.mktemp("mrorders")), FileWriter)


def test_same_cases(ours):
    assert sorted(ours) == sorted(REF.files)


@pytest.mark.parametrize("kind", sorted({k.split("|")[0] for k in REF.files}))
def test_orders_are_mindspores(ours, kind):
    keys = [k for k in REF.files if k.split("|")[0] == kind]
    wrong = [k for k in keys if not (ours[k].shape == REF[k].shape and np.array_equal(ours[k], REF[k]))]
    assert not wrong, f"{len(wrong)}/{len(keys)} differ, e.g. {wrong[0]}: {ours[wrong[0]][:16]} vs {REF[wrong[0]][:16]}"

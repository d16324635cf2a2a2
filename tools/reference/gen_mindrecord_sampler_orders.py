"""References for MindDataset's Shuffle.PARTIAL/ADAPTIVE/FALSE, its Subset/SubsetRandom samplers, the Shuffle modes
given to the text readers and the samplers MindSpore 2.10 refuses (mindrecord_sampler_order_cases.py) from real
MindSpore 2.10, into tests/reference_data/dataset_random/mindrecord_sampler_orders.npz.

Run: python tools/make_references.py gen_mindrecord_sampler_orders
"""
import tempfile

import mindspore.dataset as ds
from mindspore.mindrecord import FileWriter

import refutil
from mindrecord_sampler_order_cases import run

with tempfile.TemporaryDirectory() as tmp:
    out = run(ds, tmp, FileWriter)
refutil.save_npz("dataset_random", "mindrecord_sampler_orders", **out)
print(len(out), "cases")

"""References for seeded orders of PKSampler, split, the file readers and the annotated sources
(dataset_random_order_cases.py: also MindDataset's and shuffle with num_samples) from real MindSpore 2.10, into tests/reference_data/dataset_random/more_orders.npz.

Run: python tools/make_references.py gen_dataset_random_orders
"""
import tempfile

import mindspore.dataset as ds
from mindspore.dataset import vision
from mindspore.mindrecord import FileWriter

import refutil
from dataset_random_order_cases import run

with tempfile.TemporaryDirectory() as tmp:
    out = run(ds, vision, tmp, FileWriter)
refutil.save_npz("dataset_random", "more_orders", **out)
print(len(out), "cases")

"""References for seeded dataset orders (dataset_random_cases.py) from real MindSpore 2.10, into
tests/reference_data/dataset_random/orders.npz.

Run: python tools/make_references.py gen_dataset_random
"""
import tempfile

import mindspore
import mindspore.dataset as ds
from mindspore.dataset import vision

import refutil
from dataset_random_cases import run

with tempfile.TemporaryDirectory() as tmp:
    out = run(ds, vision, tmp, mindspore)
refutil.save_npz("dataset_random", "orders", **out)
print(len(out), "cases")

"""References for seeded random vision transforms (dataset_random_transforms_cases.py) from real MindSpore 2.10,
into tests/reference_data/dataset_random/transforms.npz.

Run: python tools/make_references.py gen_dataset_random_transforms
"""
import mindspore.dataset as ds
from mindspore.dataset import audio, transforms, vision

import refutil
from dataset_random_transforms_cases import run

out = run(ds, vision, transforms, audio)
refutil.save_npz("dataset_random", "transforms", **out)
print(len(out), "cases")

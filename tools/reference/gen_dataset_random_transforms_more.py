"""References for more seeded random transforms (dataset_random_transforms_more_cases.py: CutMixBatch, GriffinLim's
random start, MindSpore transforms in a python_multiprocessing map) from real MindSpore 2.10, into
tests/reference_data/dataset_random/transforms_more.npz.

Run: python tools/make_references.py gen_dataset_random_transforms_more
"""
import mindspore.dataset as ds
from mindspore.dataset import audio, transforms, vision

import refutil
from dataset_random_transforms_more_cases import run

if __name__ == "__main__":
    out = run(ds, vision, transforms, audio)
    refutil.save_npz("dataset_random", "transforms_more", **out)
    print(len(out), "cases")

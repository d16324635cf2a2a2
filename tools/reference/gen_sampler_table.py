"""References for the table of dataset sources x sampler forms x seeds (sampler_table_cases.py) from real
MindSpore 2.10, into tests/reference_data/dataset_random/sampler_table.npz; the rows ``family|<class>`` hold the
family of sources (each class taking ``sampler=``/``shuffle=``: its path and which sampling arguments it takes).

Run: python tools/make_references.py gen_sampler_table
"""
import tempfile

import numpy as np

import mindspore.dataset as ds
from mindspore.mindrecord import FileWriter

import refutil
from sampler_table_cases import family, run, signature_row

with tempfile.TemporaryDirectory() as tmp:
    out = run(ds, tmp, FileWriter)
for name, path in family(ds).items():
    out[f"family|{name}"] = np.asarray([path, "".join(map(str, signature_row(ds, name)))])
refutil.save_npz("dataset_random", "sampler_table", **out)
print(len(out), "rows")

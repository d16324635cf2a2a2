"""What examples/train_augmented.py (shuffled data, RandomCrop / RandomHorizontalFlip, seeded initialisation) prints
under real MindSpore 2.10 into tests/reference_data/quickstart/train_augmented_printed.json (tests/test_examples.py
compares the port's output with it).

Run: python tools/make_references.py gen_example_augmented
"""
import os
import subprocess
import sys
import tempfile

import refutil

SCRIPT = os.path.join(str(refutil.ROOT), "examples", "train_augmented.py")
with tempfile.TemporaryDirectory() as tmp:
    printed = subprocess.run([sys.executable, SCRIPT], cwd=tmp, capture_output=True, text=True, check=True).stdout
refutil.save_json("quickstart", "train_augmented_printed", {"stdout": printed})
print(printed)

"""What examples/train_lenet.py prints under real MindSpore 2.10, in PyNative and with ``--graph`` (GRAPH_MODE):
its inference line, six epoch losses and the final accuracy line, into
tests/reference_data/quickstart/train_lenet_printed.json (tests/test_examples.py compares the port's output with it).

Run: python tools/make_references.py gen_examples_printed
"""
import os
import subprocess
import sys
import tempfile

import refutil

SCRIPT = os.path.join(str(refutil.ROOT), "examples", "train_lenet.py")
printed = {}
for mode, args in (("pynative", []), ("graph", ["--graph"])):
    with tempfile.TemporaryDirectory() as tmp:
        printed[mode] = subprocess.run([sys.executable, SCRIPT, *args], cwd=tmp, capture_output=True, text=True,
                                       check=True).stdout
refutil.save_json("quickstart", "train_lenet_printed", printed)
print(printed)

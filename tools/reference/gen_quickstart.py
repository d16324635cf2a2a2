"""References for the quick start (examples/quickstart_mnist.py) from real MindSpore 2.10, on the synthetic MNIST
files the example writes: its first 20 training steps (quickstart_cases.py) into
tests/reference_data/quickstart/run.npz (``losses`` and the final weights of the last Dense layer, ``w|<name>``:
the layout of ``ms_compat.testing.save_run``), and the losses the whole example prints into printed.json.

Run: python tools/make_references.py gen_quickstart
"""
import os
import subprocess
import sys
import tempfile

import mindspore

import refutil
from quickstart_cases import ROOT, load_example, printed_losses, run

mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
with tempfile.TemporaryDirectory() as tmp:
    losses, weights = run(mindspore, load_example(), tmp + "/MNIST_Data")
refutil.save_npz("quickstart", "run", losses=losses,
                 **{f"w|{k}": v.astype("float32") for k, v in weights.items() if k.startswith(
                     "dense_relu_sequential.4")})
print(losses)

with tempfile.TemporaryDirectory() as tmp:
    out = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "quickstart_mnist.py")], cwd=tmp,
                         env=dict(os.environ, MNIST_DIR=os.path.join(tmp, "MNIST_Data")), capture_output=True,
                         text=True, check=True).stdout
printed = printed_losses(out)
refutil.save_json("quickstart", "printed", printed)
print(printed)

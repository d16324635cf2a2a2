"""References for the quick start's first 20 training steps (quickstart_cases.py) from real MindSpore 2.10,
into tests/reference_data/quickstart/run.npz: ``losses`` and the final weights of the last Dense layer
(``w|<name>``), on the synthetic MNIST files the example writes.

Run: python tools/make_references.py gen_quickstart
"""
import tempfile

import mindspore

import refutil
from quickstart_cases import load_example, run

mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
with tempfile.TemporaryDirectory() as tmp:
    losses, weights = run(mindspore, load_example(), tmp + "/MNIST_Data")
refutil.save_npz("quickstart", "run", losses=losses,
                 **{f"w|{k}": v.astype("float32") for k, v in weights.items() if k.startswith(
                     "dense_relu_sequential.4")})
print(losses)

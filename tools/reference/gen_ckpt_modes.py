"""The permission bits real MindSpore 2.10 gives the checkpoint files it writes (``save_checkpoint`` in both
formats, umask 022), for tests/train/test_checkpoint_modes.py: tests/reference_data/checkpoint/modes.json."""
import os
import tempfile

import mindspore as ms

import refutil

os.umask(0o022)
net = ms.nn.Dense(2, 2)
modes = {}
with tempfile.TemporaryDirectory() as d:
    for fmt, name in (("ckpt", "m.ckpt"), ("safetensors", "m.safetensors")):
        path = os.path.join(d, name)
        ms.save_checkpoint(net, path, format=fmt)
        modes[fmt] = oct(os.stat(path).st_mode & 0o777)
refutil.save_json("checkpoint", "modes", modes)
print("modes", modes)

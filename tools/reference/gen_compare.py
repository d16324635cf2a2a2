"""Record the corpus LeNet under real MindSpore 2.10 with ms_compat's recorder (eval and train mode),
for tests/testing/test_compare.py: tests/reference_data/compare/lenet_{eval,train}.npz."""
import subprocess
import sys

import numpy as np

import refutil

REC = refutil.ROOT / "ms_compat" / "testing" / "recorder.py"
sys.path.insert(0, str(REC.parent))
import recorder  # noqa: E402  (the same file ms_compat uses)

out = refutil.out_dir("compare")
inputs = recorder.make_inputs(["1,1,32,32"], seed=0)
inp = out / "_inputs.npz"
np.savez(inp, arg0=inputs[0])
for mode in ("eval", "train"):
    cmd = [sys.executable, str(REC), "models.lenet:build", "--inputs", str(inp), "--out",
           str(out / f"lenet_{mode}.npz"), "--init", "name-hash", "--path", str(refutil.ROOT / "tests")]
    if mode == "train":
        cmd.append("--train")
    subprocess.run(cmd, check=True)
inp.unlink()
print("recorded lenet eval/train")

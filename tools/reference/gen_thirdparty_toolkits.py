"""MindArmour 2.0.0's attacks, defenses and coverage metrics and MindPet 1.0.4's LoRA training step under real
MindSpore 2.10 (tests/thirdparty/toolkits.py: the packages and their pinned import-time dependencies go into a
temporary directory with ``pip install --no-deps --target``). Writes tests/reference_data/thirdparty/toolkits.npz:
every case's result (adversarial examples, losses, trained parameters, coverage values), with an empty
``__errors__`` (each case runs in MindSpore 2.10).

The reference interpreter lacks OpenCV (ms_compat's core dependency, so every test venv has it; ``import
mindarmour`` needs it): ``REF_ONLY`` is added to the reference side's path only.
    python gen_thirdparty_toolkits.py
"""
import os
import subprocess
import sys
import tempfile

import numpy as np

import refutil

sys.path.insert(0, str(refutil.ROOT / "tests"))
from thirdparty import toolkits  # noqa: E402

REF_ONLY = ["opencv-python-headless==4.10.0.84"]  # numpy<2 in the reference venv: the last cv2 built for numpy 1


def main():
    with tempfile.TemporaryDirectory() as site, tempfile.TemporaryDirectory() as extra:
        r = toolkits.install(site)
        assert r.returncode == 0, r.stderr[-2000:]
        r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", extra, *REF_ONLY],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr[-2000:]
        out = os.path.join(site, "toolkits.npz")
        r = toolkits.run(out, sys.executable, [site, extra], compat=False)
        assert r.returncode == 0 and os.path.exists(out), r.stderr[-3000:]
        data = dict(np.load(out))
    assert str(data["__errors__"]) == "{}", data["__errors__"]
    refutil.save_npz("thirdparty", "toolkits", **data)
    print("toolkits:", ", ".join(k for k in toolkits.CASES if k in data), flush=True)


if __name__ == "__main__":
    main()

"""Reference for the whole mindcv training run (mindcv_run_cases.py) from real MindSpore 2.10: every step's loss and
the final weights of the classifier head into tests/reference_data/mindcv_run/run.npz (mindcv's default optimizer,
nn.Adam) and run_adamw.npz (mindcv's own ``@jit`` AdamW), in the layout of ``ms_compat.testing.save_run``
(``losses``, ``w|<name>``).

The reference venv needs mindcv besides MindSpore: ``pip install --no-deps mindcv==0.3.0 PyYAML tqdm`` (as for
gen_thirdparty.py). Run: python tools/make_references.py gen_mindcv_run
"""
import tempfile

import mindspore

import refutil
from mindcv_run_cases import OPTIMIZER, WEIGHTS, run

mindspore.set_context(mode=mindspore.PYNATIVE_MODE, device_target="CPU")
for optimizer, name in ((OPTIMIZER, "run"), ("adamw", "run_adamw")):
    with tempfile.TemporaryDirectory() as tmp:
        losses, weights = run(mindspore, tmp, optimizer=optimizer)
    refutil.save_npz("mindcv_run", name, losses=losses,
                     **{f"w|{k}": v.astype("float32") for k, v in weights.items() if k.startswith(WEIGHTS)})
    print(name, losses.tolist())

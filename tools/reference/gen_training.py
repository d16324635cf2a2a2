"""References for the training driver (Model, callbacks, checkpoints on a schedule) from real MindSpore 2.10.

Runs the scenarios of tools/reference/training_cases.py under MindSpore and stores, per scenario, the record
and the printed lines in tests/reference_data/training/<scenario>.json. Then it checks the other direction:
the issue-18 script run by ms_compat (a subprocess of the system ``python3`` with this repository on
PYTHONPATH) writes checkpoints that real MindSpore loads into the same network —
tests/reference_data/training/mscompat_ckpt_in_mindspore.json."""
import contextlib
import io
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import numpy as np
import mindspore as ms

import refutil
import training_cases as tc

ms.set_context(mode=ms.PYNATIVE_MODE)
AREA = "training"


def run(name, fn, *args):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rec = fn(ms, *args)
    rec = {"record": rec, "stdout": buf.getvalue().splitlines()}
    refutil.save_json(AREA, name, rec)
    print(name, "ok")
    return rec


for case in ("fit", "sink", "early_stopping", "reduce_lr", "lr_scheduler", "lambda_callback", "errors"):
    run(case, getattr(tc, case))
for case in ("common", "checkpoint_options", "backup"):
    with tempfile.TemporaryDirectory() as d:
        run(case, getattr(tc, case), d)

# ms_compat writes -> MindSpore loads
ROOT = refutil.ROOT
with tempfile.TemporaryDirectory() as d:
    code = ("import sys, json; sys.path.insert(0, %r); import ms_compat as ms, training_cases as tc; "
            "import contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()): r = tc.common(ms, %r)\n"
            "print(json.dumps(r['files']))") % (str(ROOT / "tools" / "reference"), d)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("ONEDNN_MAX_CPU_ISA", None)
    out = subprocess.run([os.environ.get("MS_COMPAT_PYTHON", "python3"), "-c", code], env=env, capture_output=True,
                         text=True, cwd=d)
    if out.returncode:
        sys.exit("ms_compat run failed:\n" + out.stderr[-3000:])
    files = json.loads(out.stdout.strip().splitlines()[-1])
    loaded = {}
    for f in files:
        if not f.endswith(".ckpt"):
            continue
        p = os.path.join(d, f)
        n = tc.net(ms)
        opt = ms.nn.SGD(n.trainable_params(), learning_rate=0.1, momentum=0.9)
        train = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(n, ms.nn.SoftmaxCrossEntropyWithLogits(True, "mean")), opt)
        pd = ms.load_checkpoint(p)
        not_loaded = ms.load_param_into_net(train, pd, strict_load=True)
        loaded[f] = {"summary": tc.ckpt_summary(ms, p), "not_loaded": [list(x) for x in not_loaded],
                     "weights": tc.weights(n)}
    refutil.save_json(AREA, "mscompat_ckpt_in_mindspore", {"files": files, "loaded": loaded})
    print("mscompat_ckpt_in_mindspore ok")

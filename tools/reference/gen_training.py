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


for case in ("fit", "sink", "early_stopping", "reduce_lr", "lr_scheduler", "lambda_callback", "errors", "misc"):
    run(case, getattr(tc, case))
for case in ("common", "checkpoint_options", "backup"):
    with tempfile.TemporaryDirectory() as d:
        run(case, getattr(tc, case), d)
with tempfile.TemporaryDirectory() as d:
    import mindspore.train.callback._checkpoint as ck_module
    run("fake_clock", tc.fake_clock, d, ck_module)

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

# SummaryCollector: which values at which steps (read back from MindSpore's summary file), and MindSpore's
# image conversion (NCHW grid -> uint8 PNG) for a few arrays
import glob  # noqa: E402
import struct  # noqa: E402

from mindspore.train import summary_pb2  # noqa: E402
from mindspore.train.summary._summary_adapter import _fill_image_summary  # noqa: E402
from PIL import Image  # noqa: E402


def summary_events(path):
    data, i, out = open(path, "rb").read(), 0, []
    while i < len(data):
        (ln,) = struct.unpack("<Q", data[i:i + 8])
        i += 12
        ev = summary_pb2.Event()
        try:
            ev.ParseFromString(data[i:i + ln])
        except Exception:  # noqa: BLE001 - the graph event uses fields this proto copy does not parse
            ev = None
        i += ln + 4
        if ev is not None and ev.HasField("summary"):
            out.append(ev)
    return out


with tempfile.TemporaryDirectory() as d:
    tc.summary_collector(ms, d)
    steps = []
    for f in sorted(glob.glob(os.path.join(d, "*summary*_MS"))):
        for ev in summary_events(f):
            vals = {v.tag: (round(float(v.scalar_value), 6) if v.WhichOneof("value") == "scalar_value"
                            else v.WhichOneof("value")) for v in ev.summary.value}
            steps.append([int(ev.step), vals])
images = {}
for name, arr in tc.IMAGES.items():
    img = summary_pb2.Summary.Image()
    assert _fill_image_summary(name, arr, img, "NCHW")
    px = np.asarray(Image.open(io.BytesIO(img.encoded_image)).convert("RGB"))
    images[name] = {"shape": list(px.shape), "pixels": px.ravel().tolist()}
refutil.save_json(AREA, "summary", {"collector_steps": steps, "images": images})
print("summary ok")

"""SummaryCollector(collect_freq=2) over 2 x 4 steps under real MindSpore 2.10: at which steps it writes
(an epoch end on a collect step writes that step a second time, at steps 4 and 8), for
tests/train/test_summary.py: tests/reference_data/training/summary_freq2.json."""
import glob
import os
import struct
import tempfile

import mindspore as ms
from mindspore.train import summary_pb2

import refutil
import training_cases as tc


def steps_written(d):
    out = []
    for path in sorted(glob.glob(os.path.join(d, "*summary*_MS"))):
        data, i = open(path, "rb").read(), 0
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
                out.append([int(ev.step), sorted(v.tag for v in ev.summary.value)])
    return out


with tempfile.TemporaryDirectory() as d:
    n, _, m = tc.model(ms)
    m.train(2, tc.dataset(ms), callbacks=[ms.train.SummaryCollector(d, collect_freq=2)])
    refutil.save_json("training", "summary_freq2", {"steps": steps_written(d)})
print("summary_freq2 ok")

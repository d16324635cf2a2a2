"""References for issue 28's named gaps (tools/reference/named_gap_cases.py), from real MindSpore 2.10, into
tests/reference_data/real_semantics/named_gaps.json.

Run: python tools/make_references.py gen_named_gaps
"""
import json
import tempfile

import mindspore as ms
import mindspore.common.initializer as init
import mindspore.dataset.text as text
from mindspore import amp, nn

import refutil
from named_gap_cases import run

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
with tempfile.TemporaryDirectory() as d:
    out = run(ms, nn, init, text, amp, d)
refutil.save_json("real_semantics", "named_gaps", out)
print(len(out), "cases")

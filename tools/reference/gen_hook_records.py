"""References for overridable hooks (tools/reference/hook_record_cases.py), from real MindSpore 2.10, into
tests/reference_data/hooks/records.json.

Run: python tools/make_references.py gen_hook_records
"""
import json

import mindspore as ms
import mindspore.train  # noqa: F401 - ms.train
import mindspore.nn.probability.bijector as B
import mindspore.nn.probability.distribution as D

import refutil
from hook_record_cases import run, run_bases

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
out = run(ms, D, B)
out.update(run_bases(ms, ms.nn, ms.train))
lines = ",\n".join(f"{json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in sorted(out.items()))
(refutil.out_dir("hooks") / "records.json").write_text("{\n" + lines + "\n}\n")
print(len(out), "cases")

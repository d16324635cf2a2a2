"""References for the base classes' overridable hooks (tools/reference/hook_base_cases.py), from real
MindSpore 2.10, into tests/reference_data/hooks/base_records.json.

Run: python tools/make_references.py gen_hook_base_records
"""
import json

import mindspore as ms
import mindspore.train  # noqa: F401 - ms.train

import refutil
from hook_base_cases import run_all

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
ms.set_seed(1)
out = run_all(ms)
lines = ",\n".join(f"{json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in sorted(out.items()))
(refutil.out_dir("hooks") / "base_records.json").write_text("{\n" + lines + "\n}\n")
print(len(out), "cases")

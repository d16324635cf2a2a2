"""References for the API-coverage additions of issue 16 §3 (tools/reference/apicov_cases.py), from real
MindSpore 2.10, into tests/reference_data/apicov/facts.json.

Run: python tools/make_references.py gen_apicov
"""
import mindspore as ms

import refutil
from apicov_cases import CASES, run_case

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
out = {name: run_case(src, ms) for name, src in CASES.items()}
refutil.save_json("apicov", "facts", out)
print(f"{len(out)} cases -> tests/reference_data/apicov/facts.json")

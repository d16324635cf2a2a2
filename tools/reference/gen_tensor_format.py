"""Run the Tensor printing scenarios (tests/conformance/scenarios_tensor_format.py) under real
MindSpore 2.10 and store the results in tests/reference_data/cell/tensor_format.json."""
import sys

import mindspore as ms
import refutil

sys.path.insert(0, str(refutil.ROOT / "tests" / "conformance"))
import scenarios_tensor_format  # noqa: E402

results = {}
for name, fn in scenarios_tensor_format.SCENARIOS.items():
    try:
        results[name] = fn(ms)
    except Exception as e:  # noqa: BLE001 - a scenario that fails in MindSpore is itself a result
        results[name] = {"__scenario_error__": [type(e).__name__, str(e).splitlines()[0]]}
refutil.save_json("cell", "tensor_format", results)
print("wrote", len(results), "scenarios")

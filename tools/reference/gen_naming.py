"""Run the parameter-naming scenarios (tests/conformance/scenarios_naming.py) under real MindSpore 2.10 and
store the results in tests/reference_data/cell/naming.json."""
import sys

import mindspore as ms
import refutil

sys.path.insert(0, str(refutil.ROOT / "tests" / "conformance"))
import scenarios_naming  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
results = {}
for name, fn in scenarios_naming.SCENARIOS.items():
    try:
        results[name] = fn(ms)
    except Exception as e:  # noqa: BLE001 - a scenario that fails in MindSpore is itself a result
        results[name] = {"__scenario_error__": [type(e).__name__, str(e).splitlines()[0]]}
refutil.save_json("cell", "naming", results)
print("wrote", len(results), "scenarios")

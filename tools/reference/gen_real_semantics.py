"""Run the real-code semantics scenarios (tests/semantics/scenarios_real_semantics.py) under real
MindSpore 2.10, in PyNative (eager) mode and, for the scenarios that allow it, through ``ms.jit``
(compiled); store the results in tests/reference_data/real_semantics/scenarios.json. Run:
    python3 tools/make_references.py --python /work/main/.msref/bin/python gen_real_semantics
"""
import sys

import mindspore as ms
import refutil

sys.path.insert(0, str(refutil.ROOT / "tests" / "semantics"))
import scenarios_real_semantics as S  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
# PyNative runs ops asynchronously: an op's kernel error can surface in a later op's case (measured: the
# bool cases' errors moved between runs). Launch synchronously so each case records its own outcome.
ms.runtime.launch_blocking()


def _run(fn, *args):
    try:
        return fn(ms, *args)
    except Exception as e:  # noqa: BLE001 - a scenario that fails in MindSpore is itself a result
        return {"__scenario_error__": [type(e).__name__, str(e).strip().splitlines()[0]]}


results = {"eager": {}, "compiled": {}}
for name, fn in S.SCENARIOS.items():
    results["eager"][name] = _run(fn, lambda f: f)
    if name not in S.EAGER_ONLY:
        results["compiled"][name] = _run(fn, ms.jit)
results["compiled"]["integer_reductions"] = _run(S.integer_reductions_compiled)
refutil.save_json("real_semantics", "scenarios", results)
print("wrote", len(results["eager"]), "eager and", len(results["compiled"]), "compiled scenarios")

"""Run every call form of tests/semantics/call_forms.py (positional / keyword / mixed spellings of MindSpore
signatures) under real MindSpore 2.10; store each result or error in tests/reference_data/call_forms/forms.json.
    python tools/make_references.py gen_call_forms
"""
import sys

import mindspore as ms
import refutil

sys.path.insert(0, str(refutil.ROOT / "tests" / "semantics"))
import call_forms as CF  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
ms.runtime.launch_blocking()  # each form records its own kernel error


def run(target, pos, kw):
    try:
        return CF.result(CF.call(ms, target, pos, kw))
    except Exception as e:  # noqa: BLE001 - MindSpore rejecting a form is a result
        return {"error": type(e).__name__}


out = {name: {form: run(target, *pk) for form, pk in CF.forms(args).items()} for name, target, args in CF.CASES}
# Tensor.repeat has no CPU kernel in MindSpore 2.10 (it raises): its documented examples are the reference
doc = ms.Tensor.repeat.__doc__
out["__doc_examples__"] = {"Tensor.repeat": doc[doc.index("Examples:"):doc.index(".. method::")].strip()}
refutil.save_json("call_forms", "forms", out)
print(f"{len(out)} cases")

"""List the public names of real MindSpore 2.10's ``mindspore``, ``mindspore.nn`` and ``mindspore.ops``
(and a few more modules) into tools/mindspore_api_names.json, so the coverage report
(tools/api_coverage.py) builds without MindSpore installed."""
import importlib
import json

import refutil

MODULES = ["mindspore", "mindspore.nn", "mindspore.ops", "mindspore.ops.operations", "mindspore.numpy",
           "mindspore.amp", "mindspore.train", "mindspore.communication", "mindspore.common.initializer"]
out = {}
for m in MODULES:
    mod = importlib.import_module(m)
    names = getattr(mod, "__all__", None) or [n for n in dir(mod) if not n.startswith("_")]
    out[m] = sorted(set(n for n in names if not n.startswith("_")))
(refutil.ROOT / "tools" / "mindspore_api_names.json").write_text(json.dumps(out, indent=0) + "\n")
print({k: len(v) for k, v in out.items()})

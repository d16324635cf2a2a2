"""References for the accepted ``*_init`` forms of nn layers (tools/reference/layer_init_cases.py), from real
MindSpore 2.10, into tests/reference_data/layers/init_forms.json.

Run: python tools/make_references.py gen_layer_init_forms
"""
import json

import mindspore as ms
import mindspore.common.initializer as I
from mindspore import nn

import refutil
from layer_init_cases import run

ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
out = run(ms, nn, I)
lines = ",\n".join(f"{json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in sorted(out.items()))
(refutil.out_dir("layers") / "init_forms.json").write_text("{\n" + lines + "\n}\n")
print(len(out), "cases")

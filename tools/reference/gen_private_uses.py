"""Private MindSpore 2.10 names several real packages use (tools/ms_uses_report.md): what they do under real
MindSpore, for tests/test_private_uses.py. Writes tests/reference_data/utils/private_uses.json.
    python tools/make_references.py gen_private_uses
"""
import numpy as np
import mindspore as ms
from mindspore.nn.loss.loss import _Loss
from mindspore.parallel._utils import _get_device_num

import refutil

X = np.arange(6, dtype=np.float32).reshape(2, 3) / 4
Y = np.ones((2, 3), np.float32)


class Diff(_Loss):  # the way mindaudio / mindocr subclass it
    def construct(self, logits, labels):
        return self.get_loss(ms.ops.abs(logits - labels))


out = {"loss": {}, "device_num_stand_alone": _get_device_num()}
for red in ("mean", "sum", "none"):
    out["loss"][red] = Diff(red)(ms.Tensor(X), ms.Tensor(Y)).asnumpy().astype(np.float64).tolist()
try:
    _Loss()(ms.Tensor(X), ms.Tensor(Y))
    out["base_construct"] = None
except Exception as e:  # noqa: BLE001
    out["base_construct"] = type(e).__name__
out["is_lossbase"] = issubclass(_Loss, ms.nn.LossBase)
refutil.save_json("utils", "private_uses", out)
print(out)

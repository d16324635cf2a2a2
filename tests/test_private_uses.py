"""Private MindSpore 2.10 names that several real packages use (tools/ms_uses_report.md ranks them), imported the way
those packages do under ms_compat.install(), against real MindSpore (tools/reference/gen_private_uses.py)."""
import os
import subprocess
import sys

import pytest

from conftest import load_ref_json

REF = load_ref_json("utils", "private_uses")
CHILD = r"""
import json, numpy as np, ms_compat
ms_compat.install()
import mindspore as ms
from mindspore.nn.loss.loss import _Loss
from mindspore.parallel._utils import _get_device_num
X = np.arange(6, dtype=np.float32).reshape(2, 3) / 4
Y = np.ones((2, 3), np.float32)
class Diff(_Loss):
    def construct(self, logits, labels):
        return self.get_loss(ms.ops.abs(logits - labels))
out = {"loss": {r: Diff(r)(ms.Tensor(X), ms.Tensor(Y)).asnumpy().astype(np.float64).tolist()
                for r in ("mean", "sum", "none")}, "device_num_stand_alone": _get_device_num()}
try:
    _Loss()(ms.Tensor(X), ms.Tensor(Y))
    out["base_construct"] = None
except Exception as e:
    out["base_construct"] = type(e).__name__
out["is_lossbase"] = issubclass(_Loss, ms.nn.LossBase)
out["used"] = ms_compat.porting._missing.used_placeholders()
print("@@" + json.dumps(out))
"""


def test_private_names_behave_as_in_mindspore():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    r = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, PYTHONPATH=os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])))
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("@@")]
    assert lines, r.stderr[-3000:]
    import json
    got = json.loads(lines[-1][2:])
    assert got.pop("used") == {}
    assert got["loss"]["mean"] == pytest.approx(REF["loss"]["mean"], rel=1e-6)
    assert got["loss"]["sum"] == pytest.approx(REF["loss"]["sum"], rel=1e-6)
    assert got["loss"]["none"] == REF["loss"]["none"]
    assert {k: got[k] for k in ("device_num_stand_alone", "base_construct", "is_lossbase")} == \
        {k: REF[k] for k in ("device_num_stand_alone", "base_construct", "is_lossbase")}
